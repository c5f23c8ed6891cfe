import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";

/**
 * How the leaderboards and a player's numbers read a settled bet, in the terms the fairness page
 * gives for recomputing them from the chain's events: the stake is BetPlaced's amount (twice it for
 * a split blackjack hand, StakeAdded), what it paid is its payout plus the prize of its
 * JackpotDrawn hit, and its profit is the difference. Both are numeric columns the database keeps
 * from the bet's uint256 strings (migration 11), so that a sum over many bets converts nothing.
 */
export const STAKE = sql`bets.stake`;
export const PAID = sql`bets.paid`;
/**
 * Settled by a block up to `upTo`, with the payout the rules give (a bet under a commitment of
 * another server has none). A settlement recorded from its receipt, ahead of the log scan, waits
 * for the scan: the numbers are exactly those of the blocks up to the one they say.
 */
export function settledUpTo(upTo: number): SQL {
  return sql`bets.status = 'settled' AND bets.payout IS NOT NULL AND bets.settled_block <= ${upTo}`;
}

/** A window of time the leaderboards offer: the last 24 hours, the last 7 days, or every bet. */
export type StatsWindow = "24h" | "7d" | "all";
export const STATS_WINDOWS: readonly StatsWindow[] = ["24h", "7d", "all"];
const WINDOW_SECONDS: Record<Exclude<StatsWindow, "all">, number> = { "24h": 86_400, "7d": 7 * 86_400 };

/** The unix time a window starts at (null: all time). */
export function windowStart(window: StatsWindow, now: number): number | null {
  return window === "all" ? null : now - WINDOW_SECONDS[window];
}

/**
 * The first block of a window: the first block dated at or after its start (a block none dated
 * yet when there is none). Read apart from the query it bounds, so that the database plans that
 * query for a known range of blocks (its index on them), not for any.
 */
export async function firstBlockSince(db: Db, since: number | null): Promise<number | null> {
  if (since === null) return null;
  const result = await db.execute(sql`SELECT block FROM block_times WHERE time >= ${since} ORDER BY time, block LIMIT 1`);
  return Number(rowsOf<{ block: string }>(result)[0]?.block ?? Number.MAX_SAFE_INTEGER);
}

/** Bets settled in that block or later (every bet when null). */
export function settledFrom(block: number | null): SQL {
  return block === null ? sql`TRUE` : sql`bets.settled_block >= ${block}`;
}
