import { formatEther, parseEther } from "ethers";
import { TOKEN_DISPLAY_DECIMALS, type Token } from "@/config/tokens";

/** A decimal the player may type: digits with at most one point, no sign or exponent. */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/**
 * docs/product.md §5 'Deposit and withdraw dialogs': the amount must be present and greater than 0. Returns
 * it in base units (both tokens have 18 decimals, docs/product.md §9), or null when it is not such an amount
 * (also with more than 18 decimals, which no token can carry).
 */
export function parseAmount(text: string): bigint | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const [, fraction = ""] = trimmed.split(".");
  if (fraction.length > 18) return null;
  const wei = parseEther(trimmed.startsWith(".") ? `0${trimmed}` : trimmed);
  return wei > 0n ? wei : null;
}

/** Base units as a plain decimal, as the server takes amounts and toasts name them: "10", "0.5". */
export function decimalOf(wei: bigint): string {
  return formatEther(wei).replace(/\.0$/, "");
}

/**
 * Base units with the token's display decimals (DEGEN 2, BNB 4), rounded down: a cap or a
 * maximum is never shown above itself, so the amount shown can be entered as it is.
 */
export function displayAmount(token: Token, wei: bigint, decimals = TOKEN_DISPLAY_DECIMALS[token]): string {
  const unit = 10n ** BigInt(18 - decimals);
  const floored = formatEther((wei / unit) * unit);
  const [whole, fraction = ""] = floored.split(".");
  return decimals === 0 ? whole! : `${whole}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
}

/** docs/product.md §9: a swap's output is shown with 0 decimals for DEGEN and 4 for BNB. */
const SWAP_OUTPUT_DECIMALS: Record<Token, number> = { DEGEN: 0, BNB: 4 };

export function formatSwapOutput(token: Token, wei: bigint): string {
  return displayAmount(token, wei, SWAP_OUTPUT_DECIMALS[token]);
}
