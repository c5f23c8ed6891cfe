import type { Token } from "@/config/tokens";
import { selectIsDemo, useWalletStore } from "@/features/wallet";
import { cn } from "@/lib/cn";
import { useFreshQuote } from "../price-store";
import { baseUnitsOf, quoteText, usdValueText } from "../usd-amount";

interface UsdValueProps {
  token: Token;
  /** In whole tokens, as the balances and stakes are held: 250.5 or "250.5". */
  amount: number | string;
  className?: string;
}

/**
 * '≈ $12.34' beside a balance, a stake or a win, its price and age in the tooltip. Nothing in demo
 * mode (virtual funds have no dollar value), nor when the token has no fresh price (docs/product.md §2).
 */
export function UsdValue(props: UsdValueProps) {
  const isDemo = useWalletStore(selectIsDemo);
  return isDemo ? null : <FreshUsdValue {...props} />;
}

function FreshUsdValue({ token, amount, className }: UsdValueProps) {
  const quote = useFreshQuote(token);
  if (!quote) return null;
  return (
    <span className={cn("whitespace-nowrap tabular-nums text-slate-400", className)} title={quoteText(token, quote.usd, quote.ageMs)} data-testid="usd-value">
      {usdValueText(baseUnitsOf(amount), quote.usd)}
    </span>
  );
}
