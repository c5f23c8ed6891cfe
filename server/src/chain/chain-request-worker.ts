import { and, asc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { isError, type TransactionReceipt } from "ethers";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { chainRequests } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";
import { casinoRevertReason } from "../../../bindings/errors";
import { MINING_TIMEOUT_MS } from "./chain-requests";
import type { Outbox, RecordingLedger } from "./outbox";

const log = logger("chain-requests");

/** Pending requests are read this often when no signal came. */
const POLL_MS = 500;
const BATCH = 16;
/** A 'sent' request this old that this process is not waiting for is looked up on chain (one sent by an earlier holder). */
const RECONCILE_AFTER_MS = 5_000;
/**
 * A finished request is kept this long, for an operator looking into a failure, then deleted: every
 * caller read its outcome within MINING_TIMEOUT_MS, and only active rows take part in joining.
 */
export const FINISHED_KEPT_MS = 7 * 24 * 3_600_000;
/** Finished requests are pruned at most this often. */
const PRUNE_EVERY_MS = 3_600_000;

const FINAL_STATUSES = ["mined", "reverted", "refused", "failed"] as const;

/** Deletes the requests that finished before `finishedBefore`; returns how many. Pending and sent ones are never touched. */
export async function pruneFinishedRequests(db: Db, finishedBefore: Date): Promise<number> {
  const deleted = await db
    .delete(chainRequests)
    .where(and(inArray(chainRequests.status, [...FINAL_STATUSES]), lt(chainRequests.updatedAt, finishedBefore)))
    .returning({ id: chainRequests.id });
  return deleted.length;
}

type RequestRow = typeof chainRequests.$inferSelect;
type FinalStatus = (typeof FINAL_STATUSES)[number];

/**
 * The lease holder's side of the chain requests (chain/chain-requests.ts): sends each queued
 * request through the outbox, its hash recorded before broadcast, and records the outcome. The
 * sender's gas estimate is the last simulation: a request that would revert now is refused, never
 * broadcast.
 */
export class ChainRequestWorker implements RecordingLedger {
  readonly name = "chain_request";
  private readonly loop = new PassLoop(() => this.pass(), POLL_MS);
  private unsubscribe: (() => void) | undefined;
  private lastError = "";
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly signals: Signals,
  ) {}

  start(): void {
    this.unsubscribe = this.signals.on("chain_request", () => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
  }

  private async pass(): Promise<void> {
    try {
      await this.outbox.reconcile(this, new Date(Date.now() - RECONCILE_AFTER_MS));
      const pending = await this.db.select().from(chainRequests).where(eq(chainRequests.status, "pending")).orderBy(asc(chainRequests.id)).limit(BATCH);
      for (const row of pending) {
        if (!this.loop.active) return;
        await this.sendOne(row);
      }
      await this.pruneNowAndThen();
      if (this.lastError) log.info("Chain requests recovered");
      this.lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastError) log.error(`Chain request pass failed (will retry): ${message}`);
      this.lastError = message;
    }
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    const pruned = await pruneFinishedRequests(this.db, new Date(Date.now() - FINISHED_KEPT_MS));
    if (pruned > 0) log.info(`Pruned ${pruned} chain requests finished more than ${FINISHED_KEPT_MS / 86_400_000} days ago`);
  }

  private async sendOne(row: RequestRow): Promise<void> {
    const sent = await this.outbox.write(this, [{ to: row.toAddress, data: row.data }], async (tx, [txHash]) => {
      const taken = await tx
        .update(chainRequests)
        .set({ status: "sent", txHash, updatedAt: new Date() })
        .where(and(eq(chainRequests.id, row.id), eq(chainRequests.status, "pending")))
        .returning({ id: chainRequests.id });
      // The caller withdrew the request before it was signed.
      return taken.length > 0;
    });
    if (sent.status === "withdrawn") return;
    if (sent.status === "unsent") {
      // Recorded, then the broadcast failed (or its answer was lost): reconciliation looks the hash up.
      if (sent.recorded) return void log.warn(`Chain request ${row.id} (${row.kind}) broadcast failed; looking it up later: ${shortMessage(sent.error)}`);
      const refused = isError(sent.error, "CALL_EXCEPTION");
      await this.finish(eq(chainRequests.id, row.id), refused ? "refused" : "failed", {
        error: shortMessage(sent.error),
        refusal: refused ? casinoRevertReason(sent.error) : undefined,
      });
      return;
    }
    log.info({ kind: row.kind, txHash: sent.hashes[0] }, `Chain request ${row.id} (${row.kind}) sent`);
  }

  async sentBefore(before: Date): Promise<string[]> {
    const rows = await this.db
      .select({ txHash: chainRequests.txHash })
      .from(chainRequests)
      .where(and(eq(chainRequests.status, "sent"), lt(chainRequests.updatedAt, before)));
    return rows.flatMap((row) => (row.txHash ? [row.txHash] : []));
  }

  async landed(receipt: TransactionReceipt): Promise<void> {
    await this.finish(eq(chainRequests.txHash, receipt.hash), receipt.status === 1 ? "mined" : "reverted");
  }

  /**
   * Never broadcast, or dropped: its nonce must be filled before any later transaction can mine.
   * The request is sent again while its caller may still be waiting for it; an older one is
   * failed rather than carried out after its caller was told it failed.
   */
  async dropped(hash: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(chainRequests)
      .where(and(eq(chainRequests.txHash, hash), eq(chainRequests.status, "sent")));
    if (!row) return;
    if (Date.now() - row.createdAt.getTime() > MINING_TIMEOUT_MS / 2) {
      await this.finish(eq(chainRequests.id, row.id), "failed", { error: `transaction ${hash} was dropped` });
      return;
    }
    await this.db
      .update(chainRequests)
      .set({ status: "pending", txHash: null, updatedAt: new Date() })
      .where(and(eq(chainRequests.id, row.id), eq(chainRequests.status, "sent"), eq(chainRequests.txHash, hash)));
  }

  private async finish(which: SQL, status: FinalStatus, detail: { error?: string; refusal?: string } = {}): Promise<void> {
    await this.db
      .update(chainRequests)
      .set({ status, error: detail.error ?? null, refusal: detail.refusal ?? null, updatedAt: new Date() })
      .where(and(which, inArray(chainRequests.status, ["pending", "sent"])));
    await this.signals.notify(this.db, "chain_request_done");
  }
}

/** ethers' full message carries the whole transaction: its short message, or the error's own. */
function shortMessage(error: unknown): string {
  return (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
}
