import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  GameType,
  PLINKO,
  PLINKO_RISKS,
  RandomStream,
  decodePlinkoParams,
  encodePlinkoParams,
  maxPayout,
  plinkoMultiplier,
  plinkoPath,
  plinkoSlotChance,
  plinkoTable,
  plinkoTableAverage,
  settleGame,
  settlePlinko,
  type PlinkoBet,
  type Token,
} from "../src";

const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`plinko test ${i}`));
const ROWS = Array.from({ length: PLINKO.MAX_ROWS - PLINKO.MIN_ROWS + 1 }, (_, i) => PLINKO.MIN_ROWS + i);
const BETS: PlinkoBet[] = PLINKO_RISKS.flatMap((risk) => ROWS.map((rows) => ({ rows, risk })));

describe("plinko params", () => {
  it("take the rows in the low byte and the risk above them", () => {
    expect(encodePlinkoParams({ rows: 8, risk: "LOW" })).toBe(0x008n);
    expect(encodePlinkoParams({ rows: 12, risk: "MEDIUM" })).toBe(0x10cn);
    expect(decodePlinkoParams(0x210n)).toEqual({ rows: 16, risk: "HIGH" });
  });

  it("refuses fewer than 8 or more than 16 rows and an unknown risk", () => {
    for (const params of [0n, 7n, 17n, 0x107n, 0x111n, 0x308n, 0x1_0008n, -1n]) {
      expect(() => decodePlinkoParams(params), String(params)).toThrow(RangeError);
    }
    expect(() => encodePlinkoParams({ rows: 8.5, risk: "LOW" })).toThrow(RangeError);
    expect(() => encodePlinkoParams({ rows: 8, risk: "WILD" as never })).toThrow(RangeError);
  });
});

describe("plinko tables", () => {
  it("average exactly 1.00x over the binomial distribution, all 27 of them", () => {
    for (const bet of BETS) expect(plinkoTableAverage(bet), JSON.stringify(bet)).toEqual({ num: 100n << BigInt(bet.rows), den: 100n << BigInt(bet.rows) });
  });

  it("are symmetric and rise from the centre to the edges", () => {
    for (const bet of BETS) {
      const table = plinkoTable(bet);
      expect(table).toEqual([...table].reverse());
      for (let slot = 1; slot <= bet.rows / 2; slot++) expect(table[slot - 1]).toBeGreaterThanOrEqual(table[slot]);
    }
  });

  it("pay more at the edges with more risk, and at least 1,000x at 16 rows on high risk in both tokens", () => {
    for (const rows of ROWS) {
      const edge = (risk: PlinkoBet["risk"]) => plinkoTable({ rows, risk })[0];
      expect(edge("LOW")).toBeLessThan(edge("MEDIUM"));
      expect(edge("MEDIUM")).toBeLessThan(edge("HIGH"));
    }
    for (const token of ["DEGEN", "BNB"] as const) {
      const { num, den } = plinkoMultiplier(token, { rows: 16, risk: "HIGH" }, 0);
      expect(num / den).toBeGreaterThanOrEqual(1_000n);
    }
  });

  it("return exactly the token's RTP per table, less at most one base unit of a stake", () => {
    for (const token of ["DEGEN", "BNB"] as const) {
      for (const bet of BETS) {
        // Σ over the slots of chance × the rounded payout of a 10^18 stake.
        let returned = 0n;
        for (let slot = 0; slot <= bet.rows; slot++) {
          const { num, den } = plinkoMultiplier(token, bet, slot);
          const chance = plinkoSlotChance(bet.rows, slot);
          returned += (chance.num * ((ONE * num) / den) * (1n << BigInt(PLINKO.MAX_ROWS))) / chance.den;
        }
        const exact = (ONE * (token === "DEGEN" ? 10_200n : 9_800n)) / 10_000n;
        const paid = returned >> BigInt(PLINKO.MAX_ROWS);
        expect(exact - paid, JSON.stringify({ token, bet })).toBeGreaterThanOrEqual(0n);
        expect(exact - paid, JSON.stringify({ token, bet })).toBeLessThanOrEqual(1n);
      }
    }
  });
});

describe("plinko settlement", () => {
  it("drops the ball one bit per row of the first draw, and lands on the count of right bounces", () => {
    const bits = new RandomStream(word(1)).int(2 ** 16);
    const path = plinkoPath(new RandomStream(word(1)), 16);
    expect(path.bounces.map((right, row) => (right ? 1 << row : 0)).reduce((a, b) => a + b, 0)).toBe(bits);
    expect(path.slot).toBe(path.bounces.filter(Boolean).length);
    // Fewer rows read the same draw's low bits.
    expect(plinkoPath(new RandomStream(word(1)), 8).bounces).toEqual(path.bounces.slice(0, 8));
  });

  it("pays the landing slot's multiplier × RTP, rounded down once", () => {
    for (let i = 0; i < 200; i++) {
      const token: Token = i % 2 ? "BNB" : "DEGEN";
      const bet = BETS[i % BETS.length];
      const stake = ONE + 123_456_789n * BigInt(i);
      const { payout, outcome } = settlePlinko(token, stake, encodePlinkoParams(bet), word(i));
      const { num, den } = plinkoMultiplier(token, bet, outcome.slot);
      expect(payout).toBe((stake * num) / den);
      expect(outcome.hundredths).toBe(plinkoTable(bet)[outcome.slot]);
      expect(payout).toBeLessThanOrEqual(maxPayout(GameType.PLINKO, encodePlinkoParams(bet), token, stake));
      expect(settleGame({ gameType: GameType.PLINKO, token, stake, params: encodePlinkoParams(bet), word: word(i) })).toEqual({
        payout,
        outcome: { gameType: GameType.PLINKO, plinko: outcome },
      });
    }
  });

  it("reserves the edge slot's payout", () => {
    const params = encodePlinkoParams({ rows: 16, risk: "HIGH" });
    expect(maxPayout(GameType.PLINKO, params, "DEGEN", ONE)).toBe((ONE * 103_804n * 10_200n) / 1_000_000n);
    expect(maxPayout(GameType.PLINKO, params, "BNB", ONE)).toBe((ONE * 103_804n * 9_800n) / 1_000_000n);
  });

  it("refuses a stake of 0 and actions", () => {
    expect(() => settlePlinko("DEGEN", 0n, 0x8n, word(0))).toThrow(RangeError);
    expect(() => settleGame({ gameType: GameType.PLINKO, token: "DEGEN", stake: ONE, params: 0x8n, word: word(0), actions: "H" })).toThrow(RangeError);
  });
});
