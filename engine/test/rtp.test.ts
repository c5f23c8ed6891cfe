import { describe, expect, it } from "vitest";
import { encodeCrashParams } from "../src/crash";
import { GameType } from "../src/gameTypes";
import { encodeKickboxingParams } from "../src/kickboxing";
import { betRtp, BLACKJACK_RTP, kickboxingRtp } from "../src/rtp";
import { TOKENS, tokenMultiplier } from "../src/tokens";

describe("the RTPs the app shows beside blackjack and kickboxing bets", () => {
  it("kickboxing: chance × payout, 98 % on a side and 8 % on the Tie", () => {
    expect(kickboxingRtp("RED")).toBeCloseTo(0.98, 12);
    expect(kickboxingRtp("BLUE")).toBeCloseTo(0.98, 12);
    expect(kickboxingRtp("TIE")).toBeCloseTo(0.08, 12);
  });

  it("blackjack: basic strategy's simulated return keeps each token's promise, BNB's 2 % edge included", () => {
    // docs/product.md §1: BNB returns at most 98 %, DEGEN at most 102 % (issue #39 item 6).
    for (const token of TOKENS) expect(BLACKJACK_RTP[token]).toBeLessThanOrEqual(tokenMultiplier(token));
    expect(BLACKJACK_RTP.BNB).toBeLessThan(BLACKJACK_RTP.DEGEN);
  });
});

describe("a bet's RTP, from which the house's edge on a one-click bet is counted (issue #39 item 7)", () => {
  it("is the token's multiplier on the wheel and slots, the bet's own figure on kickboxing and blackjack", () => {
    expect(betRtp(GameType.WHEEL, 0b1n, "DEGEN")).toBe(1.02);
    expect(betRtp(GameType.WHEEL, 0b111n, "BNB")).toBe(0.98);
    expect(betRtp(GameType.SLOTS, 0n, "DEGEN")).toBe(1.02);
    expect(betRtp(GameType.KICKBOXING, encodeKickboxingParams("TIE"), "BNB")).toBeCloseTo(0.08, 12);
    expect(betRtp(GameType.BLACKJACK, 0n, "BNB")).toBe(BLACKJACK_RTP.BNB);
  });

  it("is the chance of reaching an auto cash-out times its multiplier in crash: the token's RTP from RTP / 0.99 on, less below", () => {
    expect(betRtp(GameType.CRASH, encodeCrashParams(200), "BNB")).toBeCloseTo(0.98, 12);
    expect(betRtp(GameType.CRASH, encodeCrashParams(101), "DEGEN")).toBeCloseTo(0.9999, 4);
    expect(betRtp(GameType.CRASH, encodeCrashParams(null), "DEGEN")).toBe(1.02);
  });

  it("refuses params the contract refuses", () => {
    expect(() => betRtp(GameType.SLOTS, 1n, "DEGEN")).toThrow(RangeError);
  });
});
