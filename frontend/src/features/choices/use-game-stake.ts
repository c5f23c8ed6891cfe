import { useCallback } from "react";
import type { GameId } from "@/config/games";
import type { Token } from "@/config/tokens";
import { defaultStake } from "@/lib/bet-rules";
import { useChoicesStore } from "./choices-store";

/**
 * A game's token and stake as the player last chose them on this device. Switching token brings
 * back the stake last chosen in that token, or its default: never the other token's number. The
 * setters keep their identity while the token does (memoised controls stay still).
 */
export function useGameStake(game: GameId) {
  const choice = useChoicesStore((state) => state.games[game]);
  const chooseToken = useChoicesStore((state) => state.chooseToken);
  const chooseStake = useChoicesStore((state) => state.chooseStake);
  const token: Token = choice?.token ?? "DEGEN";
  const setToken = useCallback((next: Token) => chooseToken(game, next), [chooseToken, game]);
  const setStake = useCallback((stake: number) => chooseStake(game, token, stake), [chooseStake, game, token]);
  return { token, stake: choice?.stakes[token] ?? defaultStake(token), setToken, setStake };
}
