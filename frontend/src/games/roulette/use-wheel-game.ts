import { useCallback, useEffect, useRef, useState } from "react";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { playNotes, playSound } from "@/features/sound";
import { toast } from "@/features/toast";
import { LATE_AFTER_BLOCKS, useBetStore } from "@/features/bets/bet-store";
import { useWallet } from "@/features/wallet";
import { DEFAULT_BET } from "@/lib/bet-rules";

/** Switching token resets the bet to a stake that fits it (10 DEGEN, 0.01 BNB). */
const defaultBet = (token: Token) => (token === "BNB" ? 0.01 : DEFAULT_BET);
import type { WheelRoundSource } from "./round-source";
import { useFreeSpin } from "./use-free-spin";
import {
  HISTORY_LIMIT,
  MAX_TURNS,
  MIN_TURNS,
  SEGMENT_DEGREES,
  SPIN_DURATION_MS,
  WHEEL_COLOURS,
  WHEEL_MAX_COLOURS,
  formatMultiplier,
  landingRotation,
  validateSpin,
  wheelMultiplier,
} from "./wheel-rules";
import { SPIN_NOTES } from "./wheel-sounds";

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
  const [token, setToken] = useState<Token>("DEGEN");
  const [bet, setBet] = useState<number>(DEFAULT_BET);
  const [selected, setSelected] = useState<number[]>([]);
  const [limitReached, setLimitReached] = useState(false);
  const [phase, setPhase] = useState<WheelPhase>("idle");
  const [rotation, setRotation] = useState(0);
  /** The round is out of the player's hands and its outcome not known yet (a web3 bet on its way). */
  const [waiting, setWaiting] = useState(false);
  const freeSpin = useFreeSpin();
  const [lastRecord, setLastRecord] = useState<SpinRecord | null>(null);
  const [history, setHistory] = useState<SpinRecord[]>([]);
  const [winBurst, setWinBurst] = useState<number | null>(null);
  const spinTimer = useRef<number | undefined>(undefined);
  const nextId = useRef(1);
  // Guards against a second click landing before React re-renders with phase "spinning".
  const spinning = useRef(false);

  useEffect(() => () => window.clearTimeout(spinTimer.current), []);

  // A settlement that is late may stay so until the bet is claimed back: the wheel comes to rest
  // where it got to (the bet's panel says why) instead of turning for an hour.
  const late = useBetStore((state) => state.bet?.game === "wheel" && state.bet.stage === "settling" && state.bet.blocksWaited >= LATE_AFTER_BLOCKS);
  useEffect(() => {
    if (!late) return;
    const reached = freeSpin.stop();
    if (reached !== null) setRotation(reached);
  }, [late, freeSpin]);

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

  const changeToken = (next: Token) => {
    setToken(next);
    setBet(defaultBet(next));
  };

  const spin = useCallback(async () => {
    if (spinning.current) return;
    const error = validateSpin(selected.length, bet, getPlayableBalance(token), token);
    if (error) {
      toast({ ...error, variant: "error" });
      return;
    }
    const stake = bet;
    const colours = [...selected];
    spinning.current = true;
    setPhase("spinning");
    setWaiting(true);
    freeSpin.start();
    let result;
    try {
      result = await source.spin({ token, stake, colours });
    } catch (failure) {
      console.error("Wheel spin failed", failure);
      const reached = freeSpin.stop();
      if (reached !== null) setRotation(reached);
      setWaiting(false);
      spinning.current = false;
      setPhase("idle");
      return;
    }
    const reached = freeSpin.stop();
    setWaiting(false);
    applyPayout(token, -stake);
    playNotes(SPIN_NOTES);
    const turns = MIN_TURNS + Math.floor(Math.random() * (MAX_TURNS - MIN_TURNS + 1));
    const offset = (Math.random() - 0.5) * SEGMENT_DEGREES * 0.7;
    setRotation((current) => landingRotation(reached ?? current, result.segment, turns, offset));

    spinTimer.current = window.setTimeout(() => {
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
      setLastRecord(record);
      setHistory((current) => [record, ...current].slice(0, HISTORY_LIMIT));
      spinning.current = false;
      setPhase("result");
    }, SPIN_DURATION_MS);
  }, [selected, bet, token, source, getPlayableBalance, applyPayout, freeSpin]);

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
    waiting,
    rotor: freeSpin.rotor,
    lastRecord,
    history,
    winBurst,
    spin,
  };
}
