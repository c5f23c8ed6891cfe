/**
 * How anyone recomputes every bet without trusting this page or the house (issues #20, #21): the
 * payouts are computed on chain by the rules contract, and the open-source verifier recomputes
 * everything from any node.
 */
export function RecomputeCard() {
  return (
    <section
      aria-labelledby="recompute-title"
      className="glass-card flex flex-col gap-3 p-5 text-sm leading-relaxed text-slate-300"
      data-testid="fairness-recompute"
    >
      <h2 id="recompute-title" className="font-display text-lg font-bold text-white">
        Recompute everything yourself
      </h2>
      <p>
        Every payout is enforced on chain. When a bet is settled, the Casino's rules contract (GameRules) computes its payout from the random word (in blackjack
        and manual crash, also from the moves you signed), and the Casino pays exactly that amount. If the house leaves a bet unsettled past its settle window,
        you claim it back at its maximum payout. Anyone can check all of it without trusting this page: the open-source verifier,{" "}
        <code className="rounded bg-night-950/70 px-1 font-mono text-xs text-slate-100">npm run verify -- --rpc &lt;any node&gt;</code>, reads the Casino's
        events and transactions from any node and recomputes each bet: its random word, its seed against the commitment, its payout with the same rules, its
        jackpot draw and, for a one-click bet, that your session key signed exactly the bet that was placed.
      </p>
    </section>
  );
}
