import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  CRASH,
  RTP_BPS,
  crashCashOutAt,
  crashHundredthsAt,
  crashMultiplierAt,
  crashPayout,
  crashPointFromDraw,
  crashRound,
  crashTimeToReach,
  crashWinProbability,
  decodeCrashParams,
  encodeCrashParams,
  settleCrash,
  type Token,
} from "../src";

const TWO_52 = 2 ** 52;
const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`crash test ${i}`));

function rtpOfTarget(token: Token, target: number): number {
  const p = crashWinProbability(token, target);
  return Number((p.numerator * BigInt(target) * 10n ** 15n) / (p.denominator * 100n)) / 1e15;
}

describe("crash point", () => {
  it("is an instant bust at 1.00x below X = 0.01, and follows floor(100 × RTP / (1 − X)) after", () => {
    const firstNotBust = Math.ceil(TWO_52 / 100);
    expect(crashPointFromDraw(0, "DEGEN")).toBe(100);
    expect(crashPointFromDraw(firstNotBust - 1, "DEGEN")).toBe(100);
    expect(crashPointFromDraw(firstNotBust, "DEGEN")).toBe(103); // 102 / 0.99 = 103.03
    expect(crashPointFromDraw(firstNotBust, "BNB")).toBe(100); // 98 / 0.99 = 98.99 → max(1.00)
    expect(crashPointFromDraw(TWO_52 / 2, "DEGEN")).toBe(204);
    expect(crashPointFromDraw(TWO_52 / 2, "BNB")).toBe(196);
    expect(crashPointFromDraw(TWO_52 - 1, "DEGEN")).toBe(10_000);
    expect(crashPointFromDraw(Math.floor(TWO_52 * 0.9), "DEGEN")).toBe(1019); // 102 / 0.1 = 1020 less the draw's rounding
  });

  it("exact P(win) agrees with crashPointFromDraw at the boundary draw", () => {
    for (const token of ["DEGEN", "BNB"] as Token[]) {
      for (const target of [101, 104, 150, 199, 250, 777, 5000, 10_000]) {
        const wins = crashWinProbability(token, target).numerator;
        const firstWin = TWO_52 - Number(wins);
        expect(crashPointFromDraw(firstWin, token)).toBeGreaterThanOrEqual(target);
        const before = crashPointFromDraw(firstWin - 1, token);
        expect(before < target || before === 100).toBe(true);
      }
    }
  });

  it("returns exactly the token RTP for every target ≥ RTP / 0.99, less below, never a sure win", () => {
    for (const token of ["DEGEN", "BNB"] as Token[]) {
      const rtp = Number(RTP_BPS[token]) / 10_000;
      for (let target = CRASH.MIN_AUTO_CASH_OUT; target <= CRASH.MAX_HUNDREDTHS; target++) {
        const p = crashWinProbability(token, target);
        expect(p.numerator * 100n).toBeLessThanOrEqual(p.denominator * 99n);
        if (target >= Math.ceil((100 * rtp) / 0.99) && target % 37 === 0) {
          expect(Math.abs(rtpOfTarget(token, target) - rtp)).toBeLessThan(1e-12);
        }
      }
      expect(rtpOfTarget(token, 101)).toBeLessThan(rtp);
    }
    expect(rtpOfTarget("DEGEN", 103)).toBeLessThan(1.02);
    expect(Math.abs(rtpOfTarget("DEGEN", 104) - 1.02)).toBeLessThan(1e-12);
    expect(crashWinProbability("DEGEN", 10_001).numerator).toBe(0n);
  });

  it("samples close to the exact distribution", () => {
    let busts = 0;
    let atLeastTwo = 0;
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const point = crashRound(word(i), "DEGEN").crashPoint;
      expect(point).toBeGreaterThanOrEqual(100);
      expect(point).toBeLessThanOrEqual(10_000);
      if (point === 100) busts++;
      if (point >= 200) atLeastTwo++;
    }
    expect(Math.abs(atLeastTwo / n - 0.51)).toBeLessThan(0.035);
    expect(busts / n).toBeGreaterThan(0.003);
    expect(busts / n).toBeLessThan(0.02);
  });
});

describe("crash curve", () => {
  const round = crashRound(word(7), "DEGEN");

  it("draws wobble parameters in SPEC's ranges and never goes below 1", () => {
    for (let i = 0; i < 20; i++) {
      const { curve } = crashRound(word(i), "BNB");
      expect(curve.amplitude).toBeGreaterThanOrEqual(0.12);
      expect(curve.amplitude).toBeLessThan(0.2);
      expect(curve.frequency).toBeGreaterThanOrEqual(1.2);
      expect(curve.frequency).toBeLessThan(2.0);
      for (let t = 0; t < 60; t += 0.25) expect(crashMultiplierAt(curve, t)).toBeGreaterThanOrEqual(1);
    }
    expect(crashMultiplierAt({ amplitude: 0, frequency: 1.5 }, 20)).toBeCloseTo(Math.E, 12);
  });

  it("finds the first time the curve reaches a multiplier", () => {
    for (const target of [1.1, 1.5, 2, 5]) {
      const t = crashTimeToReach(round.curve, target);
      expect(crashMultiplierAt(round.curve, t)).toBeGreaterThanOrEqual(target);
      for (let s = 0; s < t - 1e-6; s += 0.005) expect(crashMultiplierAt(round.curve, s)).toBeLessThan(target);
    }
    expect(crashTimeToReach(round.curve, 1)).toBe(0);
  });

  it("locks a manual cash-out at the shown multiplier while flying, never after the crash", () => {
    const t = round.crashTimeSec / 2;
    const cashOut = crashCashOutAt(round, t)!;
    expect(cashOut).toBe(Math.floor(100 * crashMultiplierAt(round.curve, t)));
    expect(cashOut).toBeLessThanOrEqual(round.crashPoint);
    expect(crashHundredthsAt(round, round.crashTimeSec + 1)).toBe(round.crashPoint);
    expect(crashCashOutAt(round, round.crashTimeSec)).toBeNull();
    let bust = 0;
    while (crashRound(word(bust), "DEGEN").crashPoint !== 100) bust++;
    const instant = crashRound(word(bust), "DEGEN");
    expect(instant.crashTimeSec).toBe(0);
    expect(crashCashOutAt(instant, 0)).toBeNull();
  });
});

describe("crash payouts and params", () => {
  it("pays stake × cash-out when the cash-out is at or below the crash point", () => {
    expect(crashPayout(10n * ONE, 250, 250)).toBe(25n * ONE);
    expect(crashPayout(10n * ONE, 251, 250)).toBe(0n);
    expect(crashPayout(10n * ONE, null, 250)).toBe(0n);
    expect(crashPayout(ONE, 100, 100)).toBe(0n); // no cash-out survives an instant bust
    expect(crashPayout(ONE, 100, 101)).toBe(ONE);
  });

  it("takes 0 (manual) or an auto target of 1.01x to 100x", () => {
    expect(decodeCrashParams(0n)).toBeNull();
    expect(decodeCrashParams(101n)).toBe(101);
    expect(encodeCrashParams(250)).toBe(250n);
    expect(encodeCrashParams(null)).toBe(0n);
    expect(() => decodeCrashParams(100n)).toThrow(RangeError);
    expect(() => decodeCrashParams(10_001n)).toThrow(RangeError);
  });

  it("settles auto and manual rounds from the word", () => {
    const w = word(3);
    const { crashPoint } = crashRound(w, "DEGEN");
    const auto = settleCrash("DEGEN", ONE, 101n, w, null);
    expect(auto.outcome.crashPoint).toBe(crashPoint);
    expect(auto.payout).toBe(crashPoint >= 101 ? (ONE * 101n) / 100n : 0n);
    const manual = settleCrash("DEGEN", ONE, 0n, w, crashPoint);
    expect(manual.payout).toBe(crashPoint > 100 ? (ONE * BigInt(crashPoint)) / 100n : 0n);
    expect(settleCrash("DEGEN", ONE, 0n, w, crashPoint + 1).payout).toBe(0n);
    expect(settleCrash("DEGEN", ONE, 0n, w, null).payout).toBe(0n);
    expect(() => settleCrash("DEGEN", ONE, 200n, w, 150)).toThrow(/no manual cash-out/);
    expect(() => settleCrash("DEGEN", ONE, 0n, w, 99)).toThrow(/100..10000/);
  });
});
