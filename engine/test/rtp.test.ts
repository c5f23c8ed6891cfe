import { describe, expect, it } from "vitest";
import { encodeCrashParams } from "../src/crash";
import { GameType } from "../src/gameTypes";
import { encodeKickboxingParams } from "../src/kickboxing";
import { BLACKJACK_RTP, kickboxingRtp } from "../src/rtp";
import { betRtp, payoutMoments } from "../src/payout-moments";
import { encodeDiceParams } from "../src/dice";
import { encodePlinkoParams } from "../src/plinko";
import { settleGame, type SettleInput } from "../src/settle";
import { encodeWheelParams } from "../src/wheel";
import { keccak256, toBeHex } from "ethers";
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

describe("a bet's payout moments, from which the house page draws its spread", () => {
  const words = Array.from({ length: 3000 }, (_, i) => keccak256(toBeHex(i + 1, 32)));
  /** Per unit of stake, over the same words for every game. */
  const simulated = (gameType: GameType, params: bigint, actions: SettleInput["actions"] = null) => {
    const payouts = words.map((word) => Number(settleGame({ gameType, token: "BNB", stake: 10n ** 18n, params, word, actions }).payout) / 1e18);
    const mean = payouts.reduce((a, b) => a + b, 0) / payouts.length;
    const meanSquare = payouts.reduce((a, b) => a + b * b, 0) / payouts.length;
    return { mean, meanSquare, spread: Math.sqrt(meanSquare - mean * mean) };
  };

  it.each([
    ["the wheel on 3 colours", GameType.WHEEL, encodeWheelParams([0, 1, 2])],
    ["dice under 50.00", GameType.DICE, encodeDiceParams({ target: 5000, side: "UNDER" })],
    ["dice over 90.00", GameType.DICE, encodeDiceParams({ target: 9000, side: "OVER" })],
    ["kickboxing on RED", GameType.KICKBOXING, encodeKickboxingParams("RED")],
    ["plinko 10 rows, low risk", GameType.PLINKO, encodePlinkoParams({ rows: 10, risk: "LOW" })],
    ["crash with an auto cash-out at 3x", GameType.CRASH, encodeCrashParams(300)],
  ] as const)("are exact for %s: the rules' draws agree within four standard errors", (_, gameType, params) => {
    const moments = payoutMoments(gameType, params, "BNB");
    const sample = simulated(gameType, params);
    expect(moments.exact).toBe(true);
    const standardError = sample.spread / Math.sqrt(words.length);
    expect(Math.abs(sample.mean - moments.mean)).toBeLessThan(4 * standardError);
    expect(Math.abs(Math.sqrt(moments.meanSquare - moments.mean ** 2) - sample.spread) / sample.spread).toBeLessThan(0.1);
  });

  it.each([
    ["slots", GameType.SLOTS, 0n, null],
    ["blackjack played as dealt", GameType.BLACKJACK, 0n, null],
    ["mines, 3, one tile then cashed out", GameType.MINES, 3n, "a"],
    ["crash with a manual cash-out", GameType.CRASH, encodeCrashParams(null), 180],
  ] as const)("bound %s from above: never a spread too narrow", (_, gameType, params, actions) => {
    const moments = payoutMoments(gameType, params, "BNB");
    expect(moments.exact).toBe(false);
    expect(moments.meanSquare).toBeGreaterThanOrEqual(simulated(gameType, params, actions).meanSquare);
  });
});
