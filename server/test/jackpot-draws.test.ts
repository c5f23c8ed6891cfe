import { describe, expect, it } from "vitest";
import type { JsonRpcProvider } from "ethers";
import { jackpotTickets } from "../src/db/schema";
import { Outbox } from "../src/chain/outbox";
import type { TxSender } from "../src/chain/sender";
import { JackpotDraws, UNRECORDED_DRAW_AFTER_BLOCKS } from "../src/settler/jackpot-draws";
import { SCRATCH_CASINO, useScratchDatabase } from "./support/scratch-database";

const PLACED_BLOCK = 10;

const scratch = useScratchDatabase();

/** The node as the draws read it: the head well past the tickets' block, every draw estimated, no receipt yet. */
const node = {
  getBlockNumber: async () => PLACED_BLOCK + UNRECORDED_DRAW_AFTER_BLOCKS,
  getBlock: async () => ({ hash: "0x" + "cd".repeat(32) }),
  estimateGas: async () => 100_000n,
  waitForTransaction: () => new Promise(() => undefined),
} as unknown as JsonRpcProvider;

/**
 * The settler's outbox over an account that behaves as TxSender: the hashes recorded by
 * `beforeBroadcast`, then the broadcast, which a busy node answers late; nothing is broadcast when
 * the recording throws.
 */
function recordingOutbox(broadcasts: string[]): Outbox {
  let nonce = 0;
  const sender = {
    address: "0x" + "22".repeat(20),
    async sendAll(requests: { data: string }[], beforeBroadcast: (hashes: string[]) => Promise<void>) {
      const hashes = requests.map(() => "0x" + (++nonce).toString(16).padStart(64, "0"));
      await beforeBroadcast(hashes);
      await new Promise((r) => setTimeout(r, 20));
      broadcasts.push(...requests.map((request) => request.data));
      return hashes;
    },
  } as unknown as TxSender;
  return new Outbox(scratch().db, sender, node);
}

describe("the jackpot draws", () => {
  it("send each batch no play recorded once, however many callers ask at the same time (a second draw of a batch reverts, paid by the house)", async () => {
    const batches = ["0x01", "0x02", "0x03"].map((tag) => ({
      hash: tag.padEnd(66, "0"),
      placedTxHash: "0x" + "ee".repeat(32),
      placedBlock: PLACED_BLOCK,
      tickets: [[String((1n << 64n) + BigInt(tag)), "0", "0"]] as [string, string, string][],
      status: "waiting" as const,
      updatedAt: new Date(Date.now() - 120_000),
    }));
    await scratch().db.insert(jackpotTickets).values(batches);
    const broadcasts: string[] = [];
    const draws = new JackpotDraws(scratch().db, node, recordingOutbox(broadcasts), SCRATCH_CASINO);

    // The settler's loop and the receipts of three relay transactions of one block, together.
    await Promise.all([draws.drawWaiting(), draws.drawWaiting(), draws.drawWaiting(), draws.drawWaiting()]);

    expect(broadcasts).toHaveLength(3);
    expect(new Set(broadcasts).size).toBe(3);
    const rows = await scratch().db.select().from(jackpotTickets);
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("draw a batch a play recorded as void (its block's hash gone): no ticket wins, but drawJackpots pays each one's fair value into the pool", async () => {
    const recorded = (tag: string, entropy: string) => ({
      hash: tag.padEnd(66, "0"),
      placedTxHash: "0x" + "ee".repeat(32),
      placedBlock: PLACED_BLOCK,
      // Odds of 0: no roll hits, so only a void draw needs a transaction.
      tickets: [[String((1n << 64n) + BigInt(tag)), "0", "1000000000"]] as [string, string, string][],
      status: "recorded" as const,
      entropy,
      updatedAt: new Date(),
    });
    await scratch()
      .db.insert(jackpotTickets)
      .values([recorded("0x04", "0x" + "00".repeat(32)), recorded("0x05", "0x" + "cd".repeat(32))]);
    const broadcasts: string[] = [];
    await new JackpotDraws(scratch().db, node, recordingOutbox(broadcasts), SCRATCH_CASINO).drawWaiting();

    expect(broadcasts).toHaveLength(1);
    const status = Object.fromEntries((await scratch().db.select().from(jackpotTickets)).map((row) => [row.hash.slice(0, 4), row.status]));
    expect([status["0x04"], status["0x05"]]).toEqual(["sent", "drawn"]);
  });
});
