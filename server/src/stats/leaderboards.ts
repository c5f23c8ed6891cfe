import { sql, type SQL } from "drizzle-orm";
import { gameName, type GameType } from "../engine";
import { rowsOf, type Db } from "../db/index";
import { PAID, PROFIT, settledSince, settledUpTo, STAKE, windowStart, type StatsWindow } from "./settled-bets";

/** Rows per leaderboard. */
export const LEADERBOARD_SIZE = 10;

/** A player's place on a leaderboard; amounts are wei, as decimal strings. */
export interface LeaderboardEntry {
  player: string;
  username: string | null;
  bets: number;
  /** What the board ranks by: everything staked, or the net profit. */
  amount: string;
}

/** One of the biggest single wins: a bet, with what it staked and paid. */
export interface BigWin {
  betId: string;
  player: string;
  username: string | null;
  gameType: number;
  game: string;
  stake: string;
  /** Its payout plus any jackpot prize it won. */
  paid: string;
  settledBlock: number;
}

export interface Leaderboards {
  window: StatsWindow;
  token: "DEGEN" | "BNB";
  /** The unix time the window starts at (null: all time). */
  since: number | null;
  /** The last block whose settlements are counted. */
  readUpTo: number;
  /** The most staked, the biggest single wins, the most net profit. */
  wagered: LeaderboardEntry[];
  biggestWins: BigWin[];
  profit: LeaderboardEntry[];
}

/** The three leaderboards of a window and token, from the bets the log reader recorded settled up to a block (stats/settled-bets.ts). */
export async function readLeaderboards(db: Db, o: { window: StatsWindow; token: "DEGEN" | "BNB"; now: number; upTo: number }): Promise<Leaderboards> {
  const { window, token } = o;
  const since = windowStart(window, o.now);
  const scope = sql`${settledUpTo(o.upTo)} AND bets.token = ${token} AND ${settledSince(since)}`;
  const ranked = async (by: SQL, having: SQL) => {
    const result = await db.execute(sql`
      SELECT totals.player, users.username, totals.bets, totals.amount::text AS amount
      FROM (SELECT bets.player, count(*) AS bets, sum(${by}) AS amount FROM bets WHERE ${scope} GROUP BY bets.player HAVING ${having}) AS totals
      LEFT JOIN users ON users.wallet_address = totals.player
      ORDER BY totals.amount DESC, totals.player LIMIT ${LEADERBOARD_SIZE}`);
    return rowsOf<{ player: string; username: string | null; bets: string; amount: string }>(result).map((row) => ({
      player: row.player,
      username: row.username,
      bets: Number(row.bets),
      amount: row.amount,
    }));
  };
  const wagered = await ranked(STAKE, sql`TRUE`);
  // A board of winners: a player who lost overall is not on it.
  const profit = await ranked(PROFIT, sql`sum(${PROFIT}) > 0`);
  const wins = await db.execute(sql`
    SELECT bets.bet_id, bets.player, users.username, bets.game_type, ${STAKE}::text AS stake, ${PAID}::text AS paid, bets.settled_block
    FROM bets LEFT JOIN users ON users.wallet_address = bets.player
    WHERE ${scope} AND ${PAID} > ${STAKE}
    ORDER BY ${PAID} DESC, bets.settled_seq LIMIT ${LEADERBOARD_SIZE}`);
  const biggestWins = rowsOf<{
    bet_id: string;
    player: string;
    username: string | null;
    game_type: number;
    stake: string;
    paid: string;
    settled_block: string;
  }>(wins).map((row) => ({
    betId: row.bet_id,
    player: row.player,
    username: row.username,
    gameType: row.game_type,
    game: gameName(row.game_type as GameType),
    stake: row.stake,
    paid: row.paid,
    settledBlock: Number(row.settled_block),
  }));
  return { window, token, since, readUpTo: o.upTo, wagered, biggestWins, profit };
}
