import type { Token } from "@/config/tokens";
import { halveBet, multiplyBet } from "@/lib/bet-rules";
import { useAutoBet, type PlayRound } from "./use-auto-bet";
import { useHotkeys } from "./use-hotkeys";

/**
 * A game page's auto-bet and hotkeys (issue #20 item 7). `onSpace` is the game's bet (or cash-out)
 * button; the stake keys work only while the stake may change (`locked` false, no auto-bet run).
 */
export function usePlayControls({
  token,
  stake,
  setStake,
  play,
  onSpace,
  locked,
}: {
  token: Token;
  stake: number;
  setStake: (stake: number) => void;
  play: PlayRound;
  onSpace: () => void;
  locked: boolean;
}) {
  const autoBet = useAutoBet({ token, stake, setStake, play });
  const adjustable = !locked && !autoBet.run.running;
  useHotkeys({
    bet: () => {
      if (!autoBet.run.running) onSpace();
    },
    halve: () => adjustable && setStake(halveBet(token, stake)),
    double: () => adjustable && setStake(multiplyBet(token, stake, 2)),
    stopAutoBet: autoBet.stop,
  });
  return autoBet;
}
