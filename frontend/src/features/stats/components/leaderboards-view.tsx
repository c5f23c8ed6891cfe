import { useState } from "react";
import { gameTitle } from "@/config/games";
import type { Token } from "@/config/tokens";
import { TokenSwitch } from "@/components/ui/token-switch";
import { displayAmount } from "@/features/wallet";
import { cn } from "@/lib/cn";
import { multiplierText } from "@/lib/multiplier";
import { betPath } from "@/lib/bet-path";
import { Link } from "react-router-dom";
import { useFetched } from "@/lib/use-fetched";
import { leaderboardsUrl, STATS_WINDOWS, type BigWin, type LeaderboardEntry, type Leaderboards, type StatsWindow } from "../stats-api";
import { PlayerLink } from "./player-link";

/** The most wagered, the biggest single wins and the most net profit, for a window of time and a token (issue #22). */
export function LeaderboardsView() {
  const [period, setPeriod] = useState<StatsWindow>("24h");
  const [token, setToken] = useState<Token>("DEGEN");
  const boards = useFetched<Leaderboards>(leaderboardsUrl(period, token));
  const data = boards.data;
  return (
    <div className="flex flex-col gap-4" data-testid="leaderboards" data-status={boards.status} data-window={data?.window} data-token={data?.token}>
      <div className="flex flex-wrap items-center gap-3">
        <div role="tablist" aria-label="Period" className="flex gap-1 rounded-xl border border-white/10 bg-white/5 p-1">
          {STATS_WINDOWS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={period === id}
              data-testid={`leaderboard-window-${id}`}
              onClick={() => setPeriod(id)}
              className={cn(
                "rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-cyan",
                period === id ? "bg-white/10 text-white" : "text-slate-400 hover:text-white",
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <TokenSwitch value={token} onChange={setToken} className="w-56" />
      </div>
      {boards.status === "error" && (
        <p role="alert" className="text-sm text-pink">
          The leaderboards could not be read: {boards.error}
        </p>
      )}
      {data && (
        <>
          <div className="grid gap-4 lg:grid-cols-3">
            <Board title="Most wagered" testId="board-wagered" empty="No bets settled in this period." entries={data.wagered} token={data.token} />
            <WinsBoard wins={data.biggestWins} token={data.token} />
            <Board title="Net profit" testId="board-profit" empty="Nobody is ahead in this period." entries={data.profit} token={data.token} />
          </div>
          <p className="text-xs text-slate-400" data-testid="leaderboards-read-up-to">
            From the chain's events up to block {data.readUpTo}.
          </p>
        </>
      )}
    </div>
  );
}

function Board({ title, testId, empty, entries, token }: { title: string; testId: string; empty: string; entries: LeaderboardEntry[]; token: Token }) {
  return (
    <section aria-labelledby={`${testId}-title`} className="glass-card flex flex-col gap-2 p-4" data-testid={testId}>
      <h2 id={`${testId}-title`} className="font-display text-lg font-bold text-white">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-400">{empty}</p>
      ) : (
        <ol className="flex flex-col text-sm tabular-nums">
          {entries.map((entry, i) => (
            <li key={entry.player} className="flex items-baseline gap-2 border-t border-white/5 py-1.5" data-testid="board-entry" data-player={entry.player}>
              <span className="w-6 shrink-0 text-slate-500">{i + 1}.</span>
              <PlayerLink player={entry} className="min-w-0 flex-1 truncate text-slate-200" />
              <span className="text-right font-semibold text-slate-100" data-testid="board-amount" data-wei={entry.amount}>
                {displayAmount(token, BigInt(entry.amount))} {token}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function WinsBoard({ wins, token }: { wins: BigWin[]; token: Token }) {
  return (
    <section aria-labelledby="board-wins-title" className="glass-card flex flex-col gap-2 p-4" data-testid="board-wins">
      <h2 id="board-wins-title" className="font-display text-lg font-bold text-white">
        Biggest wins
      </h2>
      {wins.length === 0 ? (
        <p className="text-sm text-slate-400">No wins in this period.</p>
      ) : (
        <ol className="flex flex-col text-sm tabular-nums">
          {wins.map((win, i) => (
            <li
              key={win.betId}
              className="grid grid-cols-[1.5rem_minmax(0,1fr)_auto] gap-x-2 border-t border-white/5 py-1.5"
              data-testid="board-entry"
              data-bet-id={win.betId}
            >
              <span className="text-slate-500">{i + 1}.</span>
              <PlayerLink player={win} className="truncate text-slate-200" />
              <span className="text-right font-semibold text-cyan" data-testid="board-amount" data-wei={win.paid}>
                {displayAmount(token, BigInt(win.paid))} {token}
              </span>
              <span />
              <Link
                to={betPath(win.betId, win.settledBlock)}
                className="truncate text-xs text-slate-400 underline-offset-2 hover:underline"
                data-testid="board-bet-link"
              >
                {gameTitle(win)}
              </Link>
              <span className="text-right text-xs text-gold">{multiplierText(BigInt(win.stake), BigInt(win.paid))}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
