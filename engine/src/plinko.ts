import { RandomStream, type Draws } from "./random";
import { BPS, RTP_BPS, assertPositiveStake, type Token } from "./tokens";

/**
 * Plinko (engine/README.md "Plinko"). The ball falls through `rows` rows of pegs (8 to 16) and
 * bounces left or right at each: the path is the stream's first draw, an integer in [0, 2^rows),
 * read one bit per row from the lowest (row 1) up, a set bit a bounce to the right. The slot it
 * lands in, 0 (far left) to `rows`, is the number of right bounces, so slot k has the binomial
 * chance C(rows, k) ÷ 2^rows.
 *
 * Each rows × risk has a table of slot multipliers in hundredths of the stake, symmetric, written
 * below from the edge slot to the centre. Every table averages exactly 1.00x over the binomial
 * distribution (Σ C(rows, k) × table[k] = 100 × 2^rows, a unit test checks all 27), and a slot
 * pays stake × table[k] × RTP_BPS ÷ (100 × 10,000), rounded down once: every table returns exactly
 * the token's RTP, less at most one base unit of rounding. The tables were shaped from the centre
 * out and rounded to two significant digits; the edge slot takes what is left to make the average
 * exactly 1.00x (docs/decisions.md, Plinko).
 *
 * Params: rows in the low byte, the risk (0 low, 1 medium, 2 high) in the next one: 0x0210 is high
 * risk at 16 rows. Below 2^15, so they fit the uint16 the Casino keeps a bet's params in.
 */
export const PLINKO = {
  MIN_ROWS: 8,
  MAX_ROWS: 16,
  RISK_SHIFT: 8,
  /** A table entry is hundredths of the stake. */
  HUNDREDTHS: 100,
} as const;

export type PlinkoRisk = "LOW" | "MEDIUM" | "HIGH";
export const PLINKO_RISKS: readonly PlinkoRisk[] = ["LOW", "MEDIUM", "HIGH"];

export interface PlinkoBet {
  rows: number;
  risk: PlinkoRisk;
}

/** Half of each table, the edge slot first and the centre last, in hundredths; index rows − 8. */
export const PLINKO_TABLES: Readonly<Record<PlinkoRisk, readonly (readonly number[])[]>> = {
  LOW: [
    [568, 290, 150, 77, 40],
    [550, 230, 160, 100, 70],
    [700, 280, 180, 120, 84, 60],
    [870, 280, 200, 140, 97, 70],
    [930, 370, 250, 170, 110, 80, 60],
    [1179, 360, 250, 180, 130, 93, 70],
    [1267, 350, 260, 200, 150, 110, 81, 60],
    [1350, 520, 350, 240, 170, 120, 88, 70],
    [1526, 740, 450, 280, 190, 130, 98, 79, 70],
  ],
  MEDIUM: [
    [1302, 410, 140, 58, 30],
    [1690, 350, 180, 95, 50],
    [2210, 510, 240, 120, 65, 40],
    [2850, 690, 340, 170, 81, 40],
    [3778, 910, 440, 220, 110, 56, 30],
    [4910, 1400, 610, 280, 140, 70, 40],
    [6443, 1700, 690, 310, 160, 92, 61, 50],
    [8695, 2000, 900, 420, 210, 120, 69, 50],
    [11014, 1900, 1000, 560, 300, 170, 92, 51, 30],
  ],
  HIGH: [
    [2900, 450, 120, 40, 20],
    [4546, 690, 200, 61, 20],
    [7070, 1200, 280, 84, 33, 20],
    [10990, 1600, 460, 140, 49, 20],
    [17155, 2900, 680, 190, 67, 30, 20],
    [25996, 3400, 1000, 330, 110, 42, 20],
    [42586, 7300, 1600, 440, 140, 55, 28, 20],
    [59265, 8400, 2400, 710, 230, 85, 36, 20],
    [103804, 19000, 4000, 1000, 300, 110, 47, 26, 20],
  ],
};

const ROWS_MASK = (1n << BigInt(PLINKO.RISK_SHIFT)) - 1n;

/** The bet of params; throws RangeError on params the contract refuses. */
export function decodePlinkoParams(params: bigint): PlinkoBet {
  const rows = Number(params & ROWS_MASK);
  const risk = PLINKO_RISKS[Number(params >> BigInt(PLINKO.RISK_SHIFT))];
  if (params < 0n || risk === undefined || rows < PLINKO.MIN_ROWS || rows > PLINKO.MAX_ROWS) {
    throw new RangeError(`Plinko params must be 8 to 16 rows with a risk of 0, 1 or 2 above them, got ${params}`);
  }
  return { rows, risk };
}

export function encodePlinkoParams(bet: PlinkoBet): bigint {
  const params = (BigInt(PLINKO_RISKS.indexOf(bet.risk)) << BigInt(PLINKO.RISK_SHIFT)) | BigInt(bet.rows);
  if (!Number.isInteger(bet.rows) || !PLINKO_RISKS.includes(bet.risk)) throw new RangeError(`Not a plinko bet: ${JSON.stringify(bet)}`);
  decodePlinkoParams(params); // validates the rows
  return params;
}

/** Every slot's multiplier in hundredths, slot 0 to slot `rows`: the table written out both ways. */
export function plinkoTable(bet: PlinkoBet): number[] {
  const half = PLINKO_TABLES[bet.risk][bet.rows - PLINKO.MIN_ROWS];
  return Array.from({ length: bet.rows + 1 }, (_, slot) => half[Math.min(slot, bet.rows - slot)]);
}

/** What slot `slot` pays per stake as num / den: its hundredths × RTP_BPS ÷ (100 × 10,000). */
export function plinkoMultiplier(token: Token, bet: PlinkoBet, slot: number): { num: bigint; den: bigint } {
  return { num: BigInt(plinkoTable(bet)[slot]) * RTP_BPS[token], den: BigInt(PLINKO.HUNDREDTHS) * BPS };
}

/** The chance of slot `slot` as num / den: C(rows, slot) ÷ 2^rows. */
export function plinkoSlotChance(rows: number, slot: number): { num: bigint; den: bigint } {
  let ways = 1n;
  for (let i = 1; i <= slot; i++) ways = (ways * BigInt(rows - slot + i)) / BigInt(i);
  return { num: ways, den: 1n << BigInt(rows) };
}

/** The table's average multiplier, exact, as num / den (in stakes, before the token's RTP): 1 for every table. */
export function plinkoTableAverage(bet: PlinkoBet): { num: bigint; den: bigint } {
  const table = plinkoTable(bet);
  const num = table.reduce((sum, hundredths, slot) => sum + plinkoSlotChance(bet.rows, slot).num * BigInt(hundredths), 0n);
  return { num, den: BigInt(PLINKO.HUNDREDTHS) << BigInt(bet.rows) };
}

export interface PlinkoPath {
  /** One per row, top first: true for a bounce to the right. */
  bounces: boolean[];
  /** 0 (far left) to rows: the number of right bounces. */
  slot: number;
}

/** The ball's path: the first draw, an integer in [0, 2^rows), one bit per row from the lowest. */
export function plinkoPath(draws: Draws, rows: number): PlinkoPath {
  const bits = draws.int(2 ** rows);
  const bounces = Array.from({ length: rows }, (_, row) => ((bits >> row) & 1) === 1);
  return { bounces, slot: bounces.filter(Boolean).length };
}

export interface PlinkoOutcome extends PlinkoBet, PlinkoPath {
  /** The slot's multiplier in hundredths, before the token's RTP. */
  hundredths: number;
}

export function settlePlinko(token: Token, stake: bigint, params: bigint, word: string): { payout: bigint; outcome: PlinkoOutcome } {
  assertPositiveStake(stake);
  const bet = decodePlinkoParams(params);
  const path = plinkoPath(new RandomStream(word), bet.rows);
  const { num, den } = plinkoMultiplier(token, bet, path.slot);
  return { payout: (stake * num) / den, outcome: { ...bet, ...path, hundredths: plinkoTable(bet)[path.slot] } };
}
