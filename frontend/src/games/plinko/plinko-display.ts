import { PLINKO, PLINKO_RISKS, plinkoMultiplier, plinkoSlotChance, plinkoTable, type PlinkoBet, type PlinkoRisk } from "@engine/plinko";
import { formatTokenAmount, type Token } from "@/config/tokens";

export { PLINKO, PLINKO_RISKS, type PlinkoBet, type PlinkoRisk };

/** The ball's fall from one peg row to the next, then the pause in the slot before the result shows. */
export const ROW_MS = 110;
export const LANDING_MS = 250;
export const HISTORY_LIMIT = 10;
export const DEFAULT_BET: PlinkoBet = { rows: 12, risk: "MEDIUM" };

export const RISK_LABELS: Record<PlinkoRisk, string> = { LOW: "Low", MEDIUM: "Medium", HIGH: "High" };

/** From the click's outcome to the result: a fall per row, one into the slot, and the landing (the path's only motion). */
export function dropDurationMs(rows: number, reducedMotion = false): number {
  return reducedMotion ? LANDING_MS : (rows + 1) * ROW_MS + LANDING_MS;
}

/** The total payout per stake of slot `slot`, exactly the engine's: the table's hundredths × RTP_BPS ÷ 1,000,000 (four decimals at most). */
export function plinkoMultiplierOf(token: Token, bet: PlinkoBet, slot: number): number {
  const { num, den } = plinkoMultiplier(token, bet, slot);
  return Number(num) / Number(den);
}

/** Every slot's multiplier, slot 0 (far left) to slot `rows`. */
export function slotMultipliers(token: Token, bet: PlinkoBet): number[] {
  return plinkoTable(bet).map((_, slot) => plinkoMultiplierOf(token, bet, slot));
}

/** '1058.8008x', '0.408x', '2.04x': the multiplier to four decimals, no trailing zeros (the wheel's and dice's form). */
export function formatMultiplier(multiplier: number): string {
  return `${Number(multiplier.toFixed(4))}x`;
}

/** A slot's chance C(rows, slot) ÷ 2^rows in percent, to three significant digits: '19.6%', '0.00153%'. */
export function formatSlotChance(rows: number, slot: number): string {
  const { num, den } = plinkoSlotChance(rows, slot);
  return `${Number(((Number(num) / Number(den)) * 100).toPrecision(3))}%`;
}

/** How a slot is coloured, by what it pays: under 1x, from 1x, from 3x, from 10x, from 100x. */
export type SlotTier = "under" | "even" | "good" | "big" | "huge";

export function slotTier(multiplier: number): SlotTier {
  if (multiplier >= 100) return "huge";
  if (multiplier >= 10) return "big";
  if (multiplier >= 3) return "good";
  if (multiplier >= 1) return "even";
  return "under";
}

/**
 * Where the ball is drawn, in peg spacings from the board's centre line (x) and in rows (y): above
 * the top peg, on the peg it meets in each row, then in its slot. Row r's pegs stand at
 * (j − (r + 2) ÷ 2) for j = 0..r + 2; after `k` right bounces in the rows above, the ball meets the
 * peg at k − r ÷ 2; the slot k sits at k − rows ÷ 2. Nothing is simulated: each step is the next
 * bounce of the outcome's path (top row first, true to the right).
 */
export function ballPoints(bounces: readonly boolean[]): { x: number; y: number }[] {
  const points = [{ x: 0, y: -1 }];
  let rights = 0;
  bounces.forEach((right, row) => {
    points.push({ x: rights - row / 2, y: row });
    if (right) rights++;
  });
  points.push({ x: rights - bounces.length / 2, y: bounces.length });
  return points;
}

/** The bet and balance checks, with the wheel's and dice's texts (docs/product.md §5). */
export function validateDrop(bet: number, playableBalance: number, token: Token) {
  if (!Number.isFinite(bet) || bet <= 0) return { title: "Invalid Bet", description: "Please enter a valid bet amount" };
  if (bet > playableBalance) {
    return { title: "Insufficient Balance", description: `You only have ${formatTokenAmount(token, playableBalance)} ${token}` };
  }
  return null;
}
