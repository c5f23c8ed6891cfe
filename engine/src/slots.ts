import { RandomStream, type Draws } from "./random";
import { BPS, RTP_BPS, applyBps, assertPositiveStake, type Token } from "./tokens";

/**
 * Slots: 5 reels × 3 rows (docs/decisions.md §5).
 *  - Each of the 15 cells is drawn on its own: reel by reel, top row to bottom row, an integer in
 *    [0, 100) picks the symbol by that reel's weights (SLOT_REEL_WEIGHTS, in product symbol order).
 *  - Five lines, each one cell per reel: Top Row (rows 0,0,0,0,0), Middle Row (1,1,1,1,1),
 *    Bottom Row (2,2,2,2,2), Diagonal down (0,1,2,1,0) and Diagonal up (2,1,0,1,2).
 *  - A line pays when its first 3, 4 or 5 cells from reel 1 show the same symbol (3/4/5-Match),
 *    at docs/product.md §9's 3 / 4 / 5 price; the lines are added up.
 *  - payout = stake × (sum of line prices) × token multiplier (1.02 / 0.98), rounded down once.
 *  - RTP: one weight table for both tokens, chosen so that 5 × E[line price] = 1 exactly; the
 *    token multiplier then makes it exactly 102 % / 98 % (slotsExactRtp computes the fraction).
 *  - isBigWin: the line prices add up to 20x the bet or more (before the token multiplier).
 */
export const SLOT_SYMBOLS = ["DEGEN", "CHERRY", "LEMON", "STAR", "BELL", "DIAMOND", "GRAPES"] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** Names shown to the player (docs/product.md §3). The product leaves DIAMOND's and GRAPES' names open. */
export const SLOT_SYMBOL_NAMES: Readonly<Record<SlotSymbol, string>> = {
  DEGEN: "DEGEN",
  CHERRY: "Chad",
  LEMON: "Kvinnor",
  STAR: "Pepe",
  BELL: "Wojak",
  DIAMOND: "Diamond",
  GRAPES: "Grapes",
};

/** docs/product.md §9: price of 3 / 4 / 5 in a row, in bets, before the token multiplier. */
export const SLOT_PAYTABLE: Readonly<Record<SlotSymbol, readonly [number, number, number]>> = {
  DEGEN: [50, 100, 150],
  DIAMOND: [25, 50, 75],
  STAR: [15, 30, 45],
  BELL: [10, 20, 30],
  GRAPES: [8, 16, 24],
  LEMON: [6, 12, 18],
  CHERRY: [5, 10, 15],
};

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
export const SLOT_REEL_WEIGHT_TOTAL = 100;
export const SLOT_BIG_WIN_MULTIPLE = 20;
/** docs/product.md §9: "Max shown is bet times 150" (the best single line). */
export const SLOT_MAX_SHOWN_MULTIPLE = 150;

/**
 * Per-reel symbol weights out of 100. Reels 1, 3 and 5 make the premium symbols rare (DEGEN 1 in
 * 100, and a symbol that pays more is never more common there); reels 2 and 4 carry them often.
 * With the same weights on every reel no table of these 7 symbols gets below ~131 % RTP at
 * the product's prices, so the reels differ.
 * Exactness: each symbol pays 3 / 4 / 5 in a row at 1 : 2 : 3 times its 3-price p, so with a its
 * weight on reels 1/3/5 and b on reels 2/4, 100^5 × E[line price] = Σ p·a²·b·(10000 + 100·b + a·b);
 * these tables make that sum exactly 100^5 / 5 = 2·10⁹. They were found by a search around the
 * previous 0.999998845 tables and keep their feel (engine/scripts/slots-stats.ts): a win on
 * 13.0 % of spins (was 12.8 %), a big win 1 spin in 268 (was 267).
 */
const ODD_REEL: Readonly<Record<SlotSymbol, number>> = { DEGEN: 1, CHERRY: 42, LEMON: 21, STAR: 4, BELL: 13, DIAMOND: 2, GRAPES: 17 };
const EVEN_REEL: Readonly<Record<SlotSymbol, number>> = { DEGEN: 26, CHERRY: 11, LEMON: 9, STAR: 11, BELL: 9, DIAMOND: 20, GRAPES: 14 };
export const SLOT_REEL_WEIGHTS: readonly Readonly<Record<SlotSymbol, number>>[] = [ODD_REEL, EVEN_REEL, ODD_REEL, EVEN_REEL, ODD_REEL];

export const SLOT_LINES = [
  { name: "Top Row", rows: [0, 0, 0, 0, 0] },
  { name: "Middle Row", rows: [1, 1, 1, 1, 1] },
  { name: "Bottom Row", rows: [2, 2, 2, 2, 2] },
  { name: "Diagonal down", rows: [0, 1, 2, 1, 0] },
  { name: "Diagonal up", rows: [2, 1, 0, 1, 2] },
] as const;
export type SlotLineName = (typeof SLOT_LINES)[number]["name"];

export const SLOT_MATCH_LABELS: Readonly<Record<3 | 4 | 5, string>> = { 3: "3-Match", 4: "4-Match", 5: "5-Match" };

/** The paytable as shown for a token: docs/product.md §9 × token multiplier (DEGEN 51 / 102 / 153). */
export function slotsPaytableFor(token: Token): Record<SlotSymbol, [number, number, number]> {
  const scale = (bets: number) => (bets * Number(RTP_BPS[token])) / Number(BPS);
  const table = {} as Record<SlotSymbol, [number, number, number]>;
  for (const symbol of SLOT_SYMBOLS) {
    const [three, four, five] = SLOT_PAYTABLE[symbol];
    table[symbol] = [scale(three), scale(four), scale(five)];
  }
  return table;
}

function drawSymbol(draws: Draws, weights: Readonly<Record<SlotSymbol, number>>): SlotSymbol {
  let pick = draws.int(SLOT_REEL_WEIGHT_TOTAL);
  for (const symbol of SLOT_SYMBOLS) {
    pick -= weights[symbol];
    if (pick < 0) return symbol;
  }
  throw new Error("Slot reel weights must add up to SLOT_REEL_WEIGHT_TOTAL");
}

/** reels[reel][row], 5 columns of 3 symbols. */
export function spinReels(draws: Draws): SlotSymbol[][] {
  return SLOT_REEL_WEIGHTS.map((weights) => Array.from({ length: SLOT_ROWS }, () => drawSymbol(draws, weights)));
}

/** The run of identical symbols from reel 1 along one line, if it is 3 or longer. */
export function evaluateLine(cells: readonly SlotSymbol[]): { symbol: SlotSymbol; count: 3 | 4 | 5 } | null {
  let count = 1;
  while (count < cells.length && cells[count] === cells[0]) count++;
  return count >= 3 ? { symbol: cells[0], count: count as 3 | 4 | 5 } : null;
}

export interface SlotLineWin {
  line: SlotLineName;
  symbol: SlotSymbol;
  count: 3 | 4 | 5;
  label: string;
  /** Row index per matched reel (length = count), as in winLines. */
  rows: number[];
  /** Price in bets before the token multiplier. */
  multiple: number;
}

export interface SlotsOutcome {
  reels: SlotSymbol[][];
  lines: SlotLineWin[];
  /** docs/product.md §3 winLines: per winning line, the row index on each matched reel. */
  winLines: number[][];
  /** Sum of the line prices in bets, before the token multiplier. */
  totalMultiple: number;
  isBigWin: boolean;
}

export function evaluateReels(reels: SlotSymbol[][]): SlotsOutcome {
  const lines: SlotLineWin[] = [];
  for (const line of SLOT_LINES) {
    const run = evaluateLine(line.rows.map((row, reel) => reels[reel][row]));
    if (run === null) continue;
    lines.push({
      line: line.name,
      symbol: run.symbol,
      count: run.count,
      label: SLOT_MATCH_LABELS[run.count],
      rows: line.rows.slice(0, run.count),
      multiple: SLOT_PAYTABLE[run.symbol][run.count - 3],
    });
  }
  const totalMultiple = lines.reduce((sum, win) => sum + win.multiple, 0);
  return {
    reels,
    lines,
    winLines: lines.map((win) => win.rows),
    totalMultiple,
    isBigWin: totalMultiple >= SLOT_BIG_WIN_MULTIPLE,
  };
}

export function settleSlots(token: Token, stake: bigint, params: bigint, word: string): { payout: bigint; outcome: SlotsOutcome } {
  assertPositiveStake(stake);
  if (params !== 0n) throw new RangeError(`Slots params must be 0, got ${params}`);
  const outcome = evaluateReels(spinReels(new RandomStream(word)));
  return { payout: applyBps(stake * BigInt(outcome.totalMultiple), RTP_BPS[token]), outcome };
}

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/**
 * The chances that one line shows exactly 3, exactly 4, and 5 of `symbol` from the left reel,
 * exactly: every line takes one cell from each reel and cells are independent, so each is a
 * product of reel weights (over 100^5).
 */
export function slotsLineChances(symbol: SlotSymbol): [three: Fraction, four: Fraction, five: Fraction] {
  const total = BigInt(SLOT_REEL_WEIGHT_TOTAL);
  const w = SLOT_REEL_WEIGHTS.map((weights) => BigInt(weights[symbol]));
  const first3 = w[0]! * w[1]! * w[2]!;
  const denominator = total ** BigInt(SLOT_REELS);
  return [
    { numerator: first3 * (total - w[3]!) * total, denominator },
    { numerator: first3 * w[3]! * (total - w[4]!), denominator },
    { numerator: first3 * w[3]! * w[4]!, denominator },
  ];
}

/** E[price of one line] exactly: Σ over symbols and counts of price × chance (slotsLineChances). */
export function slotsExpectedLineMultiple(): Fraction {
  let numerator = 0n;
  for (const symbol of SLOT_SYMBOLS) {
    const chances = slotsLineChances(symbol);
    SLOT_PAYTABLE[symbol].forEach((price, k) => (numerator += BigInt(price) * chances[k]!.numerator));
  }
  return { numerator, denominator: BigInt(SLOT_REEL_WEIGHT_TOTAL) ** BigInt(SLOT_REELS) };
}

/** RTP = lines × E[line price] × token multiplier, exactly. */
export function slotsExactRtp(token: Token): Fraction {
  const line = slotsExpectedLineMultiple();
  return {
    numerator: BigInt(SLOT_LINES.length) * line.numerator * RTP_BPS[token],
    denominator: line.denominator * BPS,
  };
}
