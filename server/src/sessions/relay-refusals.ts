import { and, eq, gt } from "drizzle-orm";
import type { TransactionReceipt } from "ethers";
import { skippedBetsOf } from "../../../bindings/casino";
import { countSessionBets } from "../chain/budgets";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { sessionBets } from "../db/schema";
import { logger } from "../observability/log";
import { refusalText } from "./relay-plan";
import type { SessionBetRow } from "./intake";

const log = logger("relay");

export interface RefusalOptions {
  db: Db;
  signals: Signals;
  /** Wakes the batcher: a bet went back to the queue. */
  wake(): void;
}

/**
 * How the relay refuses a bet (docs/relay-lifecycle.md, `refused`): one the chain would refuse, one
 * whose deadline passed unsent, one the chain skipped. A refused bet takes its lane's later queued
 * bets with it: they can no longer land in nonce order.
 */
export class RelayRefusals {
  constructor(private readonly o: RefusalOptions) {}

  /**
   * Refuses a bet that was never sent, and its lane's later queued bets. Their budget units are
   * given back: no gas was spent on them.
   */
  async refuse(bet: SessionBetRow, reason: string): Promise<void> {
    await this.o.db.transaction(async (tx) => {
      const refused = await tx
        .update(sessionBets)
        .set({ status: "refused", error: reason, updatedAt: new Date() })
        .where(and(eq(sessionBets.betId, bet.betId), eq(sessionBets.status, "queued")))
        .returning();
      const after = await refuseLaterBets(tx, bet);
      for (const row of [...refused, ...after]) await countSessionBets(tx, row.player, -1, row.createdAt);
      await this.o.signals.notify(tx, "relay_done");
    });
    log.info({ betId: bet.betId }, `Session bet refused: ${reason}`);
  }

  /**
   * The bets of a mined relay transaction that the chain skipped (BetSkipped, the lane's nonce left
   * as it was): refused with the chain's reason, and their lanes' later queued bets with them; the
   * others of the transaction settled. With lanes only the house's doing skips a bet the intake
   * took (its bankroll, its terms; docs/decisions.md §4), and the player may place it with its
   * countersignature at the same outcome. A bet skipped because its nonce was taken may have been
   * taken by itself: its player's wallet placing the same signed bet with its countersignature (the
   * app's fallback). It goes back to the queue, where the next round judges it (relay-simulation.ts
   * verdictOn): found placed, held until the log reader has the placement, or refused if another
   * bet took the nonce.
   */
  async skippedIn(receipt: TransactionReceipt): Promise<void> {
    const skipped = skippedBetsOf(receipt.logs);
    if (skipped.length === 0) return;
    const sent = await this.o.db
      .select()
      .from(sessionBets)
      .where(and(eq(sessionBets.txHash, receipt.hash), eq(sessionBets.status, "sent")));
    for (const skip of skipped) {
      const bet = sent.find((row) => row.player.toLowerCase() === skip.player.toLowerCase() && row.nonce === skip.nonce);
      if (bet === undefined) continue;
      if (skip.reason === "WrongNonce") {
        await this.o.db
          .update(sessionBets)
          .set({ status: "queued", txHash: null, updatedAt: new Date() })
          .where(and(eq(sessionBets.betId, bet.betId), eq(sessionBets.status, "sent")));
        this.o.wake();
        continue;
      }
      const reason = `Skipped on chain: ${refusalText(skip.reason)}`;
      await this.o.db.transaction(async (tx) => {
        await tx
          .update(sessionBets)
          .set({ status: "refused", error: reason, updatedAt: new Date() })
          .where(and(eq(sessionBets.betId, bet.betId), eq(sessionBets.status, "sent")));
        const after = await refuseLaterBets(tx, bet);
        // The later bets were never sent: their units come back; the skipped one's gas was spent.
        for (const row of after) await countSessionBets(tx, row.player, -1, row.createdAt);
      });
      log.info({ betId: bet.betId }, reason);
    }
  }
}

/** Refuses a lane's queued bets after a refused one of it: they can no longer land in order. */
function refuseLaterBets(db: Db, bet: SessionBetRow): Promise<SessionBetRow[]> {
  return db
    .update(sessionBets)
    .set({
      status: "refused",
      error: `An earlier bet of this session (nonce ${bet.nonce}) was refused, so this one cannot land: sign it again`,
      updatedAt: new Date(),
    })
    .where(and(eq(sessionBets.player, bet.player), eq(sessionBets.key, bet.key), gt(sessionBets.nonce, bet.nonce), eq(sessionBets.status, "queued")))
    .returning();
}
