import { useEffect, useState } from "react";
import { apiRequest } from "@/lib/api-client";

/** The server's POST /api/fairness/commitment answer. */
export interface CommitmentView {
  commitment: string;
  root: string;
  nextNonce: string;
  remaining: number;
  chainLength: number;
}

/**
 * The server's commitment for the signed-in player. A POST: the server may post a fresh chain on
 * chain first (a transaction it pays for), which a GET, fetched by anything, must not start.
 */
export function useCommitment(active: boolean): CommitmentView | null {
  const [commitment, setCommitment] = useState<CommitmentView | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    apiRequest<CommitmentView>("POST", "/api/fairness/commitment")
      .then((answer) => live && setCommitment(answer))
      .catch(() => live && setCommitment(null));
    return () => {
      live = false;
    };
  }, [active]);
  return commitment;
}

const short = (hex: string) => `${hex.slice(0, 10)}…${hex.slice(-8)}`;

/** What the house has committed to for the player's next wallet bet, and how many links its chain has left. */
export function CommitmentNote({ commitment, full = false }: { commitment: CommitmentView; full?: boolean }) {
  return (
    <p data-testid="commitment">
      The house committed to{" "}
      <code className={full ? "break-all font-mono text-slate-100" : "font-mono text-slate-100"} title={commitment.commitment}>
        {full ? commitment.commitment : short(commitment.commitment)}
      </code>{" "}
      before your bet: your next wallet bet (#{commitment.nextNonce}) is settled with the link that hashes to it. {commitment.remaining} of{" "}
      {commitment.chainLength} links left.
    </p>
  );
}

/** The open one-click session's own chain (docs/decisions.md §4, "lanes"): its root, which the player's wallet signed, settles the session's bets alone. */
export function SessionCommitmentNote({ commit, lane }: { commit: string; lane: number }) {
  return (
    <p data-testid="session-commitment">
      Your one-click bets (session {lane}) are settled with a chain of their own: the house committed to{" "}
      <code className="font-mono text-slate-100" title={commit}>
        {short(commit)}
      </code>{" "}
      in the session you signed, and the session&apos;s n-th bet is settled with its link n.
    </p>
  );
}
