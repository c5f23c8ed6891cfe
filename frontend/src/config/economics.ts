// The one source of the tokenomics and jackpot figures shown by the lobby and the whitepaper.
// Where docs/product.md §9 gives two readings, these follow docs/decisions.md §4–5.
import { JACKPOT_TERMS } from "@engine/terms";

export const TOTAL_SUPPLY = 1_000_000_000;
export const MAX_WALLET_PERCENT = 1;
export const MAX_WALLET_TOKENS = (TOTAL_SUPPLY * MAX_WALLET_PERCENT) / 100;
export const TEAM_PERCENT_PER_MEMBER = 1;

/** Trade tax right after trading opens, stepping down every TAX_STEP_MINUTES. */
export const TAX_LADDER_PERCENT = [25, 21, 17, 13, 9] as const;
export const TAX_STEP_MINUTES = 5;
export const FINAL_TAX_PERCENT = 5;
export const FINAL_TAX_FROM_MINUTES = TAX_LADDER_PERCENT.length * TAX_STEP_MINUTES;

export const TAX_SPLIT_PERCENT = { development: 40, burn: 40, jackpot: 20 } as const;

/** The split of the final 5 % tax in points of the trade: 2 / 2 / 1. */
export const FINAL_TAX_SPLIT_POINTS = {
  development: (FINAL_TAX_PERCENT * TAX_SPLIT_PERCENT.development) / 100,
  burn: (FINAL_TAX_PERCENT * TAX_SPLIT_PERCENT.burn) / 100,
  jackpot: (FINAL_TAX_PERCENT * TAX_SPLIT_PERCENT.jackpot) / 100,
} as const;

/**
 * The jackpot terms a DEGEN bet is placed under (the Casino's defaults): a hit wins
 * JACKPOT_PRIZE_PERCENT_OF_POOL of the pool, with a chance that makes the bet's expected jackpot
 * win JACKPOT_EDGE_PERCENT of its stake. The product's "about 1 % trigger chance" holds only for one
 * stake size, so it is not what the player is told.
 */
export const JACKPOT_EDGE_PERCENT = JACKPOT_TERMS.DEFAULT_EDGE_BPS / 100;
export const JACKPOT_PRIZE_PERCENT_OF_POOL = JACKPOT_TERMS.DEFAULT_SHARE_BPS / 100;
export const JACKPOT_BADGE = "1.2M";

export const LP_LOCK_MONTHS = 6;
export const RESERVE_LOCK_MONTHS = 3;

export const PLAYER_WIN_CHANCE_PERCENT = { DEGEN: 51, BNB: 49 } as const;
export const HOUSE_EDGE_PERCENT = { DEGEN: 49, BNB: 51 } as const;

export const WHEEL_SEGMENTS = 10;
export const WHEEL_SINGLE_COLOUR_PAYOUT = { DEGEN: "10.2:1", BNB: "9.8:1" } as const;

export const TARGET_CHAIN_NAME = "BSC Testnet";
export const TARGET_CHAIN_ID = 97;

export function formatWholeNumber(value: number): string {
  return value.toLocaleString("en-US");
}
