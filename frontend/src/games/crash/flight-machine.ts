import { CRASH, crashCashOutWins, crashHundredthsAt, crashPayout, crashTimeToReach, type CrashRound } from "@engine/crash";
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
  /** The server ended a live round before a cash-out: the flight holds until the settlement shows the crash. */
  over: boolean;
}

export type FlightAction =
  | { type: "launch"; flight: CrashFlight }
  | { type: "tick"; hundredths: number; elapsedSec: number }
  | { type: "crash" }
  | { type: "over" }
  | { type: "cashOut"; hundredths: number; elapsedSec: number }
  | { type: "settled"; settlement: CrashSettlement }
  | { type: "failed" }
  | { type: "reset" };

export const initialFlightState: FlightState = {
  phase: "idle",
  flight: null,
  hundredths: CRASH.INSTANT_BUST_HUNDREDTHS,
  elapsedSec: 0,
  settlement: null,
  over: false,
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
    case "over":
      return state.phase === "flying" ? { ...state, over: true } : state;
    case "cashOut":
      return state.phase === "flying" && !state.over ? { ...state, phase: "cashedout", hundredths: action.hundredths, elapsedSec: action.elapsedSec } : state;
    case "settled": {
      if (state.phase === "idle") return state;
      const { settlement } = action;
      // The settlement has the last word: a live round shows the cash-out the server fixed, or
      // the crash the server saw first, at the settled crash point.
      if (settlement.won) {
        const hundredths = settlement.cashOut ?? state.hundredths;
        const elapsedSec = hundredths === state.hundredths ? state.elapsedSec : fixedAtSec(settlement.round, hundredths, state.elapsedSec);
        return { ...state, phase: "cashedout", hundredths, elapsedSec, settlement };
      }
      const { crashPoint, crashTimeSec } = settlement.round;
      return { ...state, phase: "crashed", over: false, hundredths: crashPoint, elapsedSec: crashTimeSec, settlement };
    }
    case "failed":
      // A round that could not be settled or checked: the bet status tells why.
      return state.phase === "idle" ? state : initialFlightState;
    case "reset":
      return state.phase === "crashed" || state.phase === "cashedout" ? initialFlightState : state;
  }
}

/** How far past the click the server's cash-out is looked for on the settled curve. */
const FIXED_SEARCH_SEC = 5;
const FIXED_SEARCH_STEP_SEC = 0.005;

/**
 * When, from the click on, the settled curve first shows the cash-out the server fixed: its clock
 * read the curve a little after the click (the request's way there). The chart ends there, so its
 * tip meets the readout; at the click itself when the value is not found.
 */
export function fixedAtSec(round: CrashRound, hundredths: number, clickSec: number): number {
  for (let tSec = clickSec; tSec < clickSec + FIXED_SEARCH_SEC; tSec += FIXED_SEARCH_STEP_SEC) {
    if (crashHundredthsAt(round, tSec) === hundredths) return tSec;
  }
  return clickSec;
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
