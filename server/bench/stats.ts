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
 * and meanwhile an ordinary player's page, which a heavy one must not hold up.
 *
 *   npx tsx server/bench/stats.ts   (BENCH_STATS_BETS=100000, BENCH_STATS_WHALE_BETS=100000, BENCH_STATS_RUNS=50)
 */
import type { AddressInfo } from "node:net";
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

/** One GET, read to its end; its time in ms. */
async function get(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { calls: sorted.length, p50Ms: ms(percentile(sorted, 50)), p99Ms: ms(percentile(sorted, 99)) };
};

/**
 * A whale's route alone (`runs` calls one after another), then under CALLERS concurrent callers
 * while one more caller reads an ordinary player's page in a loop: what the whale costs the others.
 */
async function timedRoute(base: string, label: string, path: string, runs: number): Promise<void> {
  await get(base + path);
  const alone: number[] = [];
  for (let i = 0; i < runs; i++) alone.push(await get(base + path));
  const concurrent: number[] = [];
  const others: number[] = [];
  let done = false;
  const other = (async () => {
    for (let n = 0; !done; n++) others.push(await get(`${base}/api/players/${playerOf(n % PLAYERS)}`));
  })();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      for (let i = 0; i < CALLS_EACH; i++) concurrent.push(await get(base + path));
    }),
  );
  done = true;
  await other;
  const under = summary(concurrent);
  console.log(
    JSON.stringify({
      route: label,
      alone: summary(alone),
      [`${CALLERS} callers`]: under,
      otherPlayerMeanwhile: summary(others),
      withinTarget: under.p99Ms <= TARGET_P99_MS,
    }),
  );
}

/** The whale's page, history and CSV through the stats routes, served as the app serves them. */
async function benchWhale(database: Database): Promise<void> {
  const app = express();
  app.use("/api", statsRouter({ db: database.db, readUpTo: async () => BLOCKS, trustProxy: compileTrustProxy("loopback"), csvExportsPerMinute: 1_000 }));
  app.use(errorHandler);
  const server = app.listen(0, "127.0.0.1");
  // A caller may wait seconds behind the others: its kept-alive connection must outlive that.
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await timedRoute(base, "GET /api/players/:whale (numbers and profit chart)", `/api/players/${WHALE}`, 10);
    await timedRoute(base, "GET /api/players/:whale/bets (a page of 50)", `/api/players/${WHALE}/bets?limit=50`, 10);
    await timedRoute(base, "GET /api/players/:whale/bets?format=csv (10,000 rows)", `/api/players/${WHALE}/bets?format=csv`, 5);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

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
  await timed("player page: numbers and profit chart", () => readPlayerStats(database.db, playerOf(n++ % PLAYERS), upTo));
  await timed("player page: history, first 50", () => readPlayerBets(database.db, playerOf(n++ % PLAYERS), {}, { upTo, limit: 50 }));
  await timed("player page: history of won DEGEN wheel bets", () =>
    readPlayerBets(database.db, playerOf(n++ % PLAYERS), { gameType: 0, token: "DEGEN", result: "won" }, { upTo, limit: 50 }),
  );
  await benchWhale(database);
}

async function main(): Promise<void> {
  console.log(
    `Stats bench: leaderboards and player pages over ${BETS} settled bets and a player of ${WHALE_BETS}, ${RUNS} runs each (target: p99 ≤ ${TARGET_P99_MS} ms)`,
  );
  const temp = tempDir();
  const identity = { chainId: 31337, genesisHash: "0x" + "00".repeat(32), casino: "0x" + "11".repeat(20), deploymentBlock: 1 };
  try {
    for (const databaseUrl of [undefined, process.env.DATABASE_URL].filter((url, i) => i === 0 || url)) {
      const database = await openDatabase({ databaseUrl, dataDir: temp.dir, identity });
      try {
        await bench(database);
      } finally {
        if (database.kind === "postgres") await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${database.postgres!.schema}" CASCADE`));
        await database.close();
      }
    }
  } finally {
    temp.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Stats bench failed: ${error.message}`);
    process.exit(1);
  },
);
