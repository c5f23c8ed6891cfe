// One bet of the history checked in this browser: the same check as a bet just played
// (`checkBet`), with what a history adds — an interactive round whose actions the server did not
// give cannot have its payout replayed, and the page says so instead of reporting a mismatch.
import { isInteractive } from "@engine/gameTypes";
import type { HistoryItem } from "./history";
import { checkBet, type BetCheck } from "./verify-bet";

/** The engine's sentence for a payout the rules do not give (engine/src/settle.ts, verify). */
const PAYOUT_PROBLEM = /^payout \d+ differs from the rules' \d+$/;

export const UNPUBLISHED_ACTIONS =
  "the server has not published this round's actions, so its payout cannot be replayed here (npm run verify still bounds it by every legal play)";

/** The bet's check, or null while it is open. */
export function checkHistoryItem(item: HistoryItem, context: { casino: string; chainId: number }): BetCheck | null {
  const { bet, settlement, commitment } = item;
  if (!settlement) return null;
  const unreplayable = settlement.kind === "settled" && item.actions === undefined && isInteractive(item.bet.gameType, item.bet.params);
  const check = checkBet(bet, settlement, { ...context, commitment, actions: item.actions ?? null });
  if (!unreplayable) return check;
  const problems = [...check.problems.filter((problem) => !PAYOUT_PROBLEM.test(problem)), UNPUBLISHED_ACTIONS];
  return { ...check, ok: false, problems };
}
