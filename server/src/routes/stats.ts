import type { ServerResponse } from "node:http";
import { setImmediate as nextTurn } from "node:timers/promises";
import { Router } from "express";
import { z } from "zod";
import { GAME_TYPES } from "../engine";
import type { Db } from "../db/types";
import { HttpError, parse, route, SerializedJson } from "../http/errors";
import { countRequest, FixedWindowCounter, ipKey } from "../http/limits";
import type { TrustProxy } from "../http/trust-proxy";
import { address, tokenSymbol } from "../http/validators";
import { readLeaderboards } from "../stats/leaderboards";
import { KeptReads } from "../stats/kept-reads";
import { readPlayerBets, readPlayerStats, type PlayerBet } from "../stats/player-stats";
import { STATS_WINDOWS } from "../stats/settled-bets";

/** Leaderboards are read again at most this often: one read, serialized once, serves every browser meanwhile. */
const LEADERBOARDS_FRESH_MS = 5_000;
/** Rows of a CSV export at most (the newest). */
export const CSV_ROWS = 10_000;
/**
 * Rows a CSV export reads at once: what it holds in memory, however long the export. Between two
 * batches it lets the event loop turn: PGlite runs each read on the loop's thread, and without the
 * turn an export's reads followed each other with nothing else let in (ten exports ran one after
 * another, another player's page waited 3.5 s behind them).
 */
const CSV_BATCH = 200;
/** CSV exports per minute from one IP address: each reads up to CSV_ROWS rows (issue #38 item 5). */
export const CSV_EXPORTS_PER_IP_PER_MINUTE = 6;
/**
 * CSV exports an instance writes at once, whoever asks: ten at once, from as many addresses, held
 * another player's page for 3.5 s (PGlite runs one query at a time), so one more waits its turn
 * at the client, told when to come back.
 */
export const CSV_EXPORTS_AT_ONCE = 2;
/**
 * An export still being written this long after it began is cut (the download ends incomplete)
 * and its place freed: a client reading slowly, or not at all, cannot hold one of the
 * CSV_EXPORTS_AT_ONCE places. 10,000 rows are about 2.2 MB: 30 s is 0.6 Mbit/s.
 */
export const CSV_EXPORT_MS = 30_000;
/**
 * A player's page and a page of their history are read and serialized once for every caller while
 * the log reader's cursor stays, and at most this long (stats/kept-reads.ts).
 */
const PAGES_KEPT_MS = 5_000;
/** Pages kept per kind: a whale's numbers are about 15 kB, a page of 50 bets about 20 kB. */
const PAGES_KEPT = 500;

const leaderboardsQuery = z.object({ window: z.enum(STATS_WINDOWS as ["24h", "7d", "all"]).default("24h"), token: tokenSymbol.default("DEGEN") }).strict();

const betsQuery = z
  .object({
    game: z.coerce
      .number()
      .int()
      .min(0)
      .max(GAME_TYPES.length - 1)
      .optional(),
    token: tokenSymbol.optional(),
    result: z.enum(["won", "lost", "even"]).optional(),
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .strict();

export interface StatsRoutesOptions {
  db: Db;
  /** The last block whose logs are recorded: every answer says how far the numbers reach. */
  readUpTo: () => Promise<number>;
  /** Unix seconds: where the 24 h and 7 day windows end. */
  now?: () => number;
  /** TRUST_PROXY, for the CSV export's per-IP limit as for the app's. */
  trustProxy: TrustProxy;
  /** CSV exports per minute per IP (CSV_EXPORTS_PER_IP_PER_MINUTE by default). */
  csvExportsPerMinute?: number;
  /** CSV exports written at once (CSV_EXPORTS_AT_ONCE by default). */
  csvExportsAtOnce?: number;
  /** How long a CSV export may take (CSV_EXPORT_MS by default). */
  csvExportMs?: number;
}

/**
 * Public numbers of the casino floor (issue #22), all from settled bets as the chain's events
 * recorded them: GET /api/leaderboards, GET /api/players/:address (a player's numbers and profit
 * over time) and GET /api/players/:address/bets (the history, filtered, as JSON pages or CSV).
 */
export function statsRouter(o: StatsRoutesOptions): Router {
  const router = Router();
  const now = o.now ?? (() => Math.floor(Date.now() / 1000));
  // Kept by age alone (the cursor they are read to is part of the read): 3 windows × 2 tokens.
  const leaderboards = new KeptReads<SerializedJson>({ maxAgeMs: LEADERBOARDS_FRESH_MS, maxEntries: 6 });
  const pages = new KeptReads<SerializedJson>({ maxAgeMs: PAGES_KEPT_MS, maxEntries: PAGES_KEPT });
  const histories = new KeptReads<SerializedJson>({ maxAgeMs: PAGES_KEPT_MS, maxEntries: PAGES_KEPT });
  const csvExports = new FixedWindowCounter(o.csvExportsPerMinute ?? CSV_EXPORTS_PER_IP_PER_MINUTE);
  const csvAtOnce = o.csvExportsAtOnce ?? CSV_EXPORTS_AT_ONCE;
  const csvExportMs = o.csvExportMs ?? CSV_EXPORT_MS;
  let csvWriting = 0;

  router.get(
    "/leaderboards",
    route(async (req) => {
      const { window, token } = parse(leaderboardsQuery, req.query);
      return leaderboards.read(`${window}:${token}`, 0, () =>
        o.readUpTo().then(async (upTo) => new SerializedJson(await readLeaderboards(o.db, { window, token, now: now(), upTo }))),
      );
    }),
  );

  router.get(
    "/players/:address",
    route(async (req) => {
      const player = parse(address, req.params.address);
      const upTo = await o.readUpTo();
      return pages.read(player, upTo, async () => new SerializedJson(await readPlayerStats(o.db, player, upTo)));
    }),
  );

  router.get(
    "/players/:address/bets",
    route(async (req, res) => {
      const player = parse(address, req.params.address);
      const { game, token, result, before, limit, format } = parse(betsQuery, req.query);
      const filter = { gameType: game, token, result };
      const readUpTo = await o.readUpTo();
      if (format === "csv") {
        if (!countRequest(csvExports, ipKey(req, o.trustProxy), res)) return undefined;
        if (csvWriting >= csvAtOnce) {
          res.setHeader("Retry-After", "5");
          throw new HttpError(503, `${csvAtOnce} CSV exports are being written: try again in a few seconds`);
        }
        // The place is taken until the response closes: written, failed, given up by its client, or cut at its time limit.
        csvWriting++;
        const timeLimit = setTimeout(() => res.destroy(), csvExportMs);
        res.once("close", () => {
          csvWriting--;
          clearTimeout(timeLimit);
        });
        const read = (from: number | undefined, limit: number) => readPlayerBets(o.db, player, filter, { upTo: readUpTo, before: from, limit });
        const first = await read(before, CSV_BATCH);
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="degen-casino-bets-${player}-to-block-${readUpTo}.csv"`);
        await streamCsv(res, first, read);
        return undefined;
      }
      const key = JSON.stringify([player, game, token, result, before, limit]);
      return histories.read(key, readUpTo, async () => {
        const bets = await readPlayerBets(o.db, player, filter, { upTo: readUpTo, before, limit });
        return new SerializedJson({ bets, next: bets.length === limit ? bets[bets.length - 1]!.seq : null, readUpTo });
      });
    }),
  );
  return router;
}

/**
 * Writes the CSV a batch at a time, each read after the last is handed to the socket (waiting
 * while the client is slower) and the event loop has turned, so that an export holds CSV_BATCH
 * rows, not CSV_ROWS, and other requests are answered between its reads. A failure after the
 * first batch can no longer change the status: the connection is cut, so that the download ends
 * incomplete rather than short. A response closed meanwhile (its time limit) ends the export.
 */
async function streamCsv(res: ServerResponse, first: PlayerBet[], read: (before: number, limit: number) => Promise<PlayerBet[]>): Promise<void> {
  if (res.destroyed) return;
  let batch = first;
  let written = 0;
  res.write(`${CSV_HEADER}\r\n`);
  try {
    for (;;) {
      if (res.destroyed) return;
      if (batch.length > 0 && !res.write(csvLines(batch))) await drained(res);
      written += batch.length;
      if (batch.length < CSV_BATCH || written >= CSV_ROWS) break;
      await nextTurn();
      batch = await read(batch[batch.length - 1]!.seq, Math.min(CSV_BATCH, CSV_ROWS - written));
    }
  } catch (error) {
    res.destroy(error as Error);
    return;
  }
  if (!res.destroyed) res.end();
}

/** Until the socket takes more, or closes (the client gave up). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

const CSV_HEADER = "bet_id,game,token,stake,paid,jackpot_win,profit,stake_wei,paid_wei,settled_block,settled_at,settle_tx_hash";

/** Rows of the history as CSV lines: amounts in tokens (18 decimals) and in wei, times in UTC. */
function csvLines(rows: readonly PlayerBet[]): string {
  const lines = rows.map((bet) => {
    const [stake, paid] = [BigInt(bet.stake), BigInt(bet.paid)];
    return [
      bet.betId,
      bet.game,
      bet.token,
      tokens(stake),
      tokens(paid),
      tokens(BigInt(bet.jackpotWin)),
      tokens(paid - stake),
      bet.stake,
      bet.paid,
      bet.settledBlock,
      bet.settledAt === null ? "" : new Date(bet.settledAt * 1000).toISOString(),
      bet.settleTxHash,
    ].join(",");
  });
  return lines.map((line) => `${line}\r\n`).join("");
}

const WEI_PER_TOKEN = 10n ** 18n;

/**
 * Wei as tokens, as ethers' formatEther writes them ("1.5", "0.0", "-0.000001"), at a sixth
 * of its cost: four amounts a row made formatting most of an export's time.
 */
export function tokens(wei: bigint): string {
  const size = wei < 0n ? -wei : wei;
  const fraction = (size % WEI_PER_TOKEN).toString().padStart(18, "0").replace(/0+$/, "");
  return `${wei < 0n ? "-" : ""}${size / WEI_PER_TOKEN}.${fraction || "0"}`;
}
