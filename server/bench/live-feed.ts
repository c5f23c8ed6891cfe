/**
 * The live bets feed under load (issue #22): CONNECTIONS Server-Sent Events clients on a real
 * server process, and bets placed one after another on a local Hardhat node (automine). For each
 * settled bet: the time from its settlement's block appearing on the node (polled every 20 ms) to
 * the moment the last of the clients received it. And the server process's CPU time
 * (process_cpu_seconds_total) for the same bets with no client and with CONNECTIONS clients, the
 * difference being the feed's cost; and its CPU while idle with the clients (heartbeats only).
 *
 *   npx tsx server/bench/live-feed.ts   (BENCH_FEED_CONNECTIONS=200, BENCH_FEED_BETS=50)
 */
import path from "node:path";
import { parseEther } from "ethers";
import { GameType } from "../src/engine";
import type { LiveBet } from "../src/feed/feed-rows";
import { APP_ORIGIN, CHAIN_ID, SIWE_DOMAIN, tempDir, type TestServer } from "../test/support/app";
import { freePort, startChain, type TestChain } from "../test/support/chain";
import { Client, signIn } from "../test/support/http";
import { metricOf, serverInstance, type Instance } from "../test/support/instance";
import { depositDegen, MASTER_SECRET, placeBet } from "../test/support/play";
import { parseEvents } from "../test/support/sse";

const CONNECTIONS = Number(process.env.BENCH_FEED_CONNECTIONS ?? 200);
const BETS = Number(process.env.BENCH_FEED_BETS ?? 50);
const IDLE_SECONDS = 20;

/** When each block was first seen on the node, polled from the bench. */
function blockWatcher(chain: TestChain) {
  const seen = new Map<number, number>();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const block = await chain.provider.getBlockNumber();
      if (!seen.has(block)) seen.set(block, performance.now());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { seenAt: (block: number) => seen.get(block), stop: () => void (stopped = true) };
}

/** Each bet's settlement block, and when each client received it. */
class Arrivals {
  readonly blocks = new Map<number, number>();
  readonly times = new Map<number, number[]>();

  add(bet: LiveBet, at: number): void {
    this.blocks.set(bet.seq, bet.settledBlock);
    this.times.set(bet.seq, [...(this.times.get(bet.seq) ?? []), at]);
  }

  count(seq: number): number {
    return this.times.get(seq)?.length ?? 0;
  }
}

/** One feed client, as a browser's EventSource. */
async function openClient(url: string, arrivals: Arrivals): Promise<AbortController> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/bets/live`, { signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`the feed answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const end = buffer.lastIndexOf("\n\n");
        if (end < 0) continue;
        const at = performance.now();
        for (const event of parseEvents(buffer.slice(0, end))) {
          if (event.event === "bet") arrivals.add(JSON.parse(event.data) as LiveBet, at);
        }
        buffer = buffer.slice(end + 2);
      }
    } catch {
      // Closed by the bench.
    }
  })();
  return abort;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const cpuSeconds = async (instance: Instance) => (await metricOf(instance, "process_cpu_seconds_total"))!;
/** The server process's resident memory in bytes (prom-client's default; its V8 heap figure moves with each collection). */
const memory = async (instance: Instance) => ({ resident: (await metricOf(instance, "process_resident_memory_bytes"))! });

async function main(): Promise<void> {
  const temp = tempDir();
  const chain = await startChain(temp.dir);
  const instance = serverInstance("feed", await freePort(), {
    RPC_URL: chain.rpcUrl,
    APP_ORIGIN,
    DEPLOYMENT_FILE: chain.deploymentFile,
    DATA_DIR: path.join(temp.dir, "db"),
    MASTER_SECRET,
    SETTLER_POLL_MS: "100",
    LOG_LEVEL: "warn",
    RATE_LIMIT_IP_PER_MINUTE: "100000000",
    RATE_LIMIT_ADDRESS_PER_MINUTE: "100000000",
    // Every client of the bench is 127.0.0.1.
    LIVE_FEED_STREAMS_PER_IP: String(CONNECTIONS + 10),
    LIVE_FEED_STREAMS: String(CONNECTIONS + 10),
  });
  const watcher = blockWatcher(chain);
  const controllers: AbortController[] = [];
  try {
    await instance.start();
    // placeBet reads only the chain of the server it is given.
    const server = { chain, url: instance.url } as TestServer;
    const player = chain.players[0]!;
    const client = new Client(instance.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("10000"));
    // One client watches throughout: it names each new bet; the others are the load.
    const watching = new Arrivals();
    controllers.push(await openClient(instance.url, watching));

    /** Places BETS bets one at a time, each once every client has it; the delays from its block to the last client. */
    const round = async (clients: number, arrivals: Arrivals) => {
      const delays: number[] = [];
      for (let i = 0; i < BETS; i++) {
        const before = new Set(watching.times.keys());
        await placeBet(server, client, player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.WHEEL, params: 1n });
        let seq: number | undefined;
        for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 10))) {
          seq ??= [...watching.times.keys()].find((known) => !before.has(known));
          if (seq !== undefined && arrivals.count(seq) >= clients) break;
          if (Date.now() > deadline) throw new Error(`bet ${i} did not reach every client`);
        }
        const seenAt = watcher.seenAt(watching.blocks.get(seq)!);
        if (seenAt !== undefined) delays.push(Math.max(...arrivals.times.get(seq)!) - seenAt);
      }
      return delays;
    };

    // Warm-up: the first bets compile the server's paths, which would count against the first round.
    await round(1, watching);
    const alone = await cpuSeconds(instance);
    await round(1, watching);
    const cpuWithout = (await cpuSeconds(instance)) - alone;

    const arrivals = new Arrivals();
    const memoryBefore = await memory(instance);
    for (let i = 0; i < CONNECTIONS; i++) controllers.push(await openClient(instance.url, arrivals));
    const memoryAfter = await memory(instance);
    const loaded = await cpuSeconds(instance);
    const delays = await round(CONNECTIONS, arrivals);
    const cpuWith = (await cpuSeconds(instance)) - loaded;

    const idleFrom = await cpuSeconds(instance);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idle = (await cpuSeconds(instance)) - idleFrom;

    const perHundred = ((cpuWith - cpuWithout) / BETS / CONNECTIONS) * 100 * 1000;
    console.log(`live feed: ${CONNECTIONS} connections, ${BETS} bets placed one at a time (automine: one block per settlement)`);
    console.log(
      `  settlement block -> last of ${CONNECTIONS} clients: p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, max ${Math.max(...delays).toFixed(1)} ms`,
    );
    console.log(
      `  server CPU for ${BETS} bets: ${(cpuWithout * 1000).toFixed(0)} ms with 1 client, ${(cpuWith * 1000).toFixed(0)} ms with ${CONNECTIONS + 1}: the feed costs ${perHundred.toFixed(2)} ms of CPU per bet per 100 connections`,
    );
    const perStream = (bytes: number) => `${(bytes / CONNECTIONS / 1024).toFixed(1)} kB`;
    console.log(
      `  memory per stream (${CONNECTIONS} opened): ${perStream(memoryAfter.resident - memoryBefore.resident)} resident; a slow reader is dropped at 64 kB unread`,
    );
    console.log(
      `  server CPU idle with ${CONNECTIONS + 1} connections: ${((idle / IDLE_SECONDS) * 1000).toFixed(1)} ms per second (heartbeats, the chain poll)`,
    );
  } finally {
    watcher.stop();
    for (const controller of controllers) controller.abort();
    await instance.stop();
    await chain.stop();
    temp.dispose();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
