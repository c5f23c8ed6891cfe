// What every operator task shares: the deployment it acts on, the contracts, the signer, the
// owner check, and sending a transaction only after simulating it, with custom errors in words.
import fs from "node:fs";
import path from "node:path";
import { getAddress, isAddress, ZeroAddress, type ContractTransactionReceipt, type ContractTransactionResponse } from "ethers";
import { task } from "hardhat/config";
import type { ConfigurableTaskDefinition, HardhatRuntimeEnvironment } from "hardhat/types";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Casino, CasinoSwap, DegenToken } from "../typechain-types";
import type { ContractRevert } from "../bindings/errors";
import { formatAmount, formatTime, TaskError } from "./format";

/** BNB, the native token, is address(0) in the Casino. */
export const NATIVE = ZeroAddress;
export type TokenSymbol = "DEGEN" | "BNB";
export const TOKENS: TokenSymbol[] = ["DEGEN", "BNB"];

/** The options every casino task takes. */
export interface CommonArgs {
  casino?: string;
  deployment?: string;
  from?: string;
}

/** A lock as deployments/<chainId>.json lists it (scripts/deploy.ts LockRecord). */
export interface DeployedLock {
  label: string;
  kind: string;
  address: string;
  beneficiary: string;
  asset: string;
  amount: string;
  start: number;
  releasesAt: number;
  end: number;
}

interface DeploymentFile {
  chainId: number;
  deploymentBlock?: number;
  contracts: { Casino: string };
  locks?: DeployedLock[];
}

export interface CasinoContext {
  hre: HardhatRuntimeEnvironment;
  chainId: bigint;
  casino: Casino;
  token: DegenToken;
  swapDesk: CasinoSwap;
  casinoAddress: string;
  tokenAddress: string;
  /** The deployment file read, or null when --casino names another Casino. */
  deploymentFile: string | null;
  /** The block the Casino was deployed in, when the deployment file says. */
  deploymentBlock: number | null;
  locks: DeployedLock[];
  /** The account that sends, or null on a network without one. */
  signer: HardhatEthersSigner | null;
  tokenAddressOf(symbol: TokenSymbol): string;
}

/** Declares a casino task with the shared options --casino, --deployment and --from. */
export function casinoTask(name: string, description: string): ConfigurableTaskDefinition {
  return task(name, description)
    .addOptionalParam("casino", "the Casino's address (default: the deployment file's)")
    .addOptionalParam("deployment", "the deployment file (default: DEPLOYMENT_FILE, else deployments/<chainId>.json)")
    .addOptionalParam("from", "send from this account of the network's accounts (default: the first)");
}

function readDeployment(file: string): DeploymentFile {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as DeploymentFile;
    getAddress(parsed.contracts.Casino);
    return parsed;
  } catch (error) {
    throw new TaskError(`${file} is not a deployment file: ${(error as Error).message}`);
  }
}

type Action<A, R> = (args: A, hre: HardhatRuntimeEnvironment) => Promise<R>;

/**
 * A task action whose refusals (TaskError) print as one line on stderr with exit code 1, not
 * as Hardhat's error report (which adds a stack trace on a headless Linux server).
 */
export function oneLine<A, R>(action: Action<A, R>): Action<A, R | undefined> {
  return async (args, hre) => {
    try {
      return await action(args, hre);
    } catch (error) {
      if (!(error instanceof TaskError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
      return undefined;
    }
  };
}

/** Resolves the Casino (from --casino or the deployment file), its token and swap desk, and the signer. */
export async function loadContext(hre: HardhatRuntimeEnvironment, args: CommonArgs): Promise<CasinoContext> {
  const { ethers } = hre;
  const { chainId } = await ethers.provider.getNetwork();
  const file = path.resolve(args.deployment ?? (process.env.DEPLOYMENT_FILE?.trim() || path.join(hre.config.paths.root, "deployments", `${chainId}.json`)));
  const deployment = fs.existsSync(file) ? readDeployment(file) : null;
  if (deployment && BigInt(deployment.chainId) !== chainId) {
    throw new TaskError(`${file} is for chain ${deployment.chainId}, but network ${hre.network.name} is chain ${chainId}`);
  }
  if (args.casino !== undefined && !isAddress(args.casino)) throw new TaskError(`--casino "${args.casino}" is not an address`);
  if (!args.casino && !deployment) throw new TaskError(`no deployment file ${file}: deploy first, or pass --casino <address>`);
  const casinoAddress = getAddress(args.casino ?? deployment!.contracts.Casino);
  if ((await ethers.provider.getCode(casinoAddress)) === "0x") {
    throw new TaskError(`no contract at ${casinoAddress} on network ${hre.network.name} (chain ${chainId}): is the network right (--network localhost)?`);
  }
  const fromFile = deployment !== null && getAddress(deployment.contracts.Casino) === casinoAddress;

  const signers = await ethers.getSigners();
  let signer: HardhatEthersSigner | null = signers[0] ?? null;
  if (args.from !== undefined) {
    if (!isAddress(args.from)) throw new TaskError(`--from "${args.from}" is not an address`);
    signer = signers.find((candidate) => candidate.address === getAddress(args.from!)) ?? null;
    if (!signer) throw new TaskError(`--from ${args.from} is not one of network ${hre.network.name}'s accounts`);
  }
  const casino = (await ethers.getContractAt("Casino", casinoAddress, signer ?? undefined)) as unknown as Casino;
  const [tokenAddress, swapAddress] = await Promise.all([casino.degen(), casino.swapDesk()]);
  const token = (await ethers.getContractAt("DegenToken", tokenAddress, signer ?? undefined)) as unknown as DegenToken;
  const swapDesk = (await ethers.getContractAt("CasinoSwap", swapAddress, signer ?? undefined)) as unknown as CasinoSwap;
  return {
    hre,
    chainId,
    casino,
    token,
    swapDesk,
    casinoAddress,
    tokenAddress,
    deploymentFile: fromFile ? file : null,
    deploymentBlock: fromFile && deployment!.deploymentBlock !== undefined ? deployment!.deploymentBlock : null,
    locks: fromFile ? (deployment!.locks ?? []) : [],
    signer,
    tokenAddressOf: (symbol) => (symbol === "BNB" ? NATIVE : tokenAddress),
  };
}

/** --token DEGEN|BNB (any case). */
export function parseToken(text: string | undefined): TokenSymbol {
  const symbol = (text ?? "").trim().toUpperCase();
  if (symbol !== "DEGEN" && symbol !== "BNB") throw new TaskError(`--token must be DEGEN or BNB${text ? `, not "${text}"` : ""}`);
  return symbol;
}

/** The signer, refusing when the network has no account. */
export function requireSigner(ctx: CasinoContext, action: string): HardhatEthersSigner {
  if (!ctx.signer) throw new TaskError(`${action} refused: network ${ctx.hre.network.name} has no account to send from (set PRIVATE_KEY in .env)`);
  return ctx.signer;
}

/** The signer, refusing (before anything is sent) unless it is the Casino's owner. */
export async function requireOwner(ctx: CasinoContext, action: string): Promise<HardhatEthersSigner> {
  const signer = requireSigner(ctx, action);
  const owner = await ctx.casino.owner();
  if (owner !== signer.address) throw new TaskError(`${action} refused: ${signer.address} is not the Casino's owner (${owner})`);
  return signer;
}

/** A refusal naming the bound the value breaks, from the contract's own constants. */
export function checkBounds(
  action: string,
  what: string,
  value: bigint,
  min: bigint,
  minName: string,
  max: bigint,
  maxName: string,
  show: (value: bigint) => string = String,
): void {
  if (value < min) throw new TaskError(`${action} refused: ${what} ${show(value)} is below ${minName} (${show(min)})`);
  if (value > max) throw new TaskError(`${action} refused: ${what} ${show(value)} is above ${maxName} (${show(max)})`);
}

const amount = (value: bigint) => formatAmount(value);

/** A decoded custom error as a sentence. */
export function describeError(error: ContractRevert): string {
  switch (error.name) {
    case "OutOfBounds":
      return `${error.args[0]} is outside the contract's bounds [${error.args[1]}, ${error.args[2]}]`;
    case "NotReady":
      return `not executable before ${formatTime(error.args[0])}`;
    case "AnnouncementLapsed":
      return `the announcement lapsed at ${formatTime(error.args[0])}: announce it again`;
    case "NothingPending":
      return "nothing is announced";
    case "InsufficientBankroll":
      return `the free bankroll is ${amount(error.args[0])}, ${amount(error.args[1])} needed`;
    case "IsPaused":
      return "new bets are already paused";
    case "NotPaused":
      return "new bets are not paused";
    case "ZeroAddress":
      return "the zero address is refused";
    case "ZeroAmount":
      return "the amount is zero";
    case "UnsupportedToken":
      return `${error.args[0]} is neither DEGEN nor BNB`;
    case "OwnableUnauthorizedAccount":
      return `${error.args[0]} is not the owner`;
    case "NotOwner":
      return "the sender is not the Casino's owner";
    case "ValueMismatch":
      return `the BNB sent (${amount(error.args[0])}) differs from the amount (${amount(error.args[1])})`;
    case "ERC20InsufficientBalance":
      return `${error.args[0]} holds ${amount(error.args[1])} DEGEN, ${amount(error.args[2])} needed`;
    case "ERC20InsufficientAllowance":
      return `the allowance of ${error.args[0]} is ${amount(error.args[1])} DEGEN, ${amount(error.args[2])} needed`;
    case "MaxWalletExceeded":
      return `${error.args[0]} would hold ${amount(error.args[1])} DEGEN, above the ${amount(error.args[2])} DEGEN (1 %) max wallet`;
    default:
      return `${error.name}(${error.args.map(String).join(", ")})`;
  }
}

/** Why a call failed, in words: the decoded custom error, else the node's reason. */
export async function explainFailure(error: unknown): Promise<string> {
  // Loaded when a task runs: the bindings need the TypeChain types that `hardhat compile` writes,
  // which a fresh clone has only after this config (and so these tasks) loaded.
  const { contractRevert } = await import("../bindings/errors");
  const revert = contractRevert(error);
  if (revert) return describeError(revert);
  const { shortMessage, reason, message } = error as { shortMessage?: string; reason?: string; message?: string };
  return reason ?? shortMessage ?? message ?? String(error);
}

/** A contract method as TypeChain types it: callable to send, `staticCall` to simulate. */
interface Sendable<A extends unknown[]> {
  (...args: A): Promise<ContractTransactionResponse>;
  staticCall(...args: A): Promise<unknown>;
}

/**
 * Simulates the call (staticCall, from the signer) and only then sends it; refuses with the
 * decoded reason when the simulation fails. Returns the mined receipt.
 */
export async function simulateAndSend<A extends unknown[]>(
  ctx: CasinoContext,
  action: string,
  method: Sendable<A>,
  ...args: A
): Promise<ContractTransactionReceipt> {
  try {
    await method.staticCall(...args);
  } catch (error) {
    throw new TaskError(`${action} refused: the contract would revert: ${await explainFailure(error)}`);
  }
  const tx = await method(...args);
  const receipt = await tx.wait();
  if (!receipt || receipt.status !== 1) throw new TaskError(`${action} failed: transaction ${receipt?.hash ?? "?"} reverted`);
  return receipt;
}

/** What a sending task returns (hre.run's value): the transaction and the line it printed. */
export interface TxResult {
  hash: string;
  line: string;
}

/** Prints a task's one-line result with its transaction hash. */
export function done(line: string, hash: string): TxResult {
  console.log(`${line} — tx ${hash}`);
  return { hash, line };
}
