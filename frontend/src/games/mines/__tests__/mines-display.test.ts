// @vitest-environment node
import { describe, expect, it } from "vitest";
import { MINES, minesPayout } from "@engine/mines";
import { toBaseUnits } from "@engine/tokens";
import { MINES_MAX_MULTIPLIER } from "@/config/games";
import { formatMultiplier, formatSafeChance, minesMultiplierOf, tileLabel, tileState } from "../mines-display";

describe("mines display", () => {
  it("the lobby card's 'Up to 1000x' is the engine's cap", () => {
    expect(BigInt(MINES_MAX_MULTIPLIER)).toBe(MINES.MAX_MULTIPLIER);
  });

  it("reads the multiplier the engine pays, capped at 1000x, and none without a safe tile", () => {
    for (const [token, mines, safe] of [
      ["DEGEN", 3, 2],
      ["BNB", 10, 7],
      ["DEGEN", 24, 1],
    ] as const) {
      const stake = toBaseUnits(1);
      expect(minesMultiplierOf(token, mines, safe)).toBeCloseTo(Number(minesPayout(token, stake, mines, safe)) / Number(stake), 12);
    }
    // 20 mines, all 5 safe tiles: 1.02 × C(25, 5) = 54,192.6x before the cap.
    expect(formatMultiplier(minesMultiplierOf("DEGEN", 20, 5))).toBe("1000x");
    expect(formatMultiplier(minesMultiplierOf("DEGEN", 3, 0))).toBe("—");
  });

  it("gives the chance of a run of gems from a fresh grid", () => {
    expect(formatSafeChance(3, 1)).toBe("88%");
    // 22 × 21 ÷ (25 × 24) = 0.77
    expect(formatSafeChance(3, 2)).toBe("77%");
    expect(formatSafeChance(24, 1)).toBe("4%");
  });

  it("names a tile by its row and column, and shows the mines only once they are known", () => {
    expect(tileLabel(0, "hidden")).toBe("Tile 0, row 1 column 1, hidden");
    expect(tileLabel(12, "safe")).toBe("Tile 12, row 3 column 3, safe");
    expect(tileState(4, [4], null)).toBe("safe");
    expect(tileState(5, [4], null)).toBe("hidden");
    expect(tileState(5, [4, 5], [5, 9])).toBe("mine");
    expect(tileState(9, [4, 5], [5, 9])).toBe("mine");
  });
});
