import { useEffect, useState, type ReactNode } from "react";
import { GAMES, gameTitle } from "@/config/games";
import { TOKENS, type Token } from "@/config/tokens";
import { Button } from "@/components/ui/button";
import { displayAmount } from "@/features/wallet";
import { apiRequest, serverErrorText } from "@/lib/api-client";
import { PhoneLabel } from "@/components/ui/phone-label";
import { cn } from "@/lib/cn";
import { multiplierText } from "@/lib/multiplier";
import { betPath } from "@/lib/bet-path";
import { Link } from "react-router-dom";
import { playerBetsUrl, type BetFilter, type BetResult, type PlayerBet, type PlayerBetsPage } from "../stats-api";

const RESULTS: readonly { id: BetResult; label: string }[] = [
  { id: "won", label: "Won" },
  { id: "lost", label: "Lost" },
  { id: "even", label: "Stake back" },
];

const timeText = (seconds: number | null) =>
  seconds === null ? "" : new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });

/** A phone shows each bet on three lines (time and game, stake and multiplier, what it paid); a wider screen one row. */
const ROW_GRID = "grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_5rem_minmax(0,1fr)]";

interface Loaded {
  bets: PlayerBet[];
  next: number | null;
  status: "loading" | "ready" | "error";
  error?: string;
}

/** The player's settled bets, newest first, filtered by game, token and result, a page at a time; the same selection downloads as CSV. */
export function BetHistory({ player }: { player: string }) {
  const [filter, setFilter] = useState<BetFilter>({});
  const [loaded, setLoaded] = useState<Loaded>({ bets: [], next: null, status: "loading" });
  const [before, setBefore] = useState<number | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setLoaded((previous) => ({ ...previous, status: "loading" }));
    apiRequest<PlayerBetsPage>("GET", playerBetsUrl(player, filter, { before })).then(
      (page) =>
        current && setLoaded((previous) => ({ bets: before === undefined ? page.bets : [...previous.bets, ...page.bets], next: page.next, status: "ready" })),
      (error: unknown) => current && setLoaded((previous) => ({ ...previous, status: "error", error: serverErrorText(error) ?? (error as Error).message })),
    );
    return () => {
      current = false;
    };
  }, [player, filter, before]);

  const refine = (change: Partial<BetFilter>) => {
    setBefore(undefined);
    setFilter((previous) => ({ ...previous, ...change }));
  };

  return (
    <section aria-labelledby="history-title" className="glass-card flex flex-col gap-3 p-4" data-testid="player-history" data-status={loaded.status}>
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="history-title" className="mr-auto font-display text-lg font-bold text-white">
          Bet history
        </h2>
        <Select
          label="Game"
          testId="history-game"
          value={filter.gameType?.toString() ?? ""}
          onChange={(value) => refine({ gameType: value === "" ? undefined : Number(value) })}
        >
          <option value="">All games</option>
          {GAMES.map((game) => (
            <option key={game.id} value={game.gameType}>
              {game.title}
            </option>
          ))}
        </Select>
        <Select
          label="Token"
          testId="history-token"
          value={filter.token ?? ""}
          onChange={(value) => refine({ token: value === "" ? undefined : (value as Token) })}
        >
          <option value="">Both tokens</option>
          {TOKENS.map((token) => (
            <option key={token} value={token}>
              {token}
            </option>
          ))}
        </Select>
        <Select
          label="Result"
          testId="history-result"
          value={filter.result ?? ""}
          onChange={(value) => refine({ result: value === "" ? undefined : (value as BetResult) })}
        >
          <option value="">Any result</option>
          {RESULTS.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </Select>
        <a
          href={playerBetsUrl(player, filter, { format: "csv" })}
          download
          className="rounded-xl border border-white/15 bg-white/5 px-3 py-2 text-sm font-semibold text-slate-100 transition hover:border-cyan/60 focus-visible:outline-2 focus-visible:outline-cyan"
          data-testid="history-csv"
        >
          Export CSV
        </a>
      </div>
      {loaded.status === "error" && (
        <p role="alert" className="text-sm text-pink">
          The history could not be read: {loaded.error}
        </p>
      )}
      {loaded.status === "ready" && loaded.bets.length === 0 && <p className="text-sm text-slate-400">No settled bet matches.</p>}
      {loaded.bets.length > 0 && (
        <>
          <div aria-hidden="true" className={cn(ROW_GRID, "hidden pb-1 text-xs font-medium text-slate-400 sm:grid")}>
            <span>Settled</span>
            <span>Game</span>
            <span className="text-right">Stake</span>
            <span className="text-right">Multiplier</span>
            <span className="text-right">Paid</span>
          </div>
          <ol className="text-sm tabular-nums">
            {loaded.bets.map((bet) => (
              <HistoryRow key={bet.betId} bet={bet} />
            ))}
          </ol>
        </>
      )}
      {loaded.next !== null && (
        <Button
          size="sm"
          variant="ghost"
          className="self-center"
          disabled={loaded.status === "loading"}
          onClick={() => setBefore(loaded.next!)}
          data-testid="history-more"
        >
          Show more
        </Button>
      )}
    </section>
  );
}

function HistoryRow({ bet }: { bet: PlayerBet }) {
  const stake = BigInt(bet.stake);
  const paid = BigInt(bet.paid);
  return (
    <li className={cn(ROW_GRID, "items-baseline gap-y-0.5 border-t border-white/5 py-1.5")} data-testid="history-bet" data-bet-id={bet.betId}>
      <span className="text-slate-400" title={`Block ${bet.settledBlock}`}>
        {timeText(bet.settledAt) || `Block ${bet.settledBlock}`}
      </span>
      <Link
        to={betPath(bet.betId, bet.settledBlock)}
        className="truncate text-right text-slate-200 underline-offset-2 hover:underline sm:text-left"
        data-testid="history-bet-link"
      >
        {gameTitle(bet)}
      </Link>
      <span className="sm:text-right" data-testid="history-stake" data-wei={bet.stake}>
        <PhoneLabel>Stake </PhoneLabel>
        {displayAmount(bet.token, stake)} {bet.token}
      </span>
      <span className="text-right text-slate-300">{multiplierText(stake, paid)}</span>
      <span
        className={cn("col-span-2 text-right font-semibold sm:col-span-1", paid > stake ? "text-cyan" : "text-slate-400")}
        data-testid="history-paid"
        data-wei={bet.paid}
      >
        <PhoneLabel>Paid </PhoneLabel>
        {displayAmount(bet.token, paid)} {bet.token}
      </span>
    </li>
  );
}

function Select({
  label,
  testId,
  value,
  onChange,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs text-slate-400">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className="rounded-xl border border-white/15 bg-night-900 px-2 py-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-cyan"
      >
        {children}
      </select>
    </label>
  );
}
