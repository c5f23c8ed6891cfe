import { GameType } from "@engine/gameTypes";
import type { SlotSymbol } from "@engine/slots";
import { formatAmount, toBaseUnits } from "@engine/tokens";
import type { SettledBet } from "@/features/bets/onchain";

/** The server's spin answer (docs/product.md §3), the payout as decimal text. */
export interface SpinResponse {
  reels: SlotSymbol[][];
  payout: string;
  winLines: number[][];
  isBigWin: boolean;
}

/**
 * Where the server's spin answer disagrees with the settlement on chain (the reels the settled
 * word gives under the engine's rules, and the payout the chain made). No answer is no claim.
 */
export function answerProblems(answer: SpinResponse | null, settled: SettledBet): string[] {
  if (!answer) return [];
  const problems: string[] = [];
  const outcome = settled.check.outcome;
  if (outcome?.gameType === GameType.SLOTS && JSON.stringify(answer.reels) !== JSON.stringify(outcome.slots.reels)) {
    problems.push("the server's spin answer shows other reels than the settled word gives");
  }
  if (toBaseUnits(answer.payout) !== settled.settlement.payout) {
    problems.push(`the server's spin answer pays ${answer.payout}, the chain paid ${formatAmount(settled.settlement.payout)}`);
  }
  return problems;
}
