import { sql } from "drizzle-orm";
import { gameName, type GameName, type GameType } from "../engine";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { PAID, PROFIT, settledUpTo, STAKE } from "./settled-bets";

/** Points of the cumulative profit chart per token: a long history is thinned to this many (the last point always kept). */
export const CHART_POINTS = 400;

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

/** The player's profit after each settled bet: [unix time of its block, profit so far in wei]. */
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

/** A player's numbers from their bets settled up to a block. */
export async function readPlayerStats(db: Db, player: string, upTo: number): Promise<PlayerStats> {
  const games = await db.execute(sql`
    SELECT bets.game_type, bets.token, count(*) AS bets, sum(${STAKE})::text AS wagered, sum(${PAID})::text AS paid,
      sum(${PROFIT})::text AS profit, max(${PAID})::text AS biggest_win
    FROM bets WHERE bets.player = ${player} AND ${settledUpTo(upTo)}
    GROUP BY bets.game_type, bets.token ORDER BY bets.token, bets.game_type`);
  const user = await db.execute(sql`SELECT username FROM users WHERE wallet_address = ${player}`);
  // Bets whose block time is not read yet (recorded before block times were) are left out of the chart only.
  const points = await db.execute(sql`
    SELECT bets.token, block_times.time, (sum(${PROFIT}) OVER (PARTITION BY bets.token ORDER BY bets.settled_seq))::text AS profit
    FROM bets JOIN block_times ON block_times.block = bets.settled_block
    WHERE bets.player = ${player} AND ${settledUpTo(upTo)} ORDER BY bets.token, bets.settled_seq`);
  const profitOverTime: PlayerStats["profitOverTime"] = {};
  for (const row of rowsOf<{ token: "DEGEN" | "BNB"; time: string; profit: string }>(points)) {
    (profitOverTime[row.token] ??= []).push([Number(row.time), row.profit]);
  }
  for (const token of Object.keys(profitOverTime) as ("DEGEN" | "BNB")[]) profitOverTime[token] = thinned(profitOverTime[token]!, CHART_POINTS);
  return {
    player,
    username: rowsOf<{ username: string }>(user)[0]?.username ?? null,
    games: rowsOf<{ game_type: number; token: "DEGEN" | "BNB"; bets: string; wagered: string; paid: string; profit: string; biggest_win: string }>(games).map(
      (row) => ({
        gameType: row.game_type,
        game: gameName(row.game_type as GameType),
        token: row.token,
        bets: Number(row.bets),
        wagered: row.wagered,
        paid: row.paid,
        profit: row.profit,
        biggestWin: row.biggest_win,
      }),
    ),
    profitOverTime,
    readUpTo: upTo,
  };
}

/** At most `most` points spread evenly over the series, its last always among them. */
export function thinned<T>(series: readonly T[], most: number): T[] {
  if (series.length <= most) return [...series];
  const step = (series.length - 1) / (most - 1);
  return Array.from({ length: most }, (_, i) => series[Math.round(i * step)]!);
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
