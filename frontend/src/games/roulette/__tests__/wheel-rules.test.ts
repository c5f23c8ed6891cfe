import { describe, expect, it } from "vitest";
import { landingRotation, segmentAtPointer, tokenBadges, validateSpin, wheelMultiplier, formatMultiplier } from "../wheel-rules";

describe("wheel rules", () => {
  it("lands every segment under the pointer, whatever the start, turns and offset", () => {
    for (const start of [0, 17, 359, 1234.5, -40]) {
      for (let segment = 0; segment < 10; segment++) {
        for (const turns of [5, 6, 7]) {
          for (const offset of [-12, 0, 12]) {
            const rotation = landingRotation(start, segment, turns, offset);
            expect(segmentAtPointer(rotation)).toBe(segment);
            const travelled = rotation - start;
            expect(travelled).toBeGreaterThanOrEqual(turns * 360);
            expect(travelled).toBeLessThan((turns + 1) * 360);
          }
        }
      }
    }
  });

  it("shows 10.2x / 9.8x with nothing selected, then the selection's multiplier", () => {
    expect(tokenBadges(0)).toEqual({ DEGEN: "10.2x", BNB: "9.8x" });
    expect(tokenBadges(1)).toEqual({ DEGEN: "10.2x", BNB: "9.8x" });
    expect(tokenBadges(5)).toEqual({ DEGEN: "2.04x", BNB: "1.96x" });
    expect(formatMultiplier(wheelMultiplier("DEGEN", 7))).toBe("1.46x");
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
