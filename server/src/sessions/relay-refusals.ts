import { and, eq, gt } from "drizzle-orm";
import type { TransactionReceipt } from "ethers";
import { skippedBetsOf } from "../../../bindings/casino";
import { countSessionBets } from "../chain/budgets";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { sessionBets } from "../db/schema";
import { logger } from "../observability/log";
import { refusalText } from "./relay-plan";
import { chargeRevertGas, overRevertBudgetText, revertGasUse, type RevertPolicy } from "./relay-reverts";
import type { SessionBetRow } from "./intake";

const log = logger("relay");

export interface RefusalOptions {
  db: Db;
  signals: Signals;
  reverts: RevertPolicy;
  counters: {
    refused(reason: string): void;
    revertGas(gas: number, blame: "player" | "unattributed"): void;
  };
  /** Wakes the batcher: a bet went back to the queue. */
  wake(): void;
}

/**
 * How the relay refuses a bet (docs/relay-lifecycle.md, `refused`): one the chain would refuse,
 * one of a player past their revert-gas budget, one the chain skipped for its player's own doing.
 * A refused bet takes its player's later queued bets with it: they can no longer land in nonce order.
 */
export class RelayRefusals {
  constructor(private readonly o: RefusalOptions) {}

  /**
   * Refuses a bet that was never sent, and the player's later queued bets. Their budget units are
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
   * The queued bets but those of players past their revert budget (relay-reverts.ts), which are
   * refused: the house stops paying for that address's bets, and its player bets from the wallet.
   */
  async withinRevertBudget(queued: SessionBetRow[]): Promise<SessionBetRow[]> {
    const used = await revertGasUse(this.o.db, [...new Set(queued.map((bet) => bet.player))]);
    const over = new Set([...used].filter(([, gas]) => gas >= this.o.reverts.gasPerAddressPerDay).map(([player]) => player));
    if (over.size === 0) return queued;
    const refused = new Set<string>();
    for (const bet of queued) {
      if (!over.has(bet.player) || refused.has(bet.player)) continue;
      // refuse() takes the player's later queued bets with it.
      refused.add(bet.player);
      this.o.counters.refused("revert_gas_budget");
      await this.refuse(bet, overRevertBudgetText(used.get(bet.player)!, this.o.reverts.gasPerAddressPerDay));
    }
    return queued.filter((bet) => !over.has(bet.player));
  }

  /**
   * The bets of a mined relay transaction that the chain skipped (BetSkipped: its player made it
   * fail after it was taken, e.g. a withdrawal in the same block) are refused with the chain's
   * reason, and the player's later queued bets with them; the others of the transaction settled.
   * A skipped bet's share of the transaction's gas counts against its player's revert-gas budget,
   * as a revert blamed on them does. A bet skipped because its nonce was taken may have been taken
   * by itself: the player's wallet placing the same signed bet with its countersignature (the
   * app's fallback). It goes back to the queue, where the next round judges it as after a revert
   * (relay-simulation.ts verdictOn): found placed, held until the log reader has the placement, or
   * refused if another bet took the nonce.
   */
  async skippedIn(receipt: TransactionReceipt): Promise<void> {
    const skipped = skippedBetsOf(receipt.logs);
    if (skipped.length === 0) return;
    const sent = await this.o.db
      .select()
      .from(sessionBets)
      .where(and(eq(sessionBets.txHash, receipt.hash), eq(sessionBets.status, "sent")));
    const share = Math.ceil(Number(receipt.gasUsed) / Math.max(sent.length, 1));
    for (const skip of skipped) {
      const bet = sent.find((row) => row.player.toLowerCase() === skip.player.toLowerCase() && row.nonce === skip.nonce);
      if (bet === undefined) continue;
      await chargeRevertGas(this.o.db, bet.player, share);
      this.o.counters.revertGas(share, "player");
      if (skip.reason === "WrongNonce") {
        await this.o.db
          .update(sessionBets)
          .set({ status: "queued", txHash: null, updatedAt: new Date() })
          .where(and(eq(sessionBets.betId, bet.betId), eq(sessionBets.status, "sent")));
        this.o.wake();
        continue;
      }
      // On chain, a nonce a wallet bet took while the session lived costs the bet's stake (SessionPlay._forfeit).
      const forfeited = skip.reason === "NonceTakenByWallet" ? ": its stake was forfeited" : "";
      const reason = `Skipped on chain: ${refusalText(skip.reason)}${forfeited}`;
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

/** Refuses a player's queued bets after a refused one of theirs: they can no longer land in order. */
function refuseLaterBets(db: Db, bet: SessionBetRow): Promise<SessionBetRow[]> {
  return db
    .update(sessionBets)
    .set({
      status: "refused",
      error: `An earlier bet of yours (nonce ${bet.nonce}) was refused, so this one cannot land: sign it again`,
      updatedAt: new Date(),
    })
    .where(and(eq(sessionBets.player, bet.player), gt(sessionBets.nonce, bet.nonce), eq(sessionBets.status, "queued")))
    .returning();
}
