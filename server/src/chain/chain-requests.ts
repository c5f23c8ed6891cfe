import { and, eq, inArray, sql } from "drizzle-orm";
import { concat, keccak256 } from "ethers";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { chainRequests } from "../db/schema";
import { HttpError } from "../http/errors";
import { budgetUse, OverBudget, overBudget, type ChainRequestKind, type PlayerTxBudgets } from "./budgets";

export type { ChainRequestKind } from "./budgets";

export type ChainRequestOutcome = "mined" | "reverted" | "refused" | "failed" | "unpicked" | "over_budget";

/** Taken while a request is counted against the budgets and queued (migrations hold 727001, the lease 727002). */
const ENQUEUE_LOCK = 727003;

/** How often a waiting caller reads its request again when no signal came (signals are only a shortcut). */
const POLL_MS = 250;
/** A request no lease holder has picked up within this long is withdrawn and answered 503. */
const PICKUP_TIMEOUT_MS = 30_000;
/** A sent request not mined within this long is answered with an error (the transaction may still land). */
export const MINING_TIMEOUT_MS = 120_000;

/** The gas estimate of the lease holder reverted: nothing was broadcast. `refusal` names the contract's error, when it has one. */
export class ChainRequestRefused extends Error {
  constructor(
    readonly refusal: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Chain transactions asked for by any instance. Only the lease holder sends (one account, one
 * nonce sequence), so a route queues its transaction here, in the database every instance shares,
 * and waits for the holder's ChainRequestWorker to send it through the outbox and record the
 * outcome. A queued request survives the holder's death: the next holder sends it, or finds it mined.
 */
export class ChainRequests {
  constructor(
    private readonly db: Db,
    private readonly signals: Signals,
    private readonly budgets: PlayerTxBudgets,
    private readonly counted: (kind: ChainRequestKind, outcome: ChainRequestOutcome) => void = () => undefined,
  ) {}

  /**
   * Queues the transaction sent for `player` (an identical one still pending or in flight is
   * joined instead) and resolves with its hash once it is mined. Throws OverBudget (a 429) when it
   * would exceed one of the budgets (chain/budgets.ts), ChainRequestRefused when the holder's gas
   * estimate reverted, a 503 when no holder picked it up in time, an Error otherwise.
   */
  async send(kind: ChainRequestKind, request: { to: string; data: string }, player: string): Promise<string> {
    let id: number;
    try {
      id = await this.enqueue(kind, request, player);
    } catch (error) {
      if (error instanceof OverBudget) this.counted(kind, "over_budget");
      throw error;
    }
    await this.signals.notify(this.db, "chain_request");
    const outcome = await this.outcome(id);
    this.counted(kind, outcome.status);
    if (outcome.status === "mined") return outcome.txHash;
    if (outcome.status === "refused") throw new ChainRequestRefused(outcome.refusal, outcome.error);
    if (outcome.status === "unpicked") throw new HttpError(503, "No server instance is sending transactions right now; try again shortly");
    throw new Error(outcome.error);
  }

  /**
   * Queues the transaction without waiting for it (the house's own, which the caller checks on
   * chain later: sessions/closer.ts); an identical one still pending or in flight is joined.
   */
  async queue(kind: ChainRequestKind, request: { to: string; data: string }, player: string): Promise<void> {
    await this.enqueue(kind, request, player);
    await this.signals.notify(this.db, "chain_request");
  }

  /**
   * Joins the same transaction when it is already queued or in flight; otherwise counts the
   * budgets and queues it. Under one lock on every instance: two requests at once can neither both
   * take a budget's last unit nor both queue the same transaction.
   */
  private enqueue(kind: ChainRequestKind, request: { to: string; data: string }, player: string): Promise<number> {
    const requestHash = keccak256(concat([request.to, request.data]));
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${ENQUEUE_LOCK})`));
      const [active] = await tx
        .select({ id: chainRequests.id })
        .from(chainRequests)
        .where(and(eq(chainRequests.requestHash, requestHash), inArray(chainRequests.status, ["pending", "sent"])));
      if (active) return active.id;
      // A closeSession is the house's own: one for each session opened, which its budget counted.
      const refusal = kind === "close" ? undefined : overBudget(kind, await budgetUse(tx, player, this.budgets), this.budgets);
      if (refusal) throw refusal;
      const [inserted] = await tx
        .insert(chainRequests)
        .values({ kind, player, toAddress: request.to, data: request.data, requestHash, status: "pending" })
        .returning({ id: chainRequests.id });
      return inserted!.id;
    });
  }

  private async outcome(
    id: number,
  ): Promise<
    | { status: "mined"; txHash: string }
    | { status: "refused"; refusal: string | undefined; error: string }
    | { status: "reverted" | "failed" | "unpicked"; error: string }
  > {
    const queuedAt = Date.now();
    let wake: () => void = () => undefined;
    const unsubscribe = this.signals.on("chain_request_done", () => wake());
    try {
      for (;;) {
        const [row] = await this.db.select().from(chainRequests).where(eq(chainRequests.id, id));
        if (!row) return { status: "failed", error: `chain request ${id} disappeared` };
        switch (row.status) {
          case "mined":
            return { status: "mined", txHash: row.txHash! };
          case "refused":
            return { status: "refused", refusal: row.refusal ?? undefined, error: row.error ?? "refused" };
          case "reverted":
            return { status: "reverted", error: `transaction ${row.txHash} reverted` };
          case "failed":
            return { status: "failed", error: row.error ?? "not sent" };
          case "pending":
            if (Date.now() - queuedAt > PICKUP_TIMEOUT_MS && (await this.withdraw(id))) return { status: "unpicked", error: "no lease holder picked it up" };
            break;
          case "sent":
            if (Date.now() - queuedAt > MINING_TIMEOUT_MS)
              return { status: "failed", error: `transaction ${row.txHash} not mined within ${MINING_TIMEOUT_MS / 1000} s` };
            break;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      unsubscribe();
    }
  }

  /** Takes a request nobody picked up out of the queue; false when a holder took it meanwhile. */
  private async withdraw(id: number): Promise<boolean> {
    const withdrawn = await this.db
      .update(chainRequests)
      .set({ status: "failed", error: "no lease holder picked it up in time", updatedAt: new Date() })
      .where(and(eq(chainRequests.id, id), eq(chainRequests.status, "pending")))
      .returning({ id: chainRequests.id });
    return withdrawn.length > 0;
  }
}
