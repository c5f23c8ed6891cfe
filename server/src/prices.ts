import { logger } from "./observability/log";
import type { TokenSymbol } from "./tokens";

const log = logger("prices");

export const PRICE_REFRESH_MS = 30_000;
export const PRICE_FRESH_MS = 60_000;

interface Quote {
  usd: number;
  at: number;
}

/** One token's last good quote; the age lets a browser tell freshness without trusting its own clock. */
export interface TokenQuote {
  usd: number;
  /** ISO time the quote arrived. */
  lastUpdated: string;
  /** How old the quote was when this answer was made, in ms. */
  ageMs: number;
}

export interface PriceSnapshot {
  BNB: number | null;
  DEGEN: number | null;
  /** ISO time of the oldest quote shown, or null before any quote arrived. */
  lastUpdated: string | null;
  /** Whether every quote shown is younger than 60 s. */
  fresh: boolean;
  /** Each token on its own, null until its first quote (and always without its URL): one token's price shows while the other's is missing. */
  quotes: Record<TokenSymbol, TokenQuote | null>;
  /** How long a quote counts as fresh (PRICE_FRESH_MS). */
  freshForMs: number;
}

export interface PriceFeed {
  snapshot(): PriceSnapshot;
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * Polls two upstream URLs. A failure is logged and the last good quote is kept. Accepted answers:
 * a bare number, { price }, { usd }, or one level of nesting such as CoinGecko's { id: { usd } }.
 */
export function startPriceFeed(urls: Partial<Record<TokenSymbol, string>>, options: { refreshMs?: number; now?: () => number } = {}): PriceFeed {
  const now = options.now ?? Date.now;
  const quotes: Partial<Record<TokenSymbol, Quote>> = {};
  const failing = new Set<TokenSymbol>();

  // The URL is logged by its host only: a price API's key may ride in its query.
  async function fetchOne(token: TokenSymbol, url: string): Promise<void> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const usd = extractUsd(await response.json());
      if (usd === undefined) throw new Error("no USD price in the answer");
      quotes[token] = { usd, at: now() };
      if (failing.delete(token)) log.info(`Price feed for ${token} recovered`);
    } catch (error) {
      // Log once per outage rather than every 30 s.
      if (!failing.has(token)) log.warn(`Price feed for ${token} failed (${new URL(url).host}): ${(error as Error).message}`);
      failing.add(token);
    }
  }

  const refresh = async () => {
    await Promise.all((Object.entries(urls) as [TokenSymbol, string | undefined][]).filter(([, url]) => url).map(([token, url]) => fetchOne(token, url!)));
  };
  void refresh();
  const timer = setInterval(() => void refresh(), options.refreshMs ?? PRICE_REFRESH_MS);
  timer.unref();

  const described = (quote: Quote | undefined): TokenQuote | null =>
    quote === undefined ? null : { usd: quote.usd, lastUpdated: new Date(quote.at).toISOString(), ageMs: now() - quote.at };

  return {
    refresh,
    stop: () => clearInterval(timer),
    snapshot() {
      const shown = [quotes.BNB, quotes.DEGEN].filter((q): q is Quote => q !== undefined);
      const oldest = shown.length ? Math.min(...shown.map((q) => q.at)) : undefined;
      return {
        BNB: quotes.BNB?.usd ?? null,
        DEGEN: quotes.DEGEN?.usd ?? null,
        lastUpdated: oldest === undefined ? null : new Date(oldest).toISOString(),
        fresh: shown.length === 2 && now() - oldest! < PRICE_FRESH_MS,
        quotes: { BNB: described(quotes.BNB), DEGEN: described(quotes.DEGEN) },
        freshForMs: PRICE_FRESH_MS,
      };
    },
  };
}

export function extractUsd(body: unknown, depth = 0): number | undefined {
  const asNumber = (value: unknown) => {
    const n = typeof value === "string" ? Number(value) : value;
    return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const direct = asNumber(body);
  if (direct !== undefined || typeof body !== "object" || body === null) return direct;
  const record = body as Record<string, unknown>;
  const named = asNumber(record.price) ?? asNumber(record.usd) ?? asNumber(record.USD);
  if (named !== undefined || depth > 0) return named;
  const values = Object.values(record);
  return values.length === 1 ? extractUsd(values[0], depth + 1) : undefined;
}
