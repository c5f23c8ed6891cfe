/**
 * Leaderboards and a player's page on a database of BENCH_STATS_BETS settled bets (issue #22:
 * ≤ 50 ms p99 for 100,000 bets). The bets are seeded straight into the server's own schema
 * (PGlite, and PostgreSQL when DATABASE_URL is given): 1,000 players, five games, both tokens,
 * spread over 30 days of blocks. Each query is timed as the routes run it, uncached (GET
 * /api/leaderboards keeps an answer for 5 s, so the figures are its worst case).
 *
 * Then one player with BENCH_STATS_WHALE_BETS bets of their own (issue #38 item 5: a page's cost
 * must not grow with its player's history): their page, a page of their history and their
 * 10,000-row CSV export through the routes over HTTP, alone and under 10 concurrent callers,
 * and meanwhile ordinary players' pages, which a heavy one must not hold up (against the same
 * pages alone). The database and the routes run in a process of their own, as the server does;
 * the routes keep a page while the log reader's cursor stays, and the bench moves it as a chain
 * does. Each call comes from its own address; a CSV export past the instance's CSV_EXPORTS_AT_ONCE
 * is refused (503), as in production, and counted as such. Beside each call's time at its caller
 * and in the server, the bench prints the CPU time the server and the callers ran while the ten
 * called, and how long they waited meanwhile for a core held by the machine's other processes
 * (Linux): on a shared 2-core machine that wait, not the server's work, is most of a call's time.
 *
 *   npx tsx server/bench/stats.ts   (BENCH_STATS_BETS=100000, BENCH_STATS_WHALE_BETS=100000, BENCH_STATS_RUNS=50)
 */
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { getAddress } from "ethers";
import express from "express";
import { openDatabase, type Database } from "../src/db/index";
import { setValue } from "../src/db/kv";
import { errorHandler } from "../src/http/errors";
import { compileTrustProxy } from "../src/http/trust-proxy";
import { statsRouter } from "../src/routes/stats";
import { readLeaderboards } from "../src/stats/leaderboards";
import { readPlayerBets, readPlayerStats } from "../src/stats/player-stats";
import { STATS_WINDOWS } from "../src/stats/settled-bets";
import { tempDir } from "../test/support/app";
import { mulberry32 } from "../test/support/random";

const BETS = Number(process.env.BENCH_STATS_BETS ?? 100_000);
const WHALE_BETS = Number(process.env.BENCH_STATS_WHALE_BETS ?? 100_000);
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 50);
/** Concurrent callers, and the calls each makes, of the whale's routes. */
const CALLERS = 10;
const CALLS_EACH = 2;
const PLAYERS = 1_000;
/** Not among the ordinary players. */
const WHALE = getAddress(`0x${"ee".repeat(20)}`);
const DAYS = 30;
/** A block every 3 s over DAYS: the last block is "now". */
const BLOCK_SECONDS = 3;
const START_TIME = 1_790_000_000;
const BLOCKS = Math.ceil((DAYS * 86_400) / BLOCK_SECONDS);
const NOW = START_TIME + BLOCKS * BLOCK_SECONDS;
const TARGET_P99_MS = 50;
/**
 * The log reader's cursor moves a block at a time, every 0.75 s on BSC: the routes keep a page
 * only while it stays (routes/stats.ts), so the bench moves it as often, and the first call after
 * each move reads the database again.
 */
const CURSOR_MOVES_MS = 750;

/** Checksummed, as the log reader records players and the routes read them. */
const playerOf = (i: number) => getAddress(`0x${(i + 1).toString(16).padStart(40, "0")}`);

async function seed(database: Database): Promise<void> {
  const next = mulberry32(7);
  const rows = 5_000;
  let seq = 0;
  // The whale's bets are spread among the others': every tenth-or-so bet in the feed's order is theirs.
  const total = BETS + WHALE_BETS;
  for (let from = 0; from < total; from += rows) {
    const count = Math.min(rows, total - from);
    const columns = {
      id: [] as string[],
      player: [] as string[],
      token: [] as string[],
      amount: [] as string[],
      game: [] as number[],
      payout: [] as string[],
      block: [] as number[],
      seq: [] as number[],
    };
    for (let i = 0; i < count; i++) {
      const n = from + i;
      // Blocks in order of the bets, so that the feed's order and the blocks agree.
      const block = 1 + Math.floor((n / total) * BLOCKS);
      const stake = BigInt(1 + Math.floor(next() * 1000)) * 10n ** 18n;
      const win = next() < 0.45;
      columns.id.push(String(n + 1));
      columns.player.push(next() < WHALE_BETS / total ? WHALE : playerOf(Math.floor(next() * PLAYERS)));
      columns.token.push(next() < 0.8 ? "DEGEN" : "BNB");
      columns.amount.push(stake.toString());
      columns.game.push(Math.floor(next() * 5));
      columns.payout.push(win ? ((stake * BigInt(150 + Math.floor(next() * 900))) / 100n).toString() : "0");
      columns.block.push(block);
      columns.seq.push(++seq);
    }
    await database.db.execute(sql`
      INSERT INTO bets (bet_id, player, token, amount, game_type, params, nonce, client_seed, chain_first_nonce, placed_block, placed_tx_hash, status, payout, settled_block, settle_tx_hash, settled_seq)
      SELECT v.id, v.player, v.token, v.amount, v.game, '0', 0, '0x', 0, v.block, '0x', 'settled', v.payout, v.block, '0x', v.seq
      FROM unnest(${`{${columns.id.join(",")}}`}::text[], ${`{${columns.player.join(",")}}`}::text[], ${`{${columns.token.join(",")}}`}::text[],
        ${`{${columns.amount.join(",")}}`}::text[], ${`{${columns.game.join(",")}}`}::integer[], ${`{${columns.payout.join(",")}}`}::text[],
        ${`{${columns.block.join(",")}}`}::bigint[], ${`{${columns.seq.join(",")}}`}::bigint[]) AS v(id, player, token, amount, game, payout, block, seq)`);
  }
  await database.db.execute(sql`
    INSERT INTO block_times (block, time) SELECT DISTINCT settled_block, ${START_TIME} + settled_block * ${BLOCK_SECONDS} FROM bets`);
  // The log reader's cursor (settler/reader.ts), as after reading every seeded block.
  await setValue(database.db, "settler.cursor", String(BLOCKS));
  await database.db.execute(sql`ANALYZE`);
}

/**
 * CPU time this process's main thread has run, and has waited for a CPU while ready to run
 * (Linux's /proc/self/schedstat; undefined elsewhere). The machine's other processes share its
 * cores: the wait is what they cost a call, beside what the server and its callers spend.
 */
function cpuTimes(): CpuTimes | undefined {
  try {
    const [ran, waited] = readFileSync("/proc/self/schedstat", "utf8").split(" ").map(Number);
    return { ranMs: ran! / 1e6, waitedMs: waited! / 1e6 };
  } catch {
    return undefined;
  }
}

interface CpuTimes {
  ranMs: number;
  waitedMs: number;
}

/** What a process ran and waited for a CPU between two readings. */
const cpuBetween = (from: CpuTimes | undefined, to: CpuTimes | undefined) =>
  from && to ? { ranMs: ms(to.ranMs - from.ranMs), waitedForACpuMs: ms(to.waitedMs - from.waitedMs) } : null;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => Number(value.toFixed(1));

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  console.log(
    JSON.stringify({
      query: label,
      runs: RUNS,
      p50Ms: Number(percentile(times, 50).toFixed(1)),
      p99Ms: Number(p99.toFixed(1)),
      withinTarget: p99 <= TARGET_P99_MS,
    }),
  );
}

/** Each call comes from an address of its own, as ten visitors' would: the per-IP limits apply as they do to them. */
let caller = 0;
const nextAddress = () => `10.${(++caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`;

/** Kept-alive connections, as browsers keep them. Plain node:http: undici's fetch cost the callers several times what the server spends on a kept page. */
const agent = new http.Agent({ keepAlive: true });

/** One GET, read to its end: its time in ms, or "refused" when the server said 503 (come back later). */
function get(url: string): Promise<number | "refused"> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "X-Forwarded-For": nextAddress() } }, (response) => {
        let error = "";
        response.on("data", (chunk: Buffer) => {
          if (response.statusCode !== 200) error += chunk.toString();
        });
        response.on("error", reject);
        response.on("end", () => {
          if (response.statusCode === 503) resolve("refused");
          else if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode} ${error}`));
          else resolve(performance.now() - started);
        });
      })
      .on("error", reject);
  });
}

const summary = (results: (number | "refused")[]) => {
  const sorted = results.filter((result) => result !== "refused").sort((a, b) => a - b);
  const refused = results.length - sorted.length;
  const at = (p: number) => (sorted.length === 0 ? null : ms(percentile(sorted, p)));
  return { calls: sorted.length, ...(refused > 0 ? { refused } : {}), p50Ms: at(50), p99Ms: at(99) };
};

let otherPlayer = 0;

/** Ordinary players' pages, called in a loop until `done`: each call another player's, not read before (as kept pages are not). */
async function otherPages(base: string, done: () => boolean): Promise<(number | "refused")[]> {
  const times: (number | "refused")[] = [];
  while (!done()) times.push(await get(`${base}/api/players/${playerOf(otherPlayer++ % PLAYERS)}`));
  return times;
}

/**
 * A whale's route alone (`runs` calls one after another), then under CALLERS concurrent callers
 * while one more caller reads ordinary players' pages in a loop: what the whale costs the others,
 * against those pages read alone.
 */
async function timedRoute(base: string, label: string, path: string, runs: number, handled: () => Promise<Answered>): Promise<void> {
  await get(base + path);
  const alone: (number | "refused")[] = [];
  for (let i = 0; i < runs; i++) alone.push(await get(base + path));
  let calls = 0;
  const otherAlone = await otherPages(base, () => calls++ === 20);
  const concurrent: (number | "refused")[] = [];
  let done = false;
  // Each caller's own kept-alive connection, opened before the timing: what the server spends is timed, not TCP's handshakes.
  await Promise.all(Array.from({ length: CALLERS }, () => get(base + path)));
  const others = otherPages(base, () => done);
  const { cpu: serverBefore } = await handled();
  const [callersBefore, loadBefore] = [cpuTimes(), loadavg()[0]!];
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      for (let i = 0; i < CALLS_EACH; i++) concurrent.push(await get(base + path));
    }),
  );
  const callersAfter = cpuTimes();
  done = true;
  const otherMeanwhile = await others;
  const { handled: inServer, cpu: serverAfter } = await handled();
  const under = summary(concurrent);
  console.log(
    JSON.stringify({
      route: label,
      alone: summary(alone),
      [`${CALLERS} callers`]: under,
      otherPlayerAlone: summary(otherAlone),
      otherPlayerMeanwhile: summary(otherMeanwhile),
      // From a request's arrival to its answer's last byte handed to the socket, meanwhile: the rest of a call's time is spent outside the server.
      inTheServer: {
        whale: summary(inServer.filter((call) => call.path === path).map((call) => call.ms)),
        otherPlayer: summary(inServer.filter((call) => call.path !== path).map((call) => call.ms)),
      },
      // While the CALLERS called: each process's CPU time, and its time ready to run but waiting for a core the machine's other processes held.
      cpu: { server: cpuBetween(serverBefore, serverAfter), callers: cpuBetween(callersBefore, callersAfter), loadAverage: loadBefore },
      withinTarget: under.p99Ms !== null && under.p99Ms <= TARGET_P99_MS,
    }),
  );
}

/**
 * The stats routes over the seeded database, as the app mounts them, until the parent says stop.
 * They run in a process of their own, as in production: the callers' own work (undici parsing ten
 * answers at once) would otherwise be counted in the server's event loop.
 */
async function serveRoutes(database: Database): Promise<void> {
  const app = express();
  let handled: Handled[] = [];
  app.use((req, res, next) => {
    const arrived = performance.now();
    res.once("finish", () => handled.push({ path: req.originalUrl, ms: performance.now() - arrived }));
    next();
  });
  const started = performance.now();
  const readUpTo = async () => BLOCKS + Math.floor((performance.now() - started) / CURSOR_MOVES_MS);
  app.use("/api", statsRouter({ db: database.db, readUpTo, trustProxy: compileTrustProxy("loopback") }));
  app.use(errorHandler);
  const server = app.listen(0, "127.0.0.1");
  // A caller may wait seconds behind the others: its kept-alive connection must outlive that.
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.once("listening", resolve));
  const stop = new Promise((resolve) => {
    process.on("message", (message) => {
      if (message !== "handled") return resolve(undefined);
      process.send!({ handled, cpu: cpuTimes() } satisfies Answered);
      handled = [];
    });
    process.once("disconnect", resolve);
  });
  process.send!({ port: (server.address() as AddressInfo).port });
  await stop;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A request the server process answered: its path and the time it took there. */
interface Handled {
  path: string;
  ms: number;
}

/** What the server process answered since last asked, and its CPU times now. */
interface Answered {
  handled: Handled[];
  cpu: CpuTimes | undefined;
}

/** The whale's page, history and CSV through the stats routes, as a browser calls them. */
async function benchWhale(base: string, server: ChildProcess): Promise<void> {
  // What the server answered since last asked.
  const handled = () =>
    new Promise<Answered>((resolve) => {
      server.once("message", (message: Answered) => resolve(message));
      server.send("handled");
    });
  await timedRoute(base, "GET /api/players/:whale (numbers and profit chart)", `/api/players/${WHALE}`, 10, handled);
  await timedRoute(base, "GET /api/players/:whale/bets (a page of 50)", `/api/players/${WHALE}/bets?limit=50`, 10, handled);
  await timedRoute(base, "GET /api/players/:whale/bets?format=csv (10,000 rows)", `/api/players/${WHALE}/bets?format=csv`, 5, handled);
}

/** The server's process: seeds the database, times its queries, then serves the routes. */
async function bench(database: Database): Promise<void> {
  const started = performance.now();
  await seed(database);
  console.log(
    `${database.kind}: ${BETS} settled bets of ${PLAYERS} players and ${WHALE_BETS} of one more over ${DAYS} days seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const upTo = BLOCKS;
  for (const window of STATS_WINDOWS) {
    for (const token of ["DEGEN", "BNB"] as const) {
      await timed(`leaderboards ${window} ${token}`, () => readLeaderboards(database.db, { window, token, now: NOW, upTo }));
    }
  }
  // The busiest player's page: ~100 bets each on average.
  let n = 0;
  await timed("player page: numbers and profit chart, of the player of many bets", () => readPlayerStats(database.db, WHALE, upTo));
  await timed("player page: numbers and profit chart", () => readPlayerStats(database.db, playerOf(n++ % PLAYERS), upTo));
  await timed("player page: history, first 50", () => readPlayerBets(database.db, playerOf(n++ % PLAYERS), {}, { upTo, limit: 50 }));
  await timed("player page: history of won DEGEN wheel bets", () =>
    readPlayerBets(database.db, playerOf(n++ % PLAYERS), { gameType: 0, token: "DEGEN", result: "won" }, { upTo, limit: 50 }),
  );
  await serveRoutes(database);
}

async function serverProcess(databaseUrl: string | undefined): Promise<void> {
  const temp = tempDir();
  const identity = { chainId: 31337, genesisHash: "0x" + "00".repeat(32), casino: "0x" + "11".repeat(20), deploymentBlock: 1 };
  try {
    const database = await openDatabase({ databaseUrl, dataDir: temp.dir, identity });
    try {
      await bench(database);
    } finally {
      if (database.kind === "postgres") await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${database.postgres!.schema}" CASCADE`));
      await database.close();
    }
  } finally {
    temp.dispose();
  }
}

async function main(): Promise<void> {
  console.log(
    `Stats bench: leaderboards and player pages over ${BETS} settled bets and a player of ${WHALE_BETS}, ${RUNS} runs each (target: p99 ≤ ${TARGET_P99_MS} ms)`,
  );
  for (const kind of process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]) {
    const server = fork(fileURLToPath(import.meta.url), [SERVER_PROCESS, kind]);
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    const port = await Promise.race([
      new Promise<number>((resolve) => server.once("message", (message: { port: number }) => resolve(message.port))),
      exited.then((code) => Promise.reject(new Error(`the server process exited (${code}) before serving`))),
    ]);
    try {
      await benchWhale(`http://127.0.0.1:${port}`, server);
    } finally {
      server.send("stop");
    }
    const code = await exited;
    if (code !== 0) throw new Error(`the server process exited with ${code}`);
  }
}

const SERVER_PROCESS = "--serve-routes";

(process.argv[2] === SERVER_PROCESS ? serverProcess(process.argv[3] === "postgres" ? process.env.DATABASE_URL : undefined) : main()).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Stats bench failed: ${error.message}`);
    process.exit(1);
  },
);
