import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { toQuantity, ZeroHash, type JsonRpcProvider, type TransactionReceipt } from "ethers";
import {
  applyBlackjackAction,
  canSplit,
  crashRound,
  GameType,
  isFinalStatus,
  resumeBlackjack,
  standRemaining,
  type BlackjackAction,
  type Token,
} from "../engine";
import { casinoInterface, casinoRevertReason, watchedTopics, type Casino, type CasinoLog } from "../chain/casino";
import type { TxSender } from "../chain/sender";
import type { Db } from "../db/index";
import { getValue, setValue } from "../db/kv";
import { bets, blackjackHands, commitments, crashRounds } from "../db/schema";
import { fixedOutcome, ingestLogs } from "./ingest";
import { isInteractive, outcomeOf, type RoundActions } from "./outcome";
import type { SeedVault } from "./seeds";

type BetRow = typeof bets.$inferSelect;
type RawLog = Omit<CasinoLog, "blockNumber"> & { blockNumber: string };

const CURSOR_KEY = "settler.cursor";
const LOG_CHUNK = 1000;
/** A new chain is posted once fewer links remain than this (and the player has no open bet). */
export const ROTATE_BELOW = 16;
const RETRY_AFTER_FAILURE_MS = 15_000;
/** A 'sent' settlement not confirmed after this long is looked up on chain. */
const RECONCILE_AFTER_MS = 5_000;
/** Settlement transactions awaiting their receipt at once (each settles up to batchSize bets). */
const MAX_IN_FLIGHT = 16;
/**
 * A bet placed more than this many blocks before the last one read is simulated before it is
 * settled: the shortest settle window (10 minutes) is 50 blocks at 12 s, so its player could be
 * claiming it back by then.
 */
const FRESH_BLOCKS = 50;
/**
 * An open DEGEN bet this many blocks old has its jackpot entropy locked on chain: the draw reads
 * the hash of the bet's block, which the EVM shows for 256 blocks only (8191 with EIP-2935). Only
 * interactive rounds (a slow blackjack hand, a long crash flight) live this long.
 */
const LOCK_AFTER_BLOCKS = 128;
/** Bets locked per transaction: about 25k gas each. */
const LOCK_BATCH = 100;
/** The timed work (expired rounds, reconciliation) runs on every this-many polls of the chain head. */
const POLLS_PER_SWEEP = 4;
/**
 * The gas limit of a settlement, fixed instead of estimated: a batch sent while an earlier one is
 * still pending cannot be estimated against the chain's state. bench:gas measures 50–57k for a
 * lone settle and 18–29k per bet in a batch, and a jackpot win adds one more credit; only the gas
 * used is paid.
 */
export function settlementGasLimit(bets: number): bigint {
  return 60_000n + 60_000n * BigInt(bets);
}

interface SettlementRequest {
  to: string;
  data: string;
  gasLimit: bigint;
}

/** settle for one bet, settleBatch for several; encoded once, simulated and sent as is. */
function settlementRequest(casino: string, batch: BetRow[]): SettlementRequest {
  const ids = batch.map((b) => b.betId);
  const data =
    batch.length === 1
      ? casinoInterface.encodeFunctionData("settle", [ids[0], batch[0]!.seed, batch[0]!.payout])
      : casinoInterface.encodeFunctionData("settleBatch", [ids, batch.map((b) => b.seed), batch.map((b) => b.payout)]);
  return { to: casino, data, gasLimit: settlementGasLimit(batch.length) };
}

export interface SettlerOptions {
  db: Db;
  provider: JsonRpcProvider;
  /** The Casino connected to the provider (reads only; writes go through the sender). */
  casino: Casino;
  casinoAddress: string;
  degenAddress: string;
  sender: TxSender;
  seeds: SeedVault;
  deploymentBlock: number;
  pollIntervalMs: number;
  blackjackIdleMs: number;
  /** Blocks to wait before reading a block's logs (0 on the local chain). */
  confirmations: number;
  batchSize: number;
}

export interface CommitmentState {
  player: string;
  /** What to pass as playGame's expectedCommit: the chain's root stays valid while earlier bets settle. */
  expectedCommit: string;
  /** The current commitment: the last revealed seed, or the root. */
  commitment: string;
  root: string;
  nextNonce: string;
  remaining: number;
  chainLength: number;
  /** What to pass as playGame's expectedTerms (the Casino's terms() now). */
  terms: string;
}

/**
 * Reads bets from the chain by polling logs from a stored block cursor, fixes each outcome with
 * the engine and settles in nonce order, in batches. Every step is a guarded database
 * transition, and a settlement's transaction hash is stored before it is broadcast, so a restart
 * at any point resumes without settling twice (the contract refuses that too) or missing a bet.
 */
export class Settler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Settlement transactions broadcast by this process and not yet mined: hash → bet ids. */
  private readonly inFlight = new Map<string, string[]>();
  /** Bets settled by a mined transaction whose logs are not recorded yet: bet id → block. */
  private readonly mined = new Map<string, number>();
  private readonly confirming = new Set<Promise<void>>();
  /** Bets whose settlement reverted: sent again only alone in the pipeline, after a simulation. */
  private readonly isolate = new Set<string>();
  /** Settlements recorded from their receipt, ahead of the log scan: hash → block. */
  private readonly appliedReceipts = new Map<string, number>();
  private readonly backoff = new Map<string, number>();
  private knownCursor: number | undefined;
  private pollsUntilSweep = 0;
  private outcomesFixed = false;
  private dirty = true;
  private readonly committing = new Map<string, Promise<CommitmentState>>();
  /** Bets whose lockJackpotEntropy was sent and not yet seen on chain. */
  private lockSent = new Set<string>();
  private lastError = "";

  constructor(private readonly o: SettlerOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    // Receipts still awaited are picked up again by the next run's reconciliation.
    await Promise.race([Promise.allSettled(this.confirming), new Promise((r) => setTimeout(r, 3_000))]);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick().finally(() => this.schedule(this.o.pollIntervalMs)), delay);
  }

  /** One pass; concurrent callers share the running pass and one more after it. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
          if (this.lastError) console.log("Settler recovered");
          this.lastError = "";
        } catch (error) {
          const message = (error as Error).message;
          if (message !== this.lastError) console.error(`Settler pass failed (will retry): ${message}`);
          this.lastError = message;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Every poll reads the chain head (one RPC, no database work unless a block arrived); the
   * timed work runs on every POLLS_PER_SWEEP-th poll, and settling whenever anything changed.
   */
  private async pass(): Promise<void> {
    // Slots freed by mined settlements are refilled with bets already known before the chain is read.
    if (this.dirty && this.inFlight.size < MAX_IN_FLIGHT) {
      this.dirty = false;
      await this.settleReady();
    }
    const ingested = await this.scanLogs();
    const sweep = --this.pollsUntilSweep <= 0;
    if (sweep) {
      this.pollsUntilSweep = POLLS_PER_SWEEP;
      await this.reconcileSent();
      await this.finishExpiredRounds();
      await this.lockJackpotDraws();
      if (!this.outcomesFixed) await this.fixOutcomes();
    }
    if (ingested || sweep || this.dirty) {
      this.dirty = false;
      await this.settleReady();
    }
  }

  // ───────────────────────────── reading the chain ─────────────────────────────

  /** The last block whose logs are recorded (read once; this process is its only writer). */
  async cursor(): Promise<number> {
    if (this.knownCursor === undefined) {
      const stored = await getValue(this.o.db, CURSOR_KEY);
      this.knownCursor = stored === undefined ? this.o.deploymentBlock - 1 : Number(stored);
    }
    return this.knownCursor;
  }

  /** Logs from the cursor to the head, each chunk recorded with the cursor in one transaction; true when any was read. */
  async scanLogs(): Promise<boolean> {
    const head = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    let ingested = false;
    for (let from = (await this.cursor()) + 1; from <= head; ) {
      const to = Math.min(from + LOG_CHUNK - 1, head);
      const logs = (await this.readLogs(from, to)).filter((log) => !this.appliedReceipts.has(log.transactionHash));
      await this.o.db.transaction(async (tx) => {
        await ingestLogs(tx as unknown as Db, logs, this.o);
        await setValue(tx as unknown as Db, CURSOR_KEY, String(to));
      });
      this.knownCursor = to;
      for (const [hash, block] of this.appliedReceipts) if (block <= to) this.appliedReceipts.delete(hash);
      // Recorded now, or orphaned: either way the database tells from here on.
      for (const [betId, block] of this.mined) if (block <= to) this.mined.delete(betId);
      ingested ||= logs.length > 0;
      from = to + 1;
    }
    return ingested;
  }

  /** The Casino's watched logs of a block range, as the node sends them (ethers' formatting checksums every address). */
  private async readLogs(from: number, to: number): Promise<CasinoLog[]> {
    const filter = { address: this.o.casinoAddress, fromBlock: toQuantity(from), toBlock: toQuantity(to), topics: [watchedTopics] };
    const raw = (await this.o.provider.send("eth_getLogs", [filter])) as RawLog[];
    return raw.map((log) => ({ ...log, blockNumber: Number(log.blockNumber) }));
  }

  /** Re-reads the chain now (routes call this when a player names a bet not seen yet). */
  async sync(): Promise<void> {
    await this.tick();
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

  /** Waits until the bet's outcome is fixed and, optionally, settled on chain. */
  async waitForStatus(betId: string, statuses: BetRow["status"][], timeoutMs = 15_000): Promise<BetRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await this.findBet(betId);
      if (!row || statuses.includes(row.status) || Date.now() > deadline) return row;
      await this.sync();
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  // ───────────────────────────── outcomes ─────────────────────────────

  /**
   * Once per run, fixes the payout of any open bet that needs no player action. The ingest records
   * such bets ready, so only rows left open by an older version qualify, plus bets the engine
   * refused, which it refuses again: repeating this every sweep only re-read and re-logged them.
   */
  private async fixOutcomes(): Promise<void> {
    const open = await this.o.db.select().from(bets).where(eq(bets.status, "open"));
    const automatic = open.filter((bet) => bet.chainFirstNonce >= 0n && !isInteractive(bet.gameType, bet.params));
    if (automatic.length > 0) {
      await this.o.db.transaction(async (tx) => {
        for (const bet of automatic) {
          const fixed = fixedOutcome(bet, this.o.seeds);
          if (!fixed) continue;
          await tx
            .update(bets)
            .set({ status: "ready", ...fixed, updatedAt: new Date() })
            .where(and(eq(bets.betId, bet.betId), eq(bets.status, "open")));
        }
      });
      this.wake();
    }
    this.outcomesFixed = true;
  }

  /** open → ready with the engine's payout; the seed is stored now and published at settlement. */
  async markReady(db: Db, bet: BetRow, actions: RoundActions): Promise<bigint> {
    const { seed, word } = this.o.seeds.word(bet);
    const { payout } = outcomeOf(bet, word, actions);
    await db
      .update(bets)
      .set({ status: "ready", payout: payout.toString(), seed, random: word, actions: actions === null ? null : Array.isArray(actions) ? actions : [actions], updatedAt: new Date() })
      .where(and(eq(bets.betId, bet.betId), eq(bets.status, "open")));
    this.wake();
    return payout;
  }

  /** The word of a recorded bet (secret until settlement: never sent to a player before then). */
  wordOf(bet: BetRow): string {
    return this.o.seeds.word(bet).word;
  }

  private wake(): void {
    this.dirty = true;
    if (!this.stopped) this.schedule(0);
  }

  /** Crash rounds past their crash point end lost; blackjack hands idle too long are stood. */
  private async finishExpiredRounds(): Promise<void> {
    const now = Date.now();
    const rounds = await this.o.db.select().from(crashRounds).where(eq(crashRounds.finished, false));
    for (const round of rounds) {
      const bet = await this.findBet(round.betId);
      if (!bet || bet.status !== "open") continue;
      const { crashTimeSec } = crashRound(this.wordOf(bet), bet.token as Token);
      if (now - round.startedAt.getTime() < crashTimeSec * 1000) continue;
      await this.o.db.transaction(async (tx) => {
        const updated = await tx.update(crashRounds).set({ finished: true }).where(and(eq(crashRounds.betId, round.betId), eq(crashRounds.finished, false))).returning();
        if (updated.length) await this.markReady(tx as unknown as Db, bet, { cashOut: null });
      });
    }

    const idleBefore = new Date(now - this.o.blackjackIdleMs);
    const openBlackjack = await this.o.db
      .select()
      .from(bets)
      .where(and(eq(bets.status, "open"), eq(bets.gameType, GameType.BLACKJACK)));
    for (const bet of openBlackjack) {
      const [hand] = await this.o.db.select().from(blackjackHands).where(eq(blackjackHands.betId, bet.betId));
      const lastActivity = hand ? hand.lastActionAt : bet.createdAt;
      if (lastActivity > idleBefore) continue;
      await this.autoStand(bet);
    }
  }

  /**
   * Locks the jackpot entropy of open DEGEN bets before their block's hash leaves the EVM's
   * reach. The contract would draw a void jackpot for them otherwise: the house loses nothing by
   * that, which is why it is the honest operator's duty (and anyone's right, the player's app too).
   */
  private async lockJackpotDraws(): Promise<void> {
    if (this.knownCursor === undefined) return;
    const old = await this.o.db
      .select({ betId: bets.betId })
      .from(bets)
      .where(
        and(
          inArray(bets.status, ["open", "ready", "sent"]),
          eq(bets.token, "DEGEN"),
          eq(bets.jackpotLocked, false),
          lt(bets.placedBlock, this.knownCursor - LOCK_AFTER_BLOCKS),
        ),
      )
      .limit(LOCK_BATCH);
    const waiting = new Set(old.map((row) => row.betId));
    this.lockSent = new Set([...this.lockSent].filter((id) => waiting.has(id)));
    const ids = [...waiting].filter((id) => !this.lockSent.has(id));
    if (ids.length === 0) return;
    for (const id of ids) this.lockSent.add(id);
    try {
      await this.o.sender.send({ to: this.o.casinoAddress, data: casinoInterface.encodeFunctionData("lockJackpotEntropy", [ids]) });
    } catch (error) {
      for (const id of ids) this.lockSent.delete(id);
      console.error(`Locking the jackpot draw of ${ids.length} bet(s) failed (will retry): ${shortReason(error)}`);
    }
  }

  /** Ends an idle hand: a split already paid on chain is played, then every hand stands. */
  async autoStand(bet: BetRow): Promise<void> {
    await this.o.db.transaction(async (tx) => {
      const [hand] = await tx.select().from(blackjackHands).where(eq(blackjackHands.betId, bet.betId)).for("update");
      if (hand?.finished) return;
      const actions = [...((hand?.state as { actions?: BlackjackAction[] } | undefined)?.actions ?? [])];
      let state = resumeBlackjack(this.wordOf(bet), BigInt(bet.amount), actions);
      if (bet.split && canSplit(state)) {
        state = applyBlackjackAction(state, "SPLIT");
      }
      state = standRemaining(state);
      if (!isFinalStatus(state.status)) return;
      const finalActions = [...state.actions];
      if (hand) {
        await tx.update(blackjackHands).set({ state: { actions: finalActions }, finished: true, lastActionAt: new Date() }).where(eq(blackjackHands.id, hand.id));
      }
      await this.markReady(tx as unknown as Db, bet, finalActions);
    });
  }

  // ───────────────────────────── settling ─────────────────────────────

  /**
   * Ready bets in each player's nonce order, up to the first bet still open, in batches; several
   * batches may be pending at once. A batch that follows a pending one of the same player is
   * mined after it (the settler's nonces order them) and cannot be simulated first.
   */
  private async settleReady(): Promise<void> {
    while (this.inFlight.size < MAX_IN_FLIGHT && !this.stopped) {
      const unresolved = await this.o.db
        .select()
        .from(bets)
        .where(inArray(bets.status, ["open", "ready", "sent"]))
        .orderBy(asc(bets.player), asc(bets.nonce));
      const plan = this.planBatches(unresolved, MAX_IN_FLIGHT - this.inFlight.size);
      if (plan.length === 0) return;
      // The batches that need it are simulated side by side; then all up to a refused one are sent at once.
      const requests = plan.map((batch) => settlementRequest(this.o.casinoAddress, batch.bets));
      const refusals = await Promise.all(plan.map((batch, i) => (this.needsSimulation(batch) ? this.simulate(batch.bets, requests[i]!) : undefined)));
      const refused = refusals.findIndex((refusal) => refusal !== undefined);
      const sendable = refused === -1 ? plan.length : refused;
      if (sendable > 0 && !(await this.send(plan.slice(0, sendable).map((batch) => batch.bets), requests.slice(0, sendable)))) return;
      if (refused !== -1) {
        await this.afterRefusal(plan[refused]!.bets, refusals[refused]!.error);
        return;
      }
      if (plan[plan.length - 1]!.bets.length < this.o.batchSize) return;
    }
  }

  /**
   * Up to `slots` batches of ready bets, each player's in nonce order up to its first bet that is
   * not ready. A batch is dependent when a bet in it follows a pending or earlier-planned bet of
   * its player: it is mined after that one and cannot be simulated against the chain's state.
   */
  private planBatches(unresolved: BetRow[], slots: number): { bets: BetRow[]; dependent: boolean }[] {
    const flying = new Set([...this.inFlight.values()].flat());
    const plan: { bets: BetRow[]; dependent: boolean }[] = [];
    let current = { bets: [] as BetRow[], dependent: false, players: new Set<string>() };
    const planned = new Set<string>();
    const now = Date.now();
    let previousPlayer = "";
    let blocked = false;
    let behindPending = false;
    for (const bet of unresolved) {
      if (bet.player !== previousPlayer) {
        previousPlayer = bet.player;
        blocked = false;
        behindPending = false;
      }
      if (blocked || this.mined.has(bet.betId)) continue;
      if (bet.status === "sent" && flying.has(bet.betId)) {
        behindPending = true;
        continue;
      }
      if (bet.status !== "ready" || (this.backoff.get(bet.betId) ?? 0) > now) {
        blocked = true;
        continue;
      }
      if (current.bets.length === this.o.batchSize) {
        plan.push(current);
        if (plan.length === slots) return plan;
        current = { bets: [], dependent: false, players: new Set() };
      }
      const follows = behindPending || (planned.has(bet.player) && !current.players.has(bet.player));
      if (follows && this.isolate.has(bet.betId)) {
        blocked = true;
        continue;
      }
      current.bets.push(bet);
      current.dependent ||= follows;
      current.players.add(bet.player);
      planned.add(bet.player);
    }
    if (current.bets.length) plan.push(current);
    return plan;
  }

  /** Runs the settlement as a call: a bet the contract would refuse is found before any gas is spent. */
  private async simulate(batch: BetRow[], request: SettlementRequest): Promise<{ error: unknown } | undefined> {
    try {
      await this.o.provider.call({ ...request, from: this.o.sender.address });
    } catch (error) {
      return { error };
    }
    for (const bet of batch) this.isolate.delete(bet.betId);
    return undefined;
  }

  /**
   * Whether to run a batch as a call before sending it. A batch behind a pending one cannot be
   * simulated. A fresh bet that has never failed can only be refused through a bug, so it goes
   * unsimulated (a round trip less before the next block); a bet whose settlement reverted, or old
   * enough that its player may be claiming it back, is simulated first.
   */
  private needsSimulation(batch: { bets: BetRow[]; dependent: boolean }): boolean {
    if (batch.dependent) return false;
    const staleBefore = (this.knownCursor ?? 0) - FRESH_BLOCKS;
    return batch.bets.some((bet) => this.isolate.has(bet.betId) || bet.placedBlock < staleBefore);
  }

  /** Simulates (unless the batch follows a pending one) and sends; false when nothing was sent. */
  private async dispatch(batch: BetRow[], dependent: boolean): Promise<boolean> {
    const request = settlementRequest(this.o.casinoAddress, batch);
    const refusal = dependent ? undefined : await this.simulate(batch, request);
    if (refusal) {
      await this.afterRefusal(batch, refusal.error);
      return false;
    }
    return this.send([batch], [request]);
  }

  /**
   * Broadcasts settlements in one go, their hashes recorded first in one database transaction,
   * and leaves each receipt to a background wait; false when nothing (or not all) was sent.
   */
  private async send(batches: BetRow[][], requests: SettlementRequest[]): Promise<boolean> {
    const ids = batches.map((batch) => batch.map((b) => b.betId));
    let recorded: string[] = [];
    let hashes: string[];
    try {
      hashes = await this.o.sender.sendAll(requests, async (txHashes) => {
        await this.o.db.transaction(async (tx) => {
          for (const [i, txHash] of txHashes.entries()) {
            await tx
              .update(bets)
              .set({ status: "sent", settleTxHash: txHash, updatedAt: new Date() })
              .where(and(inArray(bets.betId, ids[i]!), eq(bets.status, "ready")));
          }
        });
        recorded = txHashes;
        for (const [i, txHash] of txHashes.entries()) this.inFlight.set(txHash, ids[i]!);
      });
    } catch (error) {
      // Not broadcast (or not known to be): reconciliation returns the bets once a hash is unknown on chain.
      for (const hash of recorded) this.inFlight.delete(hash);
      console.error(`Settlement of ${ids.flat().length} bet(s) in ${ids.length} transaction(s) not sent: ${shortReason(error)}`);
      return false;
    }
    for (const [i, hash] of hashes.entries()) {
      const confirmation = this.awaitSettlement(hash, batches[i]!).finally(() => this.confirming.delete(confirmation));
      this.confirming.add(confirmation);
    }
    return true;
  }

  private async awaitSettlement(hash: string, batch: BetRow[]): Promise<void> {
    const ids = batch.map((b) => b.betId);
    let receipt: TransactionReceipt;
    try {
      receipt = await this.o.sender.confirm(hash);
    } catch (error) {
      this.inFlight.delete(hash);
      if (this.stopped) return;
      console.error(`Settlement ${hash} failed: ${(error as Error).message}`);
      for (const id of ids) this.isolate.add(id);
      await this.returnToReady(ids, hash).catch((e: Error) => console.error(`Settlement ${hash} left for reconciliation: ${e.message}`));
      this.wake();
      return;
    }
    // The slot is free as soon as the transaction is mined: the next batches need not wait for the bookkeeping.
    for (const id of ids) this.mined.set(id, receipt.blockNumber);
    this.inFlight.delete(hash);
    this.wake();
    try {
      await this.applyReceipt(receipt);
      await this.rotateAfterSettlement(batch);
    } catch (error) {
      // The log scan records the settlement all the same.
      console.error(`Recording settlement ${hash} failed: ${(error as Error).message}`);
    }
  }

  /** The simulation refused the settlement: find out which bet is the cause. */
  private async afterRefusal(batch: BetRow[], error: unknown): Promise<void> {
    const reason = shortReason(error);
    if (batch.length > 1) {
      // Settle one at a time so one bad bet cannot hold back everyone else's.
      console.error(`Batch settlement of ${batch.length} bets refused (${reason}); retrying one by one`);
      const sentFor = new Set<string>();
      const refusedFor = new Set<string>();
      for (const bet of batch) {
        // A player's later bets wait for an earlier one that is refused, and follow one just sent unsimulated.
        if (refusedFor.has(bet.player)) continue;
        if (await this.dispatch([bet], sentFor.has(bet.player))) sentFor.add(bet.player);
        else refusedFor.add(bet.player);
      }
      return;
    }
    const [bet] = batch;
    const view = await this.o.casino.getBet(bet!.betId);
    if (!view.open) {
      // Resolved on chain already (a settlement sent before a restart): the log scan records it.
      await this.o.db.update(bets).set({ status: "sent", updatedAt: new Date() }).where(and(eq(bets.betId, bet!.betId), eq(bets.status, "ready")));
      return;
    }
    console.error(`Settlement of bet ${bet!.betId} refused (${reason}); retrying in ${RETRY_AFTER_FAILURE_MS / 1000} s`);
    this.backoff.set(bet!.betId, Date.now() + RETRY_AFTER_FAILURE_MS);
  }

  /**
   * Records a settlement's logs now, unless the log scan has passed its block already. On a chain
   * read with confirmations the scan alone records them: a receipt one block deep can still be
   * orphaned, and a settlement recorded from it would never be sent again.
   */
  private async applyReceipt(receipt: TransactionReceipt): Promise<void> {
    if (this.o.confirmations > 0 || receipt.blockNumber <= (await this.cursor())) return;
    const ours = receipt.logs.filter((log) => log.address.toLowerCase() === this.o.casinoAddress.toLowerCase());
    await this.o.db.transaction(async (tx) => ingestLogs(tx as unknown as Db, ours, this.o));
    // The scan skips these logs when it reaches the block (recording them again changes nothing).
    this.appliedReceipts.set(receipt.hash, receipt.blockNumber);
  }

  /** Bets of a failed settlement go back to ready unless the chain resolved them meanwhile. */
  private async returnToReady(ids: string[], hash: string): Promise<void> {
    for (const betId of ids) {
      const view = await this.o.casino.getBet(betId);
      if (view.open) {
        await this.o.db.update(bets).set({ status: "ready", updatedAt: new Date() }).where(and(eq(bets.betId, betId), eq(bets.status, "sent"), eq(bets.settleTxHash, hash)));
      }
    }
  }

  /** Settlements recorded as sent by an earlier run (or lost in flight) are looked up on chain. */
  private async reconcileSent(): Promise<void> {
    const sent = await this.o.db.select().from(bets).where(eq(bets.status, "sent"));
    const byHash = new Map<string, string[]>();
    const stale = Date.now() - RECONCILE_AFTER_MS;
    for (const bet of sent) {
      if (!bet.settleTxHash || this.inFlight.has(bet.settleTxHash) || bet.updatedAt.getTime() > stale) continue;
      byHash.set(bet.settleTxHash, [...(byHash.get(bet.settleTxHash) ?? []), bet.betId]);
    }
    for (const [hash, ids] of byHash) {
      const receipt = await this.o.provider.getTransactionReceipt(hash);
      if (receipt?.status === 1) {
        await this.applyReceipt(receipt);
        continue;
      }
      const pending = receipt ? null : await this.o.provider.getTransaction(hash);
      if (pending) continue;
      // Dropped (or never broadcast): its nonce is free again and must be used before any later one mines.
      if (!receipt) await this.o.sender.forgetNonce();
      // A node that mines on arrival reports a revert as a failed broadcast: isolate those bets too.
      if (receipt) for (const id of ids) this.isolate.add(id);
      // Reverted, never broadcast, or dropped: whatever is still open on chain is settled again.
      await this.returnToReady(ids, hash);
    }
  }

  // ───────────────────────────── commitments ─────────────────────────────

  async commitmentState(player: string): Promise<CommitmentState & { nextToResolve: bigint }> {
    // By position: the output named `length` collides with the array's own, which leaves the
    // generated named type unusable.
    const [commitment, terms] = await Promise.all([this.o.casino.commitmentOf(player), this.o.casino.terms()]);
    const view = commitment as unknown as [string, bigint, bigint, string, bigint];
    return {
      terms: terms.toString(),
      player,
      expectedCommit: view[3],
      commitment: view[0],
      root: view[3],
      nextNonce: view[1].toString(),
      remaining: Number(view[2]),
      chainLength: this.o.seeds.chainLength,
      nextToResolve: view[4],
    };
  }

  /**
   * The player's commitment, posting a fresh chain first when there is none or it runs low and
   * no bet is open (a new chain may not replace one under an open bet).
   */
  ensureCommitment(player: string): Promise<CommitmentState> {
    const running = this.committing.get(player);
    if (running) return running;
    const work = (async () => {
      const state = await this.commitmentState(player);
      const hasChain = state.commitment !== ZeroHash && state.remaining > 0;
      const idle = state.nextToResolve === BigInt(state.nextNonce);
      if ((hasChain && state.remaining >= ROTATE_BELOW) || !idle) return strip(state);
      const firstNonce = BigInt(state.nextNonce);
      const root = this.o.seeds.root(player, firstNonce);
      await this.o.db
        .insert(commitments)
        .values({ player, firstNonce, length: this.o.seeds.chainLength, root, status: "sent" })
        .onConflictDoNothing();
      const data = casinoInterface.encodeFunctionData("setCommitment", [player, root, this.o.seeds.chainLength]);
      const hash = await this.o.sender.send({ to: this.o.casinoAddress, data }, async (txHash) => {
        await this.o.db
          .update(commitments)
          .set({ txHash })
          .where(and(eq(commitments.player, player), eq(commitments.firstNonce, firstNonce), eq(commitments.status, "sent")));
      });
      await this.o.sender.confirm(hash);
      await this.o.db
        .update(commitments)
        .set({ status: "confirmed" })
        .where(and(eq(commitments.player, player), eq(commitments.firstNonce, firstNonce)));
      return strip(await this.commitmentState(player));
    })().finally(() => this.committing.delete(player));
    this.committing.set(player, work);
    return work;
  }

  /** Posts a fresh chain for the players of a batch whose bets reached the last links of their chain. */
  private async rotateAfterSettlement(batch: BetRow[]): Promise<void> {
    const nearEnd = batch.filter((bet) => bet.nonce - bet.chainFirstNonce + BigInt(ROTATE_BELOW) >= BigInt(this.o.seeds.chainLength));
    for (const player of new Set(nearEnd.map((b) => b.player))) {
      const state = await this.commitmentState(player);
      if (state.remaining < ROTATE_BELOW && state.nextToResolve === BigInt(state.nextNonce)) {
        await this.ensureCommitment(player).catch((error: Error) => console.error(`Commitment rotation for ${player} failed: ${error.message}`));
      }
    }
  }
}

/** ethers' full message carries the whole calldata: the Casino's error name, or ethers' short message. */
function shortReason(error: unknown): string {
  return casinoRevertReason(error) ?? (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
}

function strip(state: CommitmentState & { nextToResolve: bigint }): CommitmentState {
  const { nextToResolve: _ignored, ...rest } = state;
  return rest;
}
