import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router-dom";

const code = "rounded bg-night-950/70 px-1 font-mono text-xs text-slate-100";

/** How anyone adds up the leaderboards and a player's numbers again from the chain's events (issue #22). */
export function StatsRecomputeCard() {
  const { hash } = useLocation();
  const card = useRef<HTMLElement>(null);
  // The leaderboards page links here (/fairness#stats).
  useEffect(() => {
    if (hash === "#stats") card.current?.scrollIntoView({ block: "start" });
  }, [hash]);
  return (
    <section
      ref={card}
      id="stats"
      aria-labelledby="stats-recompute-title"
      className="glass-card flex flex-col gap-3 p-5 text-sm leading-relaxed text-slate-300"
      data-testid="fairness-stats"
    >
      <h2 id="stats-recompute-title" className="font-display text-lg font-bold text-white">
        Leaderboards and player numbers
      </h2>
      <p>
        The{" "}
        <Link to="/leaderboard" className="text-cyan underline-offset-2 hover:underline">
          leaderboards
        </Link>{" "}
        and every player's page count only settled on-chain bets, up to the block they name, and nothing else. To add them up yourself, read the Casino's events
        up to that block. A bet's token is in its <code className={code}>BetPlaced</code>. What it staked and what it paid are in the{" "}
        <code className={code}>GamePlayed</code> that follows its <code className={code}>BetSettled</code> in the same transaction (
        <code className={code}>betAmount</code> and <code className={code}>payout</code>; a split blackjack hand staked twice its bet). A DEGEN bet whose{" "}
        <code className={code}>JackpotDrawn</code> hit also paid that prize. Net profit is what a bet paid minus what it staked.
      </p>
      <p>
        The 24 hour and 7 day boards count a bet by the timestamp of the block that settled it. Most wagered adds up the stakes per player. Net profit lists
        only players who are ahead. Biggest wins are the bets that paid the most, each above its stake. A bet its player claimed back after the settle window (
        <code className={code}>ExpiredBetClaimed</code>) has no <code className={code}>BetSettled</code> and does not count; demo bets are not on chain and
        count nowhere.
      </p>
    </section>
  );
}
