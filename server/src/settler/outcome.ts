import { crashRound, GameType, settleGame, type BlackjackAction, type GameOutcome, type Token } from "../engine";

/** What an interactive round recorded: a blackjack action log, a mines log ("acC") or a manual crash cash-out. */
export type RoundActions = BlackjackAction[] | string | { cashOut: number | null } | null;

/** The engine's payout for a bet; the same call the verifier makes. */
export function outcomeOf(
  bet: { gameType: number; token: Token; amount: string; params: string; split?: boolean },
  word: string,
  actions: RoundActions,
): { payout: bigint; outcome: GameOutcome } {
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
