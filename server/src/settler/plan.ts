import { casinoInterface, sessionsInterface } from "../../../bindings/casino";
import type { BetRow } from "./types";

/** What planning reads of a bet: rows come from the database ordered by player, then nonce. */
export type PlannedBet = Pick<BetRow, "betId" | "player" | "status" | "placedBlock" | "actionSignature">;

export interface Batch<B extends PlannedBet = BetRow> {
  bets: B[];
  /**
   * A bet in it follows a pending or earlier-planned bet of its player: the batch is mined after
   * that one (the settler's nonces order them), so it cannot be simulated against the chain now.
   */
  dependent: boolean;
}

export interface PlanState {
  /** Batches the pipeline may still add (MAX_IN_FLIGHT minus the pending ones). */
  slots: number;
  batchSize: number;
  /** Bets in settlement transactions awaiting their receipt. */
  awaitingReceipt: ReadonlySet<string>;
  /** Bets settled by a mined transaction whose logs are not recorded yet. */
  minedNotRecorded: { has(betId: string): boolean };
  /** Bets whose settlement reverted: sent again only as the first of their player, after a simulation. */
  revertedToRetryAlone: { has(betId: string): boolean };
  /** Bets refused by a simulation: bet id → the time before which they are not tried again. */
  refusedUntil: ReadonlyMap<string, number>;
  now: number;
}

/**
 * Up to `slots` batches of ready bets, each player's in nonce order up to its first bet that is
 * not ready (an open blackjack hand holds back its player's later bets). A bet settled with the
 * player's signed actions (CasinoSessions.settle, which takes one bet) is a batch of its own.
 * `unresolved` holds the open, ready and sent bets ordered by player, then nonce.
 */
export function planBatches<B extends PlannedBet>(unresolved: readonly B[], state: PlanState): Batch<B>[] {
  const plan: Batch<B>[] = [];
  let current = { bets: [] as B[], dependent: false, players: new Set<string>(), signed: false };
  const planned = new Set<string>();
  let previousPlayer = "";
  let blocked = false;
  let behindPending = false;
  for (const bet of unresolved) {
    if (bet.player !== previousPlayer) {
      previousPlayer = bet.player;
      blocked = false;
      behindPending = false;
    }
    if (blocked || state.minedNotRecorded.has(bet.betId)) continue;
    if (bet.status === "sent" && state.awaitingReceipt.has(bet.betId)) {
      behindPending = true;
      continue;
    }
    if (bet.status !== "ready" || (state.refusedUntil.get(bet.betId) ?? 0) > state.now) {
      blocked = true;
      continue;
    }
    const signed = bet.actionSignature !== null;
    if (current.bets.length === state.batchSize || (current.bets.length > 0 && (signed || current.signed))) {
      plan.push({ bets: current.bets, dependent: current.dependent });
      if (plan.length === state.slots) return plan;
      current = { bets: [], dependent: false, players: new Set(), signed: false };
    }
    const follows = behindPending || (planned.has(bet.player) && !current.players.has(bet.player));
    if (follows && state.revertedToRetryAlone.has(bet.betId)) {
      blocked = true;
      continue;
    }
    current.bets.push(bet);
    current.signed = signed;
    current.dependent ||= follows;
    current.players.add(bet.player);
    planned.add(bet.player);
  }
  if (current.bets.length) plan.push({ bets: current.bets, dependent: current.dependent });
  return plan;
}

/**
 * A bet placed more than this many blocks before the last one read is simulated before it is
 * settled, as its player may be claiming it back. 50 blocks is 37.5 s at BSC's 0.75 s blocks
 * (2.5 min at 3 s): far past a bet settled in the normal course (3–5 blocks at 2 confirmations)
 * and far short of the shortest settle window (10 minutes, 800 blocks).
 */
export const FRESH_BLOCKS = 50;

/**
 * Whether to run a batch as a call before sending it. A batch behind a pending one cannot be
 * simulated. A fresh bet that has never failed can only be refused through a bug, so it goes
 * unsimulated (a round trip less before the next block); a bet whose settlement reverted, or old
 * enough that its player may be claiming it back, is simulated first.
 */
export function needsSimulation(batch: Batch<PlannedBet>, revertedToRetryAlone: { has(betId: string): boolean }, cursor: number): boolean {
  if (batch.dependent) return false;
  const staleBefore = cursor - FRESH_BLOCKS;
  return batch.bets.some((bet) => revertedToRetryAlone.has(bet.betId) || bet.placedBlock < staleBefore);
}

/**
 * The gas limit of a settlement, fixed instead of estimated: a batch sent while an earlier one is
 * still pending cannot be estimated against the chain's state. With the payout computed on chain
 * (GameRules, issue #21) a lone settle measures 61–76k and a bet in a batch 36–47k (blackjack's
 * shuffle the dearest), a jackpot win adds one more credit and a long kickboxing fight more draws;
 * only the gas used is paid. SETTLER_BATCH_SIZE's 200 stays under EIP-7825's 2^24.
 */
export function settlementGasLimit(bets: number): bigint {
  return 60_000n + 80_000n * BigInt(bets);
}

/** CasinoSessions.settle: the signature checks and the replay of the signed log (a blackjack hand's every card) on top of a settle. */
export const SIGNED_SETTLEMENT_GAS_LIMIT = 400_000n;

export interface SettlementRequest {
  to: string;
  data: string;
  gasLimit: bigint;
}

type SettledBet = Pick<BetRow, "betId" | "seed" | "payout" | "actionLog" | "actionSignature" | "actionKeyGrant">;

/**
 * settle for one bet, settleBatch for several; for a bet with the player's signed actions,
 * CasinoSessions.settle (the payout is the rules' for the signed log). Encoded once, simulated and
 * sent as is.
 */
export function settlementRequest(contracts: { casino: string; sessions: string }, batch: readonly SettledBet[]): SettlementRequest {
  const [first] = batch;
  if (first?.actionSignature) {
    const data = sessionsInterface.encodeFunctionData("settle", [
      first.betId,
      first.seed,
      first.actionLog,
      first.actionSignature,
      first.actionKeyGrant ?? "0x",
    ]);
    return { to: contracts.sessions, data, gasLimit: SIGNED_SETTLEMENT_GAS_LIMIT };
  }
  const { casino } = contracts;
  const ids = batch.map((b) => b.betId);
  const data =
    batch.length === 1
      ? casinoInterface.encodeFunctionData("settle", [ids[0], batch[0]!.seed, batch[0]!.payout])
      : casinoInterface.encodeFunctionData("settleBatch", [ids, batch.map((b) => b.seed), batch.map((b) => b.payout)]);
  return { to: casino, data, gasLimit: settlementGasLimit(batch.length) };
}
