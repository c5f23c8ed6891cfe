import { GameType } from "@engine/gameTypes";
import { useEffect, useRef, useState } from "react";
import type { Token } from "@/config/tokens";
import { alertShortBalance } from "@/lib/short-balance";
import { playNotes, playSound } from "@/features/sound/index";
import { useWallet } from "@/features/wallet/index";
import { useGameStake } from "@/features/choices/index";
import type { SlotsRoundSource, SlotsSpinResult } from "../round-source";
import { BIG_WIN_MS, OPENING_REELS, REELS, SETTLE_DELAY_MS, describeWinLines, reelStopDelay, type SlotSymbol, type WinLineView } from "../slots-display";
import { BIG_WIN, REEL_STOP, REEL_TICK, REEL_TICK_INTERVAL_MS } from "../sounds";

export interface SlotsWin {
  token: Token;
  amount: number;
  lines: WinLineView[];
}

/**
 * docs/product.md §4 'Slots': idle → spinning; the call goes out after 1.8 s (at once for an on-chain bet,
 * which takes longer than that to place and settle); once it answers, reel i stops
 * 1000 + 200·i ms later on the answer's symbols; 0.5 s after the last one spinning ends and the
 * win is paid and shown (coin + 3 s confetti, big-win overlay 4 s).
 */
export function useSlotsGame(source: SlotsRoundSource) {
  const { getPlayableBalance, applyPayout } = useWallet();
  const { token, stake: bet, setToken: changeToken, setStake: setBet } = useGameStake("slots");
  const [spinning, setSpinning] = useState(false);
  const [reels, setReels] = useState<SlotSymbol[][]>(OPENING_REELS);
  /** Reels (from the left) that show their final symbols; the rest spin while spinning. */
  const [stoppedReels, setStoppedReels] = useState(REELS);
  const [win, setWin] = useState<SlotsWin | null>(null);
  const [confettiBurst, setConfettiBurst] = useState<number | null>(null);
  const [bigWin, setBigWin] = useState<SlotsWin | null>(null);
  const timers = useRef<number[]>([]);
  const tickTimer = useRef<number | undefined>(undefined);
  const busy = useRef(false);
  const round = useRef(0);

  const later = (delay: number, action: () => void) => {
    timers.current.push(window.setTimeout(action, delay));
  };
  const stopReelSound = () => window.clearInterval(tickTimer.current);

  useEffect(
    () => () => {
      timers.current.forEach((timer) => window.clearTimeout(timer));
      stopReelSound();
    },
    [],
  );

  function finish(result: SlotsSpinResult, spinToken: Token, id: number) {
    busy.current = false;
    setSpinning(false);
    if (result.payout <= 0) return;
    applyPayout(spinToken, result.payout);
    const shown: SlotsWin = { token: spinToken, amount: result.payout, lines: describeWinLines(result.winLines) };
    setWin(shown);
    playSound("coin");
    setConfettiBurst(id);
    if (result.isBigWin) {
      playNotes(BIG_WIN);
      setBigWin(shown);
      later(BIG_WIN_MS, () => setBigWin(null));
    }
  }

  /**
   * One spin at the bet shown, or at `stakeOfRound` (auto-bet's); resolves with its profit (payout
   * less stake) once the win is shown, or null when nothing was played.
   */
  function spin(stakeOfRound?: number): Promise<number | null> {
    if (busy.current) return Promise.resolve(null);
    const stake = stakeOfRound ?? bet;
    const spinToken = token;
    if (alertShortBalance(spinToken, getPlayableBalance(spinToken, GameType.SLOTS), stake)) return Promise.resolve(null);
    let roundOver!: (profit: number | null) => void;
    const over = new Promise<number | null>((resolve) => (roundOver = resolve));
    busy.current = true;
    const id = ++round.current;
    applyPayout(spinToken, -stake);
    setSpinning(true);
    setStoppedReels(0);
    setWin(null);
    setBigWin(null);
    playNotes(REEL_TICK);
    tickTimer.current = window.setInterval(() => playNotes(REEL_TICK), REEL_TICK_INTERVAL_MS);

    later(source.callDelayMs, () => {
      source.spin({ token: spinToken, stake }).then(
        (result) => {
          setReels(result.reels);
          for (let reel = 0; reel < REELS; reel++) {
            later(reelStopDelay(reel), () => {
              setStoppedReels(reel + 1);
              playNotes(REEL_STOP);
              if (reel === REELS - 1) stopReelSound();
            });
          }
          later(reelStopDelay(REELS - 1) + SETTLE_DELAY_MS, () => {
            finish(result, spinToken, id);
            roundOver(result.payout - stake);
          });
        },
        (error: unknown) => {
          // docs/product.md §8: a failed spin only ends the spinning state and the sound. Nothing was played,
          // so the demo stake goes back (in web3 mode the bet status tells a refusal; a refusal
          // in the wallet is a quiet cancel).
          if ((error as Error).name !== "TxCancelled") console.error("Slots spin failed", error);
          stopReelSound();
          applyPayout(spinToken, stake);
          setStoppedReels(REELS);
          busy.current = false;
          setSpinning(false);
          roundOver(null);
        },
      );
    });
    return over;
  }

  return { token, changeToken, bet, setBet, spinning, reels, stoppedReels, win, confettiBurst, bigWin, spin };
}
