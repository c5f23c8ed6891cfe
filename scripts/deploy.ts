// Deploys DegenToken, Casino and the token distribution's locks, and writes deployments/<chainId>.json
// (deployments/README.md), or the file DEPLOYMENT_FILE names.
//   npx hardhat run scripts/deploy.ts --network localhost    dev stack: funded house and players
//   npx hardhat run scripts/deploy.ts --network bscTestnet   reads .env (see .env.example)
import fs from "node:fs";
import path from "node:path";
import hre, { ethers } from "hardhat";
import { isAddress, parseEther, getAddress, type Signer } from "ethers";
import type { Casino, DegenToken, TokenLock } from "../typechain-types";
import { formatAmount, formatTime } from "../tasks/format";
import { deployCasinoContracts, type CasinoLibraries } from "./casino-contracts";

const LOCAL_CHAIN_ID = 31337n;
const DAY = 24 * 60 * 60;

/** The lock terms the whitepaper and lobby state (docs/product.md §9), in seconds from the deployment. */
export const LOCK_TERMS = {
  /** Team shares: nothing for 6 months, then vested linearly until month 12 (half at the cliff). */
  team: { cliff: 180 * DAY, duration: 365 * DAY },
  /** The reserve: everything at once after 3 months. */
  reserve: { cliff: 90 * DAY, duration: 90 * DAY },
  /** The liquidity pool's LP tokens: everything at once after 6 months. */
  liquidity: { cliff: 180 * DAY, duration: 180 * DAY },
} as const;

/** What the deployment hands out besides the locks (the reserve takes the rest of the supply). */
export interface DistributionPlan {
  /** One team lock of 1 % of the supply per wallet. */
  teamWallets: string[];
  /** DEGEN the owner keeps to pair into the PancakeSwap pool; the LP tokens then go to the LP lock. */
  liquidity: bigint;
  bankrollDegen: bigint;
  bankrollNative: bigint;
  jackpot: bigint;
  /** Local chain only: dev accounts that receive `devAccountDegen` each. */
  devAccounts: string[];
  devAccountDegen: bigint;
}

export const LOCAL_PLAN = {
  liquidity: parseEther("400000000"),
  bankrollDegen: parseEther("5000000"),
  bankrollNative: parseEther("1000"),
  jackpot: parseEther("1200000"),
  devAccountDegen: parseEther("100000"),
} as const;

/** Local dev accounts: #2–#16 and #20–#29 hold DEGEN to play with, #17–#19 are the team members. */
export function localPlan(signers: { address: string }[]): DistributionPlan {
  return {
    ...LOCAL_PLAN,
    devAccounts: [...signers.slice(2, 17), ...signers.slice(20, 30)].map((signer) => signer.address),
    teamWallets: signers.slice(17, 20).map((signer) => signer.address),
  };
}

export interface LockRecord {
  label: string;
  kind: "team" | "reserve" | "liquidity";
  address: string;
  beneficiary: string;
  /** "DEGEN": the lock holds `amount` DEGEN. "LP": it holds the LP tokens of the pool the owner
   *  pairs `amount` DEGEN into (sent by the operator once the liquidity is added). */
  asset: "DEGEN" | "LP";
  /** Base units of DEGEN, as a decimal string. */
  amount: string;
  /** Unix seconds: vesting starts; nothing leaves before `releasesAt` (= the cliff); all is free from `end`. */
  start: number;
  releasesAt: number;
  end: number;
}

export interface AllocationRecord {
  label: string;
  /** Base units of DEGEN, as a decimal string. */
  amount: string;
  holders: string[];
}

export interface DeploymentRecord {
  chainId: number;
  deploymentBlock: number;
  deployer: string;
  settler: string;
  contracts: {
    DegenToken: string;
    Casino: string;
    /** Deployed by the Casino's constructor. */
    CasinoRelay: string;
    CasinoSwap: string;
    CasinoLimits: string;
    /** Deployed before the Casino, bound to its predicted address (scripts/casino-contracts.ts). */
    CasinoSessions: string;
    /** Deployed before the Casino, which names them: the games' rules and its linked libraries. */
    GameRules: string;
  } & CasinoLibraries;
  distribution: { totalSupply: string; allocations: AllocationRecord[] };
  locks: LockRecord[];
}

interface RemoteSettings {
  settler: string;
  devWallet: string | null;
  plan: DistributionPlan;
  verify: boolean;
}

export class SettingError extends Error {}

/** Reads and checks every .env setting before anything touches the chain. */
function readRemoteSettings(env: NodeJS.ProcessEnv): RemoteSettings {
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new SettingError(`${name} is missing: set it in .env (see .env.example)`);
    return value;
  };
  const key = required("PRIVATE_KEY");
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new SettingError("PRIVATE_KEY is malformed: expected 64 hex digits, optionally 0x-prefixed");
  const rpc = required("BSC_TESTNET_RPC_URL");
  if (!/^https?:\/\/\S+$/.test(rpc)) throw new SettingError("BSC_TESTNET_RPC_URL is malformed: expected an http(s) URL");
  const address = (name: string, value: string): string => {
    if (!isAddress(value)) throw new SettingError(`${name} is malformed: expected a 0x-prefixed 20-byte address`);
    return getAddress(value);
  };
  const amount = (name: string, fallback: string): bigint => {
    const value = env[name]?.trim() || fallback;
    if (!/^\d+(\.\d{1,18})?$/.test(value)) throw new SettingError(`${name} is malformed: expected a decimal amount of tokens`);
    return parseEther(value);
  };
  const devWallet = env.DEV_WALLET?.trim();
  const teamWallets = (env.TEAM_WALLETS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry, i) => address(`TEAM_WALLETS entry ${i + 1}`, entry));
  if (new Set(teamWallets).size !== teamWallets.length) throw new SettingError("TEAM_WALLETS lists a wallet twice: one 1 % lock per member");
  return {
    settler: address("SETTLER_ADDRESS", required("SETTLER_ADDRESS")),
    devWallet: devWallet ? address("DEV_WALLET", devWallet) : null,
    plan: {
      teamWallets,
      liquidity: amount("LIQUIDITY_DEGEN", "400000000"),
      bankrollDegen: amount("BANKROLL_DEGEN", "5000000"),
      bankrollNative: amount("BANKROLL_BNB", "0"),
      jackpot: amount("JACKPOT_DEGEN", "1200000"),
      devAccounts: [],
      devAccountDegen: 0n,
    },
    verify: Boolean(env.BSCSCAN_API_KEY?.trim()),
  };
}

const TOTAL_SUPPLY = parseEther("1000000000");
const TEAM_SHARE = TOTAL_SUPPLY / 100n;

/** The reserve: the supply less every other allocation; refuses a plan that hands out more than the supply. */
export function reserveOf(plan: DistributionPlan): bigint {
  const handedOut =
    BigInt(plan.teamWallets.length) * TEAM_SHARE + plan.liquidity + plan.bankrollDegen + plan.jackpot + BigInt(plan.devAccounts.length) * plan.devAccountDegen;
  if (handedOut >= TOTAL_SUPPLY) {
    throw new SettingError(`the allocations (${formatAmount(handedOut)} DEGEN) leave nothing of the 1,000,000,000 supply for the reserve`);
  }
  return TOTAL_SUPPLY - handedOut;
}

async function deployContracts(deployer: Signer, devWallet: string, settler: string) {
  const contracts = await deployCasinoContracts(deployer, devWallet, settler);
  return { ...contracts, token: contracts.token as unknown as DegenToken, casino: contracts.casino as unknown as Casino };
}

async function fundHouse(token: DegenToken, casino: Casino, plan: DistributionPlan) {
  const casinoAddress = await casino.getAddress();
  const tokenAddress = await token.getAddress();
  if (plan.bankrollDegen + plan.jackpot > 0n) await (await token.approve(casinoAddress, plan.bankrollDegen + plan.jackpot)).wait();
  if (plan.bankrollDegen > 0n) await (await casino.fundBankroll(tokenAddress, plan.bankrollDegen)).wait();
  if (plan.bankrollNative > 0n) await (await casino.fundBankroll(ethers.ZeroAddress, plan.bankrollNative, { value: plan.bankrollNative })).wait();
  if (plan.jackpot > 0n) await (await casino.fundJackpot(plan.jackpot)).wait();
}

interface LockSpec {
  label: string;
  kind: LockRecord["kind"];
  beneficiary: string;
  asset: LockRecord["asset"];
  amount: bigint;
  terms: { cliff: number; duration: number };
}

/**
 * Deploys one TokenLock (OpenZeppelin VestingWalletCliff) per spec, starting at the last block's
 * time, and moves each DEGEN lock's amount into it. A lock that holds more than the 1 % max
 * wallet is made exempt first (the reserve); a team lock holds exactly 1 % and stays capped.
 */
async function createLocks(deployer: Signer, token: DegenToken, specs: LockSpec[]): Promise<LockRecord[]> {
  const latest = await ethers.provider.getBlock("latest");
  const start = latest!.timestamp;
  const factory = await ethers.getContractFactory("TokenLock", deployer);
  const maxWallet = await token.MAX_WALLET();
  const records: LockRecord[] = [];
  for (const spec of specs) {
    const lock = (await factory.deploy(spec.beneficiary, start, spec.terms.duration, spec.terms.cliff)) as unknown as TokenLock;
    await lock.waitForDeployment();
    const address = await lock.getAddress();
    if (spec.asset === "DEGEN") {
      if (spec.amount > maxWallet) await (await token.setExempt(address, true)).wait();
      await (await token.transfer(address, spec.amount)).wait();
    }
    records.push({
      label: spec.label,
      kind: spec.kind,
      address,
      beneficiary: spec.beneficiary,
      asset: spec.asset,
      amount: spec.amount.toString(),
      start,
      releasesAt: start + spec.terms.cliff,
      end: start + spec.terms.duration,
    });
  }
  return records;
}

export interface DeployOptions {
  deployer: Signer;
  settler: string;
  devWallet: string;
  plan: DistributionPlan;
  /** Opens trading at the end (the local chain: there is no pool to add first). */
  openTrading: boolean;
}

/**
 * The whole deployment: token, sessions, Casino (with its relay, swap desk and limits), the
 * house's funding, the team, reserve and LP locks, the local dev accounts' DEGEN. Checks that the
 * distribution adds up to the supply and that the owner keeps exactly the liquidity allocation.
 */
export async function deployStack(options: DeployOptions): Promise<DeploymentRecord> {
  const { deployer, plan } = options;
  const deployerAddress = await deployer.getAddress();
  const reserve = reserveOf(plan);
  const { token, casino, deploymentBlock, rules, libraries } = await deployContracts(deployer, options.devWallet, options.settler);
  const [tokenAddress, casinoAddress] = await Promise.all([token.getAddress(), casino.getAddress()]);
  await fundHouse(token, casino, plan);
  const locks = await createLocks(deployer, token, [
    ...plan.teamWallets.map((wallet, i) => ({
      label: `Team member ${i + 1}`,
      kind: "team" as const,
      beneficiary: wallet,
      asset: "DEGEN" as const,
      amount: TEAM_SHARE,
      terms: LOCK_TERMS.team,
    })),
    { label: "Reserve", kind: "reserve", beneficiary: deployerAddress, asset: "DEGEN", amount: reserve, terms: LOCK_TERMS.reserve },
    { label: "Liquidity pool LP tokens", kind: "liquidity", beneficiary: deployerAddress, asset: "LP", amount: plan.liquidity, terms: LOCK_TERMS.liquidity },
  ]);
  for (const account of plan.devAccounts) await (await token.transfer(account, plan.devAccountDegen)).wait();
  if (options.openTrading) await (await token.openTrading()).wait();

  const lockOf = (kind: LockRecord["kind"]) => locks.filter((lock) => lock.kind === kind);
  const allocations: AllocationRecord[] = [
    { label: "Liquidity pool (held by the owner until paired on PancakeSwap)", amount: plan.liquidity.toString(), holders: [deployerAddress] },
    { label: "Reserve (locked 3 months)", amount: reserve.toString(), holders: lockOf("reserve").map((lock) => lock.address) },
    ...lockOf("team").map((lock) => ({ label: `${lock.label} (1 %, vesting)`, amount: lock.amount, holders: [lock.address] })),
    { label: "House bankroll", amount: plan.bankrollDegen.toString(), holders: [casinoAddress] },
    { label: "Jackpot pool", amount: plan.jackpot.toString(), holders: [casinoAddress] },
  ];
  if (plan.devAccounts.length > 0) {
    const amount = BigInt(plan.devAccounts.length) * plan.devAccountDegen;
    allocations.push({ label: "Local dev accounts", amount: amount.toString(), holders: plan.devAccounts });
  }
  const total = allocations.reduce((sum, allocation) => sum + BigInt(allocation.amount), 0n);
  const kept = await token.balanceOf(deployerAddress);
  if (total !== (await token.totalSupply()) || kept !== plan.liquidity) {
    throw new Error(`distribution mismatch: allocations sum to ${total}, the owner keeps ${kept} (expected ${plan.liquidity})`);
  }

  const [relayAddress, swapAddress, sessionsAddress, limitsAddress] = await Promise.all([
    casino.relay(),
    casino.swapDesk(),
    casino.sessions(),
    casino.limits(),
  ]);
  const { chainId } = await ethers.provider.getNetwork();
  return {
    chainId: Number(chainId),
    deploymentBlock,
    deployer: deployerAddress,
    settler: options.settler,
    contracts: {
      DegenToken: tokenAddress,
      Casino: casinoAddress,
      CasinoRelay: relayAddress,
      CasinoSwap: swapAddress,
      CasinoSessions: sessionsAddress,
      CasinoLimits: limitsAddress,
      GameRules: rules,
      ...libraries,
    },
    distribution: { totalSupply: total.toString(), allocations },
    locks,
  };
}

export function writeDeployment(file: string, record: DeploymentRecord): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + "\n");
}

async function main(): Promise<void> {
  const local = hre.network.name === "localhost" || hre.network.name === "hardhat";
  const remote = local ? null : readRemoteSettings(process.env);
  const { chainId } = await ethers.provider.getNetwork();
  if (local !== (chainId === LOCAL_CHAIN_ID)) throw new SettingError(`network ${hre.network.name} answers with chain id ${chainId}`);
  const signers = await ethers.getSigners();
  const deployer = signers[0];
  if (!deployer) throw new SettingError("no deployer account: PRIVATE_KEY is missing or malformed");
  const settler = remote ? remote.settler : signers[1].address;
  const devWallet = remote?.devWallet ?? deployer.address;
  const plan = remote ? remote.plan : localPlan(signers);
  reserveOf(plan); // refuses an impossible plan before any transaction

  const record = await deployStack({ deployer, settler, devWallet, plan, openTrading: local });
  // DEPLOYMENT_FILE: where the server and the operator tasks read it too (the rehearsal's is a temp file).
  const file = path.resolve(process.env.DEPLOYMENT_FILE?.trim() || path.join(__dirname, "..", "deployments", `${chainId}.json`));
  writeDeployment(file, record);
  const { contracts } = record;
  console.log(
    [
      `DegenToken  ${contracts.DegenToken}`,
      `Casino      ${contracts.Casino}`,
      `CasinoRelay ${contracts.CasinoRelay}`,
      `CasinoSwap  ${contracts.CasinoSwap}`,
      `settler     ${settler}`,
      ...record.locks.map((lock) => {
        const holds = lock.asset === "DEGEN" ? `${formatAmount(BigInt(lock.amount))} DEGEN` : "the pool's LP tokens, once sent";
        const release =
          lock.releasesAt === lock.end ? `released ${formatTime(lock.end)}` : `vesting from ${formatTime(lock.releasesAt)} to ${formatTime(lock.end)}`;
        return `lock        ${lock.address}  ${lock.label}: ${holds}, ${release}`;
      }),
      `wrote ${path.relative(process.cwd(), file)}`,
    ].join("\n"),
  );
  if (!local) {
    console.log(
      `The owner keeps ${formatAmount(plan.liquidity)} DEGEN for the pool: add it with BNB on PancakeSwap, register the pair ` +
        "(DegenToken.setPair), send the LP tokens to the LP lock (npx hardhat casino:lock-lp --network bscTestnet --pair <pair>), then call DegenToken.openTrading().",
    );
  }

  if (remote?.verify) {
    // Every contract the Casino trusts, so that an auditor can read each one's code at its address
    // (contracts/README.md, "The deployment is trusted once, as a whole").
    const libraryNames = ["SessionPlay", "HouseAdmin", "BetSettlement", "BetClaims"] as const satisfies readonly (keyof CasinoLibraries)[];
    const verifications: [string, unknown[], Record<string, string>?][] = [
      [contracts.GameRules, []],
      ...libraryNames.map((name): [string, unknown[]] => [contracts[name], []]),
      [contracts.DegenToken, [devWallet, contracts.Casino]],
      [contracts.CasinoSessions, [contracts.Casino, contracts.DegenToken]],
      [
        contracts.Casino,
        [contracts.DegenToken, settler, contracts.GameRules, contracts.CasinoSessions],
        Object.fromEntries(libraryNames.map((name) => [`contracts/casino/${name}.sol:${name}`, contracts[name]])),
      ],
      // Deployed by the Casino's constructor, each with the token's address.
      [contracts.CasinoRelay, [contracts.DegenToken]],
      [contracts.CasinoSwap, [contracts.DegenToken]],
      [contracts.CasinoLimits, [contracts.DegenToken]],
      ...record.locks.map((lock): [string, unknown[]] => [lock.address, [lock.beneficiary, lock.start, lock.end - lock.start, lock.releasesAt - lock.start]]),
    ];
    for (const [address, constructorArguments, libraries] of verifications) {
      try {
        await hre.run("verify:verify", { address, constructorArguments, ...(libraries ? { libraries } : {}) });
      } catch (error) {
        console.warn(`verification of ${address} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof SettingError ? `deploy stopped: ${error.message}` : error);
    process.exitCode = 1;
  });
}
