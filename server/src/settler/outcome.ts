import { crashRound, GameType, settleGame, settleSplitStakedBlackjack, type BlackjackAction, type GameOutcome, type Token } from "../engine";

/** What an interactive round recorded: a blackjack action log, a mines log ("acC") or a manual crash cash-out. */
export type RoundActions = BlackjackAction[] | string | { cashOut: number | null } | null;

/**
 * The engine's payout for a bet; the same call the verifier makes. A blackjack hand whose split was
 * staked on chain (`split`) pays as the Casino's rules pay it (GameRules.splitStakedPayout): the
 * split played when the log starts with it, else void and its stake paid back.
 */
export function outcomeOf(
  bet: { gameType: number; token: Token; amount: string; params: string; split?: boolean },
  word: string,
  actions: RoundActions,
): { payout: bigint; outcome: GameOutcome } {
  if (bet.gameType === GameType.BLACKJACK && bet.split && Array.isArray(actions)) {
    const { payout, outcome } = settleSplitStakedBlackjack(bet.token, BigInt(bet.amount), word, actions);
    return { payout, outcome: { gameType: GameType.BLACKJACK, blackjack: outcome } };
  }
  const engineActions = actions === null || typeof actions === "string" || Array.isArray(actions) ? actions : (actions.cashOut ?? 0);
  return settleGame({
    gameType: bet.gameType as GameType,
    token: bet.token,
    stake: BigInt(bet.amount),
    params: BigInt(bet.params),
    word,
    actions: engineActions,
  });
}

export function crashPointOf(word: string, token: Token): number {
  return crashRound(word, token).crashPoint;
}
