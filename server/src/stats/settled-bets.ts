import { sql, type SQL } from "drizzle-orm";

/**
 * How the leaderboards and a player's numbers read a settled bet, in the terms the fairness page
 * gives for recomputing them from the chain's events: the stake is BetPlaced's amount (twice it for
 * a split blackjack hand, BetStakeAdded), what it paid is BetSettled's payout plus the prize of its
 * JackpotDrawn hit, and its profit is the difference. Amounts are uint256 decimal strings, summed
 * as numerics.
 */
export const STAKE = sql`(bets.amount::numeric * CASE WHEN bets.split THEN 2 ELSE 1 END)`;
export const PAID = sql`(bets.payout::numeric + coalesce(bets.jackpot_win, '0')::numeric)`;
export const PROFIT = sql`(${PAID} - ${STAKE})`;
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

/** Bets settled in a block of that time or later (every bet when null). */
export function settledSince(since: number | null): SQL {
  if (since === null) return sql`TRUE`;
  return sql`bets.settled_block >= (SELECT coalesce(min(block), 9223372036854775807) FROM block_times WHERE time >= ${since})`;
}
