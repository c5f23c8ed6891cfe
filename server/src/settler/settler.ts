import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import { ZeroHash, type JsonRpcProvider, type Log, type TransactionReceipt } from "ethers";
import {
  applyBlackjackAction,
  canSplit,
  crashRound,
  GameType,
  isFinalStatus,
  standRemaining,
  startBlackjack,
  type BlackjackAction,
  type Token,
} from "../engine";
import { casinoInterface, casinoRevertReason, parseCasinoLog, watchedTopics, type Casino } from "../chain/casino";
import type { TxSender } from "../chain/sender";
import type { Db } from "../db/index";
import { getValue, setValue } from "../db/kv";
import { bets, blackjackHands, commitments, crashRounds } from "../db/schema";
import { symbolOf } from "../tokens";
import { isInteractive, outcomeOf, type RoundActions } from "./outcome";
import type { SeedVault } from "./seeds";

type BetRow = typeof bets.$inferSelect;

const CURSOR_KEY = "settler.cursor";
const LOG_CHUNK = 1000;
/** A new chain is posted once fewer links remain than this (and the player has no open bet). */
export const ROTATE_BELOW = 16;
const RETRY_AFTER_FAILURE_MS = 15_000;
/** A 'sent' settlement not confirmed after this long is looked up on chain. */
const RECONCILE_AFTER_MS = 5_000;

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
  private readonly inFlight = new Set<string>();
  private readonly backoff = new Map<string, number>();
  private readonly committing = new Map<string, Promise<CommitmentState>>();
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

  private async pass(): Promise<void> {
    await this.scanLogs();
    await this.reconcileSent();
    await this.finishExpiredRounds();
    await this.fixOutcomes();
    await this.settleReady();
  }

  // ───────────────────────────── reading the chain ─────────────────────────────

  async cursor(): Promise<number> {
    const stored = await getValue(this.o.db, CURSOR_KEY);
    return stored === undefined ? this.o.deploymentBlock - 1 : Number(stored);
  }

  /** Logs from the cursor to the head, each chunk recorded with the cursor in one transaction. */
  async scanLogs(): Promise<void> {
    const head = (await this.o.provider.getBlockNumber()) - this.o.confirmations;
    for (let from = (await this.cursor()) + 1; from <= head; ) {
      const to = Math.min(from + LOG_CHUNK - 1, head);
      const logs = await this.o.provider.getLogs({ address: this.o.casinoAddress, fromBlock: from, toBlock: to, topics: [watchedTopics] });
      await this.o.db.transaction(async (tx) => {
        const settledInTx = new Map<string, string>();
        for (const log of logs) await this.applyLog(tx as unknown as Db, log, settledInTx);
        await setValue(tx as unknown as Db, CURSOR_KEY, String(to));
      });
      from = to + 1;
    }
  }

  private async applyLog(db: Db, log: Log, settledInTx: Map<string, string>): Promise<void> {
    const parsed = parseCasinoLog(log);
    if (!parsed) return;
    const a = parsed.args as unknown as Record<string, unknown>;
    switch (parsed.name) {
      case "CommitmentSet": {
        const row = { player: a.player as string, firstNonce: a.firstNonce as bigint, length: Number(a.length), root: a.commit as string, status: "confirmed" as const, txHash: log.transactionHash };
        await db.insert(commitments).values(row).onConflictDoUpdate({ target: [commitments.player, commitments.firstNonce], set: { status: "confirmed", root: row.root, length: row.length, txHash: row.txHash } });
        return;
      }
      case "BetPlaced": {
        const betId = (a.betId as bigint).toString();
        const player = a.player as string;
        const nonce = a.nonce as bigint;
        const token = symbolOf(a.token as string, this.o.degenAddress);
        if (!token) return;
        const [chain] = await db
          .select({ firstNonce: commitments.firstNonce })
          .from(commitments)
          .where(and(eq(commitments.player, player), eq(commitments.status, "confirmed"), lte(commitments.firstNonce, nonce)))
          .orderBy(desc(commitments.firstNonce))
          .limit(1);
        const bet = {
          betId,
          player,
          token,
          amount: (a.amount as bigint).toString(),
          gameType: Number(a.gameType),
          params: (a.params as bigint).toString(),
          nonce,
          clientSeed: a.clientSeed as string,
          chainFirstNonce: chain?.firstNonce ?? -1n,
          placedBlock: log.blockNumber,
          placedTxHash: log.transactionHash,
          status: chain ? ("open" as const) : ("orphan" as const),
        };
        if (!chain) console.error(`Bet ${betId} uses a commitment this server did not make; it cannot be settled here`);
        const inserted = await db.insert(bets).values(bet).onConflictDoNothing().returning({ betId: bets.betId });
        if (inserted.length && chain && bet.gameType === GameType.CRASH && bet.params === "0") {
          const { word } = this.o.seeds.word(bet);
          await db
            .insert(crashRounds)
            .values({ betId, player, startedAt: new Date(), crashPointHundredths: crashRound(word, token).crashPoint })
            .onConflictDoNothing();
        }
        return;
      }
      case "StakeAdded":
        await db.update(bets).set({ split: true, updatedAt: new Date() }).where(eq(bets.betId, (a.betId as bigint).toString()));
        return;
      case "BetSettled": {
        const betId = (a.betId as bigint).toString();
        settledInTx.set(log.transactionHash, betId);
        await db
          .update(bets)
          .set({ status: "settled", seed: a.seed as string, random: a.random as string, settleTxHash: log.transactionHash, settledBlock: log.blockNumber, updatedAt: new Date() })
          .where(eq(bets.betId, betId));
        return;
      }
      case "JackpotWon": {
        // Emitted right after the BetSettled of the same settlement.
        const betId = settledInTx.get(log.transactionHash);
        if (betId) await db.update(bets).set({ jackpotWin: (a.amount as bigint).toString() }).where(eq(bets.betId, betId));
        return;
      }
      case "ExpiredBetClaimed":
        await db
          .update(bets)
          .set({ status: "expired", payout: (a.payout as bigint).toString(), updatedAt: new Date() })
          .where(eq(bets.betId, (a.betId as bigint).toString()));
        return;
    }
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

  /** Fixes the payout of every open bet that needs no player action. */
  private async fixOutcomes(): Promise<void> {
    const open = await this.o.db.select().from(bets).where(eq(bets.status, "open"));
    const automatic = open.filter((bet) => !isInteractive(bet.gameType, bet.params));
    if (automatic.length === 0) return;
    // One transaction for the whole backlog: a commit per bet costs more than the bet's own work.
    await this.o.db.transaction(async (tx) => {
      for (const bet of automatic) await this.markReady(tx as unknown as Db, bet, null);
    });
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

  /** Ends an idle hand: a split already paid on chain is played, then every hand stands. */
  async autoStand(bet: BetRow): Promise<void> {
    await this.o.db.transaction(async (tx) => {
      const [hand] = await tx.select().from(blackjackHands).where(eq(blackjackHands.betId, bet.betId)).for("update");
      if (hand?.finished) return;
      const actions = [...((hand?.state as { actions?: BlackjackAction[] } | undefined)?.actions ?? [])];
      let state = actions.reduce(applyBlackjackAction, startBlackjack(this.wordOf(bet), BigInt(bet.amount)));
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

  /** Ready bets in each player's nonce order, up to the first bet still open, in batches. */
  private async settleReady(): Promise<void> {
    for (;;) {
      const unresolved = await this.o.db
        .select()
        .from(bets)
        .where(inArray(bets.status, ["open", "ready", "sent"]))
        .orderBy(asc(bets.player), asc(bets.nonce));
      const batch: BetRow[] = [];
      const now = Date.now();
      let previousPlayer = "";
      let blocked = false;
      for (const bet of unresolved) {
        if (bet.player !== previousPlayer) {
          previousPlayer = bet.player;
          blocked = false;
        }
        if (blocked) continue;
        if (bet.status !== "ready" || (this.backoff.get(bet.betId) ?? 0) > now) {
          blocked = true;
          continue;
        }
        if (batch.length < this.o.batchSize) batch.push(bet);
      }
      if (batch.length === 0) return;
      const settledAll = await this.sendSettlement(batch);
      if (!settledAll) return;
      await this.rotateAfterSettlement(batch);
      if (batch.length < this.o.batchSize) return;
    }
  }

  private async sendSettlement(batch: BetRow[]): Promise<boolean> {
    const ids = batch.map((b) => b.betId);
    const data =
      batch.length === 1
        ? casinoInterface.encodeFunctionData("settle", [ids[0], batch[0]!.seed, batch[0]!.payout])
        : casinoInterface.encodeFunctionData("settleBatch", [ids, batch.map((b) => b.seed), batch.map((b) => b.payout)]);
    let hash: string;
    try {
      hash = await this.o.sender.send({ to: this.o.casinoAddress, data }, async (txHash) => {
        this.inFlight.add(txHash);
        await this.o.db
          .update(bets)
          .set({ status: "sent", settleTxHash: txHash, updatedAt: new Date() })
          .where(and(inArray(bets.betId, ids), eq(bets.status, "ready")));
      });
    } catch (error) {
      await this.afterFailedSend(batch, error);
      return false;
    }
    try {
      const receipt = await this.o.sender.confirm(hash);
      await this.applyReceipt(receipt);
      return true;
    } catch (error) {
      console.error(`Settlement ${hash} failed: ${(error as Error).message}`);
      await this.returnToReady(ids, hash);
      return false;
    } finally {
      this.inFlight.delete(hash);
    }
  }

  /** The transaction could not even be sent (it would revert): find out which bet is the cause. */
  private async afterFailedSend(batch: BetRow[], error: unknown): Promise<void> {
    for (const hash of this.inFlight) {
      const rows = await this.o.db.select({ betId: bets.betId }).from(bets).where(eq(bets.settleTxHash, hash));
      if (rows.length === 0) this.inFlight.delete(hash);
    }
    const reason = casinoRevertReason(error) ?? (error as Error).message;
    if (batch.length > 1) {
      // Settle one at a time for a while so one bad bet cannot hold back everyone else's.
      console.error(`Batch settlement of ${batch.length} bets refused (${reason}); retrying one by one`);
      for (const bet of batch) await this.sendSettlement([bet]);
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

  private async applyReceipt(receipt: TransactionReceipt): Promise<void> {
    await this.o.db.transaction(async (tx) => {
      const settledInTx = new Map<string, string>();
      for (const log of receipt.logs) {
        if (log.address.toLowerCase() !== this.o.casinoAddress.toLowerCase()) continue;
        await this.applyLog(tx as unknown as Db, log, settledInTx);
      }
    });
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
      // Reverted, never broadcast, or dropped: whatever is still open on chain is settled again.
      await this.returnToReady(ids, hash);
    }
  }

  // ───────────────────────────── commitments ─────────────────────────────

  async commitmentState(player: string): Promise<CommitmentState & { nextToResolve: bigint }> {
    // By position: the output named `length` collides with the array's own, which leaves the
    // generated named type unusable.
    const view = (await this.o.casino.commitmentOf(player)) as unknown as [string, bigint, bigint, string, bigint];
    return {
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

  private async rotateAfterSettlement(batch: BetRow[]): Promise<void> {
    for (const player of new Set(batch.map((b) => b.player))) {
      const state = await this.commitmentState(player);
      if (state.remaining < ROTATE_BELOW && state.nextToResolve === BigInt(state.nextNonce)) {
        await this.ensureCommitment(player).catch((error: Error) => console.error(`Commitment rotation for ${player} failed: ${error.message}`));
      }
    }
  }
}

function strip(state: CommitmentState & { nextToResolve: bigint }): CommitmentState {
  const { nextToResolve: _ignored, ...rest } = state;
  return rest;
}
