import { and, eq, inArray, lt } from "drizzle-orm";
import type { TransactionReceipt } from "ethers";
import { casinoInterface } from "../../../bindings/casino";
import type { Ledger, Outbox } from "../chain/outbox";
import type { Db } from "../db/types";
import { bets } from "../db/schema";
import { logger } from "../observability/log";
import { shortReason } from "./reasons";

const log = logger("settler");

/** Bets locked per transaction: about 25k gas each. */
const LOCK_BATCH = 100;

/**
 * Locks the jackpot entropy of open DEGEN bets before their block's hash leaves the EVM's reach.
 * The contract would draw a void jackpot for them otherwise: the player's draw wins nothing and
 * the house's bankroll pays its fair value into the pool, so the house gains nothing by it, but
 * the player loses the draw they bet on. Keeping it is the honest operator's duty (and anyone's
 * right, the player's app too). The lease holder sends the locks through the outbox; nothing
 * records them but the chain: a lock seen on chain (its log) clears the bets, and a lost one is
 * sent again by the next sweep.
 */
export class EntropyLocks implements Ledger {
  readonly name = "entropy_lock";
  /** Bets whose lockJackpotEntropy was sent and not yet seen on chain. */
  private sent = new Set<string>();
  /** The lock transactions awaited: hash → their bets. */
  private readonly locking = new Map<string, string[]>();

  /**
   * @param lockAfterBlocks an open DEGEN bet this many blocks old has its jackpot entropy locked on
   *   chain (SETTLER_JACKPOT_LOCK_BLOCKS, 128 by default: 96 s at BSC's 0.75 s blocks): the draw
   *   reads the hash of the bet's block, which the EVM shows for 256 blocks only (8191 with
   *   EIP-2935). Only interactive rounds (a slow blackjack hand, a long crash flight) live this long.
   */
  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly casinoAddress: string,
    private readonly lockAfterBlocks: number,
  ) {}

  async lockOld(cursor: number): Promise<void> {
    const old = await this.db
      .select({ betId: bets.betId })
      .from(bets)
      .where(
        and(
          inArray(bets.status, ["open", "ready", "sent"]),
          eq(bets.token, "DEGEN"),
          eq(bets.jackpotLocked, false),
          lt(bets.placedBlock, cursor - this.lockAfterBlocks),
        ),
      )
      .limit(LOCK_BATCH);
    const waiting = old.map((row) => row.betId);
    // A lock seen on chain clears the bet from `waiting`; forget it here too.
    this.sent = new Set(waiting.filter((id) => this.sent.has(id)));
    const ids = waiting.filter((id) => !this.sent.has(id));
    if (ids.length === 0) return;
    for (const id of ids) this.sent.add(id);
    const sent = await this.outbox.write(this, [{ to: this.casinoAddress, data: casinoInterface.encodeFunctionData("lockJackpotEntropy", [ids]) }]);
    if (sent.status === "sent") this.locking.set(sent.hashes[0]!, ids);
    else if (sent.status === "unsent") {
      for (const id of ids) this.sent.delete(id);
      log.error(`Locking the jackpot draw of ${ids.length} bet(s) failed (will retry): ${shortReason(sent.error)}`);
    }
  }

  /** The log scan records a lock (JackpotEntropyLocked); the bets of a reverted one are sent again by the next sweep. */
  landed(receipt: TransactionReceipt): Promise<void> {
    if (receipt.status !== 1) for (const id of this.locking.get(receipt.hash) ?? []) this.sent.delete(id);
    return Promise.resolve();
  }

  released(hash: string): void {
    this.locking.delete(hash);
  }
}
