import { create } from "zustand";
import { explorerTxUrl, loadAppConfig } from "@/features/chain";
import { readJackpotHit, readLiveBet, type JackpotHit, type LiveBet } from "./live-bet";

/** The feed keeps as many bets as the server's snapshot holds. */
export const LIVE_BETS_KEPT = 50;
export const LIVE_BETS_URL = "/api/bets/live";

export type LiveBetsStatus = "connecting" | "live" | "reconnecting";

interface LiveBetsState {
  /** Newest first. */
  bets: LiveBet[];
  status: LiveBetsStatus;
  /** The latest jackpot hit announced while this page was open. */
  jackpot: JackpotHit | null;
  dismissJackpot: () => void;
  /** The chain's explorer, where each settlement's transaction (its seed and word in BetSettled) can be read; null on the local node. */
  settlementUrl: (txHash: string) => string | null;
}

export const useLiveBetsStore = create<LiveBetsState>()((set) => ({
  bets: [],
  status: "connecting",
  jackpot: null,
  dismissJackpot: () => set({ jackpot: null }),
  settlementUrl: () => null,
}));

/** A new bet joins the list once, in settlement order, newest first. */
export function withBet(bets: readonly LiveBet[], bet: LiveBet): LiveBet[] {
  if (bets.some((known) => known.seq === bet.seq)) return [...bets];
  return [bet, ...bets].sort((a, b) => b.seq - a.seq).slice(0, LIVE_BETS_KEPT);
}

let source: EventSource | null = null;
/** After the server refused a stream, the next try waits this long. */
const REOPEN_AFTER_REFUSAL_MS = 30_000;

/**
 * Opens the page's one stream of live bets (idempotent). The browser's EventSource reconnects by
 * itself; each connection starts with the server's snapshot, which replaces the list.
 */
export function startLiveBets(): void {
  if (source || typeof EventSource === "undefined") return;
  const stream = new EventSource(LIVE_BETS_URL);
  source = stream;
  const set = useLiveBetsStore.setState;
  loadAppConfig()
    .then((config) => set({ settlementUrl: (txHash) => explorerTxUrl(config.chain, txHash) }))
    // Without the configuration the feed still shows every bet; only the explorer links are missing.
    .catch(() => undefined);
  stream.addEventListener("open", () => set({ status: "live" }));
  stream.addEventListener("error", () => {
    set({ status: "reconnecting" });
    // A stream refused (the server's per-address or total cap: 429, 503) is not retried by the
    // browser; one that ended or dropped is, by itself.
    if (stream.readyState !== EventSource.CLOSED) return;
    source = null;
    setTimeout(startLiveBets, REOPEN_AFTER_REFUSAL_MS);
  });
  stream.addEventListener("snapshot", (event) => {
    const bets = (JSON.parse((event as MessageEvent<string>).data) as unknown[]).map(readLiveBet);
    set({ bets: bets.slice(0, LIVE_BETS_KEPT), status: "live" });
  });
  stream.addEventListener("bet", (event) => {
    const bet = readLiveBet(JSON.parse((event as MessageEvent<string>).data));
    set((state) => ({ bets: withBet(state.bets, bet) }));
  });
  stream.addEventListener("jackpot", (event) => set({ jackpot: readJackpotHit(JSON.parse((event as MessageEvent<string>).data)) }));
}
