import { useState } from "react";
import { Link } from "react-router-dom";
import { gameTitle } from "@/config/games";
import { useWallet, displayAmount } from "@/features/wallet";
import { PhoneLabel } from "@/components/ui/phone-label";
import { cn } from "@/lib/cn";
import type { LiveBet } from "../live-bet";
import { useLiveBetsStore } from "../live-bets-store";
import { PlayerLink } from "@/features/stats";
import { multiplierText } from "@/lib/multiplier";
import { betPath } from "@/lib/bet-path";
import { betsOfTab, isBigWin, LIVE_BETS_TABS, type LiveBetsTab } from "../live-bets-view";

/** A phone shows each bet on three lines of two (game and player, stake and multiplier, payout and links); a wider screen one row. */
const ROW_GRID = "grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-3 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_8rem_5rem_8rem_6rem]";

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
          <span aria-hidden="true" className={cn("size-2 rounded-full", status === "live" ? "animate-pulse-brief bg-cyan" : "bg-slate-500")} />
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
        <Link to="/leaderboard" className="ml-auto text-xs font-semibold text-cyan underline-offset-2 hover:underline" data-testid="live-bets-leaderboards">
          Leaderboards
        </Link>
      </div>
      <div role="tabpanel">
        {shown.length === 0 ? (
          <p className="py-2 text-sm text-slate-400" data-testid="live-bets-empty">
            {tab === "mine" && (isDemo || !account) ? "Connect a wallet to see your on-chain bets here." : EMPTY_TEXT[tab]}
          </p>
        ) : (
          <>
            <div aria-hidden="true" className={cn(ROW_GRID, "hidden pb-1 text-xs font-medium text-slate-400 sm:grid")}>
              <span>Game</span>
              <span>Player</span>
              <span className="text-right">Stake</span>
              <span className="text-right">Multiplier</span>
              <span className="text-right">Payout</span>
              <span />
            </div>
            <ol className="text-sm tabular-nums">
              {shown.map((bet) => (
                <LiveBetRow key={bet.seq} bet={bet} />
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}

function LiveBetRow({ bet }: { bet: LiveBet }) {
  const won = BigInt(bet.payout) > BigInt(bet.stake);
  const settlementUrl = useLiveBetsStore((state) => state.settlementUrl)(bet.settleTxHash);
  return (
    <li
      className={cn(ROW_GRID, "items-baseline gap-y-0.5 border-t border-white/5 py-1.5")}
      data-testid="live-bet"
      data-bet-id={bet.betId}
      data-player={bet.player}
    >
      <span className="truncate text-slate-200">{gameTitle(bet)}</span>
      <span className="truncate text-right text-slate-300 sm:text-left" data-testid="live-bet-player">
        <PlayerLink player={bet} />
      </span>
      <span className="text-slate-200 sm:text-right">
        <PhoneLabel>Stake </PhoneLabel>
        <span title={`${bet.stake} wei`} data-testid="live-bet-stake" data-wei={bet.stake}>
          {displayAmount(bet.token, BigInt(bet.stake))} {bet.token}
        </span>
      </span>
      <span className={cn("text-right font-semibold", isBigWin(bet) ? "text-gold" : "text-slate-300")} data-testid="live-bet-multiplier">
        {multiplierText(BigInt(bet.stake), BigInt(bet.payout))}
      </span>
      <span className={cn("font-semibold sm:text-right", won ? "text-cyan" : "text-slate-400")}>
        <PhoneLabel>Payout </PhoneLabel>
        <span title={`${bet.payout} wei`} data-testid="live-bet-payout" data-wei={bet.payout}>
          {displayAmount(bet.token, BigInt(bet.payout))} {bet.token}
        </span>
      </span>
      <span className="text-right text-xs whitespace-nowrap">
        {settlementUrl && (
          <>
            <a
              href={settlementUrl}
              target="_blank"
              rel="noreferrer"
              title={bet.settleTxHash}
              className="text-slate-400 underline-offset-2 hover:underline"
              data-testid="live-bet-settlement"
            >
              Tx
            </a>{" "}
            ·{" "}
          </>
        )}
        <Link
          to={betPath(bet.betId, bet.settledBlock)}
          title={`Settled in block ${bet.settledBlock} by ${bet.settleTxHash}`}
          className="text-cyan underline-offset-2 hover:underline"
          data-testid="live-bet-verify"
        >
          Verify
        </Link>
      </span>
    </li>
  );
}
