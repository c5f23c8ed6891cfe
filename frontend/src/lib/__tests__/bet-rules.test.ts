// @vitest-environment node
import { describe, expect, it } from "vitest";
import { canHalveBet, halveBet, maxBet, parseBetInput, roundBet } from "../bet-rules";

describe("bet rules", () => {
  it("rounds half up at the token's decimals, including values stored just below", () => {
    expect(roundBet("DEGEN", 1.005)).toBe(1.01);
    expect(roundBet("BNB", 0.00015)).toBe(0.0002);
    expect(roundBet("DEGEN", 2.344)).toBe(2.34);
  });

  it("parses a typed value with a comma as the decimal separator", () => {
    expect(parseBetInput("DEGEN", " 3,5 ")).toBe(3.5);
    expect(parseBetInput("DEGEN", "")).toBeNull();
    expect(parseBetInput("BNB", "Infinity")).toBeNull();
  });

  it("halves to the minimum at most and only above it", () => {
    expect(halveBet("BNB", 0.0011)).toBe(0.001);
    expect(halveBet("DEGEN", 100)).toBe(50);
    expect(canHalveBet("DEGEN", 1)).toBe(false);
    expect(canHalveBet("DEGEN", 1.01)).toBe(true);
  });

  it("never rounds the max bet above the balance", () => {
    expect(maxBet("DEGEN", 10.239)).toBe(10.23);
    expect(maxBet("BNB", 4.99999)).toBe(4.9999);
    expect(maxBet("DEGEN", 0.29 + 0.01)).toBe(0.3);
  });
});
