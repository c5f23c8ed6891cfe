import { DICE, diceMultiplier, diceTargetForMultiplier, diceTargetOf, diceTargetRange, diceWinningRolls, type DiceBet, type DiceSide } from "@engine/dice";
import { formatTokenAmount, type Token } from "@/config/tokens";

export { DICE, diceTargetRange, type DiceBet, type DiceSide };

export const ROLL_DURATION_MS = 700;
export const HISTORY_LIMIT = 10;
export const DEFAULT_BET: DiceBet = { target: 5_000, side: "UNDER" };

/** A roll or a target in hundredths as the player reads it: 4950 → "49.50". */
export function formatRoll(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** The win chance in percent: winning rolls ÷ 100 (exact to the hundredth). */
export function winChancePercent(bet: DiceBet): number {
  return diceWinningRolls(bet) / 100;
}

/** The total payout per stake on a win, exactly the engine's RTP_BPS ÷ winning rolls. */
export function diceMultiplierOf(token: Token, bet: DiceBet): number {
  const { num, den } = diceMultiplier(token, bet);
  return Number(num) / Number(den);
}

/** '2x', '1.0408x', '10200x': the multiplier to four decimals, no trailing zeros (the wheel's form). */
export function formatMultiplier(multiplier: number): string {
  return `${Number(multiplier.toFixed(4))}x`;
}

/** The token switch's badges: what the chosen bet pays with each token. */
export function tokenBadges(bet: DiceBet): Record<Token, string> {
  return { DEGEN: formatMultiplier(diceMultiplierOf("DEGEN", bet)), BNB: formatMultiplier(diceMultiplierOf("BNB", bet)) };
}

/** The bet after the side changes: the same chance, the target mirrored. */
export function withSide(bet: DiceBet, side: DiceSide): DiceBet {
  return { side, target: diceTargetOf(side, diceWinningRolls(bet)) };
}

/** The target that gives `chance` percent (rounded to the nearest 0.01 %, kept within 0.01 %–98 %). */
export function betForChance(bet: DiceBet, chance: number): DiceBet | null {
  if (!Number.isFinite(chance)) return null;
  const winning = Math.min(DICE.MAX_WINNING_ROLLS, Math.max(DICE.MIN_WINNING_ROLLS, Math.round(chance * 100)));
  return { side: bet.side, target: diceTargetOf(bet.side, winning) };
}

export function betForMultiplier(token: Token, bet: DiceBet, multiplier: number): DiceBet | null {
  if (!Number.isFinite(multiplier) || multiplier <= 0) return null;
  return { side: bet.side, target: diceTargetForMultiplier(token, bet.side, multiplier) };
}

/** The bet and balance checks, with the wheel's texts (docs/product.md §5). */
export function validateRoll(bet: number, playableBalance: number, token: Token) {
  if (!Number.isFinite(bet) || bet <= 0) return { title: "Invalid Bet", description: "Please enter a valid bet amount" };
  if (bet > playableBalance) {
    return { title: "Insufficient Balance", description: `You only have ${formatTokenAmount(token, playableBalance)} ${token}` };
  }
  return null;
}
