import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useWallet } from "@/features/wallet";
import { apiRequest } from "@/lib/api-client";
import { CLIENT_SEED_PATTERN, randomClientSeed, useFairnessStore } from "../fairness-store";

export interface CommitmentView {
  commitment: string;
  root: string;
  nextNonce: string;
  remaining: number;
  chainLength: number;
}

/** The server's commitment for the signed-in player (posting a fresh chain first when needed). */
export function useCommitment(active: boolean): CommitmentView | null {
  const [commitment, setCommitment] = useState<CommitmentView | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    apiRequest<CommitmentView>("GET", "/api/fairness/commitment")
      .then((answer) => live && setCommitment(answer))
      .catch(() => live && setCommitment(null));
    return () => {
      live = false;
    };
  }, [active]);
  return commitment;
}

const short = (hex: string) => `${hex.slice(0, 10)}…${hex.slice(-8)}`;

/**
 * A game's fairness panel in web3 mode: the next bet's client seed (random per bet; the player may
 * write their own), the house's current commitment, and the way to the fairness page.
 */
export function FairnessPanel() {
  const { isDemo } = useWallet();
  const clientSeed = useFairnessStore((state) => state.clientSeed);
  const setClientSeed = useFairnessStore((state) => state.setClientSeed);
  const [draft, setDraft] = useState<string | null>(null);
  const commitment = useCommitment(!isDemo);
  if (isDemo) return null;
  const editing = draft !== null;
  const valid = draft !== null && CLIENT_SEED_PATTERN.test(draft);
  return (
    <details className="glass-card px-4 py-3 text-sm" data-testid="fairness-panel">
      <summary className="cursor-pointer font-semibold text-slate-100">Provably fair</summary>
      <div className="mt-3 flex flex-col gap-3 text-xs text-slate-300">
        <label className="flex flex-col gap-1">
          <span className="text-slate-400">Your client seed for the next bet</span>
          {editing ? (
            <input
              value={draft}
              onChange={(event) => setDraft(event.target.value.trim())}
              className="rounded-lg border border-white/15 bg-night-950/60 px-2 py-1.5 font-mono text-xs text-slate-100"
              data-testid="client-seed-input"
              aria-invalid={!valid}
            />
          ) : (
            <code className="break-all font-mono text-slate-100" data-testid="client-seed">
              {clientSeed}
            </code>
          )}
        </label>
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <>
              <Button size="sm" variant="primary" disabled={!valid} onClick={() => (setClientSeed(draft), setDraft(null))}>
                Use this seed
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button size="sm" variant="secondary" onClick={() => setDraft(clientSeed)} data-testid="edit-client-seed">
                Change
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setClientSeed(randomClientSeed())}>
                New random seed
              </Button>
            </>
          )}
        </div>
        {editing && !valid && <p className="text-pink">A client seed is 0x and 64 hex digits (32 bytes).</p>}
        {commitment && (
          <p>
            The house committed to <code className="font-mono text-slate-100">{short(commitment.commitment)}</code> before your bet: your
            next bet is settled with the link that hashes to it. {commitment.remaining} of {commitment.chainLength} links left.
          </p>
        )}
        <Link to="/fairness" className="text-cyan underline-offset-2 hover:underline">
          Check your bets on the fairness page
        </Link>
      </div>
    </details>
  );
}
