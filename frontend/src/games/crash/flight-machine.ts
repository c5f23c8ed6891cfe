import { CRASH, crashCashOutWins, crashPayout, crashTimeToReach } from "@engine/crash";
import { fromBaseUnits, toBaseUnits } from "@engine/tokens";
import type { CrashFlight, CrashSettlement } from "./round-source";

export type FlightPhase = "idle" | "flying" | "crashed" | "cashedout";

export interface FlightState {
  phase: FlightPhase;
  flight: CrashFlight | null;
  /** The multiplier shown, hundredths: the curve at the last 50 ms tick, the crash point, or the cash-out. */
  hundredths: number;
  /** Flight time of the multiplier shown, seconds. */
  elapsedSec: number;
  settlement: CrashSettlement | null;
}

export type FlightAction =
  | { type: "launch"; flight: CrashFlight }
  | { type: "tick"; hundredths: number; elapsedSec: number }
  | { type: "crash" }
  | { type: "cashOut"; hundredths: number; elapsedSec: number }
  | { type: "settled"; settlement: CrashSettlement }
  | { type: "reset" };

export const initialFlightState: FlightState = {
  phase: "idle",
  flight: null,
  hundredths: CRASH.INSTANT_BUST_HUNDREDTHS,
  elapsedSec: 0,
  settlement: null,
};

export function flightReducer(state: FlightState, action: FlightAction): FlightState {
  switch (action.type) {
    case "launch":
      return state.phase === "idle" ? { ...initialFlightState, phase: "flying", flight: action.flight } : state;
    case "tick":
      if (state.phase !== "flying" || (state.hundredths === action.hundredths && state.elapsedSec === action.elapsedSec)) return state;
      return { ...state, hundredths: action.hundredths, elapsedSec: action.elapsedSec };
    case "crash":
      if (state.phase !== "flying" || !state.flight) return state;
      return { ...state, phase: "crashed", hundredths: state.flight.round.crashPoint, elapsedSec: state.flight.round.crashTimeSec };
    case "cashOut":
      return state.phase === "flying" ? { ...state, phase: "cashedout", hundredths: action.hundredths, elapsedSec: action.elapsedSec } : state;
    case "settled":
      return state.phase === "crashed" || state.phase === "cashedout" ? { ...state, settlement: action.settlement } : state;
    case "reset":
      return state.phase === "crashed" || state.phase === "cashedout" ? initialFlightState : state;
  }
}

/** When the auto target cashes the flight out, seconds; Infinity when the round crashes first. */
export function autoCashOutAtSec(flight: CrashFlight): number {
  const { autoCashOut, round } = flight;
  if (autoCashOut === null || !crashCashOutWins(autoCashOut, round.crashPoint)) return Number.POSITIVE_INFINITY;
  return crashTimeToReach(round.curve, autoCashOut / 100);
}

/** What cashing out at this multiplier would pay, for the 'Potential Win' readout. */
export function potentialWin(stake: number, hundredths: number): number {
  return fromBaseUnits(crashPayout(toBaseUnits(stake), hundredths, CRASH.MAX_HUNDREDTHS));
}

export function formatMultiplier(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2)}x`;
}

/** A typed auto cash-out target ("2", "2.5x") in hundredths; null when empty, NaN when invalid. */
export function parseAutoCashOut(text: string): number | null {
  const trimmed = text.trim().replace(/x$/i, "").replace(",", ".").trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return Number.NaN;
  const hundredths = Math.round(value * 100);
  return hundredths >= CRASH.MIN_AUTO_CASH_OUT && hundredths <= CRASH.MAX_HUNDREDTHS ? hundredths : Number.NaN;
}
