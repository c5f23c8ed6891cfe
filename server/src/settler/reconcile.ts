import { eq } from "drizzle-orm";
import type { JsonRpcProvider, TransactionReceipt } from "ethers";
import { transactionFate, type TxSender } from "../chain/sender";
import type { Db } from "../db/types";
import { bets } from "../db/schema";
import type { SettlementCounters, SettlementPipeline } from "./pipeline";
import type { BetRow } from "./types";

/** A 'sent' settlement not confirmed after this long is looked up on chain. */
export const RECONCILE_AFTER_MS = 5_000;

/**
 * The settlements to look up, hash → bet ids: recorded as sent before `staleBefore` (by an earlier
 * term, another lease holder, or a broadcast that failed) and not awaited by this term.
 */
export function staleSettlements(
  sent: readonly Pick<BetRow, "betId" | "settleTxHash" | "updatedAt">[],
  awaited: { has(hash: string): boolean },
  staleBefore: number,
): Map<string, string[]> {
  const byHash = new Map<string, string[]>();
  for (const bet of sent) {
    if (!bet.settleTxHash || awaited.has(bet.settleTxHash) || bet.updatedAt.getTime() > staleBefore) continue;
    byHash.set(bet.settleTxHash, [...(byHash.get(bet.settleTxHash) ?? []), bet.betId]);
  }
  return byHash;
}

export interface ReconcileOptions {
  /** Settlements recorded as sent before this time are looked up. */
  staleBefore: number;
  db: Db;
  provider: JsonRpcProvider;
  sender: TxSender;
  pipeline: Pick<SettlementPipeline, "sentAwaitingReceipt" | "revertedToRetryAlone" | "returnToReady">;
  applyReceipt(receipt: TransactionReceipt): Promise<void>;
  counters: SettlementCounters;
}

/**
 * Looks up every stale 'sent' settlement: mined → recorded from its receipt; pending → left to
 * mine; reverted, dropped or never broadcast → its bets go back to ready if the chain still shows
 * them open (the contract refuses a second settlement, so nothing is paid twice).
 */
export async function reconcileSent(o: ReconcileOptions): Promise<void> {
  const sent = await o.db.select().from(bets).where(eq(bets.status, "sent"));
  for (const [hash, ids] of staleSettlements(sent, o.pipeline.sentAwaitingReceipt, o.staleBefore)) {
    const found = await transactionFate(o.provider, hash);
    if (found.fate === "mined") {
      await o.applyReceipt(found.receipt);
      continue;
    }
    if (found.fate === "pending") continue;
    if (found.fate === "unknown") {
      // Its nonce is free again and must be used before any later one mines.
      await o.sender.forgetNonce();
      o.counters.failed("dropped");
    } else {
      // A node that mines on arrival reports a revert as a failed broadcast: isolate those bets too.
      for (const id of ids) o.pipeline.revertedToRetryAlone.add(id);
      o.counters.failed("reverted");
    }
    await o.pipeline.returnToReady(ids, hash);
  }
}
