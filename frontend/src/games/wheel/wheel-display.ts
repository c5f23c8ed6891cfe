import { WHEEL_COLOURS, WHEEL_MAX_COLOURS, WHEEL_SEGMENTS, wheelMultiplierBps, wheelWinChanceBps } from "@engine/wheel";
import { formatTokenAmount, type Token } from "@/config/tokens";

export { WHEEL_COLOURS, WHEEL_MAX_COLOURS, WHEEL_SEGMENTS };

export const SPIN_DURATION_MS = 3500;
export const HISTORY_LIMIT = 10;
export const SEGMENT_DEGREES = 360 / WHEEL_SEGMENTS;

/** Total payout per stake for a win (10.2 for one DEGEN colour), straight from the engine. */
export function wheelMultiplier(token: Token, colourCount: number): number {
  return Number(wheelMultiplierBps(token, colourCount)) / 10_000;
}

export function wheelWinChance(colourCount: number): number {
  return wheelWinChanceBps(colourCount) / 10_000;
}

/**
 * '10.2x', '2.04x', '1.4571x': the multiplier the rules pay, every one of its four decimals (bps),
 * no trailing zeros. Rounded to two, seven DEGEN colours would read 1.46x and pay 1.4571x (issue #39).
 */
export function formatMultiplier(multiplier: number): string {
  return `${Number(multiplier.toFixed(4))}x`;
}

/** docs/product.md §2: with nothing selected 10.2x / 9.8x (one colour), then the multiplier of the selection. */
export function tokenBadges(colourCount: number): Record<Token, string> {
  const count = Math.max(1, colourCount);
  return { DEGEN: formatMultiplier(wheelMultiplier("DEGEN", count)), BNB: formatMultiplier(wheelMultiplier("BNB", count)) };
}

/** docs/product.md §5 'Wheel', checked in this order. */
export function validateSpin(colourCount: number, bet: number, playableBalance: number, token: Token) {
  if (colourCount === 0) return { title: "No Colors Selected", description: "Please select at least one color to bet on!" };
  if (!Number.isFinite(bet) || bet <= 0) return { title: "Invalid Bet", description: "Please enter a valid bet amount" };
  if (bet > playableBalance) {
    return { title: "Insufficient Balance", description: `You only have ${formatTokenAmount(token, playableBalance)} ${token}` };
  }
  return null;
}
