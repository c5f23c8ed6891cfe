import { useEffect, useRef, useState } from "react";
import { inParallel, READ_CONCURRENCY, type HistoryEntry } from "@/features/bets";
import { chainSessionReads } from "./session-reads";
import { checkSessionSignature, type SessionReads, type SessionSignature } from "./session-signature";

/** A bet's signature as this page knows it: being checked, checked, or unreadable (the reason). */
export type SignatureState = "checking" | SessionSignature | { via: "error"; message: string };

/**
 * Each listed bet's signature, checked in this browser as the entries arrive (session-signature.ts):
 * for a one-click bet, whether the player's session key signed exactly the bet placed. A bet is
 * checked once; a reload (a new newest bet) reads the session keys again, up to the new bets.
 */
export function useSessionSignatures(entries: readonly HistoryEntry[]): ReadonlyMap<bigint, SignatureState> {
  const [states, setStates] = useState<ReadonlyMap<bigint, SignatureState>>(new Map());
  const started = useRef(new Set<bigint>());
  const reads = useRef<{ newest: bigint | undefined; reads: Promise<SessionReads> } | null>(null);

  useEffect(() => {
    const pending = entries.filter((entry) => !started.current.has(entry.bet.betId));
    if (pending.length === 0) return;
    const newest = entries[0]?.bet.betId;
    if (reads.current?.newest !== newest) reads.current = { newest, reads: chainSessionReads() };
    const reading = reads.current.reads;
    for (const { bet } of pending) started.current.add(bet.betId);
    setStates((previous) => new Map([...previous, ...pending.map((entry) => [entry.bet.betId, "checking"] as const)]));
    void inParallel(pending, READ_CONCURRENCY, async ({ bet }) => {
      let state: SignatureState;
      try {
        state = await checkSessionSignature(bet, await reading);
      } catch (error) {
        state = { via: "error", message: error instanceof Error ? error.message : String(error) };
      }
      setStates((previous) => new Map(previous).set(bet.betId, state));
    });
  }, [entries]);

  return states;
}
