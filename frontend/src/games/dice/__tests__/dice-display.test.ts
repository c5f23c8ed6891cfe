// @vitest-environment node
import { describe, expect, it } from "vitest";
import { betForChance, betForMultiplier, diceMultiplierOf, formatMultiplier, formatRoll, diceTargetRange, winChancePercent, withSide } from "../dice-display";

describe("dice display", () => {
  it("reads targets and rolls in hundredths as 0.00–99.99", () => {
    expect(formatRoll(0)).toBe("0.00");
    expect(formatRoll(4_950)).toBe("49.50");
    expect(formatRoll(9_999)).toBe("99.99");
  });

  it("shows the chance and multiplier the rules pay, for each token", () => {
    const half = { target: 5_000, side: "UNDER" } as const;
    expect(winChancePercent(half)).toBe(50);
    expect(formatMultiplier(diceMultiplierOf("DEGEN", half))).toBe("2.04x");
    expect(formatMultiplier(diceMultiplierOf("BNB", half))).toBe("1.96x");
    // Roll over 50.00 wins on 50.01–99.99: 4,999 rolls.
    expect(winChancePercent({ target: 5_000, side: "OVER" })).toBe(49.99);
    expect(formatMultiplier(diceMultiplierOf("DEGEN", { target: 1, side: "UNDER" }))).toBe("10200x");
  });

  it("links chance, multiplier and side to the target", () => {
    const bet = { target: 5_000, side: "UNDER" } as const;
    expect(betForChance(bet, 25)).toEqual({ target: 2_500, side: "UNDER" });
    expect(betForChance({ target: 5_000, side: "OVER" }, 25)).toEqual({ target: 7_499, side: "OVER" });
    expect(betForChance(bet, 99.5)).toEqual({ target: 9_800, side: "UNDER" });
    expect(betForChance(bet, 0)).toEqual({ target: 1, side: "UNDER" });
    expect(betForChance(bet, Number.NaN)).toBeNull();
    expect(betForMultiplier("DEGEN", bet, 2)).toEqual({ target: 5_100, side: "UNDER" });
    expect(betForMultiplier("DEGEN", bet, -1)).toBeNull();
    // The same chance on the other side.
    expect(withSide({ target: 2_500, side: "UNDER" }, "OVER")).toEqual({ target: 7_499, side: "OVER" });
    expect(winChancePercent(withSide({ target: 2_500, side: "UNDER" }, "OVER"))).toBe(25);
    expect(diceTargetRange("UNDER")).toEqual({ min: 1, max: 9_800 });
    expect(diceTargetRange("OVER")).toEqual({ min: 199, max: 9_998 });
  });
});
