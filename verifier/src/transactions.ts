/**
 * The transactions whose inputs a bet's check needs (audit.ts names them: a bet a session key may
 * have signed, an interactive round's settlement), read over RPC while later events are read and
 * audited. The bets go on to their checks in the order the audit handed them out.
 */
import type { BetCheck } from "./types";
import { decodeCall, placementFrom, settlementFrom, type Call, type Contracts, type RawTransaction } from "./calls";
import { ConnectionError, RpcError, type Rpc } from "./rpc";

/** Bets handed on to their checks together, once the transactions they need are read. */
const BETS_PER_READ = 256;
/** Calls kept for bets still to come (a one-click transaction holds many bets, and its drawn tickets come later). */
const CALLS_KEPT = 10_000;

/** The bet with what its transactions' inputs say: how it was placed, the action log it was settled with. */
export function withInputs(check: BetCheck, callOf: (tx: string) => Call): BetCheck {
  const { bet, reads } = check;
  if (reads.placementTx) bet.placementInput = placementFrom(callOf(reads.placementTx), reads.indexInTx);
  if (reads.settlementTx) bet.settlementInput = settlementFrom(callOf(reads.settlementTx));
  return check;
}

interface UnreadTransaction {
  tx: string;
  resolve: (call: Call) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads the transactions the bets added need, a batch at a time, and hands each bet on to `check`
 * with its inputs, in the order added. A transaction the node does not serve (a node that keeps no
 * index of old transactions) counts as unread: its bet's signature is then unchecked.
 */
export class TransactionReader {
  private held: BetCheck[] = [];
  private needed = new Map<string, Promise<Call>>();
  private unread: UnreadTransaction[] = [];
  private readonly known = new Map<string, Promise<Call>>();
  /** Each group of bets is handed on once its transactions are read and every earlier group is done. */
  private handedOn: Promise<void> = Promise.resolve();

  constructor(
    private readonly rpc: Rpc,
    private readonly contracts: Contracts,
    private readonly check: (bet: BetCheck) => void,
  ) {}

  add(bet: BetCheck): void {
    for (const tx of [bet.reads.placementTx, bet.reads.settlementTx]) if (tx && !this.needed.has(tx)) this.needed.set(tx, this.callOf(tx));
    this.held.push(bet);
    // Only full batches go out before the end: under a rate limit each request counts, however few calls it carries.
    if (this.unread.length >= this.rpc.batchSize) this.read(this.unread.splice(0, this.rpc.batchSize));
    if (this.held.length >= BETS_PER_READ) this.handOn();
  }

  /** Every bet handed on; throws what reading failed with. */
  async finish(): Promise<void> {
    this.read(this.unread.splice(0));
    this.handOn();
    await this.handedOn;
  }

  private callOf(tx: string): Promise<Call> {
    let call = this.known.get(tx);
    if (!call) {
      call = new Promise<Call>((resolve, reject) => this.unread.push({ tx, resolve, reject }));
      // Awaited by its batch; a batch after a failed one never is, and must not leave it unhandled.
      call.catch(() => undefined);
      if (this.known.size >= CALLS_KEPT) this.known.clear();
      this.known.set(tx, call);
    }
    return call;
  }

  private read(part: UnreadTransaction[]): void {
    if (part.length === 0) return;
    readTransactions(
      this.rpc,
      part.map(({ tx }) => tx),
    ).then(
      (transactions) => part.forEach(({ resolve }, j) => resolve(decodeCall(transactions[j], this.contracts))),
      (error: unknown) => part.forEach(({ reject }) => reject(error)),
    );
  }

  /** The held bets go on to their checks once their transactions are read and every earlier group has gone. */
  private handOn(): void {
    const [bets, needed] = [this.held, this.needed];
    [this.held, this.needed] = [[], new Map()];
    this.handedOn = this.handedOn.then(async () => {
      const calls = new Map<string, Call>();
      for (const [tx, call] of needed) calls.set(tx, await call);
      for (const bet of bets) this.check(withInputs(bet, (tx) => calls.get(tx)!));
    });
  }
}

/** The transactions, in one batch or more (undefined for one the node does not serve). */
async function readTransactions(rpc: Rpc, hashes: readonly string[]): Promise<(RawTransaction | undefined)[]> {
  const answers = await rpc.batch<RawTransaction | null>(hashes.map((hash) => ({ method: "eth_getTransactionByHash", params: [hash] })));
  return answers.map((answer, i) => {
    if (answer instanceof RpcError) throw new ConnectionError(`transaction ${hashes[i]} could not be read: ${answer.message}`);
    return answer ?? undefined;
  });
}
