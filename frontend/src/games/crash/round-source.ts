import { crashRound, type CrashRound } from "@engine/crash";
import { playCrashDemo } from "@engine/demo";
import { randomBytes32 } from "@engine/random";
import type { Token } from "@/config/tokens";

export interface CrashLaunchRequest {
  token: Token;
  stake: number;
  /** Auto cash-out target in hundredths (250 = 2.50x), or null for a manual round. */
  autoCashOut: number | null;
}

/** A paid-for flight. */
export interface CrashFlight extends CrashLaunchRequest {
  /**
   * The round flown: fixed before take-off (demo play, or a web3 round settled with its auto
   * target), or for a live round its curve with the crash point still secret.
   */
  round: CrashRound;
  /** CASH OUT can change the outcome: not when the round was settled with its auto target before take-off. */
  cashOutAllowed: boolean;
  live?: LiveRound;
}

/** A manual web3 round, flying by the server's clock while the server holds its secret word. */
export interface LiveRound {
  /** When the server started the round (epoch ms). */
  startedAtMs: number;
  /** Resolves when the server ends the round without a cash-out: it crashed. */
  over: Promise<void>;
}

export interface CrashSettlement {
  /** The cash-out that applied, hundredths; null when the player rode it to the crash. */
  cashOut: number | null;
  won: boolean;
  /** Total payout in token units, stake included (0 on a loss). */
  payout: number;
  /** The round as settled: the crash point and curve the screen ends on. */
  round: CrashRound;
}

/**
 * The one place a crash outcome comes from. Demo play draws the round in the browser with the
 * engine; web3 play escrows the stake on chain and has the server settle it (web3-round-source.ts).
 */
export interface CrashRoundSource {
  /** Takes the stake and fixes the round. */
  launch(request: CrashLaunchRequest): Promise<CrashFlight>;
  /**
   * Ends the flight: a manual cash-out at that multiplier (hundredths), or null to let the
   * auto target (if any) or the crash decide. A flight settles once; later calls get the same answer.
   */
  settle(flight: CrashFlight, manualCashOut: number | null): Promise<CrashSettlement>;
}

export interface DemoCrashSourceOptions {
  applyPayout: (token: Token, signedAmount: number) => void;
  /** The round's random word; the engine's CSPRNG word unless a test fixes it. */
  nextWord?: () => string;
}

export function createDemoCrashSource({ applyPayout, nextWord = randomBytes32 }: DemoCrashSourceOptions): CrashRoundSource {
  const words = new WeakMap<CrashFlight, string>();
  const settlements = new WeakMap<CrashFlight, Promise<CrashSettlement>>();
  return {
    async launch(request) {
      const word = nextWord();
      const flight: CrashFlight = { ...request, round: crashRound(word, request.token), cashOutAllowed: true };
      words.set(flight, word);
      applyPayout(request.token, -request.stake);
      return flight;
    },
    settle(flight, manualCashOut) {
      const earlier = settlements.get(flight);
      if (earlier) return earlier;
      const word = words.get(flight);
      if (!word) return Promise.reject(new Error("This flight was not launched by this source"));
      // A manual cash-out replaces the auto target: a round carries one or the other (engine).
      const { payout, outcome } = playCrashDemo(
        flight.stake,
        flight.token,
        word,
        manualCashOut !== null ? { manualCashOut } : { autoCashOut: flight.autoCashOut },
      );
      if (payout > 0) applyPayout(flight.token, payout);
      const settlement = Promise.resolve({ cashOut: outcome.cashOut, won: outcome.won, payout, round: flight.round });
      settlements.set(flight, settlement);
      return settlement;
    },
  };
}
