import { KICKBOXING, type FightExchange, type KickboxingBet } from "@engine/kickboxing";
import type { KickboxingRound } from "./round-source";

/** docs/product.md §4: after a knockout the result comes 0.5 s later. */
export const KO_RESULT_DELAY_MS = 500;
export const ROUND_SECONDS = KICKBOXING.ROUND_MS / 1000;

export type MatchPhase = "idle" | "fighting" | "finished";

export interface MatchState {
  phase: MatchPhase;
  bet: KickboxingBet | null;
  round: KickboxingRound | null;
  /** Exchanges of the timeline shown so far. */
  shownExchanges: number;
  countdownSec: number;
}

export type MatchAction =
  { type: "chooseBet"; bet: KickboxingBet } | { type: "start"; round: KickboxingRound } | { type: "advance"; elapsedMs: number } | { type: "reset" };

export const initialMatchState: MatchState = {
  phase: "idle",
  bet: null,
  round: null,
  shownExchanges: 0,
  countdownSec: ROUND_SECONDS,
};

/** When the result banner appears, from the start of the round. */
export function resultAtMs(round: KickboxingRound): number {
  const { fight } = round;
  return fight.endReason === "KO" ? fight.durationMs + KO_RESULT_DELAY_MS : fight.durationMs;
}

export function exchangesShownAt(timeline: readonly FightExchange[], elapsedMs: number): number {
  let shown = 0;
  while (shown < timeline.length && timeline[shown].timeMs <= elapsedMs) shown++;
  return shown;
}

export function countdownAt(elapsedMs: number): number {
  return Math.max(0, Math.ceil((KICKBOXING.ROUND_MS - elapsedMs) / 1000));
}

export function matchReducer(state: MatchState, action: MatchAction): MatchState {
  switch (action.type) {
    case "chooseBet":
      return state.phase === "idle" ? { ...state, bet: action.bet } : state;
    case "start":
      return state.phase === "idle"
        ? { ...state, phase: "fighting", bet: action.round.bet, round: action.round, shownExchanges: 0, countdownSec: ROUND_SECONDS }
        : state;
    case "advance": {
      if (state.phase !== "fighting" || !state.round) return state;
      const { fight } = state.round;
      // The clock stops with the fight: a knockout freezes it at the knockout's second.
      const fightMs = Math.min(action.elapsedMs, fight.durationMs);
      const shownExchanges = exchangesShownAt(fight.timeline, fightMs);
      const countdownSec = countdownAt(fightMs);
      const phase = action.elapsedMs >= resultAtMs(state.round) ? "finished" : "fighting";
      if (phase === state.phase && shownExchanges === state.shownExchanges && countdownSec === state.countdownSec) return state;
      return { ...state, phase, shownExchanges, countdownSec };
    }
    case "reset":
      return state.phase === "finished" ? initialMatchState : state;
  }
}

export interface FighterView {
  hp: number;
  blocks: number;
  counters: number;
  combos: number;
}

/**
 * HP and stats after the exchanges shown so far, read from the engine's timeline: a block and
 * a counter belong to the defender, a combo to the attacker (as the engine counts them).
 */
export function fightersAfter(timeline: readonly FightExchange[], shown: number): { RED: FighterView; BLUE: FighterView } {
  const view: { RED: FighterView; BLUE: FighterView } = {
    RED: { hp: KICKBOXING.START_HP, blocks: 0, counters: 0, combos: 0 },
    BLUE: { hp: KICKBOXING.START_HP, blocks: 0, counters: 0, combos: 0 },
  };
  for (const exchange of timeline.slice(0, shown)) {
    const defender = exchange.attacker === "RED" ? view.BLUE : view.RED;
    if (exchange.blocked) defender.blocks++;
    if (exchange.counter) defender.counters++;
    if (exchange.combo > 0) view[exchange.attacker].combos++;
    view.RED.hp = exchange.redHp;
    view.BLUE.hp = exchange.blueHp;
  }
  return view;
}
