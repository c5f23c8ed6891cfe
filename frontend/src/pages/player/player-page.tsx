import { lazy, Suspense, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { TOKENS } from "@/config/tokens";
import { BetHistory, loadProfitChart, PlayerSummary, playerName, playerStatsUrl, type PlayerStats } from "@/features/stats";
import { useFetched } from "@/lib/use-fetched";

/** The chart library loads with the first chart, not with the page. */
const ProfitChart = lazy(loadProfitChart);

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A player's page (issue #22): their numbers per game and token, profit over time and bet history, from the chain's events. */
export default function PlayerPage() {
  const { address = "" } = useParams();
  if (!ADDRESS.test(address)) {
    return (
      <Frame>
        <h1 className="font-display text-3xl font-black text-white">Player</h1>
        <p role="alert" className="text-pink">
          “{address}” is not a wallet address.
        </p>
      </Frame>
    );
  }
  return <PlayerNumbers address={address} />;
}

function PlayerNumbers({ address }: { address: string }) {
  const stats = useFetched<PlayerStats>(playerStatsUrl(address));
  const data = stats.data;
  return (
    <Frame>
      <header className="flex flex-col gap-1">
        <p className="text-xs font-semibold tracking-wider text-cyan">Player</p>
        <h1 className="font-display text-3xl font-black tracking-tight break-all text-white sm:text-4xl" data-testid="player-name">
          {data ? playerName(data) : "…"}
        </h1>
        <p className="font-mono text-xs break-all text-slate-400" data-testid="player-address">
          {data?.player ?? address}
        </p>
        {data && (
          <p className="text-xs text-slate-400" data-testid="player-read-up-to">
            From the chain's events up to block {data.readUpTo}.
          </p>
        )}
      </header>
      {stats.status === "error" && (
        <p role="alert" className="text-sm text-pink">
          This player's numbers could not be read: {stats.error}
        </p>
      )}
      {data && (
        <>
          <PlayerSummary games={data.games} />
          {TOKENS.map((token) => {
            const points = data.profitOverTime[token];
            if (!points?.length) return null;
            const bets = data.games.filter((game) => game.token === token).reduce((sum, game) => sum + game.bets, 0);
            return (
              <Suspense key={token} fallback={<div className="glass-card h-64" />}>
                <ProfitChart token={token} points={points} bets={bets} />
              </Suspense>
            );
          })}
          <BetHistory player={data.player} />
        </>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10" data-testid="player-page">
      {children}
    </div>
  );
}
