import { BET_ACCEPTANCE_WINDOW_SECONDS } from "../engine";

/** When the chain has made no block for this long, the acceptance window counts from the wall clock, which the next block then takes. */
export const STALLED_CHAIN_SECONDS = 60;

/**
 * The acceptance window of a one-click bet the intake judges on a view of the chain at a block
 * (docs/decisions.md §9, "One bound for every window"): from T, the timestamp of that block, or
 * the wall clock when that block is the head and the chain has made no block for
 * STALLED_CHAIN_SECONDS, to T + ACCEPTANCE_WINDOW, the latest deadline it accepts. Any change
 * mined later (a revocation, a stricter limit, new terms) is mined at a time t ≥ T, and honours
 * every bet whose deadline is at most t + ACCEPTANCE_WINDOW: so none of them refuses a bet taken.
 */
export function acceptanceWindow(viewTimestamp: number, viewIsHead: boolean, wallClock: number): { start: number; end: number } {
  const start = viewIsHead && wallClock - viewTimestamp >= STALLED_CHAIN_SECONDS ? wallClock : viewTimestamp;
  return { start, end: start + BET_ACCEPTANCE_WINDOW_SECONDS };
}
