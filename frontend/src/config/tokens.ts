export const TOKENS = ["DEGEN", "BNB"] as const;
export type Token = (typeof TOKENS)[number];

export type TokenAmounts = Record<Token, number>;

/** SPEC §1: DEGEN pays 1.02x (51 % player), BNB 0.98x (49 % player). */
export const TOKEN_MULTIPLIER: Record<Token, number> = { DEGEN: 1.02, BNB: 0.98 };

/** Decimals used both for showing balances and for rounding stakes (SPEC §2 lobby, §5 bet input). */
export const TOKEN_DISPLAY_DECIMALS: Record<Token, number> = { DEGEN: 2, BNB: 4 };

export const DEMO_START_BALANCES: Readonly<TokenAmounts> = { DEGEN: 10000, BNB: 5 };

export function formatTokenAmount(token: Token, amount: number): string {
  return amount.toFixed(TOKEN_DISPLAY_DECIMALS[token]);
}
