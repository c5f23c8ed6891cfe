import { toQuantity, type JsonRpcProvider, type TransactionReceipt } from "ethers";
import { topicOf, type CasinoLog } from "../../../bindings/events";
import { watchedTopics } from "./watched-events";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { getValue, setValue } from "../db/kv";
import { blocksWithoutTime, readBlockTimes, recordBlockTimes } from "../stats/block-times";
import { ingestLogs, type IngestContext } from "./ingest";

const CURSOR_KEY = "settler.cursor";
/** Blocks per eth_getLogs request. */
const LOG_CHUNK = 1000;

type RawLog = Omit<CasinoLog, "blockNumber"> & { blockNumber: string };

/** The logs that settle a bet or pay its jackpot: the leaderboards date them by their block (stats/block-times.ts). */
const SETTLING_TOPICS = new Set([topicOf("BetSettled"), topicOf("JackpotDrawn")]);
const settledBlocks = (logs: readonly { topics: readonly string[]; blockNumber: number }[]) =>
  logs.filter((log) => SETTLING_TOPICS.has(log.topics[0]!)).map((log) => log.blockNumber);
/** Block times kept in memory, oldest dropped first. */
const RECENT_TIMES = 64;
/** Blocks of bets recorded before block times were, dated per scan until none is left. */
const BACKFILL_PER_SCAN = 200;

/** The block ranges [from, to] that cover from..head in chunks of at most `chunk` blocks. */
export function blockRanges(from: number, head: number, chunk: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = from; start <= head; start += chunk) ranges.push([start, Math.min(start + chunk - 1, head)]);
  return ranges;
}

/** The last block whose logs are recorded, as stored (any instance may read it). */
export async function storedCursor(db: Db, deploymentBlock: number): Promise<number> {
  const stored = await getValue(db, CURSOR_KEY);
  return stored === undefined ? deploymentBlock - 1 : Number(stored);
}

export interface ReaderOptions extends IngestContext {
  db: Db;
  provider: JsonRpcProvider;
  casinoAddress: string;
  /** The Casino's CasinoSessions, whose SessionOpened and SessionRevoked are read with the Casino's logs. */
  sessionsAddress: string;
  deploymentBlock: number;
  /** Blocks to wait before reading a block's logs (0 on the local chain). */
  confirmations: number;
  /** Every instance's live feed hears of a recorded settlement or jackpot hit ("feed"), once it is committed. */
  signals: Signals;
}

/**
 * Reads the Casino's logs from the stored block cursor to the chain head; each chunk's rows and
 * the cursor are written in one database transaction, so a crash between chunks loses nothing and
 * records nothing twice. A settlement's logs may also be recorded ahead of the scan, from its
 * receipt. One reader exists per lease term: only the lease holder writes the cursor.
 */
export class LogReader {
  private knownCursor: number | undefined;
  /** Settlements recorded from their receipt, ahead of the log scan: hash → block. */
  private readonly appliedReceipts = new Map<string, number>();
  private oldSettlementsDated = false;
  private readonly recentTimes = new Map<number, number>();

  constructor(private readonly o: ReaderOptions) {}

  /** The cursor as last read or written by this reader (undefined before the first read). */
  get known(): number | undefined {
    return this.knownCursor;
  }

  /** The last block whose logs are recorded: read once per term, then kept here as this reader is its only writer. */
  async cursor(): Promise<number> {
    this.knownCursor ??= await storedCursor(this.o.db, this.o.deploymentBlock);
    return this.knownCursor;
  }

  /** Logs from the cursor to the head; whether any was read, and the block now reached. */
  async scan(): Promise<{ ingested: boolean; cursor: number }> {
    const head = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    let ingested = false;
    for (const [from, to] of blockRanges((await this.cursor()) + 1, head, LOG_CHUNK)) {
      const logs = (await this.readLogs(from, to)).filter((log) => !this.appliedReceipts.has(log.transactionHash));
      const times = await this.blockTimes(settledBlocks(logs));
      await this.o.db.transaction(async (tx) => {
        if (await ingestLogs(tx, logs, this.o)) await this.o.signals.notify(tx, "feed");
        await recordBlockTimes(tx, times);
        await setValue(tx, CURSOR_KEY, String(to));
      });
      this.knownCursor = to;
      for (const [hash, block] of this.appliedReceipts) if (block <= to) this.appliedReceipts.delete(hash);
      ingested ||= logs.length > 0;
    }
    await this.dateOldSettlements();
    return { ingested, cursor: await this.cursor() };
  }

  /** Block times, read once: a relay round's receipts and the scan after them share their block. */
  private async blockTimes(blocks: number[]): Promise<Map<number, number>> {
    const read = await readBlockTimes(
      this.o.provider,
      blocks.filter((block) => !this.recentTimes.has(block)),
    );
    for (const [block, time] of read) this.recentTimes.set(block, time);
    for (const block of [...this.recentTimes.keys()].slice(0, Math.max(0, this.recentTimes.size - RECENT_TIMES))) this.recentTimes.delete(block);
    return new Map(blocks.map((block) => [block, this.recentTimes.get(block) ?? read.get(block)!]));
  }

  /** Dates the blocks of bets settled before block times were recorded, a few per scan, until none is left (once per term after that). */
  private async dateOldSettlements(): Promise<void> {
    if (this.oldSettlementsDated) return;
    const blocks = await blocksWithoutTime(this.o.db, BACKFILL_PER_SCAN);
    await recordBlockTimes(this.o.db, await readBlockTimes(this.o.provider, blocks));
    this.oldSettlementsDated = blocks.length < BACKFILL_PER_SCAN;
  }

  /** The Casino's watched logs of a block range, as the node sends them (ethers' formatting checksums every address). */
  private async readLogs(from: number, to: number): Promise<CasinoLog[]> {
    const filter = { address: [this.o.casinoAddress, this.o.sessionsAddress], fromBlock: toQuantity(from), toBlock: toQuantity(to), topics: [watchedTopics] };
    const raw = (await this.o.provider.send("eth_getLogs", [filter])) as RawLog[];
    return raw.map((log) => ({ ...log, blockNumber: Number(log.blockNumber) }));
  }

  /**
   * Records a settlement's logs now, unless the log scan has passed its block already. On a chain
   * read with confirmations the scan alone records them: a receipt one block deep can still be
   * orphaned, and a settlement recorded from it would never be sent again.
   */
  async applyReceipt(receipt: TransactionReceipt): Promise<void> {
    if (this.o.confirmations > 0 || receipt.blockNumber <= (await this.cursor())) return;
    const emitters = new Set([this.o.casinoAddress.toLowerCase(), this.o.sessionsAddress.toLowerCase()]);
    const ours = receipt.logs.filter((log) => emitters.has(log.address.toLowerCase()));
    const times = await this.blockTimes(settledBlocks(ours));
    await this.o.db.transaction(async (tx) => {
      if (await ingestLogs(tx, ours, this.o)) await this.o.signals.notify(tx, "feed");
      await recordBlockTimes(tx, times);
    });
    // The scan skips these logs when it reaches the block (recording them again changes nothing).
    this.appliedReceipts.set(receipt.hash, receipt.blockNumber);
  }
}
