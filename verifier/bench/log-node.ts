/**
 * The verifier bench's node (run.ts starts it as a child process, so that serving costs the
 * verifier's process nothing, as a remote node would): the bench's history (history.ts) served by
 * log-server.ts on two ports, at once (a local node) and `latencyMs` late (a distant public RPC).
 *
 *   tsx verifier/bench/log-node.ts BETS SPAN_BLOCKS LATENCY_MS DEPLOYMENT_FILE
 *
 * prints one JSON line: { direct, delayed, head, bets, events, buildSeconds }.
 */
import { writeFileSync } from "node:fs";
import { CASINO, CHAIN_ID, DEGEN } from "../test/support/history";
import { benchHistory } from "./history";
import { serveHistory } from "./log-server";

const [bets, spanBlocks, latencyMs] = process.argv.slice(2, 5).map(Number) as [number, number, number];
const deploymentFile = process.argv[5]!;
const started = performance.now();
const history = benchHistory(bets, spanBlocks);
writeFileSync(deploymentFile, JSON.stringify({ chainId: Number(CHAIN_ID), deploymentBlock: 0, contracts: { Casino: CASINO, DegenToken: DEGEN } }));

const [direct, delayed] = await Promise.all([serveHistory(history, 0), serveHistory(history, latencyMs)]);
console.log(
  JSON.stringify({
    direct: direct.url,
    delayed: delayed.url,
    head: history.head,
    bets,
    events: history.logs.length,
    buildSeconds: (performance.now() - started) / 1000,
  }),
);
