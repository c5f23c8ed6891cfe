import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  KICKBOXING,
  KICKBOXING_CHANCES,
  decodeKickboxingParams,
  encodeKickboxingParams,
  fightFromWord,
  kickboxingPayoutBps,
  settleKickboxing,
  simulateFight,
  type Draws,
  type KickboxingBet,
} from "../src";

const word = (i: number) => keccak256(toUtf8Bytes(`kickboxing test ${i}`));

/** Draws read from a script, in order: floats for chances, integers for damage rolls. */
class ScriptedDraws implements Draws {
  constructor(private readonly script: number[]) {}
  float(): number {
    const next = this.script.shift();
    if (next === undefined || Number.isInteger(next)) throw new Error(`script expected a float, has ${next}`);
    return next;
  }
  int(n: number): number {
    const next = this.script.shift();
    if (next === undefined || !Number.isInteger(next) || next >= n) throw new Error(`script expected an integer below ${n}, has ${next}`);
    return next;
  }
  get remaining(): number {
    return this.script.length;
  }
}

// Script shorthands: below / above a chance.
const YES = 0.01;
const NO = 0.99;

describe("kickboxing rules", () => {
  it("ends in a DRAW when both stand after 30 s (50 exchanges, 600 ms apart)", () => {
    // not an even match; first exchange: side RED, kick, miss; then 49 × (switch attacker, kick, miss)
    const script = [NO, YES, NO, NO, ...Array.from({ length: 49 }, () => [NO, NO, NO]).flat()];
    const draws = new ScriptedDraws(script);
    const fight = simulateFight(draws);
    expect(draws.remaining).toBe(0);
    expect(fight.winner).toBe("DRAW");
    expect(fight.endReason).toBe("TIME");
    expect(fight.durationMs).toBe(30_000);
    expect(fight.timeline).toHaveLength(50);
    expect(fight.timeline.map((e) => e.timeMs)).toEqual(Array.from({ length: 50 }, (_, i) => 600 * (i + 1)));
    expect(fight.timeline.map((e) => e.attacker).slice(0, 4)).toEqual(["RED", "BLUE", "RED", "BLUE"]);
    expect([fight.redHp, fight.blueHp]).toEqual([100, 100]);
  });

  it("applies punch and kick damage, combos (+0.15), blocks (30 %) and counters (60 %)", () => {
    const draws = new ScriptedDraws([
      NO, // not an even match
      YES,
      0.5,
      YES,
      11,
      NO, // RED punches (0.5 < 55 %), hits for 12 + 11 = 23, not blocked
      YES,
      NO,
      YES,
      14,
      YES,
      YES, // RED again (combo 1): kick 15 + 14 = 29 × 1.15 = 33, blocked → 9; BLUE counters 60 % × 33 = 19
      NO,
      0.5,
      NO, // BLUE attacks: punch, misses
      ...Array.from({ length: 47 }, () => [NO, NO, NO]).flat(), // then only misses to the bell
    ]);
    const fight = simulateFight(draws);
    expect(draws.remaining).toBe(0);
    const [first, second, third] = fight.timeline;
    expect(first).toMatchObject({ attacker: "RED", move: "PUNCH", hit: true, combo: 0, damage: 23, blocked: false, counter: false, redHp: 100, blueHp: 77 });
    expect(second).toMatchObject({
      attacker: "RED",
      move: "KICK",
      combo: 1,
      comboMultiplier: 1.15,
      damage: 9,
      blocked: true,
      counter: true,
      counterDamage: 19,
      redHp: 81,
      blueHp: 68,
    });
    expect(second.popups).toEqual([
      expect.objectContaining({ target: "BLUE", damage: 9, isBlock: true, isCounter: false }),
      expect.objectContaining({ target: "RED", damage: 19, isBlock: false, isCounter: true }),
    ]);
    expect(third).toMatchObject({ attacker: "BLUE", move: "PUNCH", hit: false, damage: 0, combo: 0, popups: [] });
    expect(fight.stats).toEqual({ redBlocks: 0, redCounters: 0, redCombos: 1, blueBlocks: 1, blueCounters: 1, blueCombos: 0 });
    expect(fight.winner).toBe("DRAW");
  });

  it("ends at once when a fighter reaches 0 HP, and the other side wins", () => {
    const draws = new ScriptedDraws([
      NO, // not an even match
      NO,
      NO,
      YES,
      14,
      NO, // BLUE kicks 29 → RED 71
      YES,
      NO,
      YES,
      14,
      NO, // combo 1: 33 → 38
      YES,
      NO,
      YES,
      14,
      NO, // combo 2: 29 × 1.30 = 37 → 1
      YES,
      NO,
      YES,
      14,
      NO, // combo 3: 42 → 0, KO
    ]);
    const fight = simulateFight(draws);
    expect(draws.remaining).toBe(0);
    expect(fight.timeline.map((e) => e.redHp)).toEqual([71, 38, 1, 0]);
    expect(fight).toMatchObject({ winner: "BLUE", endReason: "KO", durationMs: 2400, redHp: 0, blueHp: 100 });
    expect(fight.stats.blueCombos).toBe(3);
  });

  it("goes the distance in an even match (the first draw): a fifth of each blow, nobody below 1 HP, a DRAW", () => {
    const draws = new ScriptedDraws([
      YES, // an even match
      NO,
      NO,
      YES,
      14,
      NO, // BLUE kicks 29 → a fifth: 5 → RED 95
      ...Array.from({ length: 48 }, () => [YES, NO, YES, 14, NO]).flat(), // BLUE's combo grows; RED falls to 1 HP and stays
      YES,
      NO,
      YES,
      14,
      YES, // the last blow is blocked; RED, on 1 HP, does not counter (0.99)
      NO,
    ]);
    const fight = simulateFight(draws);
    expect(draws.remaining).toBe(0);
    expect(fight.timeline[0]).toMatchObject({ attacker: "BLUE", move: "KICK", damage: 5, redHp: 95 });
    expect(fight.timeline[1]).toMatchObject({ combo: 1, damage: 6, redHp: 89 }); // 29 × 1.15 = 33 → 6
    expect(Math.min(...fight.timeline.map((e) => e.redHp))).toBe(1);
    expect(fight).toMatchObject({ winner: "DRAW", evenMatch: true, endReason: "TIME", durationMs: 30_000, redHp: 1, blueHp: 100 });
  });

  it("holds its invariants over many fights: HP, stats, timing and damage ranges add up", () => {
    const winners = { RED: 0, BLUE: 0, DRAW: 0 };
    for (let i = 0; i < 150; i++) {
      const fight = fightFromWord(word(i));
      winners[fight.winner]++;
      // An even match pulls its blows to a fifth and keeps both fighters on 1 HP or more.
      const [damagePct, lowestHp] = fight.evenMatch ? [KICKBOXING.EVEN_MATCH_DAMAGE_PCT, 1] : [100, 0];
      const taken = { RED: 0, BLUE: 0 };
      const stats = { redBlocks: 0, redCounters: 0, redCombos: 0, blueBlocks: 0, blueCounters: 0, blueCombos: 0 };
      fight.timeline.forEach((exchange, index) => {
        const defender = exchange.attacker === "RED" ? "BLUE" : "RED";
        expect(exchange.timeMs).toBe(600 * (index + 1));
        if (index > 0) {
          const previous = fight.timeline[index - 1];
          expect(exchange.combo).toBe(exchange.attacker === previous.attacker ? previous.combo + 1 : 0);
          expect(previous.redHp > 0 && previous.blueHp > 0).toBe(true);
        }
        expect(exchange.comboMultiplier).toBeCloseTo(1 + 0.15 * exchange.combo, 12);
        if (exchange.hit) {
          const [low, high] = exchange.move === "PUNCH" ? KICKBOXING.PUNCH_DAMAGE : KICKBOXING.KICK_DAMAGE;
          const full = exchange.blocked ? null : exchange.damage;
          if (full !== null) {
            expect(full).toBeGreaterThanOrEqual(Math.floor((low * damagePct) / 100));
            expect(full).toBeLessThanOrEqual(Math.floor((high * exchange.comboMultiplier * damagePct) / 100));
          }
        } else {
          expect(exchange.damage + exchange.counterDamage).toBe(0);
        }
        taken[defender] += exchange.damage;
        taken[exchange.attacker] += exchange.counterDamage;
        const side = defender === "RED" ? "red" : "blue";
        if (exchange.blocked) stats[`${side}Blocks`]++;
        if (exchange.counter) stats[`${side}Counters`]++;
        if (exchange.combo > 0) stats[exchange.attacker === "RED" ? "redCombos" : "blueCombos"]++;
        expect(exchange.popups.length).toBe((exchange.hit ? 1 : 0) + (exchange.counter ? 1 : 0));
        expect(exchange.redHp).toBe(Math.max(lowestHp, 100 - taken.RED));
        expect(exchange.blueHp).toBe(Math.max(lowestHp, 100 - taken.BLUE));
      });
      expect(fight.stats).toEqual(stats);
      const last = fight.timeline[fight.timeline.length - 1];
      expect([fight.redHp, fight.blueHp]).toEqual([last.redHp, last.blueHp]);
      expect(fight.durationMs).toBe(last.timeMs);
      if (fight.endReason === "KO") {
        expect(fight.winner).toBe(fight.redHp === 0 ? "BLUE" : "RED");
        expect(Math.min(fight.redHp, fight.blueHp)).toBe(0);
      } else {
        expect(fight.timeline).toHaveLength(50);
      }
    }
    expect(winners.DRAW).toBeGreaterThan(0);
    expect(winners.RED).toBeGreaterThan(45);
    expect(winners.BLUE).toBeGreaterThan(45);
  });

  it("is deterministic per word", () => {
    expect(fightFromWord(word(1))).toEqual(fightFromWord(word(1)));
  });
});

describe("the chances players are told (KICKBOXING_CHANCES)", () => {
  it("draws in 2 % of 50,000 keccak-stream fights, every draw an even match, each side about half the rest", () => {
    const fights = 50_000;
    const wins = { RED: 0, BLUE: 0, DRAW: 0 };
    let evenMatches = 0;
    for (let i = 0; i < fights; i++) {
      const fight = fightFromWord(keccak256(toUtf8Bytes(`kickboxing chance ${i}`)));
      wins[fight.winner]++;
      if (fight.evenMatch) evenMatches++;
    }
    // Every draw is an even match and every even match a draw: no other fight went the distance.
    expect(wins.DRAW).toBe(evenMatches);
    // Each share within 4 standard deviations of its chance (a draw: ± 0.25 %, a side: ± 0.9 %).
    for (const [bet, winner] of [
      ["RED", "RED"],
      ["BLUE", "BLUE"],
      ["TIE", "DRAW"],
    ] as const) {
      const chance = KICKBOXING_CHANCES[bet];
      expect(Math.abs(wins[winner] / fights - chance), bet).toBeLessThan(4 * Math.sqrt((chance * (1 - chance)) / fights));
    }
    // 50,000 whole fights: about 3 s alone, twice that beside the rest of the suite.
  }, 60_000);

  it("keeps the house 2 % on RED and BLUE (BNB's promise) and makes the Tie a 1-in-50 long shot that pays", () => {
    expect(KICKBOXING_CHANCES.TIE).toBe(0.02);
    expect(KICKBOXING_CHANCES.RED + KICKBOXING_CHANCES.BLUE + KICKBOXING_CHANCES.TIE).toBeCloseTo(1, 15);
    const rtp = (bet: KickboxingBet) => (KICKBOXING_CHANCES[bet] * Number(kickboxingPayoutBps(bet, bet === "TIE" ? "DRAW" : bet))) / 10_000;
    expect(rtp("RED")).toBeCloseTo(0.98, 15);
    expect(rtp("BLUE")).toBeCloseTo(0.98, 15);
    expect(rtp("TIE")).toBeCloseTo(0.08, 15);
  });
});

describe("kickboxing bets", () => {
  it("encodes RED 0, BLUE 1, TIE 2", () => {
    expect(["RED", "BLUE", "TIE"].map((bet) => encodeKickboxingParams(bet as "RED"))).toEqual([0n, 1n, 2n]);
    expect(decodeKickboxingParams(2n)).toBe("TIE");
    expect(() => decodeKickboxingParams(3n)).toThrow(RangeError);
    expect(() => encodeKickboxingParams("GREEN" as "RED")).toThrow(RangeError);
  });

  it("pays x2 on the winner and x4 on a tie only for a DRAW", () => {
    expect(kickboxingPayoutBps("RED", "RED")).toBe(20_000n);
    expect(kickboxingPayoutBps("RED", "BLUE")).toBe(0n);
    expect(kickboxingPayoutBps("RED", "DRAW")).toBe(0n);
    expect(kickboxingPayoutBps("BLUE", "BLUE")).toBe(20_000n);
    expect(kickboxingPayoutBps("TIE", "DRAW")).toBe(40_000n);
    expect(kickboxingPayoutBps("TIE", "RED")).toBe(0n);
    const w = word(2);
    const winner = fightFromWord(w).winner;
    const stake = 10n ** 18n;
    expect(settleKickboxing(stake, winner === "RED" ? 0n : 1n, w).payout).toBe(2n * stake);
    expect(settleKickboxing(stake, winner === "RED" ? 1n : 0n, w).payout).toBe(0n);
  });
});
