import { sql } from "drizzle-orm";
import { gameName, type GameName, type GameType } from "../engine";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { PAID, settledUpTo, STAKE } from "./settled-bets";

/** Points of the cumulative profit chart per token at most (migration 14 keeps them). */
export const CHART_POINTS = 200;

/** A player's numbers in one game and token; amounts are wei, as decimal strings. */
export interface GameStats {
  gameType: number;
  game: GameName;
  token: "DEGEN" | "BNB";
  bets: number;
  wagered: string;
  /** Payouts plus jackpot prizes. */
  paid: string;
  profit: string;
  /** The most one bet paid ("0" when none won anything). */
  biggestWin: string;
}

/** The player's profit after a settled bet: [unix time of its block, profit so far in wei]. */
export type ProfitPoint = [number, string];

export interface PlayerStats {
  player: string;
  username: string | null;
  games: GameStats[];
  /** Per token that the player bet in. */
  profitOverTime: Partial<Record<"DEGEN" | "BNB", ProfitPoint[]>>;
  /** The last block whose settlements are counted. */
  readUpTo: number;
}

/**
 * A player's numbers from their bets settled up to the log reader's cursor, as the database keeps
 * them with every bet it counts (migration 14: player_totals, player_series, player_points), so
 * that a page reads a row per game and token and at most CHART_POINTS points per token, however
 * many bets the player made. One statement reads them and the cursor they are counted to; before
 * the reader has stored a cursor, `noCursor` is the block the page says it reads up to.
 */
export async function readPlayerStats(db: Db, player: string, noCursor: number): Promise<PlayerStats> {
  const result = await db.execute(sql`
    SELECT (SELECT value FROM kv WHERE key = 'settler.cursor') AS up_to,
      (SELECT username FROM users WHERE wallet_address = ${player}) AS username,
      (SELECT coalesce(json_agg(json_build_object('gameType', game_type, 'token', token, 'bets', bets, 'wagered', wagered::text, 'paid', paid::text,
          'profit', (paid - wagered)::text, 'biggestWin', biggest_win::text) ORDER BY token, game_type), '[]')
        FROM player_totals WHERE player = ${player} AND bets > 0) AS games,
      -- A point's time looked up by its block: a join would hash every block time. A point whose
      -- block time is not read yet (a bet recorded before block times were) is left out.
      (SELECT coalesce(json_agg(json_build_array(token, time, profit::text) ORDER BY token, ordinal), '[]')
        FROM (SELECT point.*, (SELECT time FROM block_times WHERE block_times.block = point.block) AS time
          FROM (SELECT token, ordinal, block, profit FROM player_points WHERE player = ${player}
            UNION ALL SELECT token, bets, last_block, profit FROM player_series WHERE player = ${player} AND bets % stride <> 0) AS point) AS dated
        WHERE time IS NOT NULL) AS points`);
  const row = rowsOf<{
    up_to: string | null;
    username: string | null;
    games: { gameType: number; token: "DEGEN" | "BNB"; bets: number; wagered: string; paid: string; profit: string; biggestWin: string }[] | string;
    points: ["DEGEN" | "BNB", number, string][] | string;
  }>(result)[0]!;
  // node-postgres parses json columns; PGlite may hand them over as text.
  const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
  const profitOverTime: PlayerStats["profitOverTime"] = {};
  for (const [token, time, profit] of json(row.points)) (profitOverTime[token] ??= []).push([Number(time), profit]);
  return {
    player,
    username: row.username,
    games: json(row.games).map(({ gameType, ...game }) => ({ gameType, game: gameName(gameType as GameType), ...game, bets: Number(game.bets) })),
    profitOverTime,
    readUpTo: row.up_to === null ? noCursor : Number(row.up_to),
  };
}

/** The history's filters: a game, a token, a result (won more than staked, less, or the stake back). */
export interface BetFilter {
  gameType?: number;
  token?: "DEGEN" | "BNB";
  result?: "won" | "lost" | "even";
}

/** One settled bet of the history. */
export interface PlayerBet {
  seq: number;
  betId: string;
  gameType: number;
  game: GameName;
  token: "DEGEN" | "BNB";
  stake: string;
  paid: string;
  /** The jackpot prize among what it paid ("0": none). */
  jackpotWin: string;
  settledBlock: number;
  /** Unix time of the settling block (null while not read). */
  settledAt: number | null;
  settleTxHash: string;
}

const RESULT = { won: sql`${PAID} > ${STAKE}`, lost: sql`${PAID} < ${STAKE}`, even: sql`${PAID} = ${STAKE}` };

/** The player's bets settled up to a block, newest first, matching the filter, before a place in the feed's order (all when undefined). */
export async function readPlayerBets(db: Db, player: string, filter: BetFilter, o: { upTo: number; before?: number; limit: number }): Promise<PlayerBet[]> {
  const result = await db.execute(sql`
    SELECT bets.settled_seq, bets.bet_id, bets.game_type, bets.token, ${STAKE}::text AS stake, ${PAID}::text AS paid,
      coalesce(bets.jackpot_win, '0') AS jackpot_win, bets.settled_block, block_times.time, bets.settle_tx_hash
    FROM bets LEFT JOIN block_times ON block_times.block = bets.settled_block
    WHERE bets.player = ${player} AND ${settledUpTo(o.upTo)}
      ${filter.gameType === undefined ? sql`` : sql`AND bets.game_type = ${filter.gameType}`}
      ${filter.token === undefined ? sql`` : sql`AND bets.token = ${filter.token}`}
      ${filter.result === undefined ? sql`` : sql`AND ${RESULT[filter.result]}`}
      ${o.before === undefined ? sql`` : sql`AND bets.settled_seq < ${o.before}`}
    ORDER BY bets.settled_seq DESC LIMIT ${o.limit}`);
  return rowsOf<{
    settled_seq: string;
    bet_id: string;
    game_type: number;
    token: "DEGEN" | "BNB";
    stake: string;
    paid: string;
    jackpot_win: string;
    settled_block: string;
    time: string | null;
    settle_tx_hash: string;
  }>(result).map((row) => ({
    seq: Number(row.settled_seq),
    betId: row.bet_id,
    gameType: row.game_type,
    game: gameName(row.game_type as GameType),
    token: row.token,
    stake: row.stake,
    paid: row.paid,
    jackpotWin: row.jackpot_win,
    settledBlock: Number(row.settled_block),
    settledAt: row.time === null ? null : Number(row.time),
    settleTxHash: row.settle_tx_hash,
  }));
}
