import { GameType } from "@engine/gameTypes";
import { useCallback, useRef, useState } from "react";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound/index";
import { toast } from "@/features/toast/index";
import { useWallet } from "@/features/wallet/index";
import { useGameStake } from "@/features/choices/index";
import { prefersReducedMotion } from "@/lib/motion";
import type { PlinkoRoundSource } from "../round-source";
import { DEFAULT_BET, HISTORY_LIMIT, dropDurationMs, formatMultiplier, plinkoMultiplierOf, validateDrop, type PlinkoBet } from "../plinko-display";
import { pegNotes } from "../sounds";

export interface DropRecord extends PlinkoBet {
  id: number;
  bounces: boolean[];
  slot: number;
  /** The slot's total payout per stake. */
  multiplier: number;
  /** The chain's word for it: the payout is above the stake (a slot under 1x returns part of it, and is not a win). */
  won: boolean;
  token: Token;
  /** Payout minus stake. */
  profit: number;
}

/** The ball on the board: its path, once the outcome is known; `id` starts a new fall. */
export interface FallingBall {
  id: number;
  bounces: boolean[];
  slot: number;
  reducedMotion: boolean;
}

export type PlinkoPhase = "idle" | "dropping" | "result";

export function usePlinkoGame(source: PlinkoRoundSource) {
  const { getPlayableBalance, applyPayout } = useWallet();
  const { token, stake, setToken: changeToken, setStake } = useGameStake("plinko");
  const [bet, chooseBet] = useState<PlinkoBet>(DEFAULT_BET);
  const [phase, setPhase] = useState<PlinkoPhase>("idle");
  const [ball, setBall] = useState<FallingBall | null>(null);
  const [lastRecord, setLastRecord] = useState<DropRecord | null>(null);
  const [history, setHistory] = useState<DropRecord[]>([]);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  const nextId = useRef(1);
  // Guards against a second click landing before React re-renders with phase "dropping".
  const dropping = useRef(false);

  /** Other rows or risk: the board is new, the last ball leaves it. */
  const setBet = useCallback((next: PlinkoBet) => {
    chooseBet(next);
    setBall(null);
    setPhase((current) => (current === "result" ? "idle" : current));
  }, []);

  /** One drop at the stake shown, or at `stakeOfRound` (auto-bet's); resolves with its record, or null when nothing was played. */
  const drop = useCallback(
    async (stakeOfRound?: number): Promise<DropRecord | null> => {
      if (dropping.current) return null;
      const amount = stakeOfRound ?? stake;
      const error = validateDrop(amount, getPlayableBalance(token, GameType.PLINKO), token);
      if (error) {
        toast({ ...error, variant: "error" });
        return null;
      }
      const placed = bet;
      dropping.current = true;
      setPhase("dropping");
      setBall(null);
      let result;
      try {
        result = await source.drop({ token, stake: amount, bet: placed });
      } catch (failure) {
        console.error("Plinko drop failed", failure);
        dropping.current = false;
        setPhase("idle");
        return null;
      }
      applyPayout(token, -amount);
      const id = nextId.current++;
      // The path is known: the ball falls along it, bounce by bounce, then the slot pays.
      const reducedMotion = prefersReducedMotion();
      setBall({ id, bounces: result.bounces, slot: result.slot, reducedMotion });
      if (!reducedMotion) playNotes(pegNotes(result.bounces));
      await new Promise((resolve) => setTimeout(resolve, dropDurationMs(placed.rows, reducedMotion)));
      const multiplier = plinkoMultiplierOf(token, placed, result.slot);
      const won = result.payout > amount;
      const record: DropRecord = { ...placed, id, bounces: result.bounces, slot: result.slot, multiplier, won, token, profit: result.payout - amount };
      applyPayout(token, result.payout);
      if (won) {
        toast({ title: "YOU WON!", description: `Won ${formatTokenAmount(token, result.payout)} ${token} (${formatMultiplier(multiplier)})` });
        playSound("win");
        setWinBurst(id);
      } else if (result.payout < amount) {
        // A slot under 1x pays part of the stake back: the toast says what the drop cost, the stake less that return.
        toast({ title: "Better Luck Next Time", description: `Lost ${formatTokenAmount(token, amount - result.payout)} ${token}`, variant: "error" });
        playSound("lose");
      }
      // A payout equal to the stake neither wins nor loses: no toast (no slot pays exactly 1x, so it cannot happen at a valid stake).
      setLastRecord(record);
      setHistory((current) => [record, ...current].slice(0, HISTORY_LIMIT));
      dropping.current = false;
      setPhase("result");
      return record;
    },
    [bet, stake, token, source, getPlayableBalance, applyPayout],
  );

  return { token, changeToken, stake, setStake, bet, setBet, phase, ball, lastRecord, history, winBurst, drop };
}
