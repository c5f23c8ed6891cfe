import { useState } from "react";
import { Link } from "react-router-dom";
import { GAMES } from "@/config/games";
import { useWallet } from "@/features/wallet";
import { displayAmount } from "@/features/wallet/amount";
import { cn } from "@/lib/cn";
import type { LiveBet } from "../live-bet";
import { useLiveBetsStore } from "../live-bets-store";
import { betsOfTab, isBigWin, LIVE_BETS_TABS, multiplierText, playerName, type LiveBetsTab } from "../live-bets-view";

const gameTitle = (bet: LiveBet) => GAMES.find((game) => game.gameType === bet.gameType)?.title ?? bet.game;

const EMPTY_TEXT: Record<LiveBetsTab, string> = {
  all: "No bets settled on chain yet.",
  big: "No big wins (10x or more) among the latest bets.",
  mine: "None of the latest bets is yours.",
};

/** Every player's settled on-chain bets as they land, with tabs for big wins and the player's own. */
export default function LiveBetsPanel() {
  const [tab, setTab] = useState<LiveBetsTab>("all");
  const { account, isDemo } = useWallet();
  const bets = useLiveBetsStore((state) => state.bets);
  const status = useLiveBetsStore((state) => state.status);
  const shown = betsOfTab(bets, tab, isDemo ? null : account);
  return (
    <section aria-labelledby="live-bets-title" className="glass-card flex flex-col gap-3 p-4 sm:p-5" data-testid="live-bets" data-status={status}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id="live-bets-title" className="flex items-center gap-2 font-display text-lg font-bold text-white">
          <span aria-hidden="true" className={cn("size-2 rounded-full", status === "live" ? "animate-pulse bg-cyan" : "bg-slate-500")} />
          Live bets
        </h2>
        <div role="tablist" aria-label="Live bets" className="flex gap-1">
          {LIVE_BETS_TABS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              data-testid={`live-bets-tab-${id}`}
              onClick={() => setTab(id)}
              className={cn(
                "rounded-lg px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-cyan",
                tab === id ? "bg-white/10 text-white" : "text-slate-400 hover:text-white",
              )}
            >
              {label}
            </button>
          ))}
        </div>
        {status === "reconnecting" && <p className="text-xs text-gold">Reconnecting…</p>}
      </div>
      <div role="tabpanel" className="overflow-x-auto">
        {shown.length === 0 ? (
          <p className="py-2 text-sm text-slate-400" data-testid="live-bets-empty">
            {tab === "mine" && (isDemo || !account) ? "Connect a wallet to see your on-chain bets here." : EMPTY_TEXT[tab]}
          </p>
        ) : (
          <table className="w-full min-w-[34rem] text-left text-sm tabular-nums">
            <thead className="text-xs text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Game</th>
                <th className="py-1 pr-3 font-medium">Player</th>
                <th className="py-1 pr-3 text-right font-medium">Stake</th>
                <th className="py-1 pr-3 text-right font-medium">Multiplier</th>
                <th className="py-1 pr-3 text-right font-medium">Payout</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">Verification</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((bet) => (
                <LiveBetRow key={bet.seq} bet={bet} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function LiveBetRow({ bet }: { bet: LiveBet }) {
  const won = BigInt(bet.payout) > BigInt(bet.stake);
  const settlementUrl = useLiveBetsStore((state) => state.settlementUrl)(bet.settleTxHash);
  return (
    <tr className="border-t border-white/5" data-testid="live-bet" data-bet-id={bet.betId} data-player={bet.player}>
      <td className="py-1.5 pr-3 text-slate-200">{gameTitle(bet)}</td>
      <td className="max-w-40 truncate py-1.5 pr-3 text-slate-300" title={bet.player} data-testid="live-bet-player">
        {playerName(bet)}
      </td>
      <td className="py-1.5 pr-3 text-right text-slate-200" title={`${bet.stake} wei`} data-testid="live-bet-stake" data-wei={bet.stake}>
        {displayAmount(bet.token, BigInt(bet.stake))} {bet.token}
      </td>
      <td className={cn("py-1.5 pr-3 text-right font-semibold", isBigWin(bet) ? "text-gold" : "text-slate-300")} data-testid="live-bet-multiplier">
        {multiplierText(bet)}
      </td>
      <td
        className={cn("py-1.5 pr-3 text-right font-semibold", won ? "text-cyan" : "text-slate-400")}
        title={`${bet.payout} wei`}
        data-testid="live-bet-payout"
        data-wei={bet.payout}
      >
        {displayAmount(bet.token, BigInt(bet.payout))} {bet.token}
      </td>
      <td className="py-1.5 text-right whitespace-nowrap">
        {settlementUrl && (
          <>
            <a
              href={settlementUrl}
              target="_blank"
              rel="noreferrer"
              title={bet.settleTxHash}
              className="text-xs text-slate-400 underline-offset-2 hover:underline"
              data-testid="live-bet-settlement"
            >
              Tx
            </a>{" "}
            ·{" "}
          </>
        )}
        <Link
          to={`/fairness#bet-${bet.betId}`}
          title={`Settled in block ${bet.settledBlock} by ${bet.settleTxHash}`}
          className="text-xs text-cyan underline-offset-2 hover:underline"
          data-testid="live-bet-verify"
        >
          Verify
        </Link>
      </td>
    </tr>
  );
}
