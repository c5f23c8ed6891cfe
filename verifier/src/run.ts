import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getAddress, isAddress } from "ethers";
import { createDeferredAudit, type AuditOptions, type AuditResult } from "./audit";
import { blockTimestamps, degenOf, hasCode, readCasinoLogs, sessionsOf } from "./chain";
import { CheckPool } from "./check-pool";
import { decodeEvent, type ChainEvent } from "./events";
import { overdueBets, summarize, type OverdueBet, type RunInfo, type Summary } from "./report";
import { Rpc } from "./rpc";
import { TransactionReader } from "./transactions";

const DEPLOYMENTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "deployments");

/**
 * How `npm run verify` reads and checks by default: ranges public BSC RPCs accept, 8 eth_getLogs
 * in flight, 100 transactions or headers to a batch request, and no more than 25 requests started
 * a second (under BSC's own endpoints' 10,000 per 5 minutes), the bets checked on every core but
 * the one that reads and audits (check-pool.ts).
 */
export const VERIFY_DEFAULTS = {
  chunk: 5000,
  concurrency: 8,
  batch: 100,
  requestsPerSecond: 25,
  workers: Math.max(0, availableParallelism() - 1),
} as const;

/** A wrong flag, file or address: nothing was verified (exit status 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export interface VerifyOptions {
  rpc: string;
  /** deployments/<chainId>.json by default. */
  deployment?: string;
  casino?: string;
  token?: string;
  player?: string;
  fromBlock?: number;
  toBlock?: number;
  chunk: number;
  concurrency: number;
  /** Calls per batch request (transactions, headers) to start with; absent: the default. */
  batch?: number;
  /** At most this many requests a second (a public node's rate limit); 0 or absent: no limit. */
  requestsPerSecond?: number;
  /** Worker threads that check the bets (check-pool.ts); 0 or absent: this thread checks them. */
  workers?: number;
  onProgress?: (blocksDone: number, blocksTotal: number) => void;
}

export interface Verification {
  result: AuditResult;
  overdue: OverdueBet[];
  summary: Summary;
  run: RunInfo;
}

interface Deployment {
  chainId: number;
  deploymentBlock?: number;
  contracts: { Casino: string; DegenToken?: string };
}

function readDeployment(file: string): Deployment {
  let parsed: Deployment;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as Deployment;
  } catch (error) {
    throw new UsageError(`cannot read the deployment ${file}: ${(error as Error).message}`);
  }
  if (!isAddress(parsed?.contracts?.Casino)) throw new UsageError(`${file} has no contracts.Casino address`);
  return parsed;
}

function address(value: string, flag: string): string {
  if (!isAddress(value)) throw new UsageError(`${flag} ${value} is not an address`);
  return getAddress(value);
}

/**
 * Where to read: the Casino, its DEGEN token, its CasinoSessions and the first block of its
 * history, from flags or the deployment file; `head` is the last block the verification reads.
 */
async function locate(options: VerifyOptions, rpc: Rpc, chainId: bigint, head: number) {
  let deployment: Deployment | undefined;
  if (!options.casino) {
    const file = options.deployment ?? path.join(DEPLOYMENTS_DIR, `${chainId}.json`);
    if (!existsSync(file)) throw new UsageError(`no deployment file ${file} for chain ${chainId}: pass --deployment FILE or --casino ADDRESS`);
    deployment = readDeployment(file);
    if (BigInt(deployment.chainId) !== chainId) throw new UsageError(`${file} is for chain ${deployment.chainId}, the RPC serves chain ${chainId}`);
  }
  const casino = address(options.casino ?? deployment!.contracts.Casino, "--casino");
  if (!(await hasCode(rpc, casino, head))) throw new UsageError(`there is no contract at ${casino} on chain ${chainId} at block ${head}`);
  const token = options.token ?? deployment?.contracts.DegenToken;
  const degen = token ? address(token, "--token") : await degenOf(rpc, casino, head);
  const sessions = await sessionsOf(rpc, casino, head);
  if (!sessions) throw new UsageError(`the contract at ${casino} has no sessions(): not a Casino of this version (one-click play, payouts computed on chain)`);
  return { casino, degen, sessions, deploymentBlock: deployment?.deploymentBlock };
}

/**
 * Reads the range's events, `concurrency` chunks at a time, and audits them as they arrive; the
 * transactions the bets' checks need are read meanwhile (transactions.ts), and the bets checked on
 * `workers` threads (check-pool.ts). `checkingMs` is this thread's share: decoding, auditing,
 * checking when it checks, and waiting for the last transactions and the workers' last results.
 */
async function auditRange(
  rpc: Rpc,
  options: VerifyOptions,
  range: { fromBlock: number; toBlock: number },
  auditOptions: AuditOptions,
): Promise<{ result: AuditResult; events: number; checkingMs: number }> {
  const checker = new CheckPool(auditOptions, options.workers ?? 0);
  try {
    const transactions = new TransactionReader(rpc, auditOptions, (bet) => checker.add(bet));
    const audit = createDeferredAudit(auditOptions, (bet) => transactions.add(bet));
    let events = 0;
    let checkingMs = 0;
    const reading = { chunk: options.chunk, concurrency: options.concurrency, onProgress: options.onProgress };
    const addresses = [auditOptions.casino, auditOptions.sessions];
    await readCasinoLogs(rpc, addresses, range.fromBlock, range.toBlock, reading, (logs) => {
      const start = performance.now();
      const decoded = logs.map(decodeEvent).filter((event): event is ChainEvent => event !== undefined);
      events += decoded.length;
      audit.add(decoded);
      checkingMs += performance.now() - start;
    });
    const finishing = performance.now();
    audit.end();
    await transactions.finish();
    const result = audit.finish(await checker.results());
    return { result, events, checkingMs: checkingMs + performance.now() - finishing };
  } finally {
    await checker.close();
  }
}

/** Reads the Casino's events over RPC and verifies them (audit.ts); throws UsageError or ConnectionError. */
export async function verifyChain(options: VerifyOptions): Promise<Verification> {
  const started = performance.now();
  const rpc = new Rpc(options.rpc, options.requestsPerSecond ?? 0, options.batch ?? VERIFY_DEFAULTS.batch);
  const chainId = BigInt(await rpc.call<string>("eth_chainId", []));
  const head = Number(await rpc.call<string>("eth_blockNumber", []));
  const toBlock = options.toBlock ?? head;
  if (toBlock > head) throw new UsageError(`--to-block ${toBlock} is beyond the chain's head ${head}`);
  const { casino, degen, sessions, deploymentBlock } = await locate(options, rpc, chainId, toBlock);
  const fromBlock = options.fromBlock ?? deploymentBlock ?? 0;
  if (fromBlock > toBlock) throw new UsageError(`--from-block ${fromBlock} is after --to-block ${toBlock}`);
  // Without a deployment block only block 0 is certainly before the Casino's first event.
  const fromDeployment = deploymentBlock !== undefined ? fromBlock <= deploymentBlock : fromBlock === 0;
  const player = options.player === undefined ? undefined : address(options.player, "--player");

  const { result, events, checkingMs } = await auditRange(rpc, options, { fromBlock, toBlock }, { chainId, casino, sessions, degen, fromDeployment, player });
  // Withheld settlements: the open bets' placement times against the last block read.
  const stamps = await blockTimestamps(rpc, [...result.open.map((bet) => bet.placedBlock), toBlock]);
  const overdue = overdueBets(result.open, stamps, stamps.get(toBlock)!);
  const seconds = (performance.now() - started) / 1000;
  const run: RunInfo = {
    chainId,
    casino,
    sessions,
    degen,
    fromBlock,
    toBlock,
    fromDeployment,
    player,
    events,
    rpcRequests: rpc.requests,
    seconds,
    checkingSeconds: checkingMs / 1000,
  };
  return { result, overdue, summary: summarize(result, overdue, run), run };
}
