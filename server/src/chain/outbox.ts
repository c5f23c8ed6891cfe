import type { JsonRpcProvider, TransactionReceipt, TransactionRequest } from "ethers";
import type { Db } from "../db/types";
import { logger } from "../observability/log";
import type { TxSender } from "./sender";

const log = logger("outbox");

/** A receipt not read within this long is left to reconciliation, which looks the hash up again. */
const RECEIPT_TIMEOUT_MS = 60_000;

/** What the outbox writes to the chain: the metric's label, one per ledger. */
export type LedgerName = "settlement" | "relay" | "jackpot_draw" | "entropy_lock" | "chain_request";

export type OutboxOutcome = "sent" | "unsent" | "mined" | "reverted" | "dropped";

/**
 * A kind of transaction and what its receipt means. The outbox never reads a ledger's rows
 * itself: a ledger tells it what is sent and hears what became of it.
 */
export interface Ledger {
  readonly name: LedgerName;
  /** The receipt of one of its transactions, mined (status 1) or reverted. */
  landed(receipt: TransactionReceipt): Promise<void>;
  /** The outbox no longer awaits `hash`: its receipt was handled, or not read in time (reconciliation looks it up again). */
  released?(hash: string): void;
}

/** A ledger whose rows record its hashes (bets, session_bets, jackpot_tickets, chain_requests): reconciliation finds them again. */
export interface RecordingLedger extends Ledger {
  /** The hashes its rows record as sent before `before`: reconciliation looks up those the outbox does not await. */
  sentBefore(before: Date): Promise<string[]>;
  /** One of its recorded transactions the node does not know: never broadcast, or dropped. Its nonce was freed already. */
  dropped(hash: string): Promise<void>;
  /** The outbox awaits a transaction reconciliation found pending (sent by an earlier lease term). */
  resumed?(hash: string): void;
}

/**
 * Records the hashes in the database transaction given, before anything is broadcast: false
 * withdraws the write (a row changed since it was planned) and nothing is sent.
 */
export type Recorder = (tx: Db, hashes: string[]) => Promise<boolean>;

export type WriteResult =
  | { status: "sent"; hashes: string[] }
  | { status: "withdrawn" }
  /** Not broadcast, or not known to be. `recorded`: the hashes were recorded first, and reconciliation looks them up. */
  | { status: "unsent"; error: unknown; recorded: boolean };

/** Thrown inside the recording hook: the ledger withdrew the write. */
class Withdrawn extends Error {}

/**
 * The one way the server writes to the chain (docs/relay-lifecycle.md, docs/settler-lifecycle.md):
 * record → sign → send → receipt → reconcile. The sender signs with consecutive nonces and the
 * ledger records the hashes before broadcast, so a crash or a failover finds every transaction
 * again by its hash; each receipt is awaited in the background and handed to its ledger; a
 * recorded hash the node does not know frees its nonce and goes back to the ledger. Settlements,
 * relay rounds, jackpot draws, entropy locks and the routes' chain requests (commitments, session
 * grants, splits, relayed withdrawals and swaps) all go out through it.
 */
export class Outbox {
  /** Transactions whose receipt this process awaits: hash → its ledger. */
  private readonly awaiting = new Map<string, Ledger>();
  private readonly waits = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly sender: TxSender,
    private readonly provider: JsonRpcProvider,
    private readonly counted: (ledger: LedgerName, outcome: OutboxOutcome, transactions: number) => void = () => undefined,
  ) {}

  /** The account every transaction is sent from (simulations call as it). */
  get address(): string {
    return this.sender.address;
  }

  awaits(hash: string): boolean {
    return this.awaiting.has(hash);
  }

  /**
   * Signs the requests with consecutive nonces, lets `record` store their hashes in one database
   * transaction, broadcasts them in nonce order and awaits each receipt in the background. A
   * request that would revert fails the sender's gas estimate before anything is recorded.
   */
  async write(ledger: Ledger, requests: TransactionRequest[], record?: Recorder): Promise<WriteResult> {
    let recorded = false;
    let hashes: string[];
    try {
      hashes = await this.sender.sendAll(requests, async (txHashes) => {
        if (record)
          await this.db.transaction(async (tx) => {
            if (!(await record(tx, txHashes))) throw new Withdrawn();
          });
        recorded = true;
      });
    } catch (error) {
      if (error instanceof Withdrawn) return { status: "withdrawn" };
      this.counted(ledger.name, "unsent", requests.length);
      return { status: "unsent", error, recorded: recorded && record !== undefined };
    }
    this.counted(ledger.name, "sent", hashes.length);
    for (const hash of hashes) this.await(ledger, hash);
    return { status: "sent", hashes };
  }

  /**
   * Looks up the ledger's transactions recorded as sent before `staleBefore` that this process
   * does not await (an earlier term's, or a broadcast that failed after its hash was recorded):
   * mined or reverted → its receipt goes to the ledger; pending → awaited; unknown → its nonce is
   * read from the chain again (the nonces after it wait behind the gap) and the ledger takes it back.
   */
  async reconcile(ledger: RecordingLedger, staleBefore: Date): Promise<void> {
    const hashes = (await ledger.sentBefore(staleBefore)).filter((hash) => !this.awaiting.has(hash));
    // Looked up together: after a failover a round's transactions are each a wait on the node.
    const fates = await Promise.all(hashes.map((hash) => transactionFate(this.provider, hash)));
    for (const [i, hash] of hashes.entries()) {
      if (this.awaiting.has(hash)) continue;
      const found = fates[i]!;
      if (found.fate === "mined" || found.fate === "reverted") {
        this.counted(ledger.name, found.fate, 1);
        await ledger.landed(found.receipt);
      } else if (found.fate === "pending") {
        this.await(ledger, hash);
        ledger.resumed?.(hash);
      } else {
        await this.sender.forgetNonce();
        this.counted(ledger.name, "dropped", 1);
        await ledger.dropped(hash);
      }
    }
  }

  /** The sender reads its nonce from the chain before the next send (this instance just took the lease over). */
  forgetNonce(): Promise<void> {
    return this.sender.forgetNonce();
  }

  /** Waits for the receipts still awaited, at most `ms`: the rest are the next term's reconciliation. */
  async drain(ms = 3_000): Promise<void> {
    await Promise.race([Promise.allSettled(this.waits), new Promise((resolve) => setTimeout(resolve, ms))]);
  }

  private await(ledger: Ledger, hash: string): void {
    this.awaiting.set(hash, ledger);
    const wait = this.provider
      .waitForTransaction(hash, 1, RECEIPT_TIMEOUT_MS)
      .then(async (receipt) => {
        if (!receipt) return;
        this.counted(ledger.name, receipt.status === 1 ? "mined" : "reverted", 1);
        await ledger.landed(receipt);
      })
      .catch((error: Error) => log.warn(`Receipt of ${ledger.name} ${hash} not handled (looked up again later): ${error.message}`))
      .finally(() => {
        this.awaiting.delete(hash);
        this.waits.delete(wait);
        ledger.released?.(hash);
      });
    this.waits.add(wait);
  }
}

type TransactionFate = { fate: "mined" | "reverted"; receipt: TransactionReceipt } | { fate: "pending" | "unknown" };

/**
 * Where a transaction whose hash was recorded stands: mined (or reverted) with its receipt, still
 * pending, or unknown to the node (never broadcast, or dropped: its nonce is free again).
 */
async function transactionFate(provider: JsonRpcProvider, hash: string): Promise<TransactionFate> {
  const receipt = await provider.getTransactionReceipt(hash);
  if (receipt) return { fate: receipt.status === 1 ? "mined" : "reverted", receipt };
  return (await provider.getTransaction(hash)) ? { fate: "pending" } : { fate: "unknown" };
}
