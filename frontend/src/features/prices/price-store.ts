import { useEffect } from "react";
import { create } from "zustand";
import { TOKENS, type Token } from "@/config/tokens";
import { apiRequest } from "@/lib/api-client";

/** GET /api/prices, the part read here (server/README.md): each token's last good quote, null when its feed has none. */
export interface PriceAnswer {
  quotes: Record<Token, { usd: number; lastUpdated: string; ageMs: number } | null>;
  /** The server's freshness rule: 60 s (docs/product.md §7). */
  freshForMs: number;
}

/** The server refreshes its quotes every 30 s (docs/product.md §7): reading more often shows nothing newer. */
export const PRICE_POLL_MS = 30_000;
/** Ages are shown in whole seconds, and a quote hides within a second of turning stale. */
const CLOCK_TICK_MS = 1_000;

interface PriceState {
  /** Each quote with the time it was made on this browser's clock (its receipt less its age then): no trust in the two clocks agreeing. */
  quotes: Partial<Record<Token, { usd: number; quotedAt: number }>>;
  freshForMs: number;
  /** This browser's clock, ticking while a value is shown. */
  now: number;
}

export const usePriceStore = create<PriceState>(() => ({ quotes: {}, freshForMs: 0, now: 0 }));

async function readPrices(): Promise<void> {
  try {
    const answer = await apiRequest<PriceAnswer>("GET", "/api/prices");
    const receivedAt = Date.now();
    const quotes: PriceState["quotes"] = {};
    for (const token of TOKENS) {
      const quote = answer.quotes[token];
      if (quote) quotes[token] = { usd: quote.usd, quotedAt: receivedAt - quote.ageMs };
    }
    usePriceStore.setState({ quotes, freshForMs: answer.freshForMs, now: receivedAt });
  } catch (error) {
    // The quotes held age out on their own; the next poll asks again.
    console.info("Prices not read", error);
  }
}

let watchers = 0;
let timers: ReturnType<typeof setInterval>[] = [];

/** Polls the prices and ticks the clock while at least one value is on screen; returns the unwatch. */
function watchPrices(): () => void {
  if (watchers++ === 0) {
    void readPrices();
    timers = [setInterval(() => void readPrices(), PRICE_POLL_MS), setInterval(() => usePriceStore.setState({ now: Date.now() }), CLOCK_TICK_MS)];
  }
  return () => {
    if (--watchers === 0) timers.forEach(clearInterval);
  };
}

/** The token's USD price while it is younger than the server's freshness limit; null when none is configured, read or fresh. */
export function useFreshQuote(token: Token) {
  useEffect(watchPrices, []);
  const quote = usePriceStore((state) => state.quotes[token]);
  const freshForMs = usePriceStore((state) => state.freshForMs);
  const now = usePriceStore((state) => state.now);
  if (!quote) return null;
  const ageMs = Math.max(0, now - quote.quotedAt);
  return ageMs < freshForMs ? { usd: quote.usd, ageMs } : null;
}
