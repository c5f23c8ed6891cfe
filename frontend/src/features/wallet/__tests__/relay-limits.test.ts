import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { relayLimitsOf, relayRefusal } from "../relay-limits";

describe("the server's relay limits", () => {
  it("are read from GET /api/config's relay field, amounts in base units", () => {
    expect(relayLimitsOf({ relay: { minAmount: { DEGEN: "1", BNB: "0.001" }, dailyQuota: 10, usedToday: 3 } })).toEqual({
      minAmount: { DEGEN: parseEther("1"), BNB: parseEther("0.001") },
      dailyQuota: 10,
      usedToday: 3,
    });
  });

  it("limit nothing that the server does not state, or states malformed", () => {
    expect(relayLimitsOf({})).toEqual({ minAmount: {}, dailyQuota: null, usedToday: null });
    expect(relayLimitsOf({ relay: { minAmount: { DEGEN: "one" }, dailyQuota: -1, usedToday: "2" } })).toEqual({
      minAmount: {},
      dailyQuota: null,
      usedToday: null,
    });
  });

  it("refuse below the token's minimum and past the quota, and not otherwise", () => {
    const limits = relayLimitsOf({ relay: { minAmount: { DEGEN: "1" }, dailyQuota: 10, usedToday: 9 } });
    expect(relayRefusal(limits, "DEGEN", parseEther("0.99"))).toMatch(/^The Casino relays withdrawals of at least 1 DEGEN\./);
    expect(relayRefusal(limits, "DEGEN", parseEther("1"))).toBeNull();
    expect(relayRefusal(limits, "BNB", 1n)).toBeNull();
    expect(relayRefusal(limits, "DEGEN", null)).toBeNull();
    expect(relayRefusal({ ...limits, usedToday: 10 }, "DEGEN", parseEther("5"))).toMatch(/^You have used all 10 relayed withdrawals and swaps for today\./);
    // The quota without the count used: only the server knows.
    expect(relayRefusal({ ...limits, usedToday: null }, "DEGEN", parseEther("5"))).toBeNull();
  });
});
