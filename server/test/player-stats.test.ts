import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { formatEther, getAddress } from "ethers";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, rowsOf, type Database } from "../src/db/index";
import { setValue } from "../src/db/kv";
import { errorHandler } from "../src/http/errors";
import { compileTrustProxy } from "../src/http/trust-proxy";
import { statsRouter, tokens } from "../src/routes/stats";
import { CHART_POINTS, readPlayerBets, readPlayerStats, type PlayerStats } from "../src/stats/player-stats";
import { tempDir } from "./support/app";
import { mulberry32 } from "./support/random";

/**
 * A player's page costs rows per game, token and chart point, not per bet (issue #38 item 5): its
 * numbers, kept by the database as bets are counted (migration 14), against a computation from
 * scratch over the bets after a long random sequence of the writes the settler makes.
 */
const temp = tempDir();
let database: Database;
const db = () => database.db;
const identity = { chainId: 31337, genesisHash: "0x" + "00".repeat(32), casino: "0x" + "11".repeat(20), deploymentBlock: 1 };
/** Checksummed, as the log reader records players and the routes read them. */
const PLAYERS = ["a1", "b2", "c3"].map((byte) => getAddress("0x" + byte.repeat(20)));
const [FEW, MANY] = [getAddress("0x" + "d4".repeat(20)), getAddress("0x" + "e5".repeat(20))];
const WEI = 10n ** 18n;

let nextId = 0;
let block = 1;
let cursor = 0;

async function place(rows: { player: string; token: string; amount: bigint; game: number; status: string; payout?: bigint; settledBlock?: number }[]) {
  for (const row of rows) {
    const id = String(++nextId);
    const settled = row.status === "settled";
    await db().execute(sql`
      INSERT INTO bets (bet_id, player, token, amount, game_type, params, nonce, client_seed, chain_first_nonce, placed_block, placed_tx_hash, status, payout, settled_block, settle_tx_hash, settled_seq)
      VALUES (${id}, ${row.player}, ${row.token}, ${row.amount.toString()}, ${row.game}, '1', ${nextId}, '0x', 0, ${block}, '0x', ${row.status},
        ${row.payout === undefined ? null : row.payout.toString()}, ${settled ? row.settledBlock! : null}, ${settled ? "0x" : null},
        ${settled ? sql`nextval('bets_feed_seq')` : null})`);
  }
}

/** As ingest.ts's markSettled: a block's settlements in one statement, numbered in log order. */
async function settle(ids: string[], payouts: bigint[], wins: (bigint | null)[], at: number) {
  await db().execute(sql`
    UPDATE bets SET status = 'settled', payout = v.payout, jackpot_win = v.win, settled_block = ${at}, settle_tx_hash = '0x',
      settled_seq = COALESCE(bets.settled_seq, v.seq)
    FROM (SELECT logged.*, nextval('bets_feed_seq') AS seq FROM (
      SELECT * FROM unnest(${`{${ids.join(",")}}`}::text[], ${`{${payouts.join(",")}}`}::text[], ${`{${wins.map((w) => (w === null ? "NULL" : w)).join(",")}}`}::text[])
      WITH ORDINALITY AS u(bet_id, payout, win, ord) ORDER BY ord) AS logged) AS v
    WHERE bets.bet_id = v.bet_id`);
}

/** The page's numbers from every bet, as the page computed them before migration 14. */
async function fromScratch(player: string) {
  const bets = rowsOf<{ token: "DEGEN" | "BNB"; game_type: number; stake: string; paid: string; time: string }>(
    await db().execute(sql`
      SELECT bets.token, bets.game_type, bets.stake::text AS stake, bets.paid::text AS paid, block_times.time FROM bets
      JOIN block_times ON block_times.block = bets.settled_block
      WHERE bets.player = ${player} AND bets.status = 'settled' AND bets.payout IS NOT NULL AND bets.settled_block <= ${cursor} ORDER BY bets.settled_seq`),
  );
  const games = new Map<string, { gameType: number; token: string; bets: number; wagered: bigint; paid: bigint; biggestWin: bigint }>();
  const series: Record<string, [number, string][]> = {};
  const profit: Record<string, bigint> = {};
  for (const bet of bets) {
    const key = `${bet.token}:${bet.game_type}`;
    const game = games.get(key) ?? { gameType: bet.game_type, token: bet.token, bets: 0, wagered: 0n, paid: 0n, biggestWin: 0n };
    const [stake, paid] = [BigInt(bet.stake), BigInt(bet.paid)];
    games.set(key, {
      ...game,
      bets: game.bets + 1,
      wagered: game.wagered + stake,
      paid: game.paid + paid,
      biggestWin: paid > game.biggestWin ? paid : game.biggestWin,
    });
    profit[bet.token] = (profit[bet.token] ?? 0n) + paid - stake;
    (series[bet.token] ??= []).push([Number(bet.time), profit[bet.token]!.toString()]);
  }
  const ordered = [...games.values()].sort((a, b) => (a.token === b.token ? a.gameType - b.gameType : a.token < b.token ? -1 : 1));
  return {
    games: ordered.map((game) => ({
      gameType: game.gameType,
      token: game.token,
      bets: game.bets,
      wagered: game.wagered.toString(),
      paid: game.paid.toString(),
      profit: (game.paid - game.wagered).toString(),
      biggestWin: game.biggestWin.toString(),
    })),
    series,
  };
}

async function expectExact(player: string) {
  const page = await readPlayerStats(db(), player, -1);
  const truth = await fromScratch(player);
  expect(page.readUpTo).toBe(cursor);
  expect(page.games.map(({ game: _game, ...numbers }) => numbers)).toEqual(truth.games);
  expect(Object.keys(page.profitOverTime).sort()).toEqual(Object.keys(truth.series).sort());
  for (const [token, points] of Object.entries(page.profitOverTime) as [string, PlayerStats["profitOverTime"]["DEGEN"]][]) {
    const all = truth.series[token]!;
    expect(points!.length).toBeLessThanOrEqual(CHART_POINTS);
    expect(points!.at(-1)).toEqual(all.at(-1));
    // Each point is the profit after one of the bets, in their order.
    let at = 0;
    for (const point of points!) {
      while (at < all.length && (all[at]![0] !== point[0] || all[at]![1] !== point[1])) at++;
      expect(at, `${token} point ${JSON.stringify(point)}`).toBeLessThan(all.length);
    }
    if (all.length > CHART_POINTS) expect(points!.length).toBeGreaterThanOrEqual(CHART_POINTS / 2);
  }
}

/** Rows the database read from the bets table meanwhile (its cumulative statistics). */
async function rowsRead(run: () => Promise<unknown>): Promise<number> {
  const read = async () => {
    await db().execute(sql`SELECT pg_stat_force_next_flush()`);
    const result = await db().execute(
      sql`SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::text AS n FROM pg_stat_user_tables WHERE relname = 'bets'`,
    );
    return Number(rowsOf<{ n: string }>(result)[0]!.n);
  };
  const before = await read();
  await run();
  return (await read()) - before;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: temp.dir, identity });
}, 60_000);
afterAll(async () => {
  await database?.close();
  temp.dispose();
});

describe("a player's numbers (migration 14)", () => {
  it("equal a computation from scratch over the bets after a long random sequence of settlements, to the wei", async () => {
    const next = mulberry32(38);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    await setValue(db(), "settler.cursor", String(cursor));
    for (let step = 0; step < 160; step++) {
      block++;
      await db().execute(sql`INSERT INTO block_times (block, time) VALUES (${block}, ${1_800_000_000 + block * 3}) ON CONFLICT DO NOTHING`);
      // Bets placed: most by the first player, in both tokens and three games; some split.
      const placed = Array.from({ length: 1 + Math.floor(next() * 12) }, () => ({
        player: next() < 0.7 ? PLAYERS[0]! : pick(PLAYERS),
        token: next() < 0.7 ? "DEGEN" : "BNB",
        amount: BigInt(1 + Math.floor(next() * 1000)) * WEI + BigInt(Math.floor(next() * 1e9)),
        game: Math.floor(next() * 3),
        status: "open",
      }));
      await place(placed);
      const open = rowsOf<{ bet_id: string; amount: string }>(await db().execute(sql`SELECT bet_id, amount FROM bets WHERE status = 'open' ORDER BY bet_id`));
      for (const bet of open.filter(() => next() < 0.1)) await db().execute(sql`UPDATE bets SET split = true WHERE bet_id = ${bet.bet_id}`);
      // A block's settlements, recorded from a receipt ahead of the scan or by the scan itself.
      const settling = open.filter(() => next() < 0.8);
      if (settling.length) {
        await settle(
          settling.map((bet) => bet.bet_id),
          settling.map((bet) => (next() < 0.45 ? (BigInt(bet.amount) * BigInt(150 + Math.floor(next() * 900))) / 100n : 0n)),
          settling.map(() => (next() < 0.5 ? null : next() < 0.9 ? 0n : BigInt(Math.floor(next() * 1e6)) * WEI)),
          block,
        );
      }
      // Bets first seen settled, one under another server's commitment (no payout), and a claimed one.
      if (next() < 0.2)
        await place([{ player: pick(PLAYERS), token: "DEGEN", amount: 5n * WEI, game: 1, status: "settled", payout: 7n * WEI, settledBlock: block }]);
      if (next() < 0.1) await place([{ player: pick(PLAYERS), token: "BNB", amount: 3n * WEI, game: 2, status: "settled", settledBlock: block }]);
      if (next() < 0.1) await place([{ player: pick(PLAYERS), token: "BNB", amount: 3n * WEI, game: 2, status: "expired", payout: 3n * WEI }]);
      // A one-click bet's jackpot drawn after its settlement was counted (ingest.ts markDrawn).
      if (next() < 0.3) {
        await db().execute(sql`
          UPDATE bets SET jackpot_win = ${(BigInt(1 + Math.floor(next() * 1e6)) * WEI).toString()}, jackpot_hit = true
          WHERE bet_id = (SELECT bet_id FROM bets WHERE status = 'settled' AND payout IS NOT NULL AND settled_block <= ${cursor} ORDER BY random() LIMIT 1)`);
      }
      // The scan reaches the head now and then, some blocks at a time.
      if (next() < 0.4) {
        cursor = block - (next() < 0.5 ? 1 : 0);
        await setValue(db(), "settler.cursor", String(cursor));
      }
      if (step % 40 === 39) for (const player of PLAYERS) await expectExact(player);
    }
    cursor = block;
    await setValue(db(), "settler.cursor", String(cursor));
    for (const player of PLAYERS) await expectExact(player);
    const counted = rowsOf<{ n: string }>(
      await db().execute(sql`SELECT count(*) AS n FROM bets WHERE player = ${PLAYERS[0]!} AND status = 'settled' AND payout IS NOT NULL AND token = 'DEGEN'`),
    )[0]!.n;
    expect(Number(counted)).toBeGreaterThan(CHART_POINTS * 2);
  }, 120_000);

  it("read as many rows of bets for a player of 4,000 bets as for one of 400", async () => {
    const [few, many] = [FEW, MANY];
    for (const [player, count] of [
      [few, 400],
      [many, 4_000],
    ] as const) {
      await db().execute(sql`
        INSERT INTO bets (bet_id, player, token, amount, game_type, params, nonce, client_seed, chain_first_nonce, placed_block, placed_tx_hash, status, payout, settled_block, settle_tx_hash, settled_seq)
        SELECT ${player} || '-' || g, ${player}, CASE WHEN g % 3 = 0 THEN 'BNB' ELSE 'DEGEN' END, (g * 1000)::text, g % 4, '1', g, '0x', 0, ${block}, '0x', 'settled',
          (CASE WHEN g % 2 = 0 THEN g * 1900 ELSE 0 END)::text, ${block}, '0x', nextval('bets_feed_seq')
        FROM generate_series(1, ${count}) g`);
    }
    await setValue(db(), "settler.cursor", String(++block));
    await db().execute(sql`INSERT INTO block_times (block, time) VALUES (${block - 1}, 1800000000) ON CONFLICT DO NOTHING`);
    await db().execute(sql`ANALYZE`);
    const reads = [];
    for (const player of [few, many]) {
      expect((await readPlayerStats(db(), player, -1)).games).toHaveLength(4 * 2);
      reads.push(await rowsRead(() => readPlayerStats(db(), player, -1)));
    }
    // Neither reads a bet: the page's rows are one per game and token and at most CHART_POINTS per token.
    expect(reads).toEqual([0, 0]);
  }, 60_000);
});

describe("a player's history", () => {
  it("comes a page at a time, every bet exactly once", async () => {
    const player = PLAYERS[0]!;
    const truth = rowsOf<{ bet_id: string }>(
      await db().execute(sql`
        SELECT bet_id FROM bets WHERE player = ${player} AND status = 'settled' AND payout IS NOT NULL AND settled_block <= ${cursor} AND token = 'DEGEN'
        ORDER BY settled_seq DESC`),
    ).map((row) => row.bet_id);
    const seen: string[] = [];
    for (let before: number | undefined; ;) {
      const page = await readPlayerBets(db(), player, { token: "DEGEN" }, { upTo: cursor, before, limit: 37 });
      seen.push(...page.map((bet) => bet.betId));
      if (page.length < 37) break;
      before = page.at(-1)!.seq;
    }
    expect(seen).toEqual(truth);
  });
});

describe("the CSV export (GET /api/players/:address/bets?format=csv)", () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = express();
    app.use("/api", statsRouter({ db: db(), readUpTo: async () => cursor, trustProxy: compileTrustProxy("loopback"), csvExportsPerMinute: 2 }));
    app.use(errorHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it("streams every row of the selection, and answers 429 past its own limit per IP", async () => {
    const many = MANY;
    const first = await fetch(`${base}/api/players/${many}/bets?format=csv&token=DEGEN`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
    expect(first.status).toBe(200);
    // Written a batch at a time: its length is not known before the end.
    expect(first.headers.get("content-length")).toBeNull();
    expect(first.headers.get("transfer-encoding")).toBe("chunked");
    const lines = (await first.text()).trim().split("\r\n");
    expect(lines[0]).toBe("bet_id,game,token,stake,paid,jackpot_win,profit,stake_wei,paid_wei,settled_block,settled_at,settle_tx_hash");
    const rows = lines.slice(1).map((line) => line.split(","));
    // 4,000 bets, a third of them BNB.
    expect(rows).toHaveLength(2_667);
    expect(new Set(rows.map((row) => row[0])).size).toBe(2_667);
    expect(rows.every((row) => row[2] === "DEGEN")).toBe(true);

    const forwardedFor = (ip: string) => ({ headers: { "X-Forwarded-For": ip } });
    // Each export read to its end: one a client leaves unread holds its place until its time limit.
    const second = await fetch(`${base}/api/players/${many}/bets?format=csv`, forwardedFor("203.0.113.7"));
    expect(second.status).toBe(200);
    await second.text();
    const refused = await fetch(`${base}/api/players/${many}/bets?format=csv`, forwardedFor("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    // Another address, and the JSON pages, are not held by it.
    const another = await fetch(`${base}/api/players/${many}/bets?format=csv&limit=1`, forwardedFor("203.0.113.8"));
    expect(another.status).toBe(200);
    await another.text();
    expect((await fetch(`${base}/api/players/${many}/bets`, forwardedFor("203.0.113.7"))).status).toBe(200);
  });

  it("answers another player's page asked while an export is being written before the export ends", async () => {
    const ended: string[] = [];
    const exporting = await fetch(`${base}/api/players/${MANY}/bets?format=csv`, { headers: { "X-Forwarded-For": "203.0.113.40" } });
    expect(exporting.status).toBe(200);
    await Promise.all([
      exporting.text().then(() => ended.push("export")),
      fetch(`${base}/api/players/${FEW}`).then(async (response) =>
        ended.push(`page ${response.status} ${((await response.json()) as { player: string }).player}`),
      ),
    ]);
    expect(ended).toEqual([`page 200 ${FEW}`, "export"]);
  });

  it("writes CSV_EXPORTS_AT_ONCE exports at once, from any addresses: one more is a 503 with Retry-After, the JSON pages still answer", async () => {
    // The database holds every CSV read until the test lets it go: the first export is still being written.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const firstRead = new Promise<void>((resolve) => (reached = resolve));
    const real = db();
    const gated = new Proxy(real, {
      get: (target, name, receiver) => {
        if (name !== "execute") return Reflect.get(target, name, receiver);
        return async (...args: Parameters<typeof real.execute>) => {
          reached();
          await held;
          return target.execute(...args);
        };
      },
    });
    const app = express();
    app.use("/api", statsRouter({ db: gated, readUpTo: async () => cursor, trustProxy: compileTrustProxy("loopback"), csvExportsAtOnce: 1 }));
    app.use("/ungated", statsRouter({ db: real, readUpTo: async () => cursor, trustProxy: compileTrustProxy("loopback") }));
    app.use(errorHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const csv = (ip: string) => fetch(`${url}/api/players/${MANY}/bets?format=csv&limit=1`, { headers: { "X-Forwarded-For": ip } });
      const writing = csv("203.0.113.20");
      await firstRead;
      const busy = await csv("203.0.113.21");
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("5");
      expect(await busy.json()).toEqual({ error: "1 CSV exports are being written: try again in a few seconds" });
      expect((await fetch(`${url}/ungated/players/${MANY}/bets`)).status).toBe(200);
      release();
      const written = await writing;
      expect(written.status).toBe(200);
      // The place is held until the export is written.
      await written.text();
      const next = await csv("203.0.113.21");
      expect(next.status).toBe(200);
      await next.text();
    } finally {
      release();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    }
  });
});

/** The stats routes over a database that counts its reads and can hold them, on a port of their own. */
async function countedRoutes(options: { cursor: () => number; hold?: (read: number) => boolean; csvExportsAtOnce?: number; csvExportMs?: number }) {
  let reads = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reachedHeld: () => void = () => undefined;
  const heldReached = new Promise<void>((resolve) => (reachedHeld = resolve));
  const real = db();
  const counted = new Proxy(real, {
    get: (target, name, receiver) => {
      if (name !== "execute") return Reflect.get(target, name, receiver);
      return async (...args: Parameters<typeof real.execute>) => {
        reads++;
        if (options.hold?.(reads)) {
          reachedHeld();
          await held;
        }
        return target.execute(...args);
      };
    },
  });
  const app = express();
  app.use("/api", statsRouter({ db: counted, readUpTo: async () => options.cursor(), trustProxy: compileTrustProxy("loopback"), ...options }));
  app.use(errorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads: () => reads,
    heldReached,
    close: async () => {
      release();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

describe("a page read once for its callers (issue #38 item 5)", () => {
  it("ten callers at once and every caller after them while the cursor stays read the database once; the cursor moving reads it again", async () => {
    let at = cursor;
    const routes = await countedRoutes({ cursor: () => at });
    try {
      for (const path of [`/api/players/${MANY}`, `/api/players/${MANY}/bets?token=DEGEN&limit=20`]) {
        const before = routes.reads();
        const page = async () => (await fetch(routes.url + path)).json() as Promise<{ games?: unknown; bets?: unknown }>;
        const answers = await Promise.all(Array.from({ length: 10 }, page));
        expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
        expect(answers[0]!.games ?? answers[0]!.bets).toHaveLength(path.includes("bets") ? 20 : 4 * 2);
        expect(await page()).toEqual(answers[0]);
        expect(routes.reads() - before).toBe(1);
        // The log reader's next block: the page may have changed, it is read again.
        at++;
        const again = await page();
        expect(again.games ?? again.bets).toEqual(answers[0]!.games ?? answers[0]!.bets);
        expect(routes.reads() - before).toBe(2);
        at = cursor;
      }
    } finally {
      await routes.close();
    }
  });

  it("is serialized once for all its callers: ten at once and the one after them get the same bytes", async () => {
    const routes = await countedRoutes({ cursor: () => cursor });
    const stringify = vi.spyOn(JSON, "stringify");
    // The routes' answers all carry readUpTo; nothing else serialized meanwhile does.
    const answersSerialized = () => stringify.mock.calls.filter(([value]) => typeof value === "object" && value !== null && "readUpTo" in value).length;
    try {
      for (const path of [`/api/players/${MANY}`, `/api/players/${MANY}/bets?token=DEGEN&limit=20`, "/api/leaderboards?window=all"]) {
        stringify.mockClear();
        const body = async () => (await fetch(routes.url + path)).text();
        const bodies = await Promise.all(Array.from({ length: 10 }, body));
        bodies.push(await body());
        expect(new Set(bodies).size).toBe(1);
        expect(JSON.parse(bodies[0]!)).toHaveProperty("readUpTo");
        expect(answersSerialized(), path).toBe(1);
      }
    } finally {
      stringify.mockRestore();
      await routes.close();
    }
  });
});

describe("a CSV export's time limit", () => {
  it("cuts an export still being written when it runs out (a reader too slow, or a read), and frees its place for the next", async () => {
    // The first export's second batch is held: it cannot end on its own.
    const routes = await countedRoutes({ cursor: () => cursor, hold: (read) => read === 2, csvExportsAtOnce: 1, csvExportMs: 1_000 });
    try {
      const csv = (player: string, ip: string) => fetch(`${routes.url}/api/players/${player}/bets?format=csv`, { headers: { "X-Forwarded-For": ip } });
      const cut = await csv(MANY, "203.0.113.30");
      expect(cut.status).toBe(200);
      await routes.heldReached;
      // Cut: the download ends incomplete, not short.
      await expect(cut.text()).rejects.toThrow();
      // A short one, written well within the limit.
      const next = await csv(FEW, "203.0.113.31");
      expect(next.status).toBe(200);
      expect((await next.text()).trim().split("\r\n")).toHaveLength(1 + 400);
    } finally {
      await routes.close();
    }
  });
});

describe("a CSV export's amounts", () => {
  it("are written in tokens as ethers' formatEther writes them", () => {
    const next = mulberry32(5);
    const amounts = [0n, 1n, -1n, WEI, -WEI, 15n * 10n ** 17n, 10n ** 30n + 7n, -(5n * 10n ** 12n)];
    for (let i = 0; i < 1_000; i++)
      amounts.push((BigInt(Math.floor(next() * 2 ** 53)) * BigInt(Math.floor(next() * 2 ** 30))) / 10n ** BigInt(Math.floor(next() * 20)) - 10n ** 20n);
    for (const wei of amounts) expect(tokens(wei), String(wei)).toBe(formatEther(wei));
  });
});
