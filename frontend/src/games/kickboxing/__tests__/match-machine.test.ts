// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fightFromWord, KICKBOXING } from "@engine/kickboxing";
import { countdownAt, exchangesShownAt, fightersAfter, initialMatchState, matchReducer, resultAtMs, type MatchState } from "../match-machine";
import type { KickboxingRound } from "../round-source";
import { drawnFight, wordFor } from "./fixtures";

function roundOf(word: string): KickboxingRound {
  return { token: "DEGEN", stake: 10, bet: "RED", fight: fightFromWord(word), won: false, payout: 0 };
}

describe("kickboxing match machine", () => {
  const koRound = roundOf(wordFor("RED", "KO"));
  const drawRound: KickboxingRound = { ...roundOf(wordFor("BLUE")), fight: drawnFight() };

  it("goes idle → fighting → finished → idle", () => {
    let state: MatchState = matchReducer(initialMatchState, { type: "chooseBet", bet: "BLUE" });
    expect(state.bet).toBe("BLUE");
    state = matchReducer(state, { type: "start", round: koRound });
    expect(state.phase).toBe("fighting");
    // A bet cannot change mid-fight and a reset is refused until the fight is over.
    expect(matchReducer(state, { type: "chooseBet", bet: "TIE" })).toBe(state);
    expect(matchReducer(state, { type: "reset" })).toBe(state);
    state = matchReducer(state, { type: "advance", elapsedMs: resultAtMs(koRound) - 1 });
    expect(state.phase).toBe("fighting");
    state = matchReducer(state, { type: "advance", elapsedMs: resultAtMs(koRound) });
    expect(state.phase).toBe("finished");
    expect(state.shownExchanges).toBe(koRound.fight.timeline.length);
    expect(matchReducer(state, { type: "advance", elapsedMs: 99_999 })).toBe(state);
    expect(matchReducer(state, { type: "reset" })).toEqual(initialMatchState);
  });

  it("shows the result 0.5 s after a knockout and at the bell after a draw", () => {
    expect(koRound.fight.endReason).toBe("KO");
    expect(resultAtMs(koRound)).toBe(koRound.fight.durationMs + 500);
    expect(resultAtMs(drawRound)).toBe(KICKBOXING.ROUND_MS);
  });

  it("reveals one exchange every 600 ms and keeps state identical between exchanges", () => {
    const { timeline } = drawRound.fight;
    expect(exchangesShownAt(timeline, 599)).toBe(0);
    expect(exchangesShownAt(timeline, 600)).toBe(1);
    expect(exchangesShownAt(timeline, 1799)).toBe(2);
    expect(exchangesShownAt(timeline, 30_000)).toBe(50);
    const started = matchReducer({ ...initialMatchState, bet: "TIE" }, { type: "start", round: drawRound });
    const at650 = matchReducer(started, { type: "advance", elapsedMs: 650 });
    expect(matchReducer(at650, { type: "advance", elapsedMs: 700 })).toBe(at650);
  });

  it("counts the fight time down in whole seconds and freezes it at a knockout", () => {
    expect(countdownAt(0)).toBe(30);
    expect(countdownAt(1)).toBe(30);
    expect(countdownAt(1000)).toBe(29);
    expect(countdownAt(29_999)).toBe(1);
    expect(countdownAt(30_000)).toBe(0);
    const started = matchReducer({ ...initialMatchState, bet: "RED" }, { type: "start", round: koRound });
    const ended = matchReducer(started, { type: "advance", elapsedMs: resultAtMs(koRound) + 5000 });
    expect(ended.countdownSec).toBe(countdownAt(koRound.fight.durationMs));
  });

  it("derives HP and the live stats from the timeline, ending at the engine's totals", () => {
    for (const round of [koRound, drawRound]) {
      const { timeline, stats, redHp, blueHp } = round.fight;
      const start = fightersAfter(timeline, 0);
      expect([start.RED.hp, start.BLUE.hp]).toEqual([100, 100]);
      const middle = fightersAfter(timeline, 5);
      expect([middle.RED.hp, middle.BLUE.hp]).toEqual([timeline[4].redHp, timeline[4].blueHp]);
      const end = fightersAfter(timeline, timeline.length);
      expect([end.RED.hp, end.BLUE.hp]).toEqual([redHp, blueHp]);
      expect({
        redBlocks: end.RED.blocks,
        redCounters: end.RED.counters,
        redCombos: end.RED.combos,
        blueBlocks: end.BLUE.blocks,
        blueCounters: end.BLUE.counters,
        blueCombos: end.BLUE.combos,
      }).toEqual(stats);
    }
  });
});
