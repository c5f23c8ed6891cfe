import { tokenMultiplier } from "@engine/tokens";

export const TOKENS = ["DEGEN", "BNB"] as const;
export type Token = (typeof TOKENS)[number];

export type TokenAmounts = Record<Token, number>;

/** docs/product.md §1: DEGEN pays 1.02x (51 % player), BNB 0.98x (49 % player); the engine owns the figures. */
export const TOKEN_MULTIPLIER: Record<Token, number> = { DEGEN: tokenMultiplier("DEGEN"), BNB: tokenMultiplier("BNB") };

/** The token switch's badges where a game pays the token multiplier (slots, crash): '1.02x' and '0.98x'; config/game-returns.ts has the others. */
export const TOKEN_MULTIPLIER_BADGES: Record<Token, string> = {
  DEGEN: `${TOKEN_MULTIPLIER.DEGEN.toFixed(2)}x`,
  BNB: `${TOKEN_MULTIPLIER.BNB.toFixed(2)}x`,
};

/** Decimals used both for showing balances and for rounding stakes (docs/product.md §2 lobby, §5 bet input). */
export const TOKEN_DISPLAY_DECIMALS: Record<Token, number> = { DEGEN: 2, BNB: 4 };

export const DEMO_START_BALANCES: Readonly<TokenAmounts> = { DEGEN: 10000, BNB: 5 };

export function formatTokenAmount(token: Token, amount: number): string {
  return amount.toFixed(TOKEN_DISPLAY_DECIMALS[token]);
}
