import type { Token } from "@/config/tokens";
import { multiplyBet, roundBet } from "@/lib/bet-rules";

/** After a win or a loss, the next stake goes back to the first one, or is multiplied. */
export type StakeChange = { kind: "reset" } | { kind: "multiply"; factor: number };

/** What the player sets for an auto-bet run (issue #20 item 7). Amounts in token units. */
export interface AutoBetSettings {
  count: number;
  /** Stop once the run's total profit reaches this (null: no such stop). */
  stopOnProfit: number | null;
  /** Stop once the run's total loss reaches this (null: no such stop). */
  stopOnLoss: number | null;
  onWin: StakeChange;
  onLoss: StakeChange;
}

export interface AutoBetProgress {
  played: number;
  /** Payouts less stakes so far. */
  profit: number;
}

export type NextStep = { stop: string } | { stake: number };

/**
 * What follows a bet that made `lastProfit`: the stop the settings call for (the count, the total
 * profit or the total loss reached), or the next stake. A push (0) keeps the stake.
 */
export function nextStep(settings: AutoBetSettings, token: Token, firstStake: number, stake: number, progress: AutoBetProgress, lastProfit: number): NextStep {
  const profit = roundBet(token, progress.profit);
  if (settings.stopOnProfit !== null && profit >= settings.stopOnProfit)
    return { stop: `Stopped: the total profit reached ${settings.stopOnProfit} ${token}.` };
  if (settings.stopOnLoss !== null && -profit >= settings.stopOnLoss) return { stop: `Stopped: the total loss reached ${settings.stopOnLoss} ${token}.` };
  if (progress.played >= settings.count) return { stop: `Done: ${settings.count} bet${settings.count === 1 ? "" : "s"} played.` };
  const change = lastProfit > 0 ? settings.onWin : lastProfit < 0 ? settings.onLoss : null;
  if (change === null) return { stake };
  return { stake: change.kind === "reset" ? firstStake : multiplyBet(token, stake, change.factor) };
}
