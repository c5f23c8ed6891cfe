import { Router } from "express";
import { formatEther } from "ethers";
import { z } from "zod";
import { GAME_TYPES } from "../engine";
import type { Db } from "../db/types";
import { parse, route } from "../http/errors";
import { address, tokenSymbol } from "../http/validators";
import { readLeaderboards, type Leaderboards } from "../stats/leaderboards";
import { readPlayerBets, readPlayerStats, type PlayerBet } from "../stats/player-stats";
import { STATS_WINDOWS } from "../stats/settled-bets";

/** Leaderboards are read again at most this often: one read serves every browser meanwhile. */
const LEADERBOARDS_FRESH_MS = 5_000;
/** Rows of a CSV export at most (the newest). */
export const CSV_ROWS = 10_000;

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
}

/**
 * Public numbers of the casino floor (issue #22), all from settled bets as the chain's events
 * recorded them: GET /api/leaderboards, GET /api/players/:address (a player's numbers and profit
 * over time) and GET /api/players/:address/bets (the history, filtered, as JSON pages or CSV).
 */
export function statsRouter(o: StatsRoutesOptions): Router {
  const router = Router();
  const now = o.now ?? (() => Math.floor(Date.now() / 1000));
  const fresh = new Map<string, { at: number; read: Promise<Leaderboards> }>();

  router.get(
    "/leaderboards",
    route(async (req) => {
      const { window, token } = parse(leaderboardsQuery, req.query);
      const key = `${window}:${token}`;
      const kept = fresh.get(key);
      if (kept && Date.now() - kept.at < LEADERBOARDS_FRESH_MS) return kept.read;
      const read = o.readUpTo().then((upTo) => readLeaderboards(o.db, { window, token, now: now(), upTo }));
      fresh.set(key, { at: Date.now(), read });
      read.catch(() => fresh.delete(key));
      return read;
    }),
  );

  router.get(
    "/players/:address",
    route(async (req) => {
      const player = parse(address, req.params.address);
      return readPlayerStats(o.db, player, await o.readUpTo());
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
        const rows = await readPlayerBets(o.db, player, filter, { upTo: readUpTo, before, limit: CSV_ROWS });
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="degen-casino-bets-${player}-to-block-${readUpTo}.csv"`);
        res.send(csvOf(rows));
        return undefined;
      }
      const bets = await readPlayerBets(o.db, player, filter, { upTo: readUpTo, before, limit });
      return { bets, next: bets.length === limit ? bets[bets.length - 1]!.seq : null, readUpTo };
    }),
  );
  return router;
}

const CSV_HEADER = "bet_id,game,token,stake,paid,jackpot_win,profit,stake_wei,paid_wei,settled_block,settled_at,settle_tx_hash";

/** The history as CSV: amounts in tokens (18 decimals) and in wei, times in UTC. */
export function csvOf(rows: readonly PlayerBet[]): string {
  const lines = rows.map((bet) => {
    const profit = BigInt(bet.paid) - BigInt(bet.stake);
    return [
      bet.betId,
      bet.game,
      bet.token,
      formatEther(bet.stake),
      formatEther(bet.paid),
      formatEther(bet.jackpotWin),
      formatEther(profit),
      bet.stake,
      bet.paid,
      bet.settledBlock,
      bet.settledAt === null ? "" : new Date(bet.settledAt * 1000).toISOString(),
      bet.settleTxHash,
    ].join(",");
  });
  return [CSV_HEADER, ...lines].join("\r\n") + "\r\n";
}
