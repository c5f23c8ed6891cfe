import { and, eq, sql } from "drizzle-orm";
import { crashRound, GameType, isInteractive, resumeBlackjack, standRemaining, startBlackjack, type BlackjackAction, type Token } from "../engine";
import type { Signals } from "../cluster/cluster";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { bets, crashRounds } from "../db/schema";
import { storedMinesRounds } from "../games/mines-rounds";
import { stateOf, storedHands } from "../games/stored-hands";
import type { SignedActions } from "../sessions/actions";
import { fixedOutcome } from "./ingest";
import { outcomeOf, type RoundActions } from "./outcome";
import type { SeedVault } from "./seeds";
import type { BetRow } from "./types";

/** The action columns of a bet for a signed log, or none. */
function actionColumns(signed: SignedActions | null) {
  return {
    actionLog: signed?.log ?? null,
    actionSignature: signed?.signature ?? null,
    actionKey: signed?.key ?? null,
    actionKeyGrant: signed?.keyGrant ?? null,
  };
}

/** The actions as the bets table keeps them: blackjack's log, or a mines log or crash cash-out as its one element (routes/fairness.ts reads them). */
function actionsColumn(actions: RoundActions): unknown[] | null {
  return actions === null ? null : Array.isArray(actions) ? actions : [actions];
}

/** The database's clock: every instance times crash rounds by it, so they agree whatever their own clocks say. */
export async function databaseNow(db: Db): Promise<Date> {
  return new Date(rowsOf<{ now: string | Date }>(await db.execute(sql`SELECT clock_timestamp() AS now`))[0]!.now);
}

/**
 * Fixes outcomes: a round the player finished (any instance's route), one that ran out (the lease
 * holder's sweep), or a bet left open by an older version. Every step is a guarded database
 * transition, so instances racing for the same round change it once.
 */
export class Rounds {
  constructor(
    private readonly db: Db,
    private readonly seeds: SeedVault,
    private readonly signals: Signals,
    private readonly blackjackIdleMs: number,
  ) {}

  /** The word of a recorded bet (secret until settlement: never sent to a player before then). */
  wordOf(bet: BetRow): string {
    return this.seeds.word(bet).word;
  }

  /**
   * open → ready with the engine's payout; the seed is stored now and published at settlement.
   * With the player's signed log the settlement goes through CasinoSessions.settle, which replays
   * it; without one, Casino.settle pays what the rules give for no action. The lease holder is
   * signalled (on commit, when `db` is a transaction) to settle it.
   */
  async markReady(db: Db, bet: BetRow, actions: RoundActions, signed: SignedActions | null = null): Promise<bigint> {
    const { seed, word } = this.seeds.word(bet);
    const { payout } = outcomeOf(bet, word, actions);
    await db
      .update(bets)
      .set({
        status: "ready",
        payout: payout.toString(),
        seed,
        random: word,
        actions: actionsColumn(actions),
        ...actionColumns(signed),
        updatedAt: new Date(),
      })
      .where(and(eq(bets.betId, bet.betId), eq(bets.status, "open")));
    await this.signals.notify(db, "settle");
    return payout;
  }

  /**
   * A ready bet whose signed actions the chain no longer takes (the player revoked the session key
   * on chain before the hand was placed: CasinoSessions.settle), or whose hand was split on chain
   * after its payout was fixed (`bet.split` then as the chain shows it: without a signed log the
   * split is void and its stake paid back, outcome.ts), is settled as if the player had not acted:
   * stood, or not cashed out, the only outcome the server may fix alone (Casino.settle with the
   * rules' payout).
   */
  async settleUnsigned(bet: BetRow): Promise<void> {
    const actions = this.unsignedActions(bet);
    const { payout } = outcomeOf(bet, this.wordOf(bet), actions);
    await this.db
      .update(bets)
      .set({
        payout: payout.toString(),
        split: bet.split,
        actions: actionsColumn(actions),
        ...actionColumns(null),
        updatedAt: new Date(),
      })
      .where(and(eq(bets.betId, bet.betId), eq(bets.status, "ready")));
    await this.signals.notify(this.db, "settle");
  }

  /** What the rules play for a player who did not act: a hand stood, a mines round with no tile (it pays nothing), a crash round not cashed out. */
  private unsignedActions(bet: BetRow): RoundActions {
    if (bet.gameType === GameType.BLACKJACK) return this.unsignedHand(bet);
    return bet.gameType === GameType.MINES ? "" : { cashOut: null };
  }

  /** A hand without the player's actions: it stands (a split staked on chain without its log is void: outcome.ts). */
  private unsignedHand(bet: BetRow): BlackjackAction[] {
    return [...standRemaining(startBlackjack(this.wordOf(bet), BigInt(bet.amount), bet.token)).actions];
  }

  /**
   * Fixes the payout of any open bet that needs no player action. The ingest records such bets
   * ready, so only rows left open by an older version qualify, plus bets the engine refused,
   * which it refuses again: the lease holder runs this once per term.
   */
  async fixOutcomes(): Promise<void> {
    const open = await this.db.select().from(bets).where(eq(bets.status, "open"));
    const automatic = open.filter((bet) => bet.chainFirstNonce >= 0n && !isInteractive(bet.gameType, BigInt(bet.params)));
    if (automatic.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const bet of automatic) {
        const fixed = fixedOutcome(bet, this.seeds);
        if (!fixed) continue;
        await tx
          .update(bets)
          .set({ status: "ready", ...fixed, updatedAt: new Date() })
          .where(and(eq(bets.betId, bet.betId), eq(bets.status, "open")));
      }
      await this.signals.notify(tx, "settle");
    });
  }

  /** Crash rounds past their crash point end lost; blackjack hands idle too long are stood, mines rounds cashed out. */
  async finishExpiredRounds(): Promise<void> {
    const now = (await databaseNow(this.db)).getTime();
    const rounds = await this.db.select().from(crashRounds).where(eq(crashRounds.finished, false));
    for (const round of rounds) {
      const [bet] = await this.db.select().from(bets).where(eq(bets.betId, round.betId));
      if (!bet || bet.status !== "open") continue;
      const { crashTimeSec } = crashRound(this.wordOf(bet), bet.token as Token);
      if (now - round.startedAt.getTime() < crashTimeSec * 1000) continue;
      await this.db.transaction(async (tx) => {
        const updated = await tx
          .update(crashRounds)
          .set({ finished: true })
          .where(and(eq(crashRounds.betId, round.betId), eq(crashRounds.finished, false)))
          .returning();
        if (updated.length) await this.markReady(tx, bet, { cashOut: null });
      });
    }

    // Blackjack hands and mines rounds idle past the same limit (BLACKJACK_IDLE_MS), counted from
    // the last action, or from the bet when the round never started.
    const idleBefore = new Date(Date.now() - this.blackjackIdleMs);
    const idleRules: {
      gameType: GameType;
      lastActionOf: (betId: string) => Promise<{ lastActionAt: Date } | undefined>;
      end: (bet: BetRow) => Promise<void>;
    }[] = [
      { gameType: GameType.BLACKJACK, lastActionOf: (betId) => storedHands.byBet(this.db, betId), end: (bet) => this.autoStand(bet) },
      { gameType: GameType.MINES, lastActionOf: (betId) => storedMinesRounds.byBet(this.db, betId), end: (bet) => this.endIdleMinesRound(bet) },
    ];
    for (const { gameType, lastActionOf, end } of idleRules) {
      const open = await this.db
        .select()
        .from(bets)
        .where(and(eq(bets.status, "open"), eq(bets.gameType, gameType)));
      for (const bet of open) {
        const round = await lastActionOf(bet.betId);
        if ((round ? round.lastActionAt : bet.createdAt) > idleBefore) continue;
        await end(bet);
      }
    }
  }

  /**
   * Ends an idle mines round by the idle rule (engine settleMines): the log the player signed is
   * replayed and cashed out at its safe tiles (CasinoSessions.settle does the same); a round with
   * no signed action pays nothing (Casino.settle), like a bet never started.
   */
  private async endIdleMinesRound(bet: BetRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      const round = await storedMinesRounds.lockByBet(tx, bet.betId);
      if (round?.finished) return;
      if (round) await storedMinesRounds.finish(tx, round.id);
      const signed = round?.signed ?? null;
      await this.markReady(tx, bet, signed ? round!.log : "", signed);
    });
  }

  /**
   * Ends an idle hand: what the player signed is played (CasinoSessions.settle replays the log and
   * stands every hand left open), and a hand without a signed action is stood (a split paid on
   * chain played first): the auto-stand, the only action the server takes alone (issue #21).
   */
  private async autoStand(bet: BetRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      const hand = await storedHands.lockByBet(tx, bet.betId);
      if (hand?.finished) return;
      const signed = (hand && stateOf(hand).signed) ?? null;
      const finalActions = signed
        ? [...standRemaining(resumeBlackjack(this.wordOf(bet), BigInt(bet.amount), bet.token, stateOf(hand!).actions)).actions]
        : this.unsignedHand(bet);
      if (hand) await storedHands.record(tx, hand.id, { actions: finalActions, ...(signed && { signed }) }, true);
      await this.markReady(tx, bet, finalActions, signed);
    });
  }
}
