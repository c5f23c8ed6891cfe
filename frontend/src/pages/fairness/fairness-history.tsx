import { Button } from "@/components/ui/button";
import { BetHistoryEntry, useBetHistory } from "@/features/bets";
import { BetEnforcement } from "./bet-enforcement";
import { useSessionSignatures } from "./use-session-signatures";

/**
 * The connected player's bets read from the chain, newest first, each checked in this browser
 * (features/bets: 'Verified' or exactly what does not match), with how its payout was enforced and
 * how it was placed (bet-enforcement.tsx). Loaded with the chain code, in web3 mode only.
 */
export default function FairnessHistory({ account }: { account: string }) {
  const history = useBetHistory(account);
  const signatures = useSessionSignatures(history.entries);
  const { entries, status, head } = history;
  const verified = entries.filter((entry) => entry.check?.ok).length;
  const failed = entries.filter((entry) => entry.check && !entry.check.ok).length;
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3" data-testid="bet-history" data-status={status}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="history-title" className="font-display text-xl font-bold text-white">
          Your bets on chain
        </h2>
        {history.total !== null && (
          <p className="text-xs text-slate-400" data-testid="history-summary">
            {entries.length} of {history.total.toString()} shown: {verified} verified
            {failed > 0 && <span className="text-pink">, {failed} not verified</span>}
          </p>
        )}
        <Button size="sm" variant="ghost" className="ml-auto" disabled={status === "loading"} onClick={history.reload}>
          Reload
        </Button>
      </div>
      {status === "loading" && entries.length === 0 && <p className="text-sm text-slate-400">Reading your bets from the chain…</p>}
      {status === "ready" && history.total === 0n && <p className="text-sm text-slate-400">No bets yet: play any game and it shows up here.</p>}
      {entries.length > 0 && head && (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            // One item per bet: the history's entry (a list item of its own), then how it was enforced.
            <li
              key={entry.bet.betId.toString()}
              id={`bet-${entry.bet.betId.toString()}`}
              className="flex flex-col gap-1"
              data-testid="fairness-bet"
              data-bet-id={entry.bet.betId.toString()}
            >
              <ol className="contents">
                <BetHistoryEntry entry={entry} head={head} onClaim={history.reload} />
              </ol>
              <BetEnforcement entry={entry} signature={signatures.get(entry.bet.betId)} />
            </li>
          ))}
        </ol>
      )}
      {status === "error" && (
        <p role="alert" className="text-sm text-pink">
          Reading the chain failed: {history.error}
        </p>
      )}
      {history.hasMore && (
        <Button variant="secondary" className="self-center" disabled={status === "loading"} onClick={history.loadMore} data-testid="history-more">
          {status === "loading" ? "Reading…" : "Load older bets"}
        </Button>
      )}
    </section>
  );
}
