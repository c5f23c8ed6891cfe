import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { KickboxingBet } from "@engine/kickboxing";
import { alertShortBalance } from "@/lib/short-balance";
import { playNotes, playSound } from "@/features/sound";
import { exchangesShownAt, initialMatchState, matchReducer, resultAtMs } from "../match-machine";
import type { KickboxingBetRequest, KickboxingRound, KickboxingRoundSource } from "../round-source";
import { HIT_NOTES, BLOCK_NOTES, BELL_NOTES } from "../sounds";

export const NO_BET_MESSAGE = "Please select a bet option first (Red, Blue, or Tie)!";

/**
 * The match state machine of docs/product.md §4, replaying the engine's timeline frame by frame.
 */
export function useKickboxingMatch(source: KickboxingRoundSource) {
  const [state, dispatch] = useReducer(matchReducer, initialMatchState);
  const [starting, setStarting] = useState(false);
  const activeRound = useRef<KickboxingRound | null>(null);
  /** From START MATCH to the fight's end; refs, not state: auto-bet starts the next match before React re-renders. */
  const inPlay = useRef(false);
  const chosenBet = useRef<KickboxingBet | null>(null);
  const roundOver = useRef<((profit: number) => void) | null>(null);

  // A fight's outcome is fixed when it starts: leaving the page mid-fight still pays it out.
  useEffect(
    () => () => {
      if (activeRound.current) source.settle(activeRound.current);
    },
    [source],
  );

  const { phase, round } = state;
  useEffect(() => {
    if (phase !== "fighting" || !round) return;
    let frame = 0;
    let startedAt: number | null = null;
    let lastExchange = 0;
    const endsAt = resultAtMs(round);
    const step = (now: number) => {
      startedAt ??= now;
      const elapsedMs = now - startedAt;
      dispatch({ type: "advance", elapsedMs });
      const exchange = exchangesShownAt(round.fight.timeline, elapsedMs);
      if (exchange > lastExchange) {
        const latest = round.fight.timeline[exchange - 1];
        if (latest.hit) playNotes(latest.blocked ? BLOCK_NOTES : HIT_NOTES);
        lastExchange = exchange;
      }
      if (elapsedMs >= endsAt) {
        source.settle(round);
        activeRound.current = null;
        inPlay.current = false;
        roundOver.current?.(round.payout - round.stake);
        roundOver.current = null;
        playNotes(BELL_NOTES);
        playSound(round.won ? "win" : "lose");
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [phase, round, source]);

  const chooseBet = useCallback((bet: KickboxingBet) => {
    if (inPlay.current) return;
    chosenBet.current = bet;
    dispatch({ type: "chooseBet", bet });
  }, []);
  const newMatch = useCallback(() => dispatch({ type: "reset" }), []);

  /**
   * Starts a match (a finished one makes way); resolves with its profit (payout less stake) once
   * the fight has been shown, or null when no match started.
   */
  async function startMatch({ token, stake, playableBalance }: Omit<KickboxingBetRequest, "bet"> & { playableBalance: number }): Promise<number | null> {
    if (inPlay.current) return null;
    const bet = chosenBet.current;
    if (!bet) {
      window.alert(NO_BET_MESSAGE);
      return null;
    }
    if (alertShortBalance(token, playableBalance, stake)) return null;
    inPlay.current = true;
    setStarting(true);
    let placed: KickboxingRound;
    try {
      placed = await source.start({ token, stake, bet });
    } catch (failure) {
      // The match stays idle. A web3 refusal is told by the bet status as a sentence; a refusal
      // in the wallet is a quiet cancel.
      if ((failure as Error).name !== "TxCancelled") console.error("Kickboxing match failed to start", failure);
      inPlay.current = false;
      return null;
    } finally {
      setStarting(false);
    }
    activeRound.current = placed;
    playSound("click");
    const over = new Promise<number>((resolve) => (roundOver.current = resolve));
    dispatch({ type: "reset" });
    dispatch({ type: "start", round: placed });
    return over;
  }

  return { state, starting, chooseBet, startMatch, newMatch };
}
