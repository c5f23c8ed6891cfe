import { TOKEN_DISPLAY_DECIMALS, type Token } from "@/config/tokens";

/** docs/product.md §5 'Bet input'. */
export const MIN_BET: Record<Token, number> = { DEGEN: 1, BNB: 0.001 };

export const BET_CHIPS: Record<Token, readonly number[]> = {
  BNB: [0.001, 0.005, 0.01, 0.05, 0.1],
  DEGEN: [1, 3, 5, 10, 25, 50, 100],
};

/** docs/product.md §5: the default stake of slots, crash and kickboxing. */
export const DEFAULT_BET = 10;

/** A game's stake before the player chose one for the token: 10 DEGEN, 0.01 BNB. */
export const defaultStake = (token: Token): number => (token === "BNB" ? 0.01 : DEFAULT_BET);

export function roundToDecimals(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // The epsilon keeps values such as 1.005 (stored as 1.00499…) rounding the way they read.
  return Math.round((value + Math.sign(value) * Number.EPSILON) * factor) / factor;
}

export function roundBet(token: Token, value: number): number {
  return roundToDecimals(value, TOKEN_DISPLAY_DECIMALS[token]);
}

/** A typed bet: rounded to the token's decimals, accepted only when the result is above 0. */
export function parseBetInput(token: Token, text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  const rounded = roundBet(token, value);
  return rounded > 0 ? rounded : null;
}

export function halveBet(token: Token, value: number): number {
  return Math.max(MIN_BET[token], roundBet(token, value / 2));
}

/** A bet multiplied (the double hotkey, auto-bet's change after a win or a loss), never below the minimum. */
export function multiplyBet(token: Token, value: number, factor: number): number {
  return Math.max(MIN_BET[token], roundBet(token, value * factor));
}

export function canHalveBet(token: Token, value: number): boolean {
  return value > MIN_BET[token];
}

/** The whole playable balance, cut (never rounded up) to the token's decimals. */
export function maxBet(token: Token, playableBalance: number): number {
  const factor = 10 ** TOKEN_DISPLAY_DECIMALS[token];
  return Math.floor(roundToDecimals(playableBalance * factor, 6)) / factor;
}
