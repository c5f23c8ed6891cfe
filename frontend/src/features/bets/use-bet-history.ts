import { useCallback, useEffect, useRef, useState } from "react";
import { explorerTxUrl } from "@/features/chain";
import type { BetCheck } from "./onchain";
import type { HistoryCursor, HistoryItem, HistoryPage } from "./onchain/history";

/** A bet of the history with its check in this browser and where to see its transactions. */
export interface HistoryEntry extends HistoryItem {
  /** Null while the bet is open. */
  check: BetCheck | null;
  betUrl: string | null;
  settleUrl: string | null;
}

export interface BetHistory {
  status: "idle" | "loading" | "ready" | "error";
  entries: HistoryEntry[];
  total: bigint | null;
  /** The chain's latest block when last read: how late an open bet is. */
  head: HistoryPage["head"] | null;
  /** Older bets remain to be read. */
  hasMore: boolean;
  error: string | null;
  loadMore: () => void;
  reload: () => void;
}

/**
 * The connected player's bets, read from the chain a page at a time and each checked here with the
 * engine. The chain code loads only when there is an account to read for (never in demo mode).
 */
export function useBetHistory(account: string | null): BetHistory {
  const [state, setState] = useState<Omit<BetHistory, "loadMore" | "reload">>(empty("idle"));
  const older = useRef<HistoryCursor | null>(null);
  /** Bumped by every fresh start, so that the answer of an earlier read is dropped. */
  const generation = useRef(0);

  const load = useCallback(
    async (fresh: boolean) => {
      if (!account) return;
      const run = fresh ? ++generation.current : generation.current;
      setState((previous) => ({ ...(fresh ? empty("loading") : previous), status: "loading", error: null }));
      try {
        const [{ readHistoryPage }, { checkHistoryItem }] = await Promise.all([import("./onchain/history"), import("./onchain/history-check")]);
        const page = await readHistoryPage(fresh ? null : older.current);
        if (run !== generation.current) return;
        older.current = page.older;
        const entries = page.items.map((item) => ({
          ...item,
          check: checkHistoryItem(item, page),
          betUrl: explorerTxUrl(page.chain, item.bet.txHash),
          settleUrl: item.settlement ? explorerTxUrl(page.chain, item.settlement.txHash) : null,
        }));
        setState((previous) => ({
          status: "ready",
          entries: fresh ? entries : [...previous.entries, ...entries],
          total: page.total,
          head: page.head,
          hasMore: page.older !== null,
          error: null,
        }));
      } catch (error) {
        if (run !== generation.current) return;
        setState((previous) => ({ ...previous, status: "error", error: error instanceof Error ? error.message : String(error) }));
      }
    },
    [account],
  );

  useEffect(() => {
    older.current = null;
    if (account) void load(true);
    else {
      generation.current++;
      setState(empty("idle"));
    }
  }, [account, load]);

  return { ...state, loadMore: () => void load(false), reload: () => void load(true) };
}

function empty(status: BetHistory["status"]): Omit<BetHistory, "loadMore" | "reload"> {
  return { status, entries: [], total: null, head: null, hasMore: false, error: null };
}
