import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { isError, type JsonRpcProvider } from "ethers";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { chainRequests } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";
import { casinoRevertReason } from "../../../bindings/errors";
import { MINING_TIMEOUT_MS } from "./outbox";
import { transactionFate, type TxSender } from "./sender";

const log = logger("outbox");

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

/** Thrown inside the broadcast hook: the caller withdrew the request before it was signed. */
class Withdrawn extends Error {}

/**
 * The lease holder's side of the outbox (chain/outbox.ts): sends each queued request through the
 * one TxSender, its hash recorded before broadcast, and records the outcome. The sender's gas
 * estimate is the last simulation: a request that would revert now is refused, never broadcast.
 */
export class OutboxWorker {
  private readonly loop = new PassLoop(() => this.pass(), POLL_MS);
  /** Requests whose receipt this process awaits. */
  private readonly awaiting = new Set<number>();
  private unsubscribe: (() => void) | undefined;
  private lastError = "";
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly sender: TxSender,
    private readonly provider: JsonRpcProvider,
    private readonly signals: Signals,
  ) {}

  start(): void {
    this.unsubscribe = this.signals.on("outbox", () => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
  }

  private async pass(): Promise<void> {
    try {
      await this.reconcile();
      const pending = await this.db.select().from(chainRequests).where(eq(chainRequests.status, "pending")).orderBy(asc(chainRequests.id)).limit(BATCH);
      for (const row of pending) {
        if (!this.loop.active) return;
        await this.sendOne(row);
      }
      await this.pruneNowAndThen();
      if (this.lastError) log.info("Outbox recovered");
      this.lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastError) log.error(`Outbox pass failed (will retry): ${message}`);
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
    let recorded = false;
    let hash: string;
    try {
      hash = await this.sender.send({ to: row.toAddress, data: row.data }, async (txHash) => {
        const taken = await this.db
          .update(chainRequests)
          .set({ status: "sent", txHash, updatedAt: new Date() })
          .where(and(eq(chainRequests.id, row.id), eq(chainRequests.status, "pending")))
          .returning({ id: chainRequests.id });
        if (taken.length === 0) throw new Withdrawn();
        recorded = true;
      });
    } catch (error) {
      if (error instanceof Withdrawn) return;
      // Recorded, then the broadcast failed (or its answer was lost): reconciliation looks the hash up.
      if (recorded) return void log.warn(`Chain request ${row.id} (${row.kind}) broadcast failed; looking it up later: ${shortMessage(error)}`);
      const refused = isError(error, "CALL_EXCEPTION");
      await this.finish(row.id, refused ? "refused" : "failed", { error: shortMessage(error), refusal: refused ? casinoRevertReason(error) : undefined });
      return;
    }
    log.info({ kind: row.kind, txHash: hash }, `Chain request ${row.id} (${row.kind}) sent`);
    this.awaitReceipt(row.id, hash);
  }

  private awaitReceipt(id: number, hash: string): void {
    this.awaiting.add(id);
    void this.provider
      .waitForTransaction(hash, 1, MINING_TIMEOUT_MS)
      .then((receipt) => receipt && this.finish(id, receipt.status === 1 ? "mined" : "reverted"))
      .catch((error: Error) => log.warn(`Receipt of chain request ${id} not read (looked up again later): ${error.message}`))
      .finally(() => this.awaiting.delete(id));
  }

  /** Requests an earlier holder (or a broadcast that failed) left 'sent' are looked up on chain. */
  private async reconcile(): Promise<void> {
    const stale = await this.db
      .select()
      .from(chainRequests)
      .where(and(eq(chainRequests.status, "sent"), lt(chainRequests.updatedAt, new Date(Date.now() - RECONCILE_AFTER_MS))));
    for (const row of stale) {
      if (this.awaiting.has(row.id) || !row.txHash) continue;
      const { fate } = await transactionFate(this.provider, row.txHash);
      if (fate === "mined" || fate === "reverted") await this.finish(row.id, fate);
      else if (fate === "pending") this.awaitReceipt(row.id, row.txHash);
      else await this.resend(row);
    }
  }

  /**
   * Never broadcast, or dropped: its nonce is free again and must be filled before any later
   * transaction can mine. The request is sent again while its caller may still be waiting for it;
   * an older one is failed rather than carried out after its caller was told it failed.
   */
  private async resend(row: RequestRow): Promise<void> {
    await this.sender.forgetNonce();
    const waited = Date.now() - row.createdAt.getTime();
    if (waited > MINING_TIMEOUT_MS / 2) {
      await this.finish(row.id, "failed", { error: `transaction ${row.txHash} was dropped` });
      return;
    }
    await this.db
      .update(chainRequests)
      .set({ status: "pending", txHash: null, updatedAt: new Date() })
      .where(and(eq(chainRequests.id, row.id), eq(chainRequests.status, "sent"), eq(chainRequests.txHash, row.txHash!)));
  }

  private async finish(id: number, status: "mined" | "reverted" | "refused" | "failed", detail: { error?: string; refusal?: string } = {}): Promise<void> {
    await this.db
      .update(chainRequests)
      .set({ status, error: detail.error ?? null, refusal: detail.refusal ?? null, updatedAt: new Date() })
      .where(and(eq(chainRequests.id, id), inArray(chainRequests.status, ["pending", "sent"])));
    await this.signals.notify(this.db, "outbox_done");
  }
}

/** ethers' full message carries the whole transaction: its short message, or the error's own. */
function shortMessage(error: unknown): string {
  return (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
}
