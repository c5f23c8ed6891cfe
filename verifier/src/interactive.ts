import {
  CRASH,
  applyBlackjackAction,
  canSplit,
  crashPayout,
  isFinalStatus,
  legalActions,
  MINES,
  minesPayout,
  settleCrash,
  startBlackjack,
  type BlackjackState,
  type Token,
} from "../../engine/src/index";

/**
 * Interactive rounds without their action log. The chain fixes the word, so the deck and the
 * crash point are known, but which cards the player drew, or when the player cashed out, was
 * decided on the server and is not on chain. The verifier can then only check that the payout is
 * one the rules give for this word under SOME sequence of player actions: exact as a set, a bound
 * as to which element the player actually earned.
 */

/**
 * Every payout a blackjack hand dealt from `word` can end with, over all legal action logs (the
 * engine's own legalActions / applyBlackjackAction). A SPLIT only when the second stake was added
 * on chain, and then as GameRules.splitStakedPayout settles it (engine settleSplitStakedBlackjack):
 * a log that starts with the split plays both hands when the deal allows it; any other log, or a
 * deal that allows none, voids the split (its second stake paid back, the hand played as dealt).
 * The tree is small: one hand holds at most 11 cards, so a hand has at most a dozen endings and a
 * split hand at most their square.
 */
export function blackjackPayouts(word: string, stake: bigint, token: Token, splitStakeAdded: boolean): Set<bigint> {
  const payouts = new Set<bigint>();
  const walk = (state: BlackjackState, add: bigint): void => {
    if (isFinalStatus(state.status)) {
      payouts.add(state.payout + add);
      return;
    }
    for (const action of legalActions(state)) if (action !== "SPLIT") walk(applyBlackjackAction(state, action), add);
  };
  const dealt = startBlackjack(word, stake, token);
  walk(dealt, splitStakeAdded ? stake : 0n);
  if (splitStakeAdded && canSplit(dealt)) walk(applyBlackjackAction(dealt, "SPLIT"), 0n);
  return payouts;
}

/**
 * Whether a manual crash round dealt from `word` can pay `payout`: nothing (no cash-out before
 * the crash), or the engine's payout of some manual cash-out m (1.00x ≤ m ≤ 100x). The payout
 * floor(stake × m / 100) grows with m, so the smallest m that reaches the payout is the only
 * candidate: ceil(100 × payout / stake).
 */
export function crashManualAllows(token: Token, stake: bigint, word: string, payout: bigint): boolean {
  // The round is dealt once (its flight curve is the costly part); the candidate is priced by crashPayout.
  const ridden = settleCrash(token, stake, 0n, word, null);
  if (payout === ridden.payout) return true;
  const candidate = (100n * payout + stake - 1n) / stake;
  if (candidate < BigInt(CRASH.MIN_MANUAL_CASH_OUT) || candidate > BigInt(CRASH.MAX_HUNDREDTHS)) return false;
  return crashPayout(stake, Number(candidate), ridden.outcome.crashPoint) === payout;
}

/**
 * Whether a mines round of `mines` mines can pay `payout`: nothing (a mine, or no safe tile), or
 * what k safe tiles pay for some k from 1 to 25 − mines. Any k is reachable whatever the layout
 * (the player picks the tiles), so the word does not narrow it.
 */
export function minesAllows(token: Token, stake: bigint, mines: number, payout: bigint): boolean {
  if (payout === 0n) return true;
  for (let safe = 1; safe <= MINES.TILES - mines; safe++) if (minesPayout(token, stake, mines, safe) === payout) return true;
  return false;
}
