import { useCallback, useEffect, useRef, useState } from "react";
import type { Token } from "@/config/tokens";
import { nextStep, type AutoBetProgress, type AutoBetSettings } from "./auto-bet-rules";

/** One round of a game at `stake`: its profit (payout less stake) once shown, or null when no bet went through. */
export type PlayRound = (stake: number) => Promise<number | null>;

interface AutoBetRun {
  running: boolean;
  progress: AutoBetProgress;
  /** Why the last run ended. */
  message: string | null;
}

const IDLE: AutoBetRun = { running: false, progress: { played: 0, profit: 0 }, message: null };

/**
 * Auto-bet (issue #20 item 7): rounds one after another, each shown as it settles, the stake
 * changed after each as the settings say, until the count or a stop is reached, a bet does not go
 * through (an error, a limit), the player stops it, or the page is left.
 */
export function useAutoBet({ token, stake, setStake, play }: { token: Token; stake: number; setStake: (stake: number) => void; play: PlayRound }) {
  const [run, setRun] = useState<AutoBetRun>(IDLE);
  const latestPlay = useRef(play);
  const stopAsked = useRef(false);
  useEffect(() => {
    latestPlay.current = play;
  }, [play]);
  // Leaving the page stops the run: the round under way ends, no other starts.
  useEffect(
    () => () => {
      stopAsked.current = true;
    },
    [],
  );

  const start = useCallback(
    async (settings: AutoBetSettings) => {
      stopAsked.current = false;
      let progress: AutoBetProgress = { played: 0, profit: 0 };
      setRun({ running: true, progress, message: null });
      let current = stake;
      let message: string;
      for (;;) {
        const profit = await latestPlay.current(current);
        if (profit === null) {
          message = "Stopped: the last bet did not go through.";
          break;
        }
        progress = { played: progress.played + 1, profit: progress.profit + profit };
        setRun({ running: true, progress, message: null });
        if (stopAsked.current) {
          message = "Stopped.";
          break;
        }
        const step = nextStep(settings, token, stake, current, progress, profit);
        if ("stop" in step) {
          message = step.stop;
          break;
        }
        current = step.stake;
        setStake(current);
      }
      setRun({ running: false, progress, message });
    },
    [stake, token, setStake],
  );

  const stop = useCallback(() => {
    stopAsked.current = true;
  }, []);

  return { run, start, stop };
}

export type AutoBet = ReturnType<typeof useAutoBet>;
