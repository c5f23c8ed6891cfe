// @vitest-environment node
import { describe, expect, it } from "vitest";
import { crashHundredthsAt, crashRound, crashTimeToReach } from "@engine/crash";
import { autoCashOutAtSec, flightReducer, formatMultiplier, initialFlightState, parseAutoCashOut, potentialWin, type FlightState } from "../flight-machine";
import type { CrashFlight } from "../round-source";
import { wordWhere } from "./fixtures";

const flightOf = (word: string, autoCashOut: number | null = null): CrashFlight => ({
  token: "DEGEN",
  stake: 10,
  autoCashOut,
  round: crashRound(word, "DEGEN"),
  cashOutAllowed: true,
});

describe("crash flight machine", () => {
  const flight = flightOf(wordWhere((round) => round.crashPoint >= 200));

  it("goes idle → flying → crashed → idle", () => {
    let state: FlightState = flightReducer(initialFlightState, { type: "launch", flight });
    expect(state).toMatchObject({ phase: "flying", hundredths: 100 });
    state = flightReducer(state, { type: "tick", hundredths: 123, elapsedSec: 4.2 });
    expect(state).toMatchObject({ hundredths: 123, elapsedSec: 4.2 });
    expect(flightReducer(state, { type: "tick", hundredths: 123, elapsedSec: 4.2 })).toBe(state);
    expect(flightReducer(state, { type: "reset" })).toBe(state);
    state = flightReducer(state, { type: "crash" });
    expect(state).toMatchObject({ phase: "crashed", hundredths: flight.round.crashPoint, elapsedSec: flight.round.crashTimeSec });
    // Nothing more happens to a crashed flight until PLAY AGAIN.
    expect(flightReducer(state, { type: "cashOut", hundredths: 150, elapsedSec: 1 })).toBe(state);
    expect(flightReducer(state, { type: "tick", hundredths: 150, elapsedSec: 1 })).toBe(state);
    const lost = { cashOut: null, won: false, payout: 0, round: flight.round };
    state = flightReducer(state, { type: "settled", settlement: lost });
    expect(state).toMatchObject({ phase: "crashed", hundredths: flight.round.crashPoint, settlement: lost });
    expect(flightReducer(state, { type: "reset" })).toEqual(initialFlightState);
  });

  it("goes idle → flying → cashedout → idle and cashes out once", () => {
    let state = flightReducer(initialFlightState, { type: "launch", flight });
    state = flightReducer(state, { type: "cashOut", hundredths: 150, elapsedSec: 8.1 });
    expect(state).toMatchObject({ phase: "cashedout", hundredths: 150, elapsedSec: 8.1 });
    expect(flightReducer(state, { type: "cashOut", hundredths: 160, elapsedSec: 9 })).toBe(state);
    expect(flightReducer(state, { type: "crash" })).toBe(state);
    expect(flightReducer(state, { type: "reset" }).phase).toBe("idle");
    expect(flightReducer(state, { type: "launch", flight })).toBe(state);
  });

  it("ends a live round as the settlement says: the cash-out the server fixed, or the crash it saw first", () => {
    const live = { ...flight, live: { startedAtMs: 0, over: new Promise<void>(() => undefined) } };
    // Clicked at 5.2 s; the request reached the server a little later, on a higher value.
    const serverFixed = crashHundredthsAt(flight.round, 5.45);
    let state = flightReducer(initialFlightState, { type: "launch", flight: live });
    state = flightReducer(state, { type: "cashOut", hundredths: serverFixed + 3, elapsedSec: 5.2 });
    const won = flightReducer(state, { type: "settled", settlement: { cashOut: serverFixed, won: true, payout: serverFixed / 10, round: flight.round } });
    expect(won).toMatchObject({ phase: "cashedout", hundredths: serverFixed });
    // The chart ends where the settled curve shows the fixed cash-out, from the click on.
    expect(won.elapsedSec).toBeGreaterThanOrEqual(5.2);
    expect(won.elapsedSec).toBeLessThanOrEqual(5.45);
    expect(crashHundredthsAt(flight.round, won.elapsedSec)).toBe(serverFixed);
    // The cash-out reached the server after the crash.
    const late = flightReducer(state, { type: "settled", settlement: { cashOut: null, won: false, payout: 0, round: flight.round } });
    expect(late).toMatchObject({ phase: "crashed", hundredths: flight.round.crashPoint, elapsedSec: flight.round.crashTimeSec });

    // The server ended it first: the flight holds (no cash-out any more) until the settlement.
    state = flightReducer(flightReducer(initialFlightState, { type: "launch", flight: live }), { type: "over" });
    expect(state).toMatchObject({ phase: "flying", over: true });
    expect(flightReducer(state, { type: "cashOut", hundredths: 150, elapsedSec: 9 })).toBe(state);
    state = flightReducer(state, { type: "settled", settlement: { cashOut: null, won: false, payout: 0, round: flight.round } });
    expect(state).toMatchObject({ phase: "crashed", over: false, hundredths: flight.round.crashPoint });
  });

  it("goes back to idle when a round cannot be settled", () => {
    const state = flightReducer(initialFlightState, { type: "launch", flight });
    expect(flightReducer(state, { type: "failed" })).toEqual(initialFlightState);
    expect(flightReducer(initialFlightState, { type: "failed" })).toBe(initialFlightState);
  });

  it("finds when an auto target cashes out, and never for a target above the crash point", () => {
    expect(autoCashOutAtSec({ ...flight, autoCashOut: 150 })).toBeCloseTo(crashTimeToReach(flight.round.curve, 1.5), 9);
    expect(autoCashOutAtSec({ ...flight, autoCashOut: flight.round.crashPoint + 1 })).toBe(Number.POSITIVE_INFINITY);
    expect(autoCashOutAtSec({ ...flight, autoCashOut: null })).toBe(Number.POSITIVE_INFINITY);
    const bust = flightOf(
      wordWhere((round) => round.crashPoint === 100),
      101,
    );
    expect(autoCashOutAtSec(bust)).toBe(Number.POSITIVE_INFINITY);
  });

  it("parses auto cash-out targets from 1.01x to 100x", () => {
    expect(parseAutoCashOut("")).toBeNull();
    expect(parseAutoCashOut("  ")).toBeNull();
    expect(parseAutoCashOut("2")).toBe(200);
    expect(parseAutoCashOut("2.5x")).toBe(250);
    expect(parseAutoCashOut("1,01")).toBe(101);
    expect(parseAutoCashOut("100")).toBe(10_000);
    for (const bad of ["1", "1.004", "100.01", "abc", "-2"]) expect(parseAutoCashOut(bad)).toBeNaN();
  });

  it("formats the multiplier and the potential win", () => {
    expect(formatMultiplier(100)).toBe("1.00x");
    expect(formatMultiplier(1234)).toBe("12.34x");
    expect(potentialWin(10, 123)).toBe(12.3);
    expect(potentialWin(0.005, 250)).toBe(0.0125);
  });
});
