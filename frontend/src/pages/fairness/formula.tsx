import type { ReactNode } from "react";

/** A formula as code, wrapping on a phone. */
function Formula({ children }: { children: ReactNode }) {
  return <code className="block break-words rounded-lg bg-night-950/70 px-3 py-2 font-mono text-xs text-slate-100">{children}</code>;
}

/**
 * How every outcome is drawn, in the steps a player can check (engine/README.md "How every
 * outcome is drawn", contracts/README.md "Settlement protocol"): exact, and nothing more.
 */
export function FormulaCard() {
  return (
    <section
      aria-labelledby="formula-title"
      className="glass-card flex flex-col gap-3 p-5 text-sm leading-relaxed text-slate-300"
      data-testid="fairness-formula"
    >
      <h2 id="formula-title" className="font-display text-lg font-bold text-white">
        How each outcome is drawn
      </h2>
      <ol className="flex list-decimal flex-col gap-3 pl-5">
        <li>
          <strong className="text-slate-100">Commit.</strong> Before you bet, the house commits to a hash chain: posted on chain for your wallet bets, and named
          in the session you sign for one-click play, each session a chain of its own. Each seed hashes to the one before it, and the k-th bet under a
          commitment is settled with seed_k: <Formula>keccak256(seed_k) = seed_(k−1)</Formula>
        </li>
        <li>
          <strong className="text-slate-100">Bet.</strong> Your bet carries your client seed and its nonce: its lane (0 for your wallet, each one-click session
          its own) × 2^32 + the count of your earlier bets in that lane.
        </li>
        <li>
          <strong className="text-slate-100">Settle.</strong> The house reveals the bet&apos;s seed of its lane&apos;s chain. The contract accepts it only if it
          hashes down to that chain&apos;s commitment, then computes and publishes (BetSettled) the random word:
          <Formula>word = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino))</Formula>
        </li>
        <li>
          <strong className="text-slate-100">Outcome.</strong> The game reads the word as a stream: block k = keccak256(word ‖ k), four 64-bit numbers each,
          used in order. A fraction is the top 52 bits ÷ 2^52; a whole number below n is u mod n, skipping any u ≥ 2^64 − (2^64 mod n) so that every value is
          equally likely. The game's rules turn them into the payout.
        </li>
        <li>
          <strong className="text-slate-100">Jackpot</strong> (DEGEN bets). Drawn apart from the game from the hash of the block holding your bet, which nobody
          knows when you bet; the seed is not an input:
          <Formula>roll = keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, blockHash)) &gt;&gt; 209</Formula>A hit is roll &lt; odds, the odds (stake × edge
          ÷ prize) fixed when the bet is placed. A draw made once the chain no longer shows that hash, which nobody locked in time, is void: it wins nothing,
          and the house pays its fair value (prize × odds) into the jackpot pool.
        </li>
        <li>
          <strong className="text-slate-100">Check.</strong> This page recomputes every step of each of your bets from the chain's events, in your browser, with
          the same rules the house settles by. A bet left unsettled past its settle window can be claimed back at its maximum payout.
        </li>
      </ol>
    </section>
  );
}
