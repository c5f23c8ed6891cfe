import { describe, expect, it } from "vitest";
import { BLACKJACK_RTP, kickboxingRtp } from "../src/rtp";
import { TOKENS } from "../src/tokens";

describe("the RTPs the app shows beside blackjack and kickboxing bets", () => {
  it("kickboxing: chance × payout, 98 % on a side and 8 % on the Tie", () => {
    expect(kickboxingRtp("RED")).toBeCloseTo(0.98, 12);
    expect(kickboxingRtp("BLUE")).toBeCloseTo(0.98, 12);
    expect(kickboxingRtp("TIE")).toBeCloseTo(0.08, 12);
  });

  it("blackjack: basic strategy's simulated return, below 100 % in both tokens", () => {
    for (const token of TOKENS) expect(BLACKJACK_RTP[token]).toBeLessThan(1);
  });
});
