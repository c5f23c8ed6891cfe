import { describe, expect, it } from "vitest";
import { BET_ACCEPTANCE_WINDOW_SECONDS } from "../src/engine";
import { acceptanceWindow, STALLED_CHAIN_SECONDS } from "../src/sessions/acceptance-window";

// The intake's one bound (docs/decisions.md §9): a deadline up to ACCEPTANCE_WINDOW after the time
// of the block it read, or after the wall clock when that block is the head and the chain has made
// no block for STALLED_CHAIN_SECONDS (the next block then takes the wall clock's time).
const T = 1_800_000_000;

describe("acceptanceWindow", () => {
  it("counts from the block's time while the chain makes blocks, whatever the wall clock says", () => {
    for (const wall of [T - 100, T, T + STALLED_CHAIN_SECONDS - 1]) {
      expect(acceptanceWindow(T, true, wall)).toEqual({ start: T, end: T + BET_ACCEPTANCE_WINDOW_SECONDS });
    }
  });

  it("counts from the wall clock once the head block is STALLED_CHAIN_SECONDS old, at −1, 0 and +1 second", () => {
    expect(acceptanceWindow(T, true, T + STALLED_CHAIN_SECONDS - 1).start).toBe(T);
    expect(acceptanceWindow(T, true, T + STALLED_CHAIN_SECONDS).start).toBe(T + STALLED_CHAIN_SECONDS);
    expect(acceptanceWindow(T, true, T + STALLED_CHAIN_SECONDS + 1)).toEqual({
      start: T + STALLED_CHAIN_SECONDS + 1,
      end: T + STALLED_CHAIN_SECONDS + 1 + BET_ACCEPTANCE_WINDOW_SECONDS,
    });
  });

  it("never counts from the wall clock on a view of a block before the head: a change mined since would not honour the bet", () => {
    expect(acceptanceWindow(T, false, T + 3_600)).toEqual({ start: T, end: T + BET_ACCEPTANCE_WINDOW_SECONDS });
  });
});
