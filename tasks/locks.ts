// casino:lock-lp — the operator's step after adding liquidity: the pool's LP tokens go to the
// 6-month LP lock the deployment created.
import { Contract, getAddress, isAddress } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { type CommonArgs, done, loadContext, requireSigner, simulateAndSend, type TxResult } from "./context";
import { formatAmount, formatWhen, parseAmount, TaskError } from "./format";

const PAIR_ABI = [
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
];

/** Sends the signer's LP tokens of a DEGEN pair (all, or --amount) to the deployment's LP lock. */
export async function lockLpTask(args: CommonArgs & { pair?: string; amount?: string }, hre: HardhatRuntimeEnvironment): Promise<TxResult> {
  const action = "casino:lock-lp";
  if (!args.pair || !isAddress(args.pair)) throw new TaskError(`${action} refused: --pair must be the address of the DEGEN/BNB pair`);
  const pairAddress = getAddress(args.pair);
  const ctx = await loadContext(hre, args);
  const signer = requireSigner(ctx, action);
  const lock = ctx.locks.find((candidate) => candidate.kind === "liquidity");
  if (!lock) throw new TaskError(`${action} refused: ${ctx.deploymentFile ?? "the deployment file"} lists no LP lock`);
  if ((await hre.ethers.provider.getCode(pairAddress)) === "0x") throw new TaskError(`${action} refused: no contract at ${pairAddress}`);
  const pair = new Contract(pairAddress, PAIR_ABI, signer);
  const tokens = await Promise.all([pair.token0(), pair.token1()]).catch(() => [] as string[]);
  if (!tokens.includes(ctx.tokenAddress)) throw new TaskError(`${action} refused: ${pairAddress} is not a pair of DEGEN (${ctx.tokenAddress})`);
  const balance = (await pair.balanceOf(signer.address)) as bigint;
  const amount = args.amount === undefined ? balance : parseAmount("amount", args.amount);
  if (amount === 0n) throw new TaskError(`${action} refused: ${signer.address} holds no LP tokens of ${pairAddress}`);
  if (amount > balance) throw new TaskError(`${action} refused: ${signer.address} holds ${formatAmount(balance)} LP tokens, ${formatAmount(amount)} asked`);
  const receipt = await simulateAndSend(ctx, action, pair.transfer, lock.address, amount);
  const { timestamp } = (await hre.ethers.provider.getBlock(receipt.blockNumber))!;
  return done(
    `${action}: ${formatAmount(amount)} LP tokens of ${pairAddress} locked in ${lock.address}, released to ${lock.beneficiary} from ${formatWhen(lock.releasesAt, timestamp)}`,
    receipt.hash,
  );
}
