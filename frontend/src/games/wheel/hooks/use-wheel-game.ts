import { GameType } from "@engine/gameTypes";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound/index";
import { toast } from "@/features/toast/index";
import { LATE_AFTER_BLOCKS, useBetStore } from "@/features/bets/index";
import { useWallet } from "@/features/wallet/index";
import { useChoicesStore, useGameStake } from "@/features/choices/index";
import { prefersReducedMotion } from "@/lib/motion";
import type { WheelRoundSource } from "../round-source";
import { useWheelSpin } from "./use-wheel-spin";
import { HISTORY_LIMIT, SEGMENT_DEGREES, WHEEL_COLOURS, WHEEL_MAX_COLOURS, formatMultiplier, validateSpin, wheelMultiplier } from "../wheel-display";
import { SPIN_NOTES } from "../sounds";

export interface SpinRecord {
  id: number;
  segment: number;
  label: string;
  won: boolean;
  token: Token;
  /** Payout minus stake. */
  profit: number;
}

export type WheelPhase = "idle" | "spinning" | "result";

export function useWheelGame(source: WheelRoundSource) {
  const { getPlayableBalance, applyPayout } = useWallet();
  const { token, stake: bet, setToken: changeToken, setStake: setBet } = useGameStake("wheel");
  const selected = useChoicesStore((state) => state.wheelColours);
  const setSelected = useChoicesStore((state) => state.chooseWheelColours);
  const [limitReached, setLimitReached] = useState(false);
  const [phase, setPhase] = useState<WheelPhase>("idle");
  /** Where the wheel rests between spins. */
  const [rotation, setRotation] = useState(0);
  /** Where the spin under way will stop, once its outcome is known. */
  const [landingAt, setLandingAt] = useState<number | null>(null);
  const wheel = useWheelSpin();
  const [lastRecord, setLastRecord] = useState<SpinRecord | null>(null);
  const [history, setHistory] = useState<SpinRecord[]>([]);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  const nextId = useRef(1);
  // Guards against a second click landing before React re-renders with phase "spinning".
  const spinning = useRef(false);

  // A bet that is late (a settlement, or a signed bet's relay) may stay so for long: the wheel
  // comes to rest where it got to (the bet's panel says why) instead of turning for an hour.
  const late = useBetStore(
    (state) =>
      state.bet?.game === "wheel" && (state.bet.stage === "relay-late" || (state.bet.stage === "settling" && state.bet.blocksWaited >= LATE_AFTER_BLOCKS)),
  );
  useEffect(() => {
    if (late) wheel.rest();
  }, [late, wheel]);

  const toggleColour = (index: number) => {
    if (selected.includes(index)) {
      setLimitReached(false);
      setSelected(selected.filter((colour) => colour !== index));
    } else if (selected.length >= WHEEL_MAX_COLOURS) {
      setLimitReached(true);
    } else {
      setSelected([...selected, index].sort((a, b) => a - b));
    }
  };

  /**
   * One spin at the bet shown, or at `stakeOfRound` (auto-bet's); resolves with its record once the
   * wheel has stopped on it, or null when nothing was played.
   */
  const spin = useCallback(
    async (stakeOfRound?: number): Promise<SpinRecord | null> => {
      if (spinning.current) return null;
      const stake = stakeOfRound ?? bet;
      const error = validateSpin(selected.length, stake, getPlayableBalance(token, GameType.WHEEL), token);
      if (error) {
        toast({ ...error, variant: "error" });
        return null;
      }
      const colours = [...selected];
      spinning.current = true;
      setPhase("spinning");
      // The wheel turns from the click: the wait for the outcome hides inside the spin.
      wheel.start();
      // The ticks follow a turning wheel's pegs: a still wheel (reduced motion) makes none.
      if (!prefersReducedMotion()) playNotes(SPIN_NOTES);
      let result;
      try {
        result = await source.spin({ token, stake, colours });
      } catch (failure) {
        console.error("Wheel spin failed", failure);
        setRotation((current) => wheel.rest() ?? current);
        spinning.current = false;
        setPhase("idle");
        return null;
      }
      applyPayout(token, -stake);
      const offset = (Math.random() - 0.5) * SEGMENT_DEGREES * 0.7;
      const { finalAngle, done } = wheel.land(result.segment, offset);
      setLandingAt(finalAngle);
      await done;
      const multiplier = wheelMultiplier(token, colours.length);
      const record: SpinRecord = {
        id: nextId.current++,
        segment: result.segment,
        label: WHEEL_COLOURS[result.segment].label,
        won: result.won,
        token,
        profit: result.payout - stake,
      };
      applyPayout(token, result.payout);
      if (result.won) {
        toast({ title: "YOU WON!", description: `Won ${formatTokenAmount(token, result.payout)} ${token} (${formatMultiplier(multiplier)})` });
        playSound("win");
        setWinBurst(record.id);
      } else {
        toast({ title: "Better Luck Next Time", description: `Lost ${formatTokenAmount(token, stake)} ${token}`, variant: "error" });
        playSound("lose");
      }
      setRotation(finalAngle);
      setLandingAt(null);
      setLastRecord(record);
      setHistory((current) => [record, ...current].slice(0, HISTORY_LIMIT));
      spinning.current = false;
      setPhase("result");
      return record;
    },
    [selected, bet, token, source, getPlayableBalance, applyPayout, wheel],
  );

  return {
    token,
    changeToken,
    bet,
    setBet,
    selected,
    toggleColour,
    limitReached,
    phase,
    rotation,
    landingAt,
    rotor: wheel.rotor,
    lastRecord,
    history,
    winBurst,
    spin,
  };
}
