import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  RTP_BPS,
  WHEEL_COLOURS,
  decodeWheelParams,
  encodeWheelParams,
  playWheelDemo,
  settleWheel,
  wheelMultiplierBps,
  wheelPayout,
  wheelWinChanceBps,
  type Token,
} from "../src";

const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`wheel test ${i}`));

describe("wheel", () => {
  it("has the ten SPEC colours in order, with labels", () => {
    expect(WHEEL_COLOURS.map((c) => c.color)).toEqual(["gold", "pink", "cyan", "violet", "red", "blue", "green", "orange", "silver", "white"]);
    for (const colour of WHEEL_COLOURS) expect(colour.label.toLowerCase()).toBe(colour.color);
  });

  it("encodes colours as a bitmask and takes 1 to 9 of them", () => {
    expect(encodeWheelParams([0])).toBe(1n);
    expect(encodeWheelParams([9, 0, 3])).toBe(0b1000001001n);
    expect(decodeWheelParams(0b1000001001n)).toEqual([0, 3, 9]);
    expect(encodeWheelParams([0, 1, 2, 3, 4, 5, 6, 7, 8])).toBe(511n);
    expect(() => encodeWheelParams([])).toThrow(/1 to 9/);
    expect(() => encodeWheelParams([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toThrow(/1 to 9/);
    expect(() => decodeWheelParams(1023n)).toThrow(/1 to 9/);
    expect(() => decodeWheelParams(1024n)).toThrow(/bitmask/);
    expect(() => encodeWheelParams([10])).toThrow(/0..9/);
  });

  it("refuses a colour chosen twice instead of merging it into a smaller bet", () => {
    expect(() => encodeWheelParams([3, 3])).toThrow(RangeError);
    expect(() => encodeWheelParams([3, 3])).toThrow(/colour 3 is chosen twice/);
    expect(() => encodeWheelParams([0, 5, 0])).toThrow(/colour 0 is chosen twice/);
    expect(() => playWheelDemo(10, "DEGEN", [3, 3], word(0))).toThrow(/chosen twice/);
    expect(() => playWheelDemo(10, "DEGEN", [1, 2, 1], word(0))).toThrow(RangeError);
  });

  it("shows SPEC's multipliers: 10.2x / 9.8x for one colour, 2.04x for five DEGEN colours", () => {
    expect(wheelMultiplierBps("DEGEN", 1)).toBe(102_000n);
    expect(wheelMultiplierBps("BNB", 1)).toBe(98_000n);
    expect(wheelMultiplierBps("DEGEN", 5)).toBe(20_400n);
    expect(wheelWinChanceBps(3)).toBe(3000);
  });

  it("returns exactly the token RTP for every colour count (rational), losing under one base unit to rounding", () => {
    for (const token of ["DEGEN", "BNB"] as Token[]) {
      for (let colours = 1; colours <= 9; colours++) {
        // E[payout] / stake = (colours / 10) × (10 × RTP / colours) / 10000, exactly RTP
        const numerator = BigInt(colours) * 10n * RTP_BPS[token];
        const denominator = 10n * BigInt(colours) * 10_000n;
        expect(numerator * 10_000n).toBe(RTP_BPS[token] * denominator);
        // with integer payouts: E[payout] × 10 = colours × payout
        const stake = 7n * ONE + 3n;
        const expectedTimesTen = BigInt(colours) * wheelPayout(token, stake, colours, true);
        const exactTimesTen = (stake * 10n * RTP_BPS[token]) / 10_000n;
        expect(exactTimesTen - expectedTimesTen).toBeGreaterThanOrEqual(0n);
        expect(exactTimesTen - expectedTimesTen).toBeLessThan(BigInt(colours));
      }
    }
  });

  it("pays the whole multiplier, stake included, on a win and nothing on a loss", () => {
    expect(wheelPayout("DEGEN", 10n * ONE, 1, true)).toBe(102n * ONE);
    expect(wheelPayout("BNB", ONE / 1000n, 2, true)).toBe((49n * ONE) / 10_000n);
    expect(wheelPayout("DEGEN", 10n * ONE, 1, false)).toBe(0n);
  });

  it("draws every segment evenly and pays when the segment is chosen", () => {
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 2000; i++) {
      const { payout, outcome } = settleWheel("DEGEN", ONE, encodeWheelParams([2, 5]), word(i));
      counts[outcome.segment]++;
      expect(outcome.won).toBe(outcome.segment === 2 || outcome.segment === 5);
      expect(outcome.colour).toBe(WHEEL_COLOURS[outcome.segment]);
      expect(payout).toBe(outcome.won ? 51n * 10n ** 17n : 0n);
    }
    for (const count of counts) expect(Math.abs(count - 200)).toBeLessThan(60);
  });

  it("is deterministic per word", () => {
    const a = settleWheel("BNB", ONE, 7n, word(1));
    expect(settleWheel("BNB", ONE, 7n, word(1))).toEqual(a);
  });
});
