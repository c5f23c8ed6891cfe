import { useEffect, useReducer, useRef, useState, type RefObject } from "react";
import { CRASH, crashCashOutAt, crashHundredthsAt } from "@engine/crash";
import { alertShortBalance } from "@/lib/short-balance";
import { playNotes, playSound } from "@/features/sound";
import { autoCashOutAtSec, flightReducer, initialFlightState } from "../flight-machine";
import type { CrashFlight, CrashLaunchRequest, CrashRoundSource } from "../round-source";
import { EXPLOSION_NOTES, tickNotes } from "../sounds";
import type { ChartHandle } from "../components/crash-chart";

export const SOUND_EVERY_MS = 200;

/** What the frame loop and the CASH OUT handler share outside React's render cycle. */
interface LiveFlight {
  flight: CrashFlight;
  /** The source that launched it settles it, though the page may have switched demo ↔ web3 since. */
  source: CrashRoundSource;
  /** Flight time of the last 50 ms tick, seconds: a cash-out locks in the multiplier shown. */
  tickSec: number;
  ended: boolean;
}

/** docs/product.md §4's crash state machine, flying along the engine's curve frame by frame. */
export function useCrashFlight(source: CrashRoundSource, chart: RefObject<ChartHandle | null>) {
  const [state, dispatch] = useReducer(flightReducer, initialFlightState);
  const [launching, setLaunching] = useState(false);
  const live = useRef<LiveFlight | null>(null);
  /** From START GAME to the round's settlement; a ref: auto-bet launches the next round before React re-renders. */
  const inPlay = useRef(false);
  const roundOver = useRef<((profit: number | null) => void) | null>(null);

  function end(current: LiveFlight, manualCashOut: number | null) {
    current.ended = true;
    live.current = null;
    const over = (profit: number | null) => {
      inPlay.current = false;
      roundOver.current?.(profit);
      roundOver.current = null;
    };
    current.source.settle(current.flight, manualCashOut).then(
      (settlement) => {
        dispatch({ type: "settled", settlement });
        over(settlement.payout - current.flight.stake);
      },
      (failure: unknown) => {
        console.error("Crash round failed", failure);
        dispatch({ type: "failed" });
        over(null);
      },
    );
  }

  // Leaving the page ends the flight: an auto target the round reaches still pays, nothing else does.
  useEffect(
    () => () => {
      if (live.current && !live.current.ended) end(live.current, null);
    },
    [],
  );

  const { phase, flight } = state;
  useEffect(() => {
    if (phase !== "flying" || !flight || live.current?.flight !== flight) return;
    const current = live.current;
    const { round } = flight;
    const autoAtSec = autoCashOutAtSec(flight);
    let frame = 0;
    let startedAt: number | null = null;
    let lastTick = -1;
    let lastSound = -1;

    const step = (now: number) => {
      if (current.ended) return;
      startedAt ??= now;
      // A live round flies by the server's clock since it started the round (the browser's clock
      // taken as the server's); a fixed round from its first frame.
      const elapsedMs = flight.live ? Math.max(0, Date.now() - flight.live.startedAtMs) : now - startedAt;
      const tSec = elapsedMs / 1000;
      if (tSec >= autoAtSec && flight.autoCashOut !== null) {
        chart.current?.draw({ round, tSec: autoAtSec, status: "cashedout" });
        dispatch({ type: "cashOut", hundredths: flight.autoCashOut, elapsedSec: autoAtSec });
        playSound("coin");
        end(current, null);
        return;
      }
      if (tSec >= round.crashTimeSec) {
        chart.current?.draw({ round, tSec: round.crashTimeSec, status: "crashed" });
        dispatch({ type: "crash" });
        playNotes(EXPLOSION_NOTES);
        end(current, null);
        return;
      }
      const tick = Math.floor(elapsedMs / CRASH.TICK_MS);
      if (tick !== lastTick) {
        lastTick = tick;
        current.tickSec = (tick * CRASH.TICK_MS) / 1000;
        dispatch({ type: "tick", hundredths: crashHundredthsAt(round, current.tickSec), elapsedSec: current.tickSec });
      }
      const soundBeat = Math.floor(elapsedMs / SOUND_EVERY_MS);
      if (soundBeat !== lastSound) {
        lastSound = soundBeat;
        playNotes(tickNotes(crashHundredthsAt(round, tSec) / 100));
      }
      chart.current?.draw({ round, tSec, status: "flying" });
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    let active = true;
    // The server ended a live round at its crash point: hold the rocket until the settlement shows it.
    void flight.live?.over.then(() => {
      if (!active || current.ended) return;
      dispatch({ type: "over" });
      end(current, null);
    });
    return () => {
      active = false;
      cancelAnimationFrame(frame);
    };
  }, [phase, flight, chart]);

  /**
   * Launches a round (an ended one makes way); resolves with its profit (payout less stake) once
   * its settlement is shown, or null when nothing took off or the round failed.
   */
  async function launch({ playableBalance, ...request }: CrashLaunchRequest & { playableBalance: number }): Promise<number | null> {
    if (inPlay.current || alertShortBalance(request.token, playableBalance, request.stake)) return null;
    inPlay.current = true;
    setLaunching(true);
    let launched: CrashFlight;
    try {
      launched = await source.launch(request);
    } catch (failure) {
      // Nothing took off. A web3 refusal is told by the bet status; a refusal in the wallet is a quiet cancel.
      if ((failure as Error).name !== "TxCancelled") console.error("Crash round failed to launch", failure);
      inPlay.current = false;
      return null;
    } finally {
      setLaunching(false);
    }
    const over = new Promise<number | null>((resolve) => (roundOver.current = resolve));
    live.current = { flight: launched, source, tickSec: 0, ended: false };
    playSound("click");
    dispatch({ type: "reset" });
    dispatch({ type: "launch", flight: launched });
    return over;
  }

  /**
   * Pays stake × the multiplier shown, once: a second click finds the flight already ended. A live
   * round's cash-out is fixed by the server when the request arrives; the settlement shows it.
   */
  function cashOut() {
    const current = live.current;
    if (!current || current.ended || !current.flight.cashOutAllowed) return;
    const hundredths = crashCashOutAt(current.flight.round, current.tickSec);
    if (hundredths === null) return;
    chart.current?.draw({ round: current.flight.round, tSec: current.tickSec, status: "cashedout" });
    dispatch({ type: "cashOut", hundredths, elapsedSec: current.tickSec });
    playSound("coin");
    end(current, hundredths);
  }

  const playAgain = () => dispatch({ type: "reset" });

  return { state, launching, launch, cashOut, playAgain };
}
