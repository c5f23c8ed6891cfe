import { eq } from "drizzle-orm";
import type { SettlerMode } from "../cluster/cluster";
import type { Db } from "../db/types";
import { bets } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";
import type { CommitmentState, Commitments } from "./commitments";
import { RelayBatcher, type RelayOptions } from "../sessions/relay";
import type { SignedActions } from "../sessions/actions";
import { EntropyLocks } from "./entropy-locks";
import { JackpotDraws } from "./jackpot-draws";
import type { RoundActions } from "./outcome";
import { SettlementPipeline, type PipelineOptions } from "./pipeline";
import { LogReader, storedCursor, type ReaderOptions } from "./reader";
import type { Rounds } from "./rounds";
import type { BetRow } from "./types";

const log = logger("settler");

/** The timed work (expired rounds, reconciliation, entropy locks) runs on every this-many polls of the chain head. */
const POLLS_PER_SWEEP = 4;
/** A 'sent' settlement not confirmed after this long is looked up on chain. */
const RECONCILE_AFTER_MS = 5_000;
/** An instance without the lease waits at most this long for the holder to read the chain up to the head it saw. */
const FOLLOW_TIMEOUT_MS = 5_000;

/** What the term's parts need (reader, settlement pipeline, relay), and what the settler adds. */
export interface SettlerOptions
  extends ReaderOptions, Pick<PipelineOptions, "casino" | "outbox" | "counters" | "batchSize">, Pick<RelayOptions, "clock" | "degenPerBnb"> {
  rounds: Rounds;
  commitments: Commitments;
  mode: SettlerMode;
  pollIntervalMs: number;
  /** SETTLER_JACKPOT_LOCK_BLOCKS (entropy-locks.ts). */
  jackpotLockAfterBlocks: number;
  /** RELAY_BATCH_SIZE, RELAY_BATCHES_PER_ROUND and the counters of the relay. */
  relay: Pick<RelayOptions, "batchSize" | "batchesPerRound" | "counters">;
  /** Closes ended sessions' lanes (sessions/closer.ts): the lease holder's, like the relay. */
  closer: { start(): void; stop(): Promise<void> };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One lease term. What it keeps in memory (the cursor, the pending settlements, the backoffs) is
 * true only while this instance alone writes: a term starts from the database, as after a crash.
 */
class Term {
  readonly reader: LogReader;
  private readonly pipeline: SettlementPipeline;
  private readonly locks: EntropyLocks;
  private readonly draws: JackpotDraws;
  private readonly relay: RelayBatcher;
  private readonly loop: PassLoop;
  private readonly unsubscribe: () => void;
  private pollsUntilSweep = 0;
  private outcomesFixed = false;
  private reconciled = false;
  private dirty = true;
  private lastError = "";

  constructor(private readonly o: SettlerOptions) {
    this.reader = new LogReader(o);
    this.pipeline = new SettlementPipeline({
      ...o,
      cursor: () => this.reader.known ?? 0,
      applyReceipt: (receipt) => this.reader.applyReceipt(receipt),
      afterSettled: (batch) => o.commitments.rotateAfterSettlement(batch),
      wake: () => this.wake(),
      settleUnsigned: (bet) => o.rounds.settleUnsigned(bet),
    });
    this.locks = new EntropyLocks(o.db, o.outbox, o.casinoAddress, o.jackpotLockAfterBlocks);
    this.draws = new JackpotDraws(o.db, o.provider, o.outbox, o.casinoAddress);
    this.relay = new RelayBatcher({
      ...o,
      ...o.relay,
      // The bets are recorded settled at once, and their tickets drawn in the next block.
      afterMined: async (receipt) => {
        await this.reader.applyReceipt(receipt);
        await this.draws.drawWaiting();
      },
    });
    this.loop = new PassLoop(() => this.pass(), o.pollIntervalMs);
    // A round finished on any instance: settle it now rather than at the next sweep.
    this.unsubscribe = o.signals.on("settle", () => this.wake());
  }

  startLoop(): void {
    this.pipeline.resume();
    this.loop.start();
    // A relayed bet is settled in its own transaction: a settler that settles nothing relays nothing.
    if (this.o.mode === "on") this.relay.start();
    this.o.closer.start();
  }

  async stopLoop(): Promise<void> {
    this.pipeline.halt();
    await this.o.closer.stop();
    await this.relay.stop();
    await this.loop.stop();
    // Receipts still awaited are picked up again by the next term's reconciliation.
    await this.o.outbox.drain();
  }

  async end(): Promise<void> {
    this.unsubscribe();
    await this.stopLoop();
  }

  /** One pass now; concurrent callers share the running pass and one more after it. */
  tick(): Promise<void> {
    return this.loop.run();
  }

  private wake(): void {
    this.dirty = true;
    this.loop.wake();
  }

  private async pass(): Promise<void> {
    try {
      await this.step();
      if (this.lastError) log.info("Settler recovered");
      this.lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastError) log.error(`Settler pass failed (will retry): ${message}`);
      this.lastError = message;
    }
  }

  /**
   * Every poll reads the chain head (one RPC, no database work unless a block arrived); the
   * timed work runs on every POLLS_PER_SWEEP-th poll, and settling whenever anything changed.
   * A pass a route asks for while the loop is stopped only reads the chain.
   */
  private async step(): Promise<void> {
    const settling = this.loop.active && this.o.mode === "on";
    // Slots freed by mined settlements are refilled with bets already known before the chain is read.
    if (settling && this.dirty && this.pipeline.hasRoom) {
      this.dirty = false;
      await this.pipeline.settleReady();
    }
    const { ingested, cursor } = await this.reader.scan();
    this.pipeline.forgetMinedUpTo(cursor);
    if (!this.loop.active) return;
    const sweep = --this.pollsUntilSweep <= 0;
    if (sweep) {
      this.pollsUntilSweep = POLLS_PER_SWEEP;
      // A term's first look covers every settlement another term left sent, however recent: its
      // holder is gone, and the bets behind an unsent one would otherwise wait RECONCILE_AFTER_MS.
      const staleBefore = this.reconciled ? Date.now() - RECONCILE_AFTER_MS : Date.now();
      await this.pipeline.reconcile(staleBefore);
      this.reconciled = true;
      await this.o.rounds.finishExpiredRounds();
      if (settling) {
        await this.locks.lockOld(await this.reader.cursor());
        await this.draws.reconcile();
        await this.draws.pruneNowAndThen();
      }
      if (!this.outcomesFixed) {
        await this.o.rounds.fixOutcomes();
        this.outcomesFixed = true;
      }
    }
    if (settling && (ingested || sweep || this.dirty)) {
      this.dirty = false;
      await this.pipeline.settleReady();
      await this.draws.drawWaiting();
    }
  }
}

/**
 * The settler as the routes and the server see it. The instance holding the lease runs a term:
 * it reads bets from the chain by polling logs from a stored block cursor, fixes each outcome
 * with the engine and settles in nonce order, in batches. Every step is a guarded database
 * transition, and a settlement's hash is stored before it is broadcast, so a new term (after a
 * crash, or on another instance) resumes without settling twice (the contract refuses that too)
 * or missing a bet. An instance without the lease reads what the holder records.
 */
export class Settler {
  private term: Term | undefined;
  private wanted = false;
  /** Leadership changes run one after another: a new term starts once the last one has stopped. */
  private transition: Promise<void> = Promise.resolve();

  constructor(private readonly o: SettlerOptions) {}

  /** Runs the settling loop whenever this instance holds the lease. */
  start(): void {
    this.wanted = true;
    this.term?.startLoop();
  }

  async stop(): Promise<void> {
    this.wanted = false;
    await this.transition;
    await this.term?.stopLoop();
  }

  /** This instance took the lease (or lost it): a term starts (or ends). */
  setLeading(leading: boolean): Promise<void> {
    this.transition = this.transition.then(async () => {
      if (leading && !this.term) {
        this.term = new Term(this.o);
        if (this.wanted) this.term.startLoop();
      } else if (!leading && this.term) {
        const ending = this.term;
        this.term = undefined;
        await ending.end();
      }
    });
    return this.transition;
  }

  /** The last block whose logs are recorded. */
  async cursor(): Promise<number> {
    return this.term ? this.term.reader.cursor() : storedCursor(this.o.db, this.o.deploymentBlock);
  }

  /**
   * Routes call this when a player names a bet not seen yet. The lease holder reads the chain
   * now; another instance waits (a few seconds at most) until the holder has read up to the head.
   */
  async sync(): Promise<void> {
    if (this.term) return this.term.tick();
    const head = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    for (const deadline = Date.now() + FOLLOW_TIMEOUT_MS; Date.now() < deadline; await sleep(100)) {
      if ((await storedCursor(this.o.db, this.o.deploymentBlock)) >= head) return;
    }
  }

  async findBet(betId: string): Promise<BetRow | undefined> {
    const [row] = await this.o.db.select().from(bets).where(eq(bets.betId, betId));
    return row;
  }

  /** The bet as recorded; when not seen yet, the chain is read up to its head once more. */
  async waitForBet(betId: string): Promise<BetRow | undefined> {
    const row = await this.findBet(betId);
    if (row) return row;
    await this.sync();
    return this.findBet(betId);
  }

  /** Waits until the bet reaches one of the statuses (or the timeout), reading the chain meanwhile when this instance holds the lease. */
  async waitForStatus(betId: string, statuses: BetRow["status"][], timeoutMs = 15_000): Promise<BetRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await this.findBet(betId);
      if (!row || statuses.includes(row.status) || Date.now() > deadline) return row;
      await this.term?.tick();
      await sleep(50);
    }
  }

  markReady(db: Db, bet: BetRow, actions: RoundActions, signed: SignedActions | null = null): Promise<bigint> {
    return this.o.rounds.markReady(db, bet, actions, signed);
  }

  wordOf(bet: BetRow): string {
    return this.o.rounds.wordOf(bet);
  }

  ensureCommitment(player: string): Promise<CommitmentState> {
    return this.o.commitments.ensure(player);
  }

  readCommitment(player: string): Promise<CommitmentState> {
    return this.o.commitments.read(player);
  }
}
