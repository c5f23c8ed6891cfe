import { Link } from "react-router-dom";
import { useOneClickStore } from "@/features/one-click";
import { useWallet } from "@/features/wallet";
import { ClientSeedField } from "./client-seed-field";
import { CommitmentNote, SessionCommitmentNote, useCommitment } from "./commitment";

/**
 * A game's fairness panel in web3 mode: the next bet's client seed (random per bet, a one-click
 * bet's too; the player may write their own), the house's commitments (the wallet's chain, and the
 * open one-click session's), and the way to the fairness page.
 */
export function FairnessPanel() {
  const { isDemo } = useWallet();
  const commitment = useCommitment(!isDemo);
  const session = useOneClickStore((state) => state.session);
  if (isDemo) return null;
  return (
    <details className="glass-card px-4 py-3 text-sm" data-testid="fairness-panel">
      <summary className="cursor-pointer font-semibold text-slate-100">Provably fair</summary>
      <div className="mt-3 flex flex-col gap-3 text-xs text-slate-300">
        <ClientSeedField />
        {commitment && <CommitmentNote commitment={commitment} />}
        {session && <SessionCommitmentNote commit={session.commit} lane={session.lane} />}
        <Link to="/fairness" className="text-cyan underline-offset-2 hover:underline" data-testid="fairness-link">
          Check your bets on the fairness page
        </Link>
      </div>
    </details>
  );
}
