import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  RTP_BPS,
  RandomStream,
  SLOT_LINES,
  SLOT_MATCH_LABELS,
  SLOT_PAYTABLE,
  SLOT_REEL_WEIGHTS,
  SLOT_SYMBOLS,
  SLOT_SYMBOL_NAMES,
  evaluateLine,
  evaluateReels,
  settleSlots,
  slotsExactRtp,
  slotsExpectedLineMultiple,
  slotsLineChances,
  slotsPaytableFor,
  spinReels,
  type SlotSymbol,
  type Token,
} from "../src";

const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`slots test ${i}`));
/** A grid given row by row (as it looks on screen), turned into reels[reel][row]. */
const grid = (rows: SlotSymbol[][]): SlotSymbol[][] => [0, 1, 2, 3, 4].map((reel) => rows.map((row) => row[reel]));

describe("slots definition", () => {
  it("has SPEC's symbols, names, paytable and labels", () => {
    expect(SLOT_SYMBOLS).toEqual(["DEGEN", "CHERRY", "LEMON", "STAR", "BELL", "DIAMOND", "GRAPES"]);
    expect(SLOT_SYMBOL_NAMES).toMatchObject({ CHERRY: "Chad", LEMON: "Kvinnor", STAR: "Pepe", BELL: "Wojak" });
    expect(SLOT_PAYTABLE.DEGEN).toEqual([50, 100, 150]);
    expect(SLOT_PAYTABLE.CHERRY).toEqual([5, 10, 15]);
    expect(SLOT_LINES.map((l) => l.name)).toEqual(["Top Row", "Middle Row", "Bottom Row", "Diagonal down", "Diagonal up"]);
    expect(Object.values(SLOT_MATCH_LABELS)).toEqual(["3-Match", "4-Match", "5-Match"]);
    expect(slotsPaytableFor("DEGEN").DEGEN).toEqual([51, 102, 153]);
    expect(slotsPaytableFor("BNB").CHERRY).toEqual([4.9, 9.8, 14.7]);
  });

  it("has 100 units of weight on every reel, every symbol possible everywhere", () => {
    expect(SLOT_REEL_WEIGHTS).toHaveLength(5);
    for (const weights of SLOT_REEL_WEIGHTS) {
      expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBe(100);
      for (const symbol of SLOT_SYMBOLS) expect(weights[symbol]).toBeGreaterThan(0);
    }
  });

  it("makes a symbol that pays more never more common on reels 1, 3 and 5, DEGEN the rarest", () => {
    const byPrice = [...SLOT_SYMBOLS].sort((a, b) => SLOT_PAYTABLE[b][0] - SLOT_PAYTABLE[a][0]);
    expect(byPrice[0]).toBe("DEGEN");
    for (const reel of [0, 2, 4]) {
      const weights = byPrice.map((symbol) => SLOT_REEL_WEIGHTS[reel][symbol]);
      expect(weights).toEqual([...weights].sort((a, b) => a - b));
      expect(weights[0]).toBe(1);
    }
  });
});

describe("slots RTP, exactly", () => {
  it("is exactly 102 % for DEGEN and 98 % for BNB: five lines return exactly the stake before the multiplier", () => {
    const line = slotsExpectedLineMultiple();
    expect(5n * line.numerator).toBe(line.denominator);
    for (const [token, percent] of [
      ["DEGEN", 102n],
      ["BNB", 98n],
    ] as const) {
      const { numerator, denominator } = slotsExactRtp(token);
      expect(numerator * 100n).toBe(percent * denominator);
    }
  });

  it("agrees with an exhaustive enumeration of the 7^5 symbol sequences of one line", () => {
    let numerator = 0n;
    const walk = (reel: number, cells: SlotSymbol[], weight: bigint) => {
      if (reel === 5) {
        const run = evaluateLine(cells);
        if (run) numerator += weight * BigInt(SLOT_PAYTABLE[run.symbol][run.count - 3]);
        return;
      }
      for (const symbol of SLOT_SYMBOLS) walk(reel + 1, [...cells, symbol], weight * BigInt(SLOT_REEL_WEIGHTS[reel][symbol]));
    };
    walk(0, [], 1n);
    expect(slotsExpectedLineMultiple()).toEqual({ numerator, denominator: 100n ** 5n });
  });

  it("gives each line combination's chance exactly: the weights of the 7^5 lines that show it", () => {
    const weights = new Map<string, bigint>();
    const walk = (reel: number, cells: SlotSymbol[], weight: bigint) => {
      if (reel === 5) {
        const run = evaluateLine(cells);
        if (run) weights.set(`${run.symbol}${run.count}`, (weights.get(`${run.symbol}${run.count}`) ?? 0n) + weight);
        return;
      }
      for (const symbol of SLOT_SYMBOLS) walk(reel + 1, [...cells, symbol], weight * BigInt(SLOT_REEL_WEIGHTS[reel]![symbol]));
    };
    walk(0, [], 1n);
    for (const symbol of SLOT_SYMBOLS) {
      expect(slotsLineChances(symbol)).toEqual([3, 4, 5].map((count) => ({ numerator: weights.get(`${symbol}${count}`) ?? 0n, denominator: 100n ** 5n })));
    }
  });

  it("draws each cell by its reel's weights", () => {
    const counts = SLOT_REEL_WEIGHTS.map(() => new Map<SlotSymbol, number>());
    const spins = 1200;
    const stream = new RandomStream(word(0));
    for (let i = 0; i < spins; i++) {
      spinReels(stream).forEach((reel, r) => reel.forEach((symbol) => counts[r].set(symbol, (counts[r].get(symbol) ?? 0) + 1)));
    }
    for (let r = 0; r < 5; r++) {
      for (const symbol of SLOT_SYMBOLS) {
        const expected = (SLOT_REEL_WEIGHTS[r][symbol] / 100) * spins * 3;
        expect(Math.abs((counts[r].get(symbol) ?? 0) - expected)).toBeLessThan(5 * Math.sqrt(expected) + 3);
      }
    }
  });
});

describe("slots lines", () => {
  it("pays runs of 3, 4 or 5 from reel 1 only", () => {
    expect(evaluateLine(["BELL", "BELL", "BELL", "STAR", "BELL"])).toEqual({ symbol: "BELL", count: 3 });
    expect(evaluateLine(["BELL", "BELL", "BELL", "BELL", "STAR"])).toEqual({ symbol: "BELL", count: 4 });
    expect(evaluateLine(["DEGEN", "DEGEN", "DEGEN", "DEGEN", "DEGEN"])).toEqual({ symbol: "DEGEN", count: 5 });
    expect(evaluateLine(["STAR", "BELL", "BELL", "BELL", "BELL"])).toBeNull();
    expect(evaluateLine(["BELL", "BELL", "STAR", "BELL", "BELL"])).toBeNull();
  });

  it("evaluates rows and V-shaped diagonals, with winLines as row indices per matched reel", () => {
    const outcome = evaluateReels(
      grid([
        ["CHERRY", "CHERRY", "CHERRY", "LEMON", "STAR"],
        ["DEGEN", "CHERRY", "DEGEN", "GRAPES", "DEGEN"],
        ["LEMON", "BELL", "CHERRY", "BELL", "GRAPES"],
      ]),
    );
    expect(outcome.lines.map((l) => [l.line, l.symbol, l.count, l.label, l.multiple])).toEqual([
      ["Top Row", "CHERRY", 3, "3-Match", 5],
      ["Diagonal down", "CHERRY", 3, "3-Match", 5],
    ]);
    expect(outcome.winLines).toEqual([
      [0, 0, 0],
      [0, 1, 2],
    ]);
    expect(outcome.totalMultiple).toBe(10);
    expect(outcome.isBigWin).toBe(false);

    const jackpotRow = evaluateReels(
      grid([
        ["CHERRY", "LEMON", "CHERRY", "LEMON", "STAR"],
        ["DEGEN", "DEGEN", "DEGEN", "DEGEN", "DEGEN"],
        ["LEMON", "BELL", "CHERRY", "BELL", "GRAPES"],
      ]),
    );
    expect(jackpotRow.lines.map((l) => [l.line, l.label])).toEqual([["Middle Row", "5-Match"]]);
    expect(jackpotRow.winLines).toEqual([[1, 1, 1, 1, 1]]);
    expect(jackpotRow.totalMultiple).toBe(150);
    expect(jackpotRow.isBigWin).toBe(true);

    const up = evaluateReels(
      grid([
        ["BELL", "STAR", "GRAPES", "STAR", "BELL"],
        ["STAR", "GRAPES", "STAR", "GRAPES", "STAR"],
        ["GRAPES", "BELL", "BELL", "BELL", "GRAPES"],
      ]),
    );
    expect(up.lines.map((l) => l.line)).toEqual(["Diagonal up"]);
    expect(up.winLines).toEqual([[2, 1, 0, 1, 2]]);
    expect(up.totalMultiple).toBe(24);
  });

  it("calls 20x the bet or more a big win", () => {
    const rows = (top: SlotSymbol[]): SlotSymbol[][] => [top, ["STAR", "BELL", "STAR", "BELL", "STAR"], ["LEMON", "GRAPES", "LEMON", "GRAPES", "LEMON"]];
    expect(evaluateReels(grid(rows(["BELL", "BELL", "BELL", "BELL", "LEMON"]))).isBigWin).toBe(true); // 20
    expect(evaluateReels(grid(rows(["LEMON", "LEMON", "LEMON", "BELL", "CHERRY"]))).isBigWin).toBe(false); // 6
  });

  it("pays stake × line prices × token multiplier, rounded down once", () => {
    for (let i = 0; i < 150; i++) {
      const token: Token = i % 2 ? "BNB" : "DEGEN";
      const stake = 10n * ONE + BigInt(i);
      const { payout, outcome } = settleSlots(token, stake, 0n, word(i));
      expect(payout).toBe((stake * BigInt(outcome.totalMultiple) * RTP_BPS[token]) / 10_000n);
      expect(outcome.reels).toHaveLength(5);
      for (const reel of outcome.reels) expect(reel).toHaveLength(3);
    }
    expect(() => settleSlots("DEGEN", ONE, 1n, word(0))).toThrow(/params must be 0/);
  });
});
