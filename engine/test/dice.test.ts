import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  DICE,
  GameType,
  RTP_BPS,
  decodeDiceParams,
  diceMultiplier,
  diceTargetForMultiplier,
  diceWinningRolls,
  encodeDiceParams,
  maxPayout,
  settleDice,
  type DiceBet,
  type Token,
} from "../src";

const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`dice test ${i}`));
const OVER = 1n << 14n;

/** Exact return of a bet per stake, in base units of a 10^18 stake: Σ over the 10,000 rolls of the payout ÷ 10,000. */
function exactReturn(token: Token, bet: DiceBet): bigint {
  const { num, den } = diceMultiplier(token, bet);
  return (BigInt(diceWinningRolls(bet)) * ((ONE * num) / den)) / BigInt(DICE.ROLLS);
}

describe("dice params", () => {
  it("take a target in the low 14 bits and bit 14 for roll over", () => {
    expect(encodeDiceParams({ target: 5_000, side: "UNDER" })).toBe(5_000n);
    expect(encodeDiceParams({ target: 5_000, side: "OVER" })).toBe(OVER | 5_000n);
    expect(decodeDiceParams(OVER | 199n)).toEqual({ target: 199, side: "OVER" });
  });

  it("win on 0.01 % to 98 % of the rolls, and nothing else is accepted", () => {
    expect(diceWinningRolls(decodeDiceParams(1n))).toBe(1);
    expect(diceWinningRolls(decodeDiceParams(9_800n))).toBe(9_800);
    expect(diceWinningRolls(decodeDiceParams(OVER | 9_998n))).toBe(1);
    expect(diceWinningRolls(decodeDiceParams(OVER | 199n))).toBe(9_800);
    for (const params of [0n, 9_801n, 9_999n, 10_000n, OVER | 198n, OVER | 9_999n, OVER | 65_535n, OVER << 1n, -1n]) {
      expect(() => decodeDiceParams(params), String(params)).toThrow(RangeError);
    }
    expect(() => encodeDiceParams({ target: 10_000, side: "UNDER" })).toThrow(RangeError);
    expect(() => encodeDiceParams({ target: 1.5, side: "UNDER" })).toThrow(RangeError);
  });
});

describe("dice payout", () => {
  it("returns exactly the token's RTP on every target of both sides, less at most one base unit", () => {
    for (const token of ["DEGEN", "BNB"] as const) {
      for (let winning = DICE.MIN_WINNING_ROLLS; winning <= DICE.MAX_WINNING_ROLLS; winning++) {
        for (const bet of [
          { target: winning, side: "UNDER" as const },
          { target: DICE.ROLLS - 1 - winning, side: "OVER" as const },
        ]) {
          const rtp = (ONE * RTP_BPS[token]) / 10_000n;
          const returned = exactReturn(token, bet);
          expect(rtp - returned >= 0n && rtp - returned <= 1n, `${token} ${bet.side} ${bet.target}: ${returned}`).toBe(true);
        }
      }
    }
  });

  it("pays roll under t on a roll below t and roll over t on a roll above t, stake × RTP ÷ winning rolls", () => {
    let wins = 0;
    for (let i = 0; i < 2_000; i++) {
      const under = settleDice("DEGEN", ONE, 5_000n, word(i));
      const over = settleDice("BNB", ONE, OVER | 5_000n, word(i));
      expect(under.outcome.roll).toBe(over.outcome.roll);
      expect(under.payout).toBe(under.outcome.roll < 5_000 ? (ONE * 10_200n) / 5_000n : 0n);
      expect(over.payout).toBe(over.outcome.roll > 5_000 ? (ONE * 9_800n) / 4_999n : 0n);
      if (under.outcome.won) wins++;
    }
    // 2,000 rolls at a 50 % chance: 1,000 ± 4.5 σ.
    expect(wins).toBeGreaterThan(900);
    expect(wins).toBeLessThan(1_100);
  });

  it("never pays more than the bet reserves", () => {
    for (let i = 0; i < 500; i++) {
      const params = encodeDiceParams({ target: 1 + (i % 9_800), side: "UNDER" });
      expect(settleDice("DEGEN", 7n * ONE + 3n, params, word(i)).payout <= maxPayout(GameType.DICE, params, "DEGEN", 7n * ONE + 3n)).toBe(true);
    }
  });
});

describe("dice target for a multiplier", () => {
  it("gives the target whose multiplier is the one asked for, never below it", () => {
    expect(diceTargetForMultiplier("DEGEN", "UNDER", 2)).toBe(5_100);
    expect(diceTargetForMultiplier("BNB", "OVER", 2)).toBe(DICE.ROLLS - 1 - 4_900);
    for (const multiplier of [1.05, 1.5, 3.33, 10, 99, 1_000, 9_999]) {
      const target = diceTargetForMultiplier("DEGEN", "UNDER", multiplier);
      expect(10_200 / target).toBeGreaterThanOrEqual(multiplier);
    }
    expect(diceTargetForMultiplier("DEGEN", "UNDER", 1)).toBe(DICE.MAX_WINNING_ROLLS);
    expect(diceTargetForMultiplier("DEGEN", "UNDER", 1e9)).toBe(DICE.MIN_WINNING_ROLLS);
  });
});
