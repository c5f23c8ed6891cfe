// @vitest-environment node
import { describe, expect, it } from "vitest";
import { PLINKO, PLINKO_RISKS, PLINKO_TABLES, encodePlinkoParams, plinkoMultiplier, settlePlinko } from "@engine/plinko";
import { RTP_BPS } from "@engine/tokens";
import { GAMES, PLINKO_BEST_HUNDREDTHS } from "@/config/games";
import { TOKENS } from "@/config/tokens";
import {
  ballPoints,
  dropDurationMs,
  formatMultiplier,
  formatSlotChance,
  plinkoMultiplierOf,
  slotMultipliers,
  slotTier,
  validateDrop,
  type PlinkoBet,
} from "../plinko-display";
import { pegNotes } from "../sounds";

const ALL_BETS: PlinkoBet[] = PLINKO_RISKS.flatMap((risk) =>
  Array.from({ length: PLINKO.MAX_ROWS - PLINKO.MIN_ROWS + 1 }, (_, index) => ({ rows: PLINKO.MIN_ROWS + index, risk })),
);

/** num / den written out exactly, as long as it ends within four decimals (every plinko multiplier does). */
function exactDecimal({ num, den }: { num: bigint; den: bigint }): string {
  const tenThousandths = num * 10_000n;
  expect(tenThousandths % den).toBe(0n);
  const units = tenThousandths / den;
  const fraction = (units % 10_000n).toString().padStart(4, "0").replace(/0+$/, "");
  return `${units / 10_000n}${fraction ? `.${fraction}` : ""}x`;
}

describe("plinko display", () => {
  it("labels every slot of every table with the engine's exact multiplier, in both tokens", () => {
    let slots = 0;
    for (const bet of ALL_BETS) {
      for (const token of TOKENS) {
        const shown = slotMultipliers(token, bet).map(formatMultiplier);
        expect(shown).toHaveLength(bet.rows + 1);
        shown.forEach((label, slot) => expect(label, `${token} ${bet.rows} ${bet.risk} slot ${slot}`).toBe(exactDecimal(plinkoMultiplier(token, bet, slot))));
        slots += shown.length;
      }
    }
    expect(slots).toBe(2 * 3 * (9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17));
  });

  it("reads the tables as the token pays them: the hundredths × 1.02 with DEGEN, × 0.98 with BNB, no trailing zeros", () => {
    expect(slotMultipliers("DEGEN", { rows: 8, risk: "LOW" }).map(formatMultiplier)).toEqual([
      "5.7936x",
      "2.958x",
      "1.53x",
      "0.7854x",
      "0.408x",
      "0.7854x",
      "1.53x",
      "2.958x",
      "5.7936x",
    ]);
    expect(formatMultiplier(plinkoMultiplierOf("BNB", { rows: 8, risk: "LOW" }, 4))).toBe("0.392x");
    expect(formatMultiplier(plinkoMultiplierOf("DEGEN", { rows: 16, risk: "HIGH" }, 0))).toBe("1058.8008x");
    expect(formatMultiplier(plinkoMultiplierOf("BNB", { rows: 16, risk: "HIGH" }, 16))).toBe("1017.2792x");
    expect(formatMultiplier(plinkoMultiplierOf("DEGEN", { rows: 16, risk: "HIGH" }, 8))).toBe("0.204x");
  });

  it("gives the lobby card the engine's best slot: 16 rows, high risk, an edge, with DEGEN", () => {
    const largest = Math.max(...Object.values(PLINKO_TABLES).flatMap((tables) => tables.flat()));
    expect(PLINKO_BEST_HUNDREDTHS).toBe(largest);
    expect(PLINKO_TABLES.HIGH[16 - PLINKO.MIN_ROWS]![0]).toBe(PLINKO_BEST_HUNDREDTHS);
    const best = Math.max(...ALL_BETS.flatMap((bet) => slotMultipliers("DEGEN", bet)));
    expect(GAMES.find((game) => game.id === "plinko")?.highlight).toBe(`Up to ${formatMultiplier(best)}`);
    expect(GAMES.find((game) => game.id === "plinko")?.highlight).toBe("Up to 1058.8008x");
  });

  it("has no slot that pays exactly 1x, so a drop either wins or costs part of the stake", () => {
    for (const token of TOKENS) {
      for (const hundredths of Object.values(PLINKO_TABLES).flatMap((tables) => tables.flat())) {
        expect(BigInt(hundredths) * RTP_BPS[token]).not.toBe(1_000_000n);
      }
    }
  });

  it("gives each slot's chance C(rows, slot) ÷ 2^rows to three significant digits", () => {
    expect(formatSlotChance(8, 4)).toBe("27.3%");
    expect(formatSlotChance(8, 0)).toBe("0.391%");
    expect(formatSlotChance(16, 0)).toBe("0.00153%");
    expect(formatSlotChance(16, 8)).toBe("19.6%");
  });

  it("colours the slots by what they pay", () => {
    expect([0.204, 1, 2.958, 3, 38.5356, 1058.8008].map(slotTier)).toEqual(["under", "even", "even", "good", "big", "huge"]);
  });

  it("draws the ball along the outcome's path, a row at a time: half a peg left or right each row, into the slot of its right bounces", () => {
    expect(ballPoints([true, false, true, true])).toEqual([
      { x: 0, y: -1 },
      { x: 0, y: 0 },
      { x: 0.5, y: 1 },
      { x: 0, y: 2 },
      { x: 0.5, y: 3 },
      { x: 1, y: 4 },
    ]);
    // Any engine path: each step moves half a spacing the way the bounce above it went; the last point is the slot's.
    for (let i = 1; i <= 40; i++) {
      const word = "0x" + i.toString(16).padStart(64, "0");
      const { bounces, slot } = settlePlinko("DEGEN", 1n, encodePlinkoParams({ rows: 16, risk: "LOW" }), word).outcome;
      const points = ballPoints(bounces);
      expect(points).toHaveLength(16 + 2);
      bounces.forEach((right, row) => expect(points[row + 2]!.x - points[row + 1]!.x).toBe(right ? 0.5 : -0.5));
      expect(points[17]!.x).toBe(slot - 8);
    }
  });

  it("times the fall a row at a time, with a tick for each peg as the ball meets it", () => {
    expect(dropDurationMs(8)).toBe(9 * 110 + 250);
    expect(dropDurationMs(16, true)).toBe(250);
    const notes = pegNotes([true, true, false, false, true, false, true, false]);
    expect(notes).toHaveLength(8);
    expect(notes.map((note) => note.at)).toEqual([0.11, 0.22, 0.33, 0.44, 0.55, 0.66, 0.77, 0.88].map((at) => expect.closeTo(at, 9)));
  });

  it("checks the stake with the wheel's and dice's texts", () => {
    expect(validateDrop(0, 100, "DEGEN")).toEqual({ title: "Invalid Bet", description: "Please enter a valid bet amount" });
    expect(validateDrop(Number.NaN, 100, "DEGEN")).toEqual({ title: "Invalid Bet", description: "Please enter a valid bet amount" });
    expect(validateDrop(0.5, 0.25, "BNB")).toEqual({ title: "Insufficient Balance", description: "You only have 0.2500 BNB" });
    expect(validateDrop(10, 10, "DEGEN")).toBeNull();
  });
});
