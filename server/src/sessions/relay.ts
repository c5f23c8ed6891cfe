import { and, eq, inArray, sql } from "drizzle-orm";
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
import { holdingOpenBets, lastMinedSince, pruneRelayed, readyToSend, relayHashesSentBefore } from "./relay-queue";
import { planRound, placeRequest, playRequest, type RelayRequest, type RelaySeedOf } from "./relay-plan";
import { BlockSenders } from "./block-senders";
import { marksAt, type MarkReads } from "./chain-marks";
import type { SessionBetRow } from "./intake";
import { FUSE_MS, UnsimulatedBatches } from "./relay-trust";
import { relayMargins } from "./relay-margin";
import { blameRevert, chargeRevertGas, RelayIsolation, separateIsolated, type RevertPolicy } from "./relay-reverts";
import { RelayRefusals } from "./relay-refusals";
import { RelaySimulation, type Verdict } from "./relay-simulation";

const log = logger("relay");

/** Queued bets are read this often when no signal came. */
const POLL_MS = 250;
/** A bet left 'sent' this long by another term (or a broadcast that failed) is looked up on chain. */
const RECONCILE_AFTER_MS = 5_000;
/** A bet whose relay transactions reverted this many times, each time blamed on it, is refused: something the simulation cannot see is wrong. */
const MAX_ATTEMPTS = 3;
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
  reverted(): void;
  refused(reason: string): void;
  /** Gas burnt by a reverted relay transaction: charged to a player's revert budget, or to nobody. */
  revertGas(gas: number, blame: "player" | "unattributed"): void;
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
  /** The house's hash chains: a bet's relay seed is derived as its calldata is built. */
  seeds: SeedVault;
  /** Reads only: the house's terms, pause, risk and bankroll, before a batch goes unsimulated. */
  casino: Casino;
  /** What the players' marks are read with (sessions/chain-marks.ts). */
  marks: MarkReads;
  /** RELAY_BATCH_SIZE: bets per CasinoSessions.play. */
  batchSize: number;
  /** RELAY_BATCHES_PER_ROUND: CasinoSessions.play transactions sent together, for the bets of different players. */
  batchesPerRound: number;
  /**
   * The settler's confirmations: a player's next bet goes out once their last relayed bet is this
   * deep. Its relay seed hashes to the wallet seed of the bet before (docs/protocol.md §2): a
   * reorganisation that dropped that bet would free its nonce for a wallet bet the player could win.
   */
  confirmations: number;
  /** Isolation and gas budget after reverts (sessions/relay-reverts.ts). */
  reverts: RevertPolicy;
  counters: RelayCounters;
  /** The swap desk's rate, DEGEN per BNB: what a DEGEN bet's share of the gas is valued at (relay-margin.ts). */
  degenPerBnb(): Promise<bigint>;
  /** Records a mined relay transaction: its logs (the bets, settled at once, and its jackpot tickets), the draw, commitments to rotate. */
  afterMined(receipt: TransactionReceipt, bets: SessionBetRow[]): Promise<void>;
}

/**
 * The lease holder's relay of session bets (issue #20): "the server checks the signed bet and sends
 * it at once; whatever arrives while that transaction is pending goes into the next one, together."
 * Bets are queued in the database by any instance (sessions/intake.ts). A round sends up to
 * RELAY_BATCH_SIZE bets in one CasinoSessions.play and RELAY_BATCHES_PER_ROUND of those (each its
 * own players'), with each interactive bet in a CasinoSessions.place of its own right behind them.
 * A player has one bet in a round, and none while a bet of theirs is in flight: their next goes out
 * once the last is mined (and as deep as the settler's confirmations), as a relay seed shown early
 * tells the wallet seed of the nonce before it (issue #37, relay-plan.ts planRound). While a round
 * is pending, a second one may go out for other players (ROUNDS_IN_FLIGHT), when their queued bets
 * fill a batch. A reverted transaction is charged to the players whose bet fails when checked
 * alone (relay-reverts.ts): their bets go out alone for a while and the gas counts against their
 * revert budget; the others' bets go out again untouched.
 * A batch is simulated first unless nothing since the intake's checks can make the chain refuse it
 * (sessions/relay-trust.ts); a bet the chain would refuse is taken out and reported (its player's
 * later bets with it, as they can no longer land), never the others. The batches in flight share
 * no player but are simulated apart: should one's wins leave the bankroll too short for another's
 * stakes, that transaction reverts and its bets are simulated again (requeue).
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
  /** The senders of recent blocks, for the players' marks (block-senders.ts). */
  private readonly senders: BlockSenders;
  private readonly isolation: RelayIsolation;
  /** Players whose last relayed bet was mined at a block not yet `confirmations` deep: player → block. */
  private readonly unconfirmed = new Map<string, number>();
  private unsubscribe: (() => void) | undefined;
  private firstPass = true;
  private prunedAt = 0;
  private lastError = "";
  private readonly relaySeedOf: RelaySeedOf = (bet) => this.o.seeds.seed(bet.player, bet.chainFirstNonce, bet.nonce, true);
  private readonly simulation: RelaySimulation;
  private readonly refusals: RelayRefusals;

  constructor(private readonly o: RelayOptions) {
    this.isolation = new RelayIsolation(o.reverts.isolationMs);
    this.senders = new BlockSenders(o.provider);
    this.unsimulated = new UnsimulatedBatches({ ...o, senders: this.senders });
    this.simulation = new RelaySimulation({
      db: o.db,
      provider: o.provider,
      from: o.outbox.address,
      sessionsAddress: o.sessionsAddress,
      degenAddress: o.degenAddress,
      relaySeedOf: this.relaySeedOf,
      judge: (bet, verdict) => this.judge(bet, verdict),
    });
    this.refusals = new RelayRefusals({ db: o.db, signals: o.signals, reverts: o.reverts, counters: o.counters, wake: () => this.loop.wake() });
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

  /** A new term: the players whose bets an earlier holder saw mined in the last blocks wait for their confirmations too. */
  private async loadUnconfirmed(): Promise<void> {
    if (this.o.confirmations === 0) return;
    const since = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    for (const { player, block } of await lastMinedSince(this.o.db, since)) this.unconfirmed.set(player, block);
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    const deleted = await pruneRelayed(this.o.db, await this.o.clock.now());
    const buckets = await pruneSessionBetBuckets(this.o.db);
    if (deleted + buckets > 0) log.info(`Pruned ${deleted} relayed bets finished a day ago and ${buckets} budget buckets`);
  }

  /** Rounds sent and not yet all received: an earlier term's pending transaction counts as a round of its own. */
  private roundsInFlight(): number {
    return new Set(this.awaiting.values()).size;
  }

  /**
   * Sends the queued bets of the players with none in flight. `behindAnother`: a round is pending
   * already, and this one goes out only if it fills a batch: with fewer bets, they wait for its
   * receipt, as its players' bets do.
   */
  private async sendRound(behindAnother: boolean): Promise<void> {
    const now = await this.o.clock.now();
    const queued = await readyToSend(this.o.db, now, this.o.batchSize * (this.o.batchesPerRound + 1));
    if (queued.length === 0) return;
    // The chain is read for the unsimulated batches while the queue is judged and planned (relay-trust.ts).
    const chainNow = behindAnother && queued.length < this.o.batchSize ? undefined : this.unsimulated.read(queued);
    const [allowed, holding] = await Promise.all([this.refusals.withinRevertBudget(queued), holdingOpenBets(this.o.db, queued)]);
    if (allowed.length === 0) return;
    for (const player of await this.unconfirmedPlayers()) holding.add(player);
    const round = planRound(allowed, {
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
    // A player blamed for a revert lately goes alone: timing a transaction against the relay then
    // reverts a one-bet transaction, not the other players' batch.
    const plays = separateIsolated(round.plays, (player) => this.isolation.isolated(player));
    const trusted = await this.unsimulated.pick(plays, chainNow);
    const roundId = ++this.rounds;
    // The batches that need no simulation go out first: under load a simulation takes the node a
    // block or more (the relay bench, issue #40), and their players need not wait for it.
    const unsimulated = plays.filter((_, i) => trusted.has(i));
    // Should they not go (a bet changed, a broadcast failed), the round is planned again.
    if (unsimulated.length > 0 && !(await this.send(roundId, unsimulated, unsimulated.map(this.playRequestOf), unsimulated.flat().length))) return;
    // The batches share no player: each is simulated on its own, all at once.
    const simulated = (await Promise.all(plays.filter((_, i) => !trusted.has(i)).map((batch) => this.simulation.plays(batch)))).filter(
      (batch) => batch.length > 0,
    );
    const places = await this.simulation.places(round.places, new Set([...unsimulated, ...simulated].flat().map((bet) => bet.player)));
    const groups = [...simulated, ...places.map((bet) => [bet])];
    if (groups.length === 0) return;
    const requests: RelayRequest[] = [
      ...simulated.map(this.playRequestOf),
      ...places.map((bet) => placeRequest(this.o.sessionsAddress, this.o.degenAddress, bet)),
    ];
    await this.send(roundId, groups, requests, 0);
  }

  private readonly playRequestOf = (plays: SessionBetRow[]): RelayRequest => playRequest(this.o.sessionsAddress, this.o.degenAddress, this.relaySeedOf, plays);

  /** Players whose last relayed bet is not yet as deep as the settler's confirmations: their next bet waits. */
  private async unconfirmedPlayers(): Promise<string[]> {
    if (this.o.confirmations === 0 || this.unconfirmed.size === 0) return [];
    const deepEnough = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    for (const [player, block] of this.unconfirmed) if (block <= deepEnough) this.unconfirmed.delete(player);
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
    // The next round reads the players' marks through this block: its senders are fetched now.
    this.senders.through(receipt.blockNumber).catch(() => undefined);
    if (receipt.status === 1) {
      await this.refusals.skippedIn(receipt);
      const mined = await this.o.db
        .update(sessionBets)
        .set({ status: "mined", block: receipt.blockNumber, updatedAt: new Date() })
        .where(and(eq(sessionBets.txHash, receipt.hash), eq(sessionBets.status, "sent")))
        .returning();
      if (this.o.confirmations > 0) for (const bet of mined) this.unconfirmed.set(bet.player, receipt.blockNumber);
      await this.o.signals.notify(this.o.db, "relay_done");
      // The next round goes out now, while this one is recorded: waiting for the bets' logs, the
      // draw and the commitments to be recorded would cost it the next block. What the round
      // reads of them (a player's open bet) the simulation sees on chain all the same.
      this.awaiting.delete(receipt.hash);
      this.loop.wake();
      await this.o
        .afterMined(receipt, mined)
        .catch((error: Error) => log.error(`Recording relay ${receipt.hash} failed (the log scan records it): ${error.message}`));
      await this.countMargins(receipt, mined);
      return;
    }
    this.o.counters.reverted();
    const reverted = await this.o.db
      .select()
      .from(sessionBets)
      .where(and(eq(sessionBets.txHash, receipt.hash), eq(sessionBets.status, "sent")));
    // Judged while the bets are still 'sent': no round takes their players meanwhile.
    const blamed = await this.blame(reverted, receipt.blockNumber);
    const gas = Number(receipt.gasUsed);
    if (blamed.size > 0) {
      for (const player of blamed) await chargeRevertGas(this.o.db, player, Math.ceil(gas / blamed.size));
      this.o.counters.revertGas(gas, "player");
    } else this.o.counters.revertGas(gas, "unattributed");
    // Nobody to blame: every player of it goes alone, so that the next revert names its player.
    const isolated = blamed.size > 0 ? blamed : new Set(reverted.map((bet) => bet.player));
    this.isolation.isolate(isolated);
    log.error(
      `Relay ${receipt.hash} reverted (${gas} gas), blamed on ${blamed.size ? [...blamed].join(", ") : "nobody"}; its bets are simulated again, ` +
        `every batch for ${FUSE_MS / 60_000} minutes, and ${isolated.size} player(s) go alone for ${this.o.reverts.isolationMs / 60_000} minutes`,
    );
    const charged = new Set(reverted.filter((bet) => blamed.has(bet.player)).map((bet) => bet.betId));
    await this.requeue(receipt.hash, charged);
    this.unsimulated.trust.reverted(isolated);
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

  /** The players to blame for a reverted relay transaction (relay-reverts.ts blameRevert), read at the latest block and the revert's. */
  private async blame(reverted: SessionBetRow[], block: number): Promise<Set<string>> {
    return blameRevert(reverted, {
      failsAlone: (bet) => this.simulation.failsAlone(bet),
      actedInBlock: async (players) => {
        const [before, after] = await Promise.all([marksAt(this.o.marks, players, block - 1), marksAt(this.o.marks, players, block)]);
        return new Set(players.filter((player) => before.get(player) !== after.get(player)));
      },
    });
  }

  /**
   * The bets of a transaction that did not land go back to the queue, untouched but for those in
   * `charged` (blamed for a revert): after MAX_ATTEMPTS such charges a bet is refused.
   */
  private async requeue(hash: string, charged: ReadonlySet<string> = new Set()): Promise<SessionBetRow[]> {
    const back = await this.o.db
      .update(sessionBets)
      .set({
        status: "queued",
        txHash: null,
        ...(charged.size ? { attempts: sql`${sessionBets.attempts} + CASE WHEN ${inArray(sessionBets.betId, [...charged])} THEN 1 ELSE 0 END` } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(sessionBets.txHash, hash), eq(sessionBets.status, "sent")))
      .returning();
    for (const bet of back)
      if (charged.has(bet.betId) && bet.attempts >= MAX_ATTEMPTS)
        await this.refusals.refuse(bet, `The relay's transactions carrying this bet reverted ${bet.attempts} times`);
    this.loop.wake();
    return back;
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
