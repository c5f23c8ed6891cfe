import { useEffect, useState } from "react";
import type { Token } from "@/config/tokens";
import { explain } from "../web3/explain";
import { quoteSwap, type SwapQuote } from "../web3/swap";

/** Typing pauses this long before the swap desk is asked: one read per amount, not per keystroke. */
const QUOTE_DELAY_MS = 250;

export interface QuoteView {
  quote: SwapQuote | null;
  error: string | null;
}

/** The swap desk's quote and cap for the amount being typed; none while the inputs cannot be swapped. */
export function useSwapQuote(fromToken: Token, toToken: Token, amount: bigint | null): QuoteView {
  const [view, setView] = useState<QuoteView>({ quote: null, error: null });

  useEffect(() => {
    setView({ quote: null, error: null });
    if (amount === null || fromToken === toToken) return;
    let current = true;
    const timer = setTimeout(() => {
      quoteSwap(fromToken, amount).then(
        (quote) => current && setView({ quote, error: null }),
        (error: unknown) => current && setView({ quote: null, error: explain(error).message }),
      );
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [fromToken, toToken, amount]);

  return view;
}
