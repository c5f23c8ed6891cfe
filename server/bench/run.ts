/**
 * Server bench (`npm run bench:server`): HTTP latency of the demo routes with autocannon against
 * the real server process, and settlement throughput on a local Hardhat node.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { parseEther, type Wallet } from "ethers";
import { GameType } from "../src/engine";
import { REPO_ROOT } from "../src/config";
import { APP_ORIGIN, CHAIN_ID, SIWE_DOMAIN, tempDir } from "../test/support/app";
import { freePort, startChain, type TestChain } from "../test/support/chain";
import { Client, signIn } from "../test/support/http";
import type { Casino } from "../../typechain-types/contracts/Casino";
import {
  headWatcher,
  watchLandings,
  prepareSeats,
  relayConduct,
  relayFigures,
  RELAY_BENCH_ENV,
  RELAY_OFFERED_PER_SEC,
  RELAY_PLAYERS,
  relayStreamSeconds,
  streamBets,
} from "./relay";
import { serverInstance } from "../test/support/instance";
import { relayNodeCost, type RelayTransactions } from "./node-cost";
import { startPostgres } from "../test/support/postgres";
import { buildServer } from "../../scripts/server-bundle";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const BENCH_MASTER_SECRET = "0x" + "5e".repeat(32);
/**
 * `http`, `settlement` or `relay` runs one part of the bench (all by default); `relay-failover`
 * runs only the relay across a kill -9 of the lease holder.
 */
const ONLY = process.env.BENCH_ONLY;
/** A folder for a V8 CPU profile of each server process (written when it exits). */
const PROFILE_DIR = process.env.BENCH_SERVER_PROFILE_DIR;
const CONNECTIONS = 10;
/** Live: long enough that the two blocks of filling and draining the pipeline weigh little in bets/s. */
const LIVE_BETS_PER_PLAYER = Number(process.env.BENCH_LIVE_BETS_PER_PLAYER ?? 500);
const BACKLOG_BETS_PER_PLAYER = Number(process.env.BENCH_BACKLOG_BETS_PER_PLAYER ?? 200);
const BLOCK_INTERVAL_MS = 1000;
/** Bets offered per second while the chain mines, in a burst every 100 ms. */
const OFFERED_BETS_PER_SEC = Number(process.env.BENCH_OFFERED_BETS_PER_SEC ?? 300);
/** Room for a few hundred bets and their settlements per block, so the chain is not what limits. */
const BLOCK_GAS_LIMIT = 60_000_000;
/** An estimate taken before the previous block's settlements land can fall short, so bets carry a fixed limit. */
const PLAY_GAS_LIMIT = 200_000n;

async function startServer(chain: TestChain, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    path.join(REPO_ROOT, "node_modules", ".bin", "tsx"),
    [...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []), "server/src/main.ts"],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        RPC_URL: chain.rpcUrl,
        APP_ORIGIN,
        DATA_DIR: dataDir,
        DEPLOYMENT_FILE: chain.deploymentFile,
        SETTLER_POLL_MS: "100",
        // Every server of the bench derives the same hash chains, whichever state it starts from.
        MASTER_SECRET: BENCH_MASTER_SECRET,
        // The bench measures the routes, not the limiter's 429s (the limiter still runs).
        RATE_LIMIT_IP_PER_MINUTE: "100000000",
        ...RELAY_BENCH_ENV,
      },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    },
  );
  for (let i = 0; i < 600; i++) {
    // Answering is enough: with a backlog the health check reports the settler's lag (503) until it is cleared.
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200 || r.status === 503,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

const TARGET_REQ_PER_SEC = 2000;
const TARGET_P99_MS = 10;

/**
 * CPU seconds the server's processes have used so far (tsx runs the server in a child of its own;
 * both are in the process group the bench started). Unlike req/s, CPU per request hardly moves
 * when other work shares the machine. Linux only (/proc, USER_HZ 100); undefined elsewhere.
 */
function serverCpuSeconds(group: number): number | undefined {
  try {
    let ticks = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // exited meanwhile
      }
      // After the command's closing parenthesis: state, ppid, pgrp, …, utime (12th), stime (13th).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return undefined;
  }
}

/**
 * One demo route measured twice: saturated (CONNECTIONS closed-loop connections, as fast as the
 * server answers) and at a fixed offered load of TARGET_REQ_PER_SEC, which is what the target reads.
 */
async function http(url: string, title: string, body: unknown, serverGroup: number) {
  for (const offered of [undefined, TARGET_REQ_PER_SEC]) {
    const cpuBefore = serverCpuSeconds(serverGroup);
    const result = await autocannon({
      url,
      method: "POST",
      // More connections at a fixed rate only made autocannon's per-connection timers burstier.
      connections: CONNECTIONS,
      overallRate: offered,
      duration: DURATION_S,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const reqPerSec = Math.round(result.requests.average);
    const cpuAfter = serverCpuSeconds(serverGroup);
    const line = {
      route: title,
      load: offered === undefined ? `saturation, ${CONNECTIONS} connections` : `offered ${offered} req/s, ${CONNECTIONS} connections`,
      reqPerSec,
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      serverCpuUsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? null : Math.round(((cpuAfter - cpuBefore) * 1e6) / result.requests.total),
      ...(offered !== undefined && {
        target: `p99 ≤ ${TARGET_P99_MS} ms at ≥ ${TARGET_REQ_PER_SEC} req/s`,
        met: reqPerSec >= TARGET_REQ_PER_SEC * 0.99 && result.latency.p99 <= TARGET_P99_MS && result.non2xx === 0 && result.errors === 0,
      }),
    };
    console.log(JSON.stringify(line));
  }
}

type Prepared = { player: Wallet; casino: Casino; expectedCommit: string }[];

/**
 * Every player's betsPerPlayer wheel bets, signed ahead (consecutive nonces, fixed fees) and sent
 * at perSecond (or all at once); returns each bet's block and when the first was sent.
 */
async function placeBets(
  chain: TestChain,
  prepared: Prepared,
  round: number,
  betsPerPlayer: number,
  perSecond = Infinity,
): Promise<{ blocks: Map<string, number>; sendingStarted: number; sendingSeconds: number }> {
  const degen = await chain.token.getAddress();
  const casinoAddress = await chain.casino.getAddress();
  const fees = await chain.provider.getFeeData();
  const fromBlock = await chain.provider.getBlockNumber();
  const terms = await chain.casino.terms();
  const signed = await Promise.all(
    prepared.map(async ({ player, expectedCommit }) => {
      const nonce = await chain.provider.getTransactionCount(player.address, "pending");
      const raw: string[] = [];
      for (let i = 0; i < betsPerPlayer; i++) {
        const clientSeed = "0x" + String(round * 1_000_000 + i + 1).padStart(64, "0");
        const data = chain.casino.interface.encodeFunctionData("playGame", [degen, parseEther("1"), GameType.WHEEL, 0b111n, clientSeed, expectedCommit, terms]);
        raw.push(
          await player.signTransaction({
            type: 2,
            chainId: CHAIN_ID,
            nonce: nonce + i,
            to: casinoAddress,
            data,
            gasLimit: PLAY_GAS_LIMIT,
            maxFeePerGas: fees.maxFeePerGas! * 2n,
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
          }),
        );
      }
      return raw;
    }),
  );
  // Interleaved, so that every burst carries each player's next bets in nonce order.
  const queue = signed[0]!.flatMap((_, i) => signed.map((raws) => raws[i]!));
  const burst = Number.isFinite(perSecond) ? Math.max(1, Math.round(perSecond / 10)) : queue.length;
  const started = Date.now();
  const sending: Promise<string>[] = [];
  for (let i = 0; i < queue.length; i += burst) {
    const due = started + (i / burst) * 100;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    // Sent as is (ethers' broadcastTransaction parses each back and recovers its signer): the node is what should limit.
    sending.push(...queue.slice(i, i + burst).map((raw) => chain.provider.send("eth_sendRawTransaction", [raw]) as Promise<string>));
  }
  const hashes = new Set(await Promise.all(sending));
  const sendingSeconds = (Date.now() - started) / 1000;
  return { blocks: await placedBlocks(chain, fromBlock, hashes), sendingStarted: started, sendingSeconds };
}

/**
 * A poll over one event's logs that reads only the blocks it has not read yet. The bench's polls
 * are load on the node it measures: rereading the whole range made each poll return every log so far.
 */
function logPoller<T>(chain: TestChain, read: (from: number, to: number) => Promise<T[]>, fromBlock: number): () => Promise<T[]> {
  const collected: T[] = [];
  let next = fromBlock;
  return async () => {
    const head = await chain.provider.getBlockNumber();
    if (head >= next) {
      collected.push(...(await read(next, head)));
      next = head + 1;
    }
    return collected;
  };
}

/** Each bet's block, from the BetPlaced logs (a receipt wait per bet cost the node a call per bet on every block). */
async function placedBlocks(chain: TestChain, fromBlock: number, hashes: Set<string>): Promise<Map<string, number>> {
  const poll = logPoller(chain, (from, to) => chain.casino.queryFilter(chain.casino.filters.BetPlaced(), from, to), fromBlock);
  for (const started = Date.now(); ;) {
    const placed = (await poll()).filter((log) => hashes.has(log.transactionHash));
    if (placed.length === hashes.size) return new Map(placed.map((log) => [log.args.betId.toString(), log.blockNumber]));
    if (Date.now() - started > 120_000) throw new Error(`only ${placed.length}/${hashes.size} bets were placed: a bet reverted or was dropped`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A poll of the settlements of the given bets, from fromBlock on. */
function settledPoller(chain: TestChain, fromBlock: number, placed: Map<string, number>) {
  const poll = logPoller(chain, (from, to) => chain.casino.queryFilter(chain.casino.filters.BetSettled(), from, to), fromBlock);
  return async () => (await poll()).filter((log) => placed.has(log.args.betId.toString()));
}

/**
 * The settler's own capacity, apart from how fast one machine can place bets: the bets are placed
 * while the server is down, then the restarted server clears the backlog.
 */
async function backlogThroughput(chain: TestChain, prepared: Prepared, restartServer: () => Promise<void>, stopServer: () => Promise<void>) {
  await stopServer();
  const fromBlock = await chain.provider.getBlockNumber();
  const { blocks: placed } = await placeBets(chain, prepared, 1, BACKLOG_BETS_PER_PLAYER);
  const restarting = Date.now();
  await restartServer();
  const ready = Date.now();
  const settledSoFar = settledPoller(chain, fromBlock, placed);
  for (;;) {
    const settled = await settledSoFar();
    if (settled.length >= placed.size) {
      const seconds = (Date.now() - ready) / 1000;
      const line = {
        backlog: placed.size,
        serverStartSeconds: (ready - restarting) / 1000,
        clearedWithinSecondsOfReady: seconds,
        betsSettledPerSec: Math.round(placed.size / seconds),
        settlementTransactions: new Set(settled.map((log) => log.transactionHash)).size,
        settlementBlocks: new Set(settled.map((log) => log.blockNumber)).size,
      };
      console.log(JSON.stringify(line));
      return;
    }
    if (Date.now() - restarting > 300_000) throw new Error(`only ${settled.length}/${placed.size} of the backlog settled`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A real chain mines on a clock (BSC Testnet: a block every few seconds at most), not one block
 * per transaction: mine every second so that "the block after the bet" and batching mean what
 * they do there.
 */
async function mineOnAClock(chain: TestChain): Promise<void> {
  await chain.provider.send("evm_setBlockGasLimit", ["0x" + BLOCK_GAS_LIMIT.toString(16)]);
  // The node prints every call otherwise, which costs it more than the calls.
  await chain.provider.send("hardhat_setLoggingEnabled", [false]);
  await chain.provider.send("evm_setAutomine", [false]);
  await chain.provider.send("evm_setIntervalMining", [BLOCK_INTERVAL_MS]);
}

/**
 * Session bets streamed to the server(s) at `urls` and timed until each is placed on chain. The
 * chain's snapshot before the stream, and the relay transactions with their bets, let the
 * stream's blocks be mined again (node-cost.ts).
 */
async function relayThroughput(chain: TestChain, urls: string[], label: string, duringStream: () => Promise<void> = async () => undefined) {
  const seats = await prepareSeats(chain, urls);
  await mineOnAClock(chain);
  const snapshot = (await chain.provider.send("evm_snapshot", [])) as string;
  const fromBlock = (await chain.provider.getBlockNumber()) + 1;
  const watcher = headWatcher(chain);
  const landings = watchLandings(chain, fromBlock, new Set(seats.flatMap((seat) => seat.bets.map((bet) => bet.betId))));
  try {
    const [stream] = await Promise.all([streamBets(seats, watcher.head), duringStream()]);
    const landed = await landings.until(new Set(stream.sent.map((s) => s.betId)));
    console.log(JSON.stringify(relayFigures(label, stream, landed, await relayConduct(chain, urls, fromBlock))));
    const relayTransactions: RelayTransactions = new Map();
    for (const { txHash } of landed.values()) relayTransactions.set(txHash, (relayTransactions.get(txHash) ?? 0) + 1);
    return { snapshot, fromBlock, relayTransactions };
  } finally {
    watcher.stop();
  }
}

/**
 * The same stream to two instances on PostgreSQL: undisturbed (what the relay keeps up with), then
 * with the lease holder killed with kill -9 a third of the way through and started again (what a
 * failover costs it).
 */
async function relayOnPostgres(killHolder: boolean): Promise<void> {
  const label = killHolder ? "session relay, kill -9 of the lease holder" : "session relay, two instances on PostgreSQL";
  const postgres = await startPostgres();
  if ("skip" in postgres) {
    console.log(JSON.stringify({ case: label, skipped: postgres.skip }));
    return;
  }
  const temp = tempDir();
  const chain = await startChain(temp.dir);
  const env = {
    DATABASE_URL: postgres.url,
    RPC_URL: chain.rpcUrl,
    DEPLOYMENT_FILE: chain.deploymentFile,
    APP_ORIGIN,
    DATA_DIR: path.join(temp.dir, "unused"),
    MASTER_SECRET: BENCH_MASTER_SECRET,
    SETTLER_POLL_MS: "100",
    RATE_LIMIT_IP_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
    ...RELAY_BENCH_ENV,
  };
  const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  // The instances run the bundle, as the tests' do: built from the source as it is now.
  buildServer();
  const instances = [serverInstance("A", await freePort(), env, profile), serverInstance("B", await freePort(), env, profile)];
  try {
    for (const instance of instances) await instance.start();
    const kill = async () => {
      const afterSeconds = relayStreamSeconds() / 3;
      await new Promise((r) => setTimeout(r, afterSeconds * 1000));
      // The first instance took the lease at start.
      await instances[0]!.kill9();
      console.log(JSON.stringify({ case: "failover", leaseHolderKilledAfterSeconds: Math.round(afterSeconds * 10) / 10 }));
      await instances[0]!.start();
    };
    await relayThroughput(
      chain,
      instances.map((instance) => instance.url),
      label,
      killHolder ? kill : undefined,
    );
  } finally {
    // A profiled instance writes its profile only when it exits of itself.
    for (const instance of instances) await (PROFILE_DIR ? instance.stop() : instance.kill9());
    await chain.stop();
    postgres.stop();
    temp.dispose();
  }
}

async function settlementThroughput(chain: TestChain, apiUrl: string) {
  const degen = await chain.token.getAddress();
  const casinoAddress = await chain.casino.getAddress();
  const prepared: Prepared = [];
  for (const player of chain.players) {
    const client = new Client(apiUrl);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    // A deposit first: the house posts a commitment only for a wallet with a stake.
    await (await chain.token.connect(player).approve(casinoAddress, parseEther("100000"))).wait();
    await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("100000"))).wait();
    const expectedCommit = (await client.post("/api/fairness/commitment")).body.expectedCommit as string;
    prepared.push({ player, casino: chain.casino.connect(player) as Casino, expectedCommit });
  }
  await mineOnAClock(chain);
  const startBlock = await chain.provider.getBlockNumber();
  // Timed from the first bet sent: signing them all ahead is the bench's work, not the chain's.
  const { blocks: placedBlocks, sendingStarted: started, sendingSeconds } = await placeBets(chain, prepared, 0, LIVE_BETS_PER_PLAYER, OFFERED_BETS_PER_SEC);
  const placedDone = Date.now();
  const total = placedBlocks.size;
  const settledSoFar = settledPoller(chain, startBlock, placedBlocks);
  for (;;) {
    const settled = await settledSoFar();
    if (settled.length >= total) {
      const done = Date.now();
      const lags = settled.map((log) => log.blockNumber - placedBlocks.get(log.args.betId.toString())!).sort((a, b) => a - b);
      const perBlock = new Map<number, number>();
      for (const log of settled) perBlock.set(log.blockNumber, (perBlock.get(log.blockNumber) ?? 0) + 1);
      const line = {
        bets: total,
        offeredPerSec: OFFERED_BETS_PER_SEC,
        sentPerSec: Math.round(total / sendingSeconds),
        minedWithinSeconds: (placedDone - started) / 1000,
        betBlocks: new Set(placedBlocks.values()).size,
        settledWithinSeconds: (done - started) / 1000,
        betsSettledPerSec: Math.round(total / ((done - started) / 1000)),
        mostSettledInOneBlock: Math.max(...perBlock.values()),
        settlementTransactions: new Set(settled.map((log) => log.transactionHash)).size,
        blocksFromBetToSettlement: {
          min: lags[0],
          median: lags[Math.floor(lags.length / 2)],
          p99: lags[Math.floor(lags.length * 0.99)],
          max: lags[lags.length - 1],
        },
        settledInTheNextBlock: `${lags.filter((lag) => lag === 1).length}/${total}`,
      };
      console.log(JSON.stringify(line));
      return prepared;
    }
    if (Date.now() - started > 300_000) throw new Error(`only ${settled.length}/${total} settled`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runServerBench(): Promise<void> {
  if (ONLY === "relay-failover") return relayOnPostgres(true);
  const temp = tempDir();
  const chain = await startChain(temp.dir);
  const port = await freePort();
  let server = await startServer(chain, path.join(temp.dir, "db"), port);
  const apiUrl = `http://127.0.0.1:${port}`;
  let chainStopped = false;
  const stopServer = async () => {
    const exited = new Promise((r) => server.once("exit", r));
    process.kill(-server.pid!, "SIGTERM");
    await exited;
  };
  const restartServer = async () => {
    server = await startServer(chain, path.join(temp.dir, "db"), port);
  };
  try {
    if (ONLY === undefined || ONLY === "http") {
      console.log(
        `Server bench: each demo route saturated, then at ${TARGET_REQ_PER_SEC} req/s offered, ${DURATION_S} s each (target: p99 ≤ ${TARGET_P99_MS} ms at ≥ ${TARGET_REQ_PER_SEC} req/s)`,
      );
      await http(`${apiUrl}/api/slots/spin`, "POST /api/slots/spin (demo)", { token: "DEGEN", betAmount: 10 }, server.pid!);
      await http(`${apiUrl}/api/blackjack/start`, "POST /api/blackjack/start (demo)", { token: "DEGEN", action: "START", betAmount: 10 }, server.pid!);
    }
    if (ONLY === "http") return;
    if (ONLY !== "relay") {
      console.log(
        `Settlement: ${chain.players.length} players × ${LIVE_BETS_PER_PLAYER} wheel bets offered at ${OFFERED_BETS_PER_SEC}/s, a block every ${BLOCK_INTERVAL_MS} ms of up to ${BLOCK_GAS_LIMIT / 1e6}M gas (targets: ≥ 200 bets/s, the block after the bet)`,
      );
      const prepared = await settlementThroughput(chain, apiUrl);
      console.log(`Settlement backlog: the same bets placed while the server is down, then settled after its restart`);
      await backlogThroughput(chain, prepared, restartServer, stopServer);
    }
    if (ONLY === "settlement") return;
    console.log(
      `Session relay: ${RELAY_PLAYERS} players' signed bets (wheel, slots, kickboxing, crash 2x) offered at ${RELAY_OFFERED_PER_SEC}/s, a block every ${BLOCK_INTERVAL_MS} ms (target: ≥ 200 session bets relayed a second, none lost or doubled)`,
    );
    const stream = await relayThroughput(chain, [apiUrl], "session relay, one instance (PGlite)");
    await stopServer();
    console.log(JSON.stringify(await relayNodeCost(chain, stream.snapshot, stream.fromBlock, stream.relayTransactions)));
    // The PostgreSQL cases start their own chain: this one, left running, would share the machine with them.
    await chain.stop();
    chainStopped = true;
    await relayOnPostgres(false);
    await relayOnPostgres(true);
  } catch (error) {
    // Report the cause before the clean-up below cancels whatever is still in flight.
    console.error(error);
    throw error;
  } finally {
    // The server finishes its bookkeeping before the chain goes away.
    if (server.exitCode === null && server.signalCode === null) await stopServer();
    if (!chainStopped) await chain.stop();
    temp.dispose();
  }
}
