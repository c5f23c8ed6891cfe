// @vitest-environment node
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { relayLimitsOf, relayRefusal } from "../relay-limits";

const CONFIG = { relay: { minAmount: { DEGEN: "1", BNB: "0.001" }, perAddressPerDay: 10 } };

describe("the server's relay limits", () => {
  it("are read from GET /api/config's relay and GET /api/relay/quota, amounts in base units", () => {
    expect(relayLimitsOf(CONFIG, { perAddressPerDay: 10, used: 7, remaining: 3 })).toEqual({
      minAmount: { DEGEN: parseEther("1"), BNB: parseEther("0.001") },
      perDay: 10,
      remaining: 3,
    });
  });

  it("limit nothing that the server does not state, or states malformed", () => {
    expect(relayLimitsOf({}, null)).toEqual({ minAmount: {}, perDay: null, remaining: null });
    expect(relayLimitsOf({ relay: { minAmount: { DEGEN: "one" }, perAddressPerDay: -1 } }, { remaining: "2" })).toEqual({
      minAmount: {},
      perDay: null,
      remaining: null,
    });
  });

  it("refuse below the token's minimum, with none left, or with relays turned off; not otherwise", () => {
    const limits = relayLimitsOf(CONFIG, { remaining: 1 });
    expect(relayRefusal(limits, "DEGEN", parseEther("0.99"))).toMatch(/^The Casino relays withdrawals of at least 1 DEGEN\./);
    expect(relayRefusal(limits, "BNB", parseEther("0.0009"))).toMatch(/^The Casino relays withdrawals of at least 0.001 BNB\./);
    expect(relayRefusal(limits, "DEGEN", parseEther("1"))).toBeNull();
    expect(relayRefusal(limits, "DEGEN", null)).toBeNull();
    expect(relayRefusal({ ...limits, remaining: 0 }, "DEGEN", parseEther("5"))).toMatch(
      /^This wallet has no relayed withdrawals or swaps left for the next 24 hours\./,
    );
    expect(relayRefusal({ ...limits, perDay: 0 }, "DEGEN", parseEther("5"))).toMatch(/^The Casino relays no withdrawals at the moment\./);
    // The quota unanswered: only the server knows.
    expect(relayRefusal({ ...limits, remaining: null }, "DEGEN", parseEther("5"))).toBeNull();
  });
});
