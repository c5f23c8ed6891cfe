// @vitest-environment node
import { describe, expect, it } from "vitest";
import { tokenBadges, validateSpin, wheelMultiplier, formatMultiplier } from "../wheel-display";

describe("wheel rules", () => {
  it("shows 10.2x / 9.8x with nothing selected, then the selection's multiplier", () => {
    expect(tokenBadges(0)).toEqual({ DEGEN: "10.2x", BNB: "9.8x" });
    expect(tokenBadges(1)).toEqual({ DEGEN: "10.2x", BNB: "9.8x" });
    expect(tokenBadges(5)).toEqual({ DEGEN: "2.04x", BNB: "1.96x" });
    // What the rules pay, not a rounding of it: 10.2 / 7 and 9.8 / 3 in bps, floored.
    expect(formatMultiplier(wheelMultiplier("DEGEN", 7))).toBe("1.4571x");
    expect(formatMultiplier(wheelMultiplier("BNB", 3))).toBe("3.2666x");
    expect(formatMultiplier(wheelMultiplier("DEGEN", 8))).toBe("1.275x");
  });

  it("validates with the SPEC texts, in order", () => {
    expect(validateSpin(0, 10, 100, "DEGEN")).toEqual({ title: "No Colors Selected", description: "Please select at least one color to bet on!" });
    expect(validateSpin(2, 0, 100, "DEGEN")).toEqual({ title: "Invalid Bet", description: "Please enter a valid bet amount" });
    expect(validateSpin(2, Number.NaN, 100, "DEGEN")?.title).toBe("Invalid Bet");
    expect(validateSpin(2, 10, 5.5, "DEGEN")).toEqual({ title: "Insufficient Balance", description: "You only have 5.50 DEGEN" });
    expect(validateSpin(2, 1, 0.5, "BNB")).toEqual({ title: "Insufficient Balance", description: "You only have 0.5000 BNB" });
    expect(validateSpin(2, 10, 10, "DEGEN")).toBeNull();
  });
});
