import { and, eq, inArray, lt } from "drizzle-orm";
import { casinoInterface } from "../../../bindings/casino";
import type { TxSender } from "../chain/sender";
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
 * right, the player's app too). The lease holder sends the locks, directly through its TxSender.
 */
export class EntropyLocks {
  /** Bets whose lockJackpotEntropy was sent and not yet seen on chain. */
  private sent = new Set<string>();

  /**
   * @param lockAfterBlocks an open DEGEN bet this many blocks old has its jackpot entropy locked on
   *   chain (SETTLER_JACKPOT_LOCK_BLOCKS, 128 by default: 96 s at BSC's 0.75 s blocks): the draw
   *   reads the hash of the bet's block, which the EVM shows for 256 blocks only (8191 with
   *   EIP-2935). Only interactive rounds (a slow blackjack hand, a long crash flight) live this long.
   */
  constructor(
    private readonly db: Db,
    private readonly sender: TxSender,
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
    try {
      await this.sender.send({ to: this.casinoAddress, data: casinoInterface.encodeFunctionData("lockJackpotEntropy", [ids]) });
    } catch (error) {
      for (const id of ids) this.sent.delete(id);
      log.error(`Locking the jackpot draw of ${ids.length} bet(s) failed (will retry): ${shortReason(error)}`);
    }
  }
}
