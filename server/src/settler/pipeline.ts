import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { TransactionReceipt } from "ethers";
import type { Casino } from "../../../bindings/casino";
import { parseCasinoLog } from "../../../bindings/events";
import { GameType } from "../engine";
import type { Outbox, RecordingLedger } from "../chain/outbox";
import { bets } from "../db/schema";
import { logger } from "../observability/log";
import { needsSimulation, planBatches, settlementRequest, simulationRequest } from "./plan";
import { shortReason } from "./reasons";
import type { ReaderOptions } from "./reader";
import type { BetRow } from "./types";

const log = logger("settler");

/** Settlement transactions awaiting their receipt at once (each settles up to batchSize bets). */
const MAX_IN_FLIGHT = 16;
const RETRY_AFTER_FAILURE_MS = 15_000;

export type SettlementFailure = "not_sent" | "reverted" | "refused" | "dropped";

/** What the pipeline reports to the metrics. */
export interface SettlementCounters {
  sent(transactions: number, bets: number): void;
  failed(reason: SettlementFailure): void;
}

export interface PipelineOptions extends Pick<ReaderOptions, "db" | "provider" | "casinoAddress" | "sessionsAddress"> {
  /** Reads only (getBet); writes go through the outbox. */
  casino: Casino;
  outbox: Outbox;
  batchSize: number;
  /** The block cursor as the lease term's reader knows it (a bet older than it by FRESH_BLOCKS is simulated). */
  cursor(): number;
  /** Records a mined settlement's logs ahead of the scan. */
  applyReceipt(receipt: TransactionReceipt): Promise<void>;
  /** Runs after a settlement is recorded: posts the next chain of players near the end of theirs. */
  afterSettled(batch: BetRow[]): Promise<void>;
  counters: SettlementCounters;
  /** Asks for another settling pass (a slot was freed, or bets returned to ready). */
  wake(): void;
  /** Settles a bet without the actions its player signed, which the chain no longer takes (Rounds.settleUnsigned). */
  settleUnsigned(bet: BetRow): Promise<void>;
}

/** The bets a mined settleBatch left open, named by its SettlementSkipped logs. */
export function skippedBets(receipt: Pick<TransactionReceipt, "logs">, casinoAddress: string): Set<string> {
  const casino = casinoAddress.toLowerCase();
  const skipped = new Set<string>();
  for (const log of receipt.logs) {
    const event = log.address.toLowerCase() === casino ? parseCasinoLog(log) : undefined;
    if (event?.name === "SettlementSkipped") skipped.add(event.args.betId.toString());
  }
  return skipped;
}

/**
 * The settlements to look up, hash → bet ids: recorded as sent before `staleBefore` (by an earlier
 * term, another lease holder, or a broadcast that failed) and not awaited by this process.
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

/** Why CasinoSessions.settle refuses a signed log for good: the key can no longer act for the player. */
const KEY_REFUSALS = new Set(["SessionRevokedError", "NotSessionPlayer", "InvalidSignature"]);

/**
 * Sends settlements: ready bets in each player's nonce order, in batches, up to MAX_IN_FLIGHT
 * transactions pending at once, through the outbox (chain/outbox.ts): the hashes are recorded
 * (status `sent`) in one database transaction before broadcast, and each receipt comes back to
 * `landed`. The states and what holds at each: docs/settler-lifecycle.md.
 */
export class SettlementPipeline implements RecordingLedger {
  readonly name = "settlement";
  /** Settlement transactions broadcast by this term and not yet mined: hash → their bets. */
  private readonly sentAwaitingReceipt = new Map<string, BetRow[]>();
  /** Bets whose settlement reverted: sent again only alone in the pipeline, after a simulation. */
  readonly revertedToRetryAlone = new Set<string>();
  /** Bets settled by a mined transaction whose logs are not recorded yet: bet id → block. */
  private readonly minedNotRecorded = new Map<string, number>();
  /** Bets a simulation refused alone: bet id → the time before which they are not tried again. */
  private readonly refusedUntil = new Map<string, number>();
  private halted = false;

  private readonly contracts: { casino: string; sessions: string };

  constructor(private readonly o: PipelineOptions) {
    this.contracts = { casino: o.casinoAddress, sessions: o.sessionsAddress };
  }

  get hasRoom(): boolean {
    return this.sentAwaitingReceipt.size < MAX_IN_FLIGHT;
  }

  /** The scan recorded every block up to `block`: settlements mined there are in the database now (or orphaned). */
  forgetMinedUpTo(block: number): void {
    for (const [betId, minedIn] of this.minedNotRecorded) if (minedIn <= block) this.minedNotRecorded.delete(betId);
  }

  resume(): void {
    this.halted = false;
  }

  /** Sends nothing more from now on. */
  halt(): void {
    this.halted = true;
  }

  /**
   * Looks up the settlements recorded as sent before `staleBefore` that this process does not
   * await (the outbox's reconciliation; what each outcome does: `landed`, `dropped`).
   */
  reconcile(staleBefore: number): Promise<void> {
    return this.o.outbox.reconcile(this, new Date(staleBefore));
  }

  /**
   * Fills the free slots from one read of the open bets. A batch that follows a pending one of the
   * same player is mined after it (the settler's nonces order them) and cannot be simulated first.
   */
  async settleReady(): Promise<void> {
    while (this.hasRoom && !this.halted) {
      const unresolved = await this.o.db
        .select()
        .from(bets)
        .where(inArray(bets.status, ["open", "ready", "sent"]))
        .orderBy(asc(bets.player), asc(bets.nonce));
      const plan = planBatches(unresolved, {
        slots: MAX_IN_FLIGHT - this.sentAwaitingReceipt.size,
        batchSize: this.o.batchSize,
        awaitingReceipt: new Set([...this.sentAwaitingReceipt.values()].flat().map((bet) => bet.betId)),
        minedNotRecorded: this.minedNotRecorded,
        revertedToRetryAlone: this.revertedToRetryAlone,
        refusedUntil: this.refusedUntil,
        now: Date.now(),
      });
      if (plan.length === 0) return;
      // The batches that need it are simulated side by side; then all up to a refused one are sent at once.
      const requests = plan.map((batch) => settlementRequest(this.contracts, batch.bets));
      const refusals = await Promise.all(
        plan.map((batch) => (needsSimulation(batch, this.revertedToRetryAlone, this.o.cursor()) ? this.simulate(batch.bets) : undefined)),
      );
      const refused = refusals.findIndex((refusal) => refusal !== undefined);
      const sendable = refused === -1 ? plan.length : refused;
      if (
        sendable > 0 &&
        !(await this.send(
          plan.slice(0, sendable).map((batch) => batch.bets),
          requests.slice(0, sendable),
        ))
      )
        return;
      if (refused !== -1) {
        await this.afterRefusal(plan[refused]!.bets, refusals[refused]!.error);
        return;
      }
      if (plan[plan.length - 1]!.bets.length < this.o.batchSize) return;
    }
  }

  /** Runs the settlement as a call (plan.ts simulationRequest): a bet the contract would refuse is found before any gas is spent. */
  private async simulate(batch: BetRow[]): Promise<{ error: unknown } | undefined> {
    try {
      await this.o.provider.call({ ...simulationRequest(this.contracts, batch), from: this.o.outbox.address });
    } catch (error) {
      return { error };
    }
    for (const bet of batch) this.revertedToRetryAlone.delete(bet.betId);
    return undefined;
  }

  /** Simulates (unless the batch follows a pending one) and sends; false when nothing was sent. */
  private async dispatch(batch: BetRow[], dependent: boolean): Promise<boolean> {
    const refusal = dependent ? undefined : await this.simulate(batch);
    if (refusal) {
      await this.afterRefusal(batch, refusal.error);
      return false;
    }
    return this.send([batch], [settlementRequest(this.contracts, batch)]);
  }

  /**
   * Broadcasts settlements in one go, their hashes recorded first in one database transaction;
   * each receipt comes back to `landed`. False when nothing (or not all) was sent.
   */
  private async send(batches: BetRow[][], requests: ReturnType<typeof settlementRequest>[]): Promise<boolean> {
    const ids = batches.map((batch) => batch.map((b) => b.betId));
    let recorded: string[] = [];
    const sent = await this.o.outbox.write(this, requests, async (tx, txHashes) => {
      for (const [i, txHash] of txHashes.entries()) {
        await tx
          .update(bets)
          .set({ status: "sent", settleTxHash: txHash, updatedAt: new Date() })
          .where(and(inArray(bets.betId, ids[i]!), eq(bets.status, "ready")));
      }
      recorded = txHashes;
      for (const [i, txHash] of txHashes.entries()) this.sentAwaitingReceipt.set(txHash, batches[i]!);
      return true;
    });
    if (sent.status !== "sent") {
      // Not broadcast (or not known to be): reconciliation returns the bets once a hash is unknown on chain.
      for (const hash of recorded) this.sentAwaitingReceipt.delete(hash);
      this.o.counters.failed("not_sent");
      const reason = sent.status === "unsent" ? shortReason(sent.error) : "withdrawn";
      log.error(`Settlement of ${ids.flat().length} bet(s) in ${ids.length} transaction(s) not sent: ${reason}`);
      return false;
    }
    this.o.counters.sent(sent.hashes.length, ids.flat().length);
    return true;
  }

  /** The hashes the bets table records as sent before `before`, grouped by transaction (staleSettlements). */
  async sentBefore(before: Date): Promise<string[]> {
    const sent = await this.o.db
      .select({ betId: bets.betId, settleTxHash: bets.settleTxHash, updatedAt: bets.updatedAt })
      .from(bets)
      .where(and(eq(bets.status, "sent"), lt(bets.updatedAt, before)));
    return [...staleSettlements(sent, { has: (hash) => this.o.outbox.awaits(hash) }, before.getTime()).keys()];
  }

  /**
   * A settlement's receipt. Reverted: its bets go back to ready, to be sent again alone after a
   * simulation. Mined: the slot is free at once (the next batches need not wait for the
   * bookkeeping); a bet the batch skipped (SettlementSkipped) is still open and goes out again
   * alone, simulated; the logs are recorded ahead of the scan.
   */
  async landed(receipt: TransactionReceipt): Promise<void> {
    const { hash } = receipt;
    const batch = this.sentAwaitingReceipt.get(hash) ?? (await this.o.db.select().from(bets).where(eq(bets.settleTxHash, hash)));
    const ids = batch.map((b) => b.betId);
    this.sentAwaitingReceipt.delete(hash);
    if (receipt.status !== 1) {
      if (this.halted) return;
      this.o.counters.failed("reverted");
      log.error(`Settlement ${hash} failed: transaction ${hash} reverted`);
      for (const id of ids) this.revertedToRetryAlone.add(id);
      await this.returnToReady(ids, hash).catch((e: Error) => log.error(`Settlement ${hash} left for reconciliation: ${e.message}`));
      this.o.wake();
      return;
    }
    const skipped = skippedBets(receipt, this.o.casinoAddress);
    for (const id of ids) if (!skipped.has(id)) this.minedNotRecorded.set(id, receipt.blockNumber);
    for (const id of skipped) this.revertedToRetryAlone.add(id);
    if (skipped.size) {
      log.warn(`Settlement ${hash} skipped ${skipped.size} bet(s): ${[...skipped].join(", ")}; they are sent again`);
      await this.returnToReady([...skipped], hash).catch((e: Error) => log.error(`Skipped bets of ${hash} left for the log scan: ${e.message}`));
    }
    this.o.wake();
    try {
      await this.o.applyReceipt(receipt);
      await this.o.afterSettled(batch);
    } catch (error) {
      // The log scan records the settlement all the same.
      log.error(`Recording settlement ${hash} failed: ${(error as Error).message}`);
    }
  }

  /** A recorded settlement the node does not know: its bets go back to ready if the chain still shows them open. */
  async dropped(hash: string): Promise<void> {
    this.o.counters.failed("dropped");
    const sent = await this.o.db
      .select({ betId: bets.betId })
      .from(bets)
      .where(and(eq(bets.status, "sent"), eq(bets.settleTxHash, hash)));
    await this.returnToReady(
      sent.map((bet) => bet.betId),
      hash,
    );
  }

  /** Not mined within the outbox's wait: the slot is freed, and reconciliation looks the hash up. */
  released(hash: string): void {
    if (this.sentAwaitingReceipt.delete(hash)) this.o.wake();
  }

  /** The simulation refused the settlement: find out which bet is the cause. */
  private async afterRefusal(batch: BetRow[], error: unknown): Promise<void> {
    const reason = shortReason(error);
    if (batch.length > 1) {
      // Settle one at a time so one bad bet cannot hold back everyone else's.
      log.error(`Batch settlement of ${batch.length} bets refused (${reason}); retrying one by one`);
      const sentFor = new Set<string>();
      const refusedFor = new Set<string>();
      for (const bet of batch) {
        // A player's later bets wait for an earlier one that is refused, and follow one just sent unsimulated.
        if (refusedFor.has(bet.player)) continue;
        if (await this.dispatch([bet], sentFor.has(bet.player))) sentFor.add(bet.player);
        else refusedFor.add(bet.player);
      }
      return;
    }
    const [bet] = batch;
    const view = await this.o.casino.getBet(bet!.betId);
    if (!view.open) {
      // Resolved on chain already (a settlement sent before a restart): the log scan records it.
      await this.o.db
        .update(bets)
        .set({ status: "sent", updatedAt: new Date() })
        .where(and(eq(bets.betId, bet!.betId), eq(bets.status, "ready")));
      return;
    }
    this.o.counters.failed("refused");
    if (reason === "PayoutMismatch" && !bet!.actionSignature && bet!.gameType === GameType.BLACKJACK && view.split) {
      // The player split the hand on chain after its payout was fixed (addStake mined before the
      // settlement): the payout is computed again with the split, and the next call settles it.
      log.warn(`Bet ${bet!.betId} was split on chain after its payout was fixed: its payout is computed again`);
      await this.o.settleUnsigned({ ...bet!, split: true });
      return;
    }
    if (bet!.actionSignature && KEY_REFUSALS.has(reason)) {
      log.warn(`The signed actions of bet ${bet!.betId} are refused (${reason}): it is settled as if its player had not acted`);
      await this.o.settleUnsigned(bet!);
      return;
    }
    log.error(`Settlement of bet ${bet!.betId} refused (${reason}); retrying in ${RETRY_AFTER_FAILURE_MS / 1000} s`);
    this.refusedUntil.set(bet!.betId, Date.now() + RETRY_AFTER_FAILURE_MS);
  }

  /** Bets of a failed settlement go back to ready unless the chain resolved them meanwhile. */
  private async returnToReady(ids: string[], hash: string): Promise<void> {
    for (const betId of ids) {
      const view = await this.o.casino.getBet(betId);
      if (view.open) {
        await this.o.db
          .update(bets)
          .set({ status: "ready", updatedAt: new Date() })
          .where(and(eq(bets.betId, betId), eq(bets.status, "sent"), eq(bets.settleTxHash, hash)));
      }
    }
  }
}
