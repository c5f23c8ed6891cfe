/**
 * Verifier bench (`npm run bench:verify`): a deployment's worth of an honest house's bets, every
 * game in both tokens (history.ts), served by a node of their own (log-node.ts, a child process),
 * verified as an auditor would (verifyChain over JSON-RPC, what `npm run verify` runs): straight
 * from the node, and from the node's second port, which answers every request LATENCY_MS late as a
 * distant public RPC does, under that RPC's rate limit. Each reading runs with the former settings
 * (4 requests in flight, 50 calls a batch, checks on the reading thread) and with the CLI's defaults. Prints bets per
 * second; asserts nothing but that the honest history verifies.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { VERIFY_DEFAULTS, verifyChain } from "../src/run";

const BETS = Number(process.env.BENCH_VERIFY_BETS ?? 100_000);
/** Blocks the history spans: 200 eth_getLogs chunks of 5,000, 8.7 days of BSC's 0.75 s blocks. */
const SPAN_BLOCKS = Number(process.env.BENCH_VERIFY_SPAN_BLOCKS ?? 1_000_000);
/** A public node's round trip, added to every request on the node's second port. */
const LATENCY_MS = Number(process.env.BENCH_VERIFY_LATENCY_MS ?? 150);
const RUNS = Number(process.env.BENCH_VERIFY_RUNS ?? 3);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

interface Settings {
  label: string;
  concurrency: number;
  batch: number;
  /** Requests per second at most, on the public RPC (the local node has no limit). */
  publicRps: number;
  workers: number;
}

const SETTINGS: Settings[] = [
  { label: "former: 4 in flight, batches of 50, checks on the reading thread", concurrency: 4, batch: 50, publicRps: 0, workers: 0 },
  {
    label: ["CONCURRENCY", "BATCH", "RPS", "WORKERS"].some((name) => process.env[`BENCH_VERIFY_${name}`]) ? "BENCH_VERIFY_* settings" : "defaults",
    concurrency: Number(process.env.BENCH_VERIFY_CONCURRENCY ?? VERIFY_DEFAULTS.concurrency),
    batch: Number(process.env.BENCH_VERIFY_BATCH ?? VERIFY_DEFAULTS.batch),
    publicRps: Number(process.env.BENCH_VERIFY_RPS ?? VERIFY_DEFAULTS.requestsPerSecond),
    workers: Number(process.env.BENCH_VERIFY_WORKERS ?? VERIFY_DEFAULTS.workers),
  },
];

interface LogNode {
  direct: string;
  delayed: string;
  head: number;
  events: number;
  buildSeconds: number;
  stop(): void;
}

async function startLogNode(deploymentFile: string): Promise<LogNode> {
  const child = spawn(
    path.join(REPO_ROOT, "node_modules", ".bin", "tsx"),
    ["verifier/bench/log-node.ts", String(BETS), String(SPAN_BLOCKS), String(LATENCY_MS), deploymentFile],
    { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the bench's node exited (code ${code})`))));
  const [line] = await Promise.race([
    createInterface({ input: child.stdout! })
      [Symbol.asyncIterator]()
      .next()
      .then((next) => [next.value as string]),
    exited,
  ]);
  return { ...(JSON.parse(line!) as Omit<LogNode, "stop">), stop: () => child.kill() };
}

export async function runVerifierBench(): Promise<void> {
  const temp = mkdtempSync(path.join(tmpdir(), "degen-verifier-bench-"));
  const deployment = path.join(temp, "deployment.json");
  const node = await startLogNode(deployment);
  try {
    console.log(
      `Verifier: ${BETS} bets (6 players, every game, DEGEN and BNB; ${node.events} events) over ${node.head} blocks, built in ${node.buildSeconds.toFixed(1)} s; eth_getLogs over ${VERIFY_DEFAULTS.chunk} blocks; ${availableParallelism()} cores`,
    );
    for (const [rpc, via] of [
      [node.direct, "local node"],
      [node.delayed, `+${LATENCY_MS} ms per request`],
    ] as const) {
      for (const settings of SETTINGS) {
        const requestsPerSecond = rpc === node.delayed ? settings.publicRps : 0;
        for (let run = 1; run <= RUNS; run++) {
          // The verifier's own CPU time, its worker threads included: a figure a loaded machine skews less.
          const cpu = process.cpuUsage();
          const {
            summary,
            run: info,
            result,
          } = await verifyChain({
            rpc,
            deployment,
            chunk: VERIFY_DEFAULTS.chunk,
            concurrency: settings.concurrency,
            batch: settings.batch,
            requestsPerSecond,
            workers: settings.workers,
          });
          const { user, system } = process.cpuUsage(cpu);
          if (result.problems.length)
            throw new Error(`the verifier found ${result.problems.length} problems in an honest history: ${result.problems[0]!.message}`);
          console.log(
            JSON.stringify({
              via,
              settings: settings.label,
              concurrency: settings.concurrency,
              batch: settings.batch,
              rps: requestsPerSecond || "no limit",
              workers: settings.workers,
              run,
              bets: result.bets.length,
              rpcRequests: info.rpcRequests,
              seconds: +info.seconds.toFixed(3),
              betsPerSec: summary.betsPerSecond,
              betsPerCpuSec: Math.round(result.bets.length / ((user + system) / 1e6)),
            }),
          );
        }
      }
    }
  } finally {
    node.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}
