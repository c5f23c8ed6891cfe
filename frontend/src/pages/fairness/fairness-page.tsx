import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { ClientSeedField, CommitmentNote, SessionCommitmentNote, useCommitment } from "@/features/bets";
import { useOneClickStore } from "@/features/one-click";
import { useWallet } from "@/features/wallet";
import { FormulaCard } from "./formula";
import { RecomputeCard } from "./recompute";
import { StatsRecomputeCard } from "./stats-recompute";

/** The history and its chain code load only for a connected wallet. */
const FairnessHistory = lazy(() => import("./fairness-history"));

/**
 * The fairness page (issue #14): the house's commitment and the next client seed, how each outcome
 * is drawn, how anyone recomputes it and how each payout is enforced (issues #20, #21), and the
 * player's bets read from the chain, each checked in this browser.
 */
export default function FairnessPage() {
  const { isDemo, account, wrongNetwork } = useWallet();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10" data-testid="fairness-page">
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wider text-cyan">Fairness</p>
        <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">Provably fair</h1>
        <p className="max-w-3xl text-slate-300">
          Every on-chain outcome comes from a seed the house commits to before you bet and a client seed you choose. Anyone can recompute each bet from the
          chain; this page does it for yours.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        {isDemo || !account ? <DemoNote /> : <NextBet />}
        <FormulaCard />
      </div>
      <RecomputeCard />
      <StatsRecomputeCard />
      {!isDemo && account && !wrongNetwork && (
        <Suspense fallback={<p className="text-sm text-slate-400">Reading your bets from the chain…</p>}>
          <FairnessHistory account={account} />
        </Suspense>
      )}
      {!isDemo && wrongNetwork && <p className="text-sm text-ember">Switch your wallet to the Casino's network to read your bets.</p>}
    </div>
  );
}

/** Web3 mode: what the next bet will be settled with (the wallet's chain, and the open one-click session's), and its client seed (changeable as in a game's panel). */
function NextBet() {
  const commitment = useCommitment(true);
  const session = useOneClickStore((state) => state.session);
  return (
    <section aria-labelledby="next-bet-title" className="glass-card flex flex-col gap-3 p-5 text-sm text-slate-300" data-testid="next-bet">
      <h2 id="next-bet-title" className="font-display text-lg font-bold text-white">
        Your next bet
      </h2>
      {commitment ? <CommitmentNote commitment={commitment} full /> : <p className="text-slate-400">Asking the house for its commitment…</p>}
      {session && <SessionCommitmentNote commit={session.commit} lane={session.lane} />}
      <ClientSeedField />
    </section>
  );
}

/** Demo mode: nothing is on chain to check. */
function DemoNote() {
  const { connect, isLoading } = useWallet();
  return (
    <section className="glass-card flex flex-col gap-3 p-5 text-sm text-slate-300" data-testid="fairness-demo">
      <h2 className="font-display text-lg font-bold text-white">Demo mode</h2>
      <p>
        Demo rounds are drawn in this browser with a fresh random word each; nothing is placed on chain. Connect a wallet to play on chain and see your bets
        here, each recomputed and checked in your browser.
      </p>
      <Button variant="primary" className="self-start" disabled={isLoading} onClick={() => connect().catch(() => undefined)}>
        Connect Wallet
      </Button>
    </section>
  );
}
