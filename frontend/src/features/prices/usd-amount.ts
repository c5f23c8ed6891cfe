import type { Token } from "@/config/tokens";

/** Both tokens carry 18 decimals (docs/product.md §9). */
const TOKEN_DECIMALS = 18;
/** A price's digits kept for the product: a meme token's price of 0.000000123 USD keeps three. */
const PRICE_DECIMALS = 12;
const CENTS_DIVISOR = 10n ** BigInt(TOKEN_DECIMALS + PRICE_DECIMALS - 2);

/** An amount in whole tokens, as the stores hold it ("250.5", 0.25), in base units; digits past the 18th are dropped. */
export function baseUnitsOf(amount: number | string): bigint {
  const text = typeof amount === "number" ? amount.toFixed(TOKEN_DECIMALS) : amount;
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole || "0") * 10n ** BigInt(TOKEN_DECIMALS) + BigInt(fraction.padEnd(TOKEN_DECIMALS, "0").slice(0, TOKEN_DECIMALS));
}

/** Base units × a USD price, in whole cents rounded half up: integer arithmetic, so 0.1 BNB at $612.40 is exactly 6124 cents. */
export function usdCents(baseUnits: bigint, usd: number): bigint {
  const scaledPrice = BigInt(usd.toFixed(PRICE_DECIMALS).replace(".", ""));
  return (baseUnits * scaledPrice + CENTS_DIVISOR / 2n) / CENTS_DIVISOR;
}

/** '≈ $1,234.56'; a positive amount worth less than half a cent reads '≈ <$0.01', not '$0.00'. */
export function usdValueText(baseUnits: bigint, usd: number): string {
  const cents = usdCents(baseUnits, usd);
  if (cents === 0n && baseUnits > 0n) return "≈ <$0.01";
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `≈ $${dollars}.${(cents % 100n).toString().padStart(2, "0")}`;
}

const WHOLE_DOLLAR_PRICE = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SMALL_PRICE = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3 });

/** The price and its age, as the value's tooltip gives them: 'BNB $612.40 · 12 s ago', 'DEGEN $0.0123 · 3 s ago'. */
export function quoteText(token: Token, usd: number, ageMs: number): string {
  const price = usd >= 1 ? WHOLE_DOLLAR_PRICE.format(usd) : SMALL_PRICE.format(usd);
  return `${token} $${price} · ${Math.floor(ageMs / 1000)} s ago`;
}
