import { Link } from "react-router-dom";
import { LeaderboardsView } from "@/features/stats";

/** The leaderboards (issue #22): every number is recomputable from the chain's events, as the fairness page says. */
export default function LeaderboardPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10" data-testid="leaderboard-page">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">Leaderboards</h1>
        <p className="max-w-3xl text-slate-300">
          Every on-chain bet settled in the period, per token, read from the Casino's events: anyone can add them up again (
          <Link to="/fairness#stats" className="text-cyan underline-offset-2 hover:underline">
            how
          </Link>
          ). What the house itself won and lost is on{" "}
          <Link to="/house" className="text-cyan underline-offset-2 hover:underline">
            the house's books
          </Link>
          .
        </p>
      </header>
      <LeaderboardsView />
    </div>
  );
}
