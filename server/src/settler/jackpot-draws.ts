import { and, asc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { JsonRpcProvider, TransactionReceipt } from "ethers";
import { casinoInterface } from "../../../bindings/casino";
import { casinoRevertReason } from "../../../bindings/errors";
import type { Outbox, RecordingLedger } from "../chain/outbox";
import type { Db } from "../db/types";
import { jackpotTickets } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";
import { isVoidEntropy, ticketDraws } from "../engine";
import { shortReason } from "./reasons";

const log = logger("settler");

/** Ticket batches drawn per pass: one transaction each. */
const DRAWS_PER_PASS = 16;
/**
 * A batch without a hit whose draw no later play recorded after this many blocks (the relay went
 * quiet, or two plays shared a block) is drawn by drawJackpots: well inside the 256 blocks after
 * which the block hash is gone and the batch would be void.
 */
export const UNRECORDED_DRAW_AFTER_BLOCKS = 8;
/** Or after this long, on a chain that makes blocks only for transactions (a local node). */
export const UNRECORDED_DRAW_AFTER_MS = 60_000;
/** Batches looked at per pass (most need no transaction). */
const CHECKED_PER_PASS = 256;
/** A draw sent this long ago and not awaited is looked up. */
const RECONCILE_AFTER_MS = 5_000;
/** The estimate of a draw, with room: a jackpot hit credits one more vault than the estimate may have seen. */
const GAS_HEADROOM_PERCENT = 130n;

type TicketRow = typeof jackpotTickets.$inferSelect;

/**
 * The jackpot draws of one-click bets (issue #20, docs/protocol.md §6): a play transaction gives its
 * DEGEN bets tickets (JackpotTicketsIssued), drawn on the hash of its block. The next play of a
 * later block records that draw (JackpotTicketsDrawn), with those of its block's other batches, at
 * no transaction of its own; drawJackpots, which anyone may call from the next block on, pays the
 * hits. The settler knows the hash as soon as the block is mined,
 * so it sends drawJackpots at once for a batch with a hit (paid in the next block), and for a batch
 * no later play recorded within UNRECORDED_DRAW_AFTER_BLOCKS; a batch without a hit that a play
 * recorded needs nothing. The app calls drawJackpots for its player when a draw is late. A draw
 * made once the block's hash is gone is void: no ticket wins, and the house's bankroll pays each
 * ticket's fair value into the pool, which drawJackpots does; so a void batch a play recorded (the
 * relay down that long) is drawn too. The lease holder sends the draws through the outbox
 * (chain/outbox.ts), the draw's hash recorded on its tickets' row first.
 */
export class JackpotDraws implements RecordingLedger {
  readonly name = "jackpot_draw";
  private readonly hashes = new Map<number, string>();
  private prunedAt = 0;
  /**
   * One pass at a time: the settler's loop and each mined relay transaction ask for one, often
   * together, and two passes at once read the same batch as waiting and sent its draw twice; the
   * second reverts, paid by the house (3 relay transactions in a block sent up to 3 draws of a batch).
   */
  private readonly passes = new PassLoop(() => this.drawPass(), 0);

  constructor(
    private readonly db: Db,
    private readonly provider: JsonRpcProvider,
    private readonly outbox: Outbox,
    private readonly casinoAddress: string,
  ) {}

  /**
   * Sends drawJackpots for the batches that need it: one with a hit (at once), a void one (its
   * tickets' fair value owed to the pool), one no later play recorded (after
   * UNRECORDED_DRAW_AFTER_BLOCKS); a recorded batch of misses is done.
   */
  drawWaiting(): Promise<void> {
    return this.passes.run();
  }

  private async drawPass(): Promise<void> {
    const rows = await this.db
      .select()
      .from(jackpotTickets)
      .where(inArray(jackpotTickets.status, ["waiting", "recorded"]))
      .orderBy(asc(jackpotTickets.placedBlock))
      .limit(CHECKED_PER_PASS);
    if (rows.length === 0) return;
    const head = await this.provider.getBlockNumber();
    let sent = 0;
    for (const row of rows) {
      if (sent === DRAWS_PER_PASS) break;
      const entropy = row.status === "recorded" ? row.entropy! : await this.blockHash(row.placedBlock);
      if (entropy === undefined) continue; // not mined as far as this node knows: the next pass
      const tickets = row.tickets.map(([betId, odds, prize]) => ({ betId: BigInt(betId), odds: BigInt(odds), prize: BigInt(prize) }));
      const hit = ticketDraws(this.casinoAddress, tickets, entropy).some((draw) => draw.hit);
      const voided = isVoidEntropy(entropy);
      const unrecorded =
        row.status === "waiting" &&
        (head >= row.placedBlock + UNRECORDED_DRAW_AFTER_BLOCKS || Date.now() - row.updatedAt.getTime() >= UNRECORDED_DRAW_AFTER_MS);
      if (hit || voided || unrecorded) {
        const why = hit ? "with a hit" : voided ? "recorded void, whose fair value the bankroll owes the pool" : "no later play recorded";
        log.info({ tickets: row.hash, placedBlock: row.placedBlock, head }, `Drawing a batch of jackpot tickets ${why}`);
        await this.draw(row);
        sent++;
      } else if (row.status === "recorded") {
        await this.finish(eq(jackpotTickets.hash, row.hash), "drawn");
      }
    }
  }

  /** A mined block's hash (kept: the draws of a block are looked at a few times). */
  private async blockHash(block: number): Promise<string | undefined> {
    const known = this.hashes.get(block);
    if (known) return known;
    const hash = (await this.provider.getBlock(block))?.hash ?? undefined;
    if (hash) {
      this.hashes.set(block, hash);
      if (this.hashes.size > 1024) this.hashes.delete(this.hashes.keys().next().value!);
    }
    return hash;
  }

  private async draw(row: TicketRow): Promise<void> {
    const tickets = row.tickets.map(([betId, odds, prize]) => ({ betId, odds, prize }));
    const request = { to: this.casinoAddress, data: casinoInterface.encodeFunctionData("drawJackpots", [tickets]) };
    let gasLimit: bigint;
    try {
      gasLimit = ((await this.provider.estimateGas({ ...request, from: this.outbox.address })) * GAS_HEADROOM_PERCENT) / 100n;
    } catch (error) {
      const reason = casinoRevertReason(error);
      // Drawn already, by the app or anyone: the JackpotDrawn logs record each ticket.
      if (reason === "UnknownTickets") await this.finish(eq(jackpotTickets.hash, row.hash), "drawn");
      // The block of the tickets is the latest: the draw is possible from the next one.
      else if (reason !== "EntropyNotReady") log.error(`The jackpot draw of ${row.placedTxHash}'s tickets is refused (will retry): ${shortReason(error)}`);
      return;
    }
    const sent = await this.outbox.write(this, [{ ...request, gasLimit }], async (tx, [drawTxHash]) => {
      const taken = await tx
        .update(jackpotTickets)
        .set({ status: "sent", drawTxHash, updatedAt: new Date() })
        .where(and(eq(jackpotTickets.hash, row.hash), inArray(jackpotTickets.status, ["waiting", "recorded"])))
        .returning({ hash: jackpotTickets.hash });
      // Sent or drawn since this pass read it: a second draw would only revert.
      return taken.length > 0;
    });
    if (sent.status === "unsent") log.error(`The jackpot draw of ${row.placedTxHash}'s tickets was not sent (looked up later): ${shortReason(sent.error)}`);
  }

  /**
   * Deletes, at most hourly, the tickets drawn more than a day ago (a row per relay transaction:
   * 86,400 a day at 1 s blocks); their draws are on chain and in the bets table.
   */
  async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < 3_600_000) return;
    this.prunedAt = Date.now();
    await this.db.delete(jackpotTickets).where(and(eq(jackpotTickets.status, "drawn"), lt(jackpotTickets.updatedAt, new Date(Date.now() - 24 * 3_600_000))));
  }

  /** Draws an earlier term (or a failed broadcast) left 'sent': mined → drawn; reverted or unknown → waiting, to be sent again. */
  reconcile(): Promise<void> {
    return this.outbox.reconcile(this, new Date(Date.now() - RECONCILE_AFTER_MS));
  }

  async sentBefore(before: Date): Promise<string[]> {
    const rows = await this.db
      .select({ drawTxHash: jackpotTickets.drawTxHash })
      .from(jackpotTickets)
      .where(and(eq(jackpotTickets.status, "sent"), lt(jackpotTickets.updatedAt, before)));
    return rows.flatMap((row) => (row.drawTxHash ? [row.drawTxHash] : []));
  }

  async landed(receipt: TransactionReceipt): Promise<void> {
    await this.finish(eq(jackpotTickets.drawTxHash, receipt.hash), receipt.status === 1 ? "drawn" : "waiting");
  }

  async dropped(hash: string): Promise<void> {
    await this.finish(eq(jackpotTickets.drawTxHash, hash), "waiting");
  }

  private async finish(which: SQL, status: "drawn" | "waiting"): Promise<void> {
    await this.db
      .update(jackpotTickets)
      // A draw to send again: recorded still, when a play recorded it.
      .set({
        status: status === "drawn" ? status : sql<"waiting" | "recorded">`CASE WHEN ${jackpotTickets.entropy} IS NULL THEN 'waiting' ELSE 'recorded' END`,
        ...(status === "waiting" && { drawTxHash: null }),
        updatedAt: new Date(),
      })
      .where(which);
  }
}
