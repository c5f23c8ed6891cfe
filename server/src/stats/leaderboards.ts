import { sql } from "drizzle-orm";
import { gameName, type GameName, type GameType } from "../engine";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { firstBlockSince, PAID, settledFrom, settledUpTo, STAKE, windowStart, type StatsWindow } from "./settled-bets";

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
  game: GameName;
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
  const scope = sql`${settledUpTo(o.upTo)} AND bets.token = ${token} AND ${settledFrom(await firstBlockSince(db, since))}`;
  // One pass over the window's bets for both boards: each player's stakes and profit.
  const totals = rowsOf<{ player: string; username: string | null; bets: string; wagered: string; profit: string }>(
    await db.execute(sql`
      WITH sums AS (SELECT bets.player, count(*) AS bets, sum(${STAKE}) AS wagered, sum(${PAID}) AS paid FROM bets WHERE ${scope} GROUP BY bets.player),
        totals AS (SELECT player, bets, wagered, paid - wagered AS profit FROM sums),
        ranked AS (
          (SELECT player, bets, wagered, profit, 'wagered' AS board FROM totals ORDER BY wagered DESC, player LIMIT ${LEADERBOARD_SIZE})
          UNION ALL
          (SELECT player, bets, wagered, profit, 'profit' AS board FROM totals WHERE profit > 0 ORDER BY profit DESC, player LIMIT ${LEADERBOARD_SIZE}))
      SELECT ranked.player, users.username, ranked.bets, ranked.wagered::text AS wagered, ranked.profit::text AS profit, ranked.board
      FROM ranked LEFT JOIN users ON users.wallet_address = ranked.player`),
  ) as { player: string; username: string | null; bets: string; wagered: string; profit: string; board: "wagered" | "profit" }[];
  const board = (name: "wagered" | "profit") =>
    totals
      .filter((row) => row.board === name)
      .map((row) => ({ player: row.player, username: row.username, bets: Number(row.bets), amount: row[name] }))
      .sort((a, b) => compareAmounts(b.amount, a.amount) || (a.player < b.player ? -1 : 1));
  const wagered = board("wagered");
  // A board of winners: a player who lost overall is not on it.
  const profit = board("profit");
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

/** Orders two wei amounts (decimal strings, possibly negative). */
function compareAmounts(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}
