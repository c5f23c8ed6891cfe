import { GameType } from "@engine/gameTypes";
import { useCallback, useRef, useState } from "react";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound/index";
import { toast } from "@/features/toast/index";
import { useWallet } from "@/features/wallet/index";
import { useGameStake } from "@/features/choices/index";
import type { DiceRoundSource } from "../round-source";
import { DEFAULT_BET, HISTORY_LIMIT, ROLL_DURATION_MS, diceMultiplierOf, formatMultiplier, validateRoll, type DiceBet } from "../dice-display";
import { ROLL_NOTES } from "../sounds";

export interface RollRecord extends DiceBet {
  id: number;
  roll: number;
  won: boolean;
  token: Token;
  /** Payout minus stake. */
  profit: number;
}

export type DicePhase = "idle" | "rolling" | "result";

export function useDiceGame(source: DiceRoundSource) {
  const { getPlayableBalance, applyPayout } = useWallet();
  const { token, stake, setToken: changeToken, setStake } = useGameStake("dice");
  const [bet, setBet] = useState<DiceBet>(DEFAULT_BET);
  const [phase, setPhase] = useState<DicePhase>("idle");
  const [lastRecord, setLastRecord] = useState<RollRecord | null>(null);
  const [history, setHistory] = useState<RollRecord[]>([]);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  const nextId = useRef(1);
  // Guards against a second click landing before React re-renders with phase "rolling".
  const rolling = useRef(false);

  /** One roll at the stake shown, or at `stakeOfRound` (auto-bet's); resolves with its record, or null when nothing was played. */
  const roll = useCallback(
    async (stakeOfRound?: number): Promise<RollRecord | null> => {
      if (rolling.current) return null;
      const amount = stakeOfRound ?? stake;
      const error = validateRoll(amount, getPlayableBalance(token, GameType.DICE), token);
      if (error) {
        toast({ ...error, variant: "error" });
        return null;
      }
      const placed = bet;
      rolling.current = true;
      setPhase("rolling");
      playNotes(ROLL_NOTES);
      const shown = new Promise((resolve) => setTimeout(resolve, ROLL_DURATION_MS));
      let result;
      try {
        result = await source.roll({ token, stake: amount, bet: placed });
      } catch (failure) {
        console.error("Dice roll failed", failure);
        rolling.current = false;
        setPhase("idle");
        return null;
      }
      applyPayout(token, -amount);
      await shown;
      const record: RollRecord = { ...placed, id: nextId.current++, roll: result.roll, won: result.won, token, profit: result.payout - amount };
      applyPayout(token, result.payout);
      if (result.won) {
        toast({
          title: "YOU WON!",
          description: `Won ${formatTokenAmount(token, result.payout)} ${token} (${formatMultiplier(diceMultiplierOf(token, placed))})`,
        });
        playSound("win");
        setWinBurst(record.id);
      } else {
        toast({
          title: "Better Luck Next Time",
          description: `Lost ${formatTokenAmount(token, amount)} ${token}`,
          variant: "error",
        });
        playSound("lose");
      }
      setLastRecord(record);
      setHistory((current) => [record, ...current].slice(0, HISTORY_LIMIT));
      rolling.current = false;
      setPhase("result");
      return record;
    },
    [bet, stake, token, source, getPlayableBalance, applyPayout],
  );

  return { token, changeToken, stake, setStake, bet, setBet, phase, lastRecord, history, winBurst, roll };
}
