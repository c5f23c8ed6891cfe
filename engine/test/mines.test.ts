import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  BPS,
  GameType,
  MINES,
  MinesError,
  RTP_BPS,
  RandomStream,
  TOKENS,
  cashOutMines,
  decodeMinesParams,
  encodeMinesParams,
  maxPayout,
  minesActionBytes,
  minesBestRatio,
  minesLayout,
  minesMultiplier,
  minesPayout,
  minesSafeChance,
  minesView,
  resumeMines,
  revealTile,
  settleGame,
  settleMines,
  startMines,
  type Token,
} from "../src";

const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`mines test ${i}`));
const MINE_COUNTS = Array.from({ length: MINES.MAX_MINES }, (_, i) => i + 1);
const code = (tile: number) => String.fromCharCode(97 + tile);

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** The word's safe tiles and mines, as codes. */
function tilesOf(w: string, mines: number): { safe: string[]; mine: string[] } {
  const layout = minesLayout(new RandomStream(w), mines);
  const all = Array.from({ length: MINES.TILES }, (_, tile) => tile);
  return { safe: all.filter((t) => !layout.includes(t)).map(code), mine: layout.map(code) };
}

const settle = (token: Token, mines: number, w: string, log: string, stake = ONE) => settleMines(token, stake, BigInt(mines), w, log);

describe("mines params", () => {
  it("are the number of mines, 1 to 24", () => {
    expect(encodeMinesParams(1)).toBe(1n);
    expect(decodeMinesParams(24n)).toBe(24);
    for (const params of [0n, 25n, -1n, 1n << 16n]) expect(() => decodeMinesParams(params), String(params)).toThrow(RangeError);
    expect(() => encodeMinesParams(2.5)).toThrow(RangeError);
    expect(() => settleGame({ gameType: GameType.MINES, token: "DEGEN", stake: ONE, params: 0n, word: word(0) })).toThrow(RangeError);
    expect(() => settleGame({ gameType: GameType.MINES, token: "DEGEN", stake: ONE, params: 25n, word: word(0) })).toThrow(RangeError);
  });
});

describe("the layout", () => {
  it("is a Fisher–Yates shuffle of the 25 tiles on the stream, its first `mines` tiles the mines", () => {
    for (let i = 0; i < 200; i++) {
      const w = word(i);
      const order = Array.from({ length: 25 }, (_, t) => t);
      const stream = new RandomStream(w);
      for (let j = 24; j > 0; j--) {
        const k = stream.int(j + 1);
        [order[j], order[k]] = [order[k]!, order[j]!];
      }
      for (const mines of MINE_COUNTS) {
        const layout = minesLayout(new RandomStream(w), mines);
        expect(layout).toEqual(order.slice(0, mines).sort((a, b) => a - b));
        expect(new Set(layout).size).toBe(mines);
        expect(layout.every((t) => Number.isInteger(t) && t >= 0 && t < 25)).toBe(true);
      }
    }
  });

  it("puts a mine on every tile over many words (no tile is always safe)", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(minesLayout(new RandomStream(word(i)), 1)[0]!);
    expect(seen.size).toBe(25);
  });
});

describe("the payout", () => {
  it("after k safe tiles is stake × RTP × C(25, k) ÷ C(25 − mines, k), exactly, for every mine count, k and token", () => {
    for (const token of TOKENS) {
      for (const mines of MINE_COUNTS) {
        for (let k = 0; k <= 25 - mines; k++) {
          const { num, den } = minesMultiplier(token, mines, k);
          // num / den = RTP × C(25, k) / (BPS × C(25 − mines, k)), as exact rationals.
          expect(num * BPS * binomial(25 - mines, k)).toBe(RTP_BPS[token] * binomial(25, k) * den);
          const stake = 123_456_789_123_456_789n;
          const exact = (stake * RTP_BPS[token] * binomial(25, k)) / (BPS * binomial(25 - mines, k));
          const capped = exact < stake * 1_000n ? exact : stake * 1_000n;
          expect(minesPayout(token, stake, mines, k)).toBe(k === 0 ? 0n : capped);
        }
      }
    }
  });

  it("returns exactly the token's RTP for every strategy 'reveal k, then cash out' below the cap, and less where the cap binds", () => {
    let capped = 0;
    for (const token of TOKENS) {
      for (const mines of MINE_COUNTS) {
        for (let k = 1; k <= 25 - mines; k++) {
          const { num, den } = minesMultiplier(token, mines, k);
          // A stake of `den` base units makes the uncapped payout the whole number `num`: no rounding.
          const paid = minesPayout(token, den, mines, k);
          const chance = minesSafeChance(mines, k);
          expect(chance.num * binomial(25, k)).toBe(binomial(25 - mines, k) * chance.den);
          // Expected return per stake: chance × paid ÷ den (a mine pays 0), against RTP ÷ BPS.
          const expected = chance.num * paid * BPS;
          const rtp = RTP_BPS[token] * chance.den * den;
          if (num <= 1_000n * den) expect(expected, `${token} ${mines} mines, k = ${k}`).toBe(rtp);
          else {
            expect(expected, `${token} ${mines} mines, k = ${k} (capped)`).toBeLessThan(rtp);
            capped++;
          }
        }
      }
    }
    expect(capped).toBeGreaterThan(0);
  });

  it("reserves the largest payout: minesBestRatio is every safe tile revealed, capped at 1,000x", () => {
    for (const token of TOKENS) {
      for (const mines of MINE_COUNTS) {
        const stake = 987_654_321_987_654_321n;
        const payouts = Array.from({ length: 26 - mines }, (_, k) => minesPayout(token, stake, mines, k));
        const largest = payouts.reduce((a, b) => (a > b ? a : b));
        expect(maxPayout(GameType.MINES, BigInt(mines), token, stake)).toBe(largest);
        expect(largest).toBe(payouts[25 - mines]);
        const { num, den } = minesBestRatio(token, mines);
        expect(den).toBe(BPS);
        const uncapped = RTP_BPS[token] * binomial(25, mines);
        expect(num).toBe(uncapped < 1_000n * BPS ? uncapped : 1_000n * BPS);
      }
    }
    // 1 and 24 mines pay at most RTP × 25; from 3 mines the cap binds.
    expect(minesBestRatio("DEGEN", 24)).toEqual({ num: 255_000n, den: BPS });
    expect(minesBestRatio("BNB", 1)).toEqual({ num: 245_000n, den: BPS });
    expect(minesBestRatio("DEGEN", 3)).toEqual({ num: 10_000_000n, den: BPS });
  });
});

describe("a round", () => {
  it("cashes out at its safe tiles, busts on a mine with nothing, and ends paid on the last safe tile", () => {
    for (let i = 0; i < 40; i++) {
      const w = word(100 + i);
      const token = TOKENS[i % 2]!;
      for (const mines of [1, 5, 12, 24]) {
        const { safe, mine } = tilesOf(w, mines);
        if (safe.length > 1) {
          const cashOut = settle(token, mines, w, safe[0]! + MINES.CASH_OUT);
          expect([cashOut.outcome.status, cashOut.payout]).toEqual(["CASHED_OUT", minesPayout(token, ONE, mines, 1)]);
        }
        const bust = settle(token, mines, w, safe.slice(0, Math.min(2, safe.length - 1)).join("") + mine[0]);
        expect([bust.outcome.status, bust.payout]).toEqual(["BUSTED", 0n]);
        const clear = settle(token, mines, w, safe.join(""));
        expect([clear.outcome.status, clear.payout]).toEqual(["CASHED_OUT", minesPayout(token, ONE, mines, 25 - mines)]);
        expect(clear.outcome.log).toBe(safe.join("")); // no cash-out appended: the round ended on its own
      }
    }
  });

  it("left idle is cashed out at its safe tiles, and pays nothing without one (the idle rule)", () => {
    const w = word(7);
    const { safe } = tilesOf(w, 3);
    const idle = settle("DEGEN", 3, w, safe.slice(0, 4).join(""));
    const cashedOut = settle("DEGEN", 3, w, safe.slice(0, 4).join("") + MINES.CASH_OUT);
    expect([idle.outcome.status, idle.payout]).toEqual(["CASHED_OUT", cashedOut.payout]);
    expect(idle.payout).toBe(minesPayout("DEGEN", ONE, 3, 4));
    const untouched = settle("DEGEN", 3, w, "");
    expect([untouched.outcome.status, untouched.payout]).toEqual(["PLAYING", 0n]);
    // The same through settleGame, with no actions at all.
    expect(settleGame({ gameType: GameType.MINES, token: "DEGEN", stake: ONE, params: 3n, word: w }).payout).toBe(0n);
  });

  it("refuses a tile revealed twice, any action after the end, a cash-out before any tile, and unknown codes", () => {
    const w = word(8);
    const { safe, mine } = tilesOf(w, 5);
    const refused = [
      safe[0]! + safe[0]!,
      safe[0]! + safe[1]! + safe[0]!,
      mine[0]! + safe[0]!,
      mine[0]! + MINES.CASH_OUT,
      safe[0]! + MINES.CASH_OUT + safe[1]!,
      safe[0]! + MINES.CASH_OUT + MINES.CASH_OUT,
      safe.join("") + MINES.CASH_OUT,
      MINES.CASH_OUT,
      MINES.CASH_OUT + safe[0]!,
      "z",
      "A",
      "`",
      "\0",
      safe[0]! + "D",
    ];
    for (const log of refused) expect(() => settle("DEGEN", 5, w, log), JSON.stringify(log)).toThrow(MinesError);
    expect(() => settle("DEGEN", 5, w, safe[0]! + safe[0]!)).toThrow(/Action 1 of the log: Tile \d+ is revealed already/);
    expect(() => settle("DEGEN", 5, w, MINES.CASH_OUT)).toThrow(/Action 0 of the log: Reveal a tile before cashing out/);
    expect(() => revealTile(startMines(w, ONE, "DEGEN", 5), 25)).toThrow(MinesError);
    expect(() => cashOutMines(startMines(w, ONE, "DEGEN", 5))).toThrow(MinesError);
    expect(() => settleGame({ gameType: GameType.MINES, token: "DEGEN", stake: ONE, params: 5n, word: w, actions: 3 })).toThrow(RangeError);
  });

  it("signs its log as ASCII bytes, tiles a to y then C", () => {
    expect(minesActionBytes("")).toBe("0x");
    expect(minesActionBytes("ayC")).toBe("0x617943");
    for (const log of ["z", "Ca", "aCC", "A"]) expect(() => minesActionBytes(log), log).toThrow(RangeError);
  });

  it("shows the player neither the mines nor a payout until it is over", () => {
    const w = word(9);
    const { safe } = tilesOf(w, 3);
    const playing = minesView(resumeMines(w, ONE, "DEGEN", 3, safe[0]!));
    expect(playing).toMatchObject({ status: "PLAYING", safe: 1, mineTiles: null, payout: "0", actions: safe[0] });
    expect(playing.cashOut).toBe("1.15909090909090909"); // 1.02 × 25 / 22, to the base unit
    const over = minesView(resumeMines(w, ONE, "DEGEN", 3, safe[0]! + MINES.CASH_OUT));
    expect(over).toMatchObject({ status: "CASHED_OUT", nextCashOut: null, payout: "1.15909090909090909", mineTiles: minesLayout(new RandomStream(w), 3) });
  });
});
