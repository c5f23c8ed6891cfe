import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { KickboxingBet } from "@engine/kickboxing";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound";
import { exchangesShownAt, initialMatchState, matchReducer, resultAtMs } from "../match-machine";
import type { KickboxingRound, KickboxingRoundSource } from "../round-source";
import { HIT_NOTES, BLOCK_NOTES, BELL_NOTES } from "../sounds";

export const NO_BET_MESSAGE = "Please select a bet option first (Red, Blue, or Tie)!";

export function insufficientBalanceMessage(token: Token, balance: number, stake: number): string {
  return `Insufficient ${token} balance! You have ${formatTokenAmount(token, balance)} but need ${formatTokenAmount(token, stake)}`;
}

export interface StartMatchInput {
  token: Token;
  stake: number;
  playableBalance: number;
}

/** The match state machine of SPEC §4, replaying the engine's timeline frame by frame. */
export function useKickboxingMatch(source: KickboxingRoundSource) {
  const [state, dispatch] = useReducer(matchReducer, initialMatchState);
  const [starting, setStarting] = useState(false);
  const activeRound = useRef<KickboxingRound | null>(null);

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
        playNotes(BELL_NOTES);
        playSound(round.won ? "win" : "lose");
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [phase, round, source]);

  const chooseBet = useCallback((bet: KickboxingBet) => dispatch({ type: "chooseBet", bet }), []);
  const newMatch = useCallback(() => dispatch({ type: "reset" }), []);

  async function startMatch({ token, stake, playableBalance }: StartMatchInput) {
    if (state.phase !== "idle" || starting) return;
    if (!state.bet) {
      window.alert(NO_BET_MESSAGE);
      return;
    }
    if (stake > playableBalance) {
      window.alert(insufficientBalanceMessage(token, playableBalance, stake));
      return;
    }
    setStarting(true);
    try {
      const placed = await source.start({ token, stake, bet: state.bet });
      activeRound.current = placed;
      playSound("click");
      dispatch({ type: "start", round: placed });
    } catch (failure) {
      // The match stays idle. A web3 refusal is told by the bet status as a sentence; a refusal
      // in the wallet is a quiet cancel.
      if ((failure as Error).name !== "TxCancelled") console.error("Kickboxing match failed to start", failure);
    } finally {
      setStarting(false);
    }
  }

  return { state, starting, chooseBet, startMatch, newMatch };
}
