import { and, eq, inArray } from "drizzle-orm";
import { laneNonce, laneOfNonce } from "../engine";
import type { JsonRpcProvider, TransactionReceipt } from "ethers";
import type { Casino } from "../../../bindings/casino";
import type { ChainClock } from "../chain/clock";
import type { Outbox, RecordingLedger } from "../chain/outbox";
import { pruneSessionBetBuckets } from "../chain/budgets";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { sessionBets } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";
import type { SeedVault } from "../settler/seeds";
import type { TokenSymbol } from "../tokens";
import { holdingOpenBets, lastMinedSince, pruneRelayed, pruneSeenClientSeeds, readyToSend, relayHashesSentBefore } from "./relay-queue";
import { laneOf, planRound, placeRequest, playRequest, type RelayRequest, type RelaySeedOf } from "./relay-plan";
import type { SessionBetRow } from "./intake";
import { FUSE_MS, UnsimulatedBatches } from "./relay-trust";
import { relayMargins } from "./relay-margin";
import { RelayRefusals } from "./relay-refusals";
import { RelaySimulation, type Verdict } from "./relay-simulation";

const log = logger("relay");

/** Queued bets are read this often when no signal came. */
const POLL_MS = 250;
/** A bet left 'sent' this long by another term (or a broadcast that failed) is looked up on chain. */
const RECONCILE_AFTER_MS = 5_000;
/**
 * Relay rounds awaiting their receipts at once. A round's simulation, signing and broadcast take
 * longer than the block its transactions wait for, so under load a second round, of other
 * players, is prepared while the first is pending (bench/server.ts, "Session relay").
 */
export const ROUNDS_IN_FLIGHT = 2;
const PRUNE_EVERY_MS = 3_600_000;

/** What the relay reports to the metrics. */
export interface RelayCounters {
  sent(transactions: number, bets: number): void;
  /** Bets sent without a simulation first (sessions/relay-trust.ts). */
  unsimulated(bets: number): void;
  /** A relay transaction reverted, burning this much gas: only the house's doing (a pause) or a bug can. */
  reverted(gas: number): void;
  refused(reason: string): void;
  /** A mined bet's expected margin for the house after its share of the gas (relay-margin.ts), whole tokens. */
  margin(token: TokenSymbol, margin: number): void;
}

export interface RelayOptions {
  db: Db;
  provider: JsonRpcProvider;
  outbox: Outbox;
  signals: Signals;
  clock: ChainClock;
  sessionsAddress: string;
  degenAddress: string;
  /** The house's hash chains: a bet's seed is derived as its calldata is built. */
  seeds: SeedVault;
  /** Reads only: the house's terms, pause, risk and bankroll, before a batch goes unsimulated. */
  casino: Casino;
  /** RELAY_BATCH_SIZE: bets per CasinoSessions.play. */
  batchSize: number;
  /** RELAY_BATCHES_PER_ROUND: CasinoSessions.play transactions sent together, for the bets of different lanes. */
  batchesPerRound: number;
  /**
   * The settler's confirmations: a lane's next bet goes out once its last relayed bet is this deep.
   * A reorganisation that dropped that bet shows both seeds once the next is sent, as two bets of
   * a lane in one transaction would (relay-plan.ts planRound).
   */
  confirmations: number;
  counters: RelayCounters;
  /** The swap desk's rate, DEGEN per BNB: what a DEGEN bet's share of the gas is valued at (relay-margin.ts). */
  degenPerBnb(): Promise<bigint>;
  /** Records a mined relay transaction: its logs (the bets, settled at once, and its jackpot tickets) and the draw. */
  afterMined(receipt: TransactionReceipt): Promise<void>;
}

/**
 * The lease holder's relay of session bets (issue #20): "the server checks the signed bet and sends
 * it at once; whatever arrives while that transaction is pending goes into the next one, together."
 * Bets are queued in the database by any instance (sessions/intake.ts). A round sends up to
 * RELAY_BATCH_SIZE bets in one CasinoSessions.play and RELAY_BATCHES_PER_ROUND of those (each its
 * own lanes'), with each interactive bet in a CasinoSessions.place of its own right behind them.
 * A session is a lane of its own (docs/decisions.md §4, "lanes"): a lane has one bet in a round,
 * and none while a bet of it is in flight; its next goes out once the last is mined (and as deep
 * as the settler's confirmations: relay-plan.ts planRound). A player's lanes go side by side.
 * While a round is pending, a second one may go out for other lanes (ROUNDS_IN_FLIGHT), when their
 * queued bets fill a batch. Nothing a player does can make a bet the intake took fail or a play
 * revert: only the house's pause reverts one (or a bug), and its bets go back to the queue,
 * simulated from then on for a while (relay-trust.ts).
 * A batch is simulated first unless the house changed since (relay-trust.ts); a bet the chain
 * would skip is taken out and reported (its lane's later bets with it, as they can no longer
 * land), never the others. The batches in flight share no lane but are simulated apart: should
 * one's wins leave the bankroll too short for another's maximum payouts, that transaction skips
 * those bets, which are refused.
 *
 * docs/relay-lifecycle.md draws the states and names the file of each part (simulation and
 * verdicts: relay-simulation.ts; refusals and skipped bets: relay-refusals.ts).
 *
 * Failover: the transaction goes out through the outbox (chain/outbox.ts), its hash recorded with
 * its bets (status sent) before it is broadcast.
 * A new lease term looks every such hash up: mined → the bets are recorded as mined; pending → it is
 * awaited; reverted, dropped or never broadcast → the bets are queued again and sent anew. A bet
 * that did land in the end is refused by the contract the second time (WrongNonce): the simulation
 * finds it, and it is recorded with the transaction that placed it. Nothing is lost, nothing doubled.
 */
export class RelayBatcher implements RecordingLedger {
  readonly name = "relay";
  private readonly loop = new PassLoop(() => this.pass(), POLL_MS);
  /** Relay transactions of this term awaiting their receipt: hash → the round that sent it. */
  private readonly awaiting = new Map<string, number>();
  private rounds = 0;
  private readonly unsimulated: UnsimulatedBatches;
  /** Lanes (relay-plan.ts laneOf) whose last relayed bet was mined at a block not yet `confirmations` deep: lane → block. */
  private readonly unconfirmed = new Map<string, number>();
  private unsubscribe: (() => void) | undefined;
  private firstPass = true;
  private prunedAt = 0;
  private lastError = "";
  private readonly relaySeedOf: RelaySeedOf = (bet) =>
    this.o.seeds.seed({ player: bet.player, nonce: bet.nonce, chainFirstNonce: laneNonce(laneOfNonce(bet.nonce), 0), laneKey: bet.key });
  private readonly simulation: RelaySimulation;
  private readonly refusals: RelayRefusals;

  constructor(private readonly o: RelayOptions) {
    this.unsimulated = new UnsimulatedBatches(o);
    this.simulation = new RelaySimulation({
      db: o.db,
      provider: o.provider,
      from: o.outbox.address,
      sessionsAddress: o.sessionsAddress,
      degenAddress: o.degenAddress,
      relaySeedOf: this.relaySeedOf,
      judge: (bet, verdict) => this.judge(bet, verdict),
    });
    this.refusals = new RelayRefusals({ db: o.db, signals: o.signals, wake: () => this.loop.wake() });
  }

  start(): void {
    // A bet queued while a relay transaction is pending goes out with the round its receipt starts:
    // waking the loop for each would only read the queue again, hundreds of times a second.
    this.unsubscribe = this.o.signals.on("relay", () => {
      if (this.roundsInFlight() === 0) this.loop.wake();
    });
    this.loop.start();
  }

  /** Stops sending; receipts still awaited get 3 s, the rest is the next term's reconciliation. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
    await this.o.outbox.drain();
  }

  private async pass(): Promise<void> {
    try {
      if (this.firstPass) await this.loadUnconfirmed();
      await this.reconcile();
      this.firstPass = false;
      const inFlight = this.roundsInFlight();
      if (inFlight < ROUNDS_IN_FLIGHT && this.loop.active) await this.sendRound(inFlight > 0);
      await this.pruneNowAndThen();
      if (this.lastError) log.info("Relay recovered");
      this.lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastError) log.error(`Relay pass failed (will retry): ${message}`);
      this.lastError = message;
    }
  }

  /** A new term: the lanes whose bets an earlier holder saw mined in the last blocks wait for their confirmations too. */
  private async loadUnconfirmed(): Promise<void> {
    if (this.o.confirmations === 0) return;
    const since = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    for (const { lane, block } of await lastMinedSince(this.o.db, since)) this.unconfirmed.set(lane, block);
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    const deleted = await pruneRelayed(this.o.db, await this.o.clock.now());
    const buckets = await pruneSessionBetBuckets(this.o.db);
    const seeds = await pruneSeenClientSeeds(this.o.db);
    if (deleted + buckets + seeds > 0) {
      log.info(`Pruned ${deleted} relayed bets finished a day ago, ${buckets} budget buckets and ${seeds} client seed hashes no session can sign again`);
    }
  }

  /** Rounds sent and not yet all received: an earlier term's pending transaction counts as a round of its own. */
  private roundsInFlight(): number {
    return new Set(this.awaiting.values()).size;
  }

  /**
   * Sends the queued bets of the lanes with none in flight. `behindAnother`: a round is pending
   * already, and this one goes out only if it fills a batch: with fewer bets, they wait for its
   * receipt, as its lanes' bets do.
   */
  private async sendRound(behindAnother: boolean): Promise<void> {
    const now = await this.o.clock.now();
    const queued = await readyToSend(this.o.db, now, this.o.batchSize * (this.o.batchesPerRound + 1));
    if (queued.length === 0) return;
    // The house is read for the unsimulated batches while the queue is judged and planned (relay-trust.ts).
    const chainNow = behindAnother && queued.length < this.o.batchSize ? undefined : this.unsimulated.read(queued);
    const holding = await holdingOpenBets(this.o.db, queued);
    for (const lane of await this.unconfirmedLanes()) holding.add(lane);
    const round = planRound(queued, {
      batchSize: this.o.batchSize,
      batches: this.o.batchesPerRound,
      holding,
      now,
    });
    for (const bet of round.expired) {
      this.o.counters.refused("deadline");
      await this.refusals.refuse(bet, "The bet's deadline passed before it could be sent: sign it again");
    }
    if (behindAnother && round.plays.flat().length < this.o.batchSize) return;
    // The owner's pause reverts every play and place: the bets wait for its end, or their deadline.
    if (await this.o.casino.paused()) return;
    const { plays } = round;
    const trusted = await this.unsimulated.pick(plays, chainNow);
    const roundId = ++this.rounds;
    // The batches that need no simulation go out first: under load a simulation takes the node a
    // block or more (the relay bench, issue #40), and their lanes need not wait for it.
    const unsimulated = plays.filter((_, i) => trusted.has(i));
    // Should they not go (a bet changed, a broadcast failed), the round is planned again.
    if (unsimulated.length > 0 && !(await this.send(roundId, unsimulated, unsimulated.map(this.playRequestOf), unsimulated.flat().length))) return;
    // The batches share no lane: each is simulated on its own, all at once.
    const simulated = (await Promise.all(plays.filter((_, i) => !trusted.has(i)).map((batch) => this.simulation.plays(batch)))).filter(
      (batch) => batch.length > 0,
    );
    const places = await this.simulation.places(round.places);
    const groups = [...simulated, ...places.map((bet) => [bet])];
    if (groups.length === 0) return;
    const requests: RelayRequest[] = [
      ...simulated.map(this.playRequestOf),
      ...places.map((bet) => placeRequest(this.o.sessionsAddress, this.o.degenAddress, bet)),
    ];
    await this.send(roundId, groups, requests, 0);
  }

  private readonly playRequestOf = (plays: SessionBetRow[]): RelayRequest => playRequest(this.o.sessionsAddress, this.o.degenAddress, this.relaySeedOf, plays);

  /** Lanes whose last relayed bet is not yet as deep as the settler's confirmations: their next bet waits. */
  private async unconfirmedLanes(): Promise<string[]> {
    if (this.o.confirmations === 0 || this.unconfirmed.size === 0) return [];
    const deepEnough = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    for (const [lane, block] of this.unconfirmed) if (block <= deepEnough) this.unconfirmed.delete(lane);
    return [...this.unconfirmed.keys()];
  }

  /** Acts on the simulation's verdict on a bet the chain refused: refuse it, let it wait, or record it as placed already. */
  private async judge(bet: SessionBetRow, verdict: Verdict): Promise<void> {
    if (verdict.kind === "refuse") {
      this.o.counters.refused(verdict.name ?? "unknown");
      await this.refusals.refuse(bet, verdict.reason);
    } else if (verdict.kind === "found") {
      await this.o.db
        .update(sessionBets)
        .set({ status: "mined", txHash: verdict.txHash, block: verdict.block, updatedAt: new Date() })
        .where(and(eq(sessionBets.betId, bet.betId), eq(sessionBets.status, "queued")));
      await this.o.signals.notify(this.o.db, "relay_done");
    }
  }

  /**
   * Signs transactions of round `roundId`, records their hashes with their bets, broadcasts; the
   * receipts come back to `landed`. Whether they went out.
   */
  private async send(roundId: number, groups: SessionBetRow[][], requests: RelayRequest[], unsimulated: number): Promise<boolean> {
    const ids = groups.map((group) => group.map((bet) => bet.betId));
    const sent = await this.o.outbox.write(this, requests, async (tx, hashes) => {
      for (const [i, txHash] of hashes.entries()) {
        const taken = await tx
          .update(sessionBets)
          .set({ status: "sent", txHash, exposed: true, updatedAt: new Date() })
          .where(and(inArray(sessionBets.betId, ids[i]!), eq(sessionBets.status, "queued")))
          .returning({ betId: sessionBets.betId });
        // A bet changed (the app revoked its session) between planning and signing: the round is planned again.
        if (taken.length !== ids[i]!.length) return false;
      }
      return true;
    });
    if (sent.status === "withdrawn") return false;
    if (sent.status === "unsent") {
      // Recorded, then the broadcast failed (or its answer was lost): reconciliation looks the hashes up.
      log.error(`Relay of ${ids.flat().length} bet(s) not sent${sent.recorded ? " (looked up later)" : ""}: ${(sent.error as Error).message}`);
      return false;
    }
    this.o.counters.sent(sent.hashes.length, ids.flat().length);
    this.o.counters.unsimulated(unsimulated);
    for (const hash of sent.hashes) this.awaiting.set(hash, roundId);
    return true;
  }

  /** An earlier term's relay transaction, found pending, counts as a round of its own. */
  resumed(hash: string): void {
    this.awaiting.set(hash, ++this.rounds);
  }

  released(hash: string): void {
    this.awaiting.delete(hash);
    this.loop.wake();
  }

  /** A relay transaction's receipt: its bets are mined, or (reverted) queued again for a new simulation. */
  async landed(receipt: TransactionReceipt): Promise<void> {
    if (receipt.status === 1) {
      await this.refusals.skippedIn(receipt);
      const mined = await this.o.db
        .update(sessionBets)
        .set({ status: "mined", block: receipt.blockNumber, updatedAt: new Date() })
        .where(and(eq(sessionBets.txHash, receipt.hash), eq(sessionBets.status, "sent")))
        .returning();
      if (this.o.confirmations > 0) for (const bet of mined) this.unconfirmed.set(laneOf(bet), receipt.blockNumber);
      await this.o.signals.notify(this.o.db, "relay_done");
      // The next round goes out now, while this one is recorded: waiting for the bets' logs and
      // the draw to be recorded would cost it the next block. What the round reads of them (a
      // lane's open bet) the simulation sees on chain all the same.
      this.awaiting.delete(receipt.hash);
      this.loop.wake();
      await this.o.afterMined(receipt).catch((error: Error) => log.error(`Recording relay ${receipt.hash} failed (the log scan records it): ${error.message}`));
      await this.countMargins(receipt, mined);
      return;
    }
    const gas = Number(receipt.gasUsed);
    this.o.counters.reverted(gas);
    log.error(
      `Relay ${receipt.hash} reverted (${gas} gas): only the house's pause or a bug can revert a play; its bets are queued again, and every batch is simulated for ${FUSE_MS / 60_000} minutes`,
    );
    await this.requeue(receipt.hash);
    this.unsimulated.trust.reverted();
  }

  /** Each bet's margin after its share of the fee, counted once: by the term that recorded the bets mined. */
  private async countMargins(receipt: TransactionReceipt, mined: SessionBetRow[]): Promise<void> {
    try {
      const degenPerBnb = mined.some((bet) => bet.token === "DEGEN") ? await this.o.degenPerBnb() : 0n;
      for (const { token, margin } of relayMargins(mined, receipt.fee, degenPerBnb)) this.o.counters.margin(token, margin);
    } catch (error) {
      log.warn(`The margins of relay ${receipt.hash} were not counted: ${(error as Error).message}`);
    }
  }

  /** The bets of a transaction that did not land go back to the queue, untouched (and `exposed`: simulated before they go again). */
  private async requeue(hash: string): Promise<void> {
    await this.o.db
      .update(sessionBets)
      .set({ status: "queued", txHash: null, updatedAt: new Date() })
      .where(and(eq(sessionBets.txHash, hash), eq(sessionBets.status, "sent")));
    this.loop.wake();
  }

  /**
   * Looks up the relay transactions left 'sent' that this process does not await: on a term's
   * first pass all of them (an earlier holder's), later those older than RECONCILE_AFTER_MS (a
   * broadcast that failed after its hash was recorded).
   */
  private reconcile(): Promise<void> {
    return this.o.outbox.reconcile(this, new Date(this.firstPass ? Date.now() : Date.now() - RECONCILE_AFTER_MS));
  }

  sentBefore(before: Date): Promise<string[]> {
    return relayHashesSentBefore(this.o.db, before);
  }

  /** Never broadcast, or dropped: its bets go out anew. */
  async dropped(hash: string): Promise<void> {
    await this.requeue(hash);
  }
}
