import { toQuantity, type JsonRpcProvider } from "ethers";

/**
 * Blocks whose senders are kept: a queued bet's mark is at most a few dozen blocks old under load
 * (the relay bench: 25 from acceptance to landing at most), and a mark older than the window is
 * checked by its player's wallet nonce instead.
 */
const KEPT_BLOCKS = 256;

interface ScannedBlock {
  hash: string;
  senders: Set<string>;
  /** A set-code transaction (EIP-7702) is in it: its authorizations move the nonces of accounts that did not send it. */
  authorizes: boolean;
}

interface RpcBlock {
  number: string;
  hash: string;
  parentHash: string;
  transactions: { from: string; type: string }[];
}

/**
 * The senders of the chain's recent blocks, for the relay's marks (chain-marks.ts): an account's
 * nonce grows by one for each of its transactions mined, so "no transaction from the player in the
 * blocks after the mark's" is "the same wallet nonce", read in one request a block instead of one
 * a player a round. Reading 300 players' nonces before each round kept the bench's node queued
 * behind them (issue #40). The window restarts at a block whose parent is not the one scanned (a
 * reorganisation): the marks from before it are checked by their nonces again.
 */
export class BlockSenders {
  private readonly blocks = new Map<number, ScannedBlock>();
  /** The lowest block of the window; every block from it to `last` is scanned. */
  private first = 0;
  private last = -1;
  /** The highest block a scan was asked to reach or found as the head. */
  private highestKnown = -1;
  private scanning: Promise<number> = Promise.resolve(-1);

  constructor(private readonly provider: JsonRpcProvider) {}

  /**
   * Scans the blocks not scanned yet up to `block`, or up to the head when it is undefined; the
   * highest block scanned. The first scan reaches back to the block after `since` (at most
   * KEPT_BLOCKS): a lease term's first round finds the bets queued in the last one marked blocks
   * ago. Scans run one after the other: each starts where the last one ended.
   */
  through(block?: number, since?: number): Promise<number> {
    if (block !== undefined) this.highestKnown = Math.max(this.highestKnown, block);
    if (block !== undefined && block <= this.last) return Promise.resolve(this.last);
    this.scanning = this.scanning.catch(() => undefined).then(() => this.scanTo(block, since));
    return this.scanning;
  }

  /** The highest block known to be mined: the latest asked for (a receipt's) or found as the head. */
  get known(): number {
    return this.highestKnown;
  }

  /**
   * Whether `player` sent a transaction mined after block `since` and at most at `until`;
   * undefined when a block of those is not in the window, or holds a set-code transaction whose
   * authorizations may have moved the player's nonce: their nonce tells.
   */
  sentBetween(player: string, since: number, until: number): boolean | undefined {
    if (since + 1 < this.first || until > this.last || this.last < 0) return undefined;
    const sender = player.toLowerCase();
    let authorized = false;
    for (let n = since + 1; n <= until; n++) {
      const block = this.blocks.get(n)!;
      if (block.senders.has(sender)) return true;
      authorized ||= block.authorizes;
    }
    return authorized ? undefined : false;
  }

  private async scanTo(target: number | undefined, since: number | undefined): Promise<number> {
    const head = target ?? Number(await this.provider.send("eth_blockNumber", []));
    this.highestKnown = Math.max(this.highestKnown, head);
    const oldest = Math.max(head - KEPT_BLOCKS + 1, Math.min(head, (since ?? head) + 1));
    // A window that does not reach back to `oldest` (a term's first scan, a restart) is scanned anew.
    const restart = this.last < 0 || head - this.last > KEPT_BLOCKS || oldest < this.first;
    if (!restart && head <= this.last) return this.last;
    const from = restart ? oldest : this.last + 1;
    const numbers = Array.from({ length: head - from + 1 }, (_, i) => from + i);
    const read = await Promise.all(numbers.map((n) => this.provider.send("eth_getBlockByNumber", [toQuantity(n), true]) as Promise<RpcBlock | null>));
    if (restart) this.last = -1;
    for (const [i, block] of read.entries()) {
      if (!block) throw new Error(`block ${numbers[i]} not found`);
      this.add(block);
    }
    return this.last;
  }

  private add(block: RpcBlock): void {
    const number = Number(block.number);
    if (this.last < 0 || number !== this.last + 1 || this.blocks.get(this.last)!.hash !== block.parentHash) {
      this.blocks.clear();
      this.first = number;
    }
    this.blocks.set(number, {
      hash: block.hash,
      senders: new Set(block.transactions.map((tx) => tx.from.toLowerCase())),
      authorizes: block.transactions.some((tx) => Number(tx.type) === 4),
    });
    this.last = number;
    for (; this.blocks.size > KEPT_BLOCKS; this.first++) this.blocks.delete(this.first);
  }
}
