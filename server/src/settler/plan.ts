import { casinoInterface, sessionsInterface } from "../../../bindings/casino";
import type { BetRow } from "./types";

/** What planning reads of a bet: rows come from the database ordered by player, then nonce. */
export type PlannedBet = Pick<BetRow, "betId" | "player" | "nonce" | "status" | "placedBlock" | "actionSignature">;

/** A bet's hash chain: its player's wallet chain (lane 0) or one of its sessions' lanes, each settled in its own nonce order. */
const chainOf = (bet: Pick<BetRow, "player" | "nonce">): string => `${bet.player}|${bet.nonce >> 32n}`;

export interface Batch<B extends PlannedBet = BetRow> {
  bets: B[];
  /**
   * A bet in it follows a pending or earlier-planned bet of its chain: the batch is mined after
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
 * Up to `slots` batches of ready bets, each chain's in nonce order up to its first bet that is not
 * ready (an open blackjack hand holds back the later bets of its chain): a player's wallet chain
 * and each session's lane are settled apart (revealing a seed makes only its own chain's earlier
 * seeds public). A bet settled with the player's signed actions (CasinoSessions.settle, which
 * takes one bet) is a batch of its own. `unresolved` holds the open, ready and sent bets ordered
 * by player, then nonce: each chain's bets together.
 */
export function planBatches<B extends PlannedBet>(unresolved: readonly B[], state: PlanState): Batch<B>[] {
  const plan: Batch<B>[] = [];
  let current = { bets: [] as B[], dependent: false, chains: new Set<string>(), signed: false };
  const planned = new Set<string>();
  let previousChain = "";
  let blocked = false;
  let behindPending = false;
  for (const bet of unresolved) {
    const chain = chainOf(bet);
    if (chain !== previousChain) {
      previousChain = chain;
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
      current = { bets: [], dependent: false, chains: new Set(), signed: false };
    }
    const follows = behindPending || (planned.has(chain) && !current.chains.has(chain));
    if (follows && state.revertedToRetryAlone.has(bet.betId)) {
      blocked = true;
      continue;
    }
    current.bets.push(bet);
    current.signed = signed;
    current.dependent ||= follows;
    current.chains.add(chain);
    planned.add(chain);
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
 * settleBatch, of one bet or several: a bet it cannot settle (a split mined just before changed
 * its payout) is skipped (SettlementSkipped) where a lone settle reverted and burnt its gas
 * (R4-10, docs/findings.md); for a bet with the player's signed actions, CasinoSessions.settle (the
 * payout is the rules' for the signed log). Encoded once, simulated and sent as is.
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
  const data = casinoInterface.encodeFunctionData("settleBatch", [batch.map((b) => b.betId), batch.map((b) => b.seed), batch.map((b) => b.payout)]);
  return { to: contracts.casino, data, gasLimit: settlementGasLimit(batch.length) };
}

/**
 * What a settlement is simulated as: a lone bet without signed actions as Casino.settle, which
 * reverts with the error settleBatch would skip it for (a call: no gas is spent), so that the
 * pipeline can act on the refusal (pipeline.ts afterRefusal); any other settlement as it is sent.
 */
export function simulationRequest(contracts: { casino: string; sessions: string }, batch: readonly SettledBet[]): SettlementRequest {
  const [only] = batch;
  if (batch.length !== 1 || only!.actionSignature) return settlementRequest(contracts, batch);
  const data = casinoInterface.encodeFunctionData("settle", [only!.betId, only!.seed, only!.payout]);
  return { to: contracts.casino, data, gasLimit: settlementGasLimit(1) };
}
