import { describe, expect, it } from "vitest";
import { encodeDiceParams } from "@engine/dice";
import { GameType } from "@engine/gameTypes";
import { payoutMoments } from "@engine/payout-moments";
import { encodeWheelParams } from "@engine/wheel";
import { deviations, houseBooks, type ResolvedBet } from "../books";

const ether = (value: number) => BigInt(Math.round(value * 1e6)) * 10n ** 12n;
const wheel = encodeWheelParams([0]);
const dice = encodeDiceParams({ target: 5000, side: "UNDER" });
const bet = (id: number, fields: Partial<ResolvedBet>): ResolvedBet => ({
  betId: BigInt(id),
  player: "0x" + "11".repeat(20),
  token: "DEGEN",
  gameType: GameType.WHEEL,
  params: wheel,
  totalStake: ether(10),
  payout: 0n,
  claimed: false,
  block: id,
  ...fields,
});

describe("the house's books", () => {
  const bets = [
    bet(1, { payout: ether(102) }),
    bet(2, {}),
    bet(3, { gameType: GameType.DICE, params: dice, totalStake: ether(100), payout: ether(204) }),
    bet(4, { gameType: GameType.DICE, params: dice, totalStake: ether(100), claimed: true, payout: ether(204) }),
    bet(5, { token: "BNB", totalStake: ether(0.1), payout: 0n }),
  ];

  it("adds up one token's bets: wagered, paid, what the house kept, per game, the largest payouts first", () => {
    const books = houseBooks("DEGEN", bets);
    expect(books.bets).toBe(4);
    expect(books.wagered).toBe(ether(220));
    expect(books.paid).toBe(ether(510));
    expect(books.result).toBe(-ether(290));
    expect(books.claimed).toBe(1);
    expect(books.byGame).toEqual([
      { gameType: GameType.WHEEL, bets: 2, wagered: ether(20), paid: ether(102) },
      { gameType: GameType.DICE, bets: 2, wagered: ether(200), paid: ether(408) },
    ]);
    expect(books.largest.map((entry) => entry.betId)).toEqual([3n, 4n, 1n, 2n]);
    expect(houseBooks("BNB", bets).wagered).toBe(ether(0.1));
  });

  it("predicts the house's result from each bet's odds, a claim at what it paid, with the spread of those odds alone", () => {
    const books = houseBooks("DEGEN", bets);
    const w = payoutMoments(GameType.WHEEL, wheel, "DEGEN");
    const d = payoutMoments(GameType.DICE, dice, "DEGEN");
    // Two 10 DEGEN spins and one 100 DEGEN roll at 102 %, and the claim's −104 DEGEN, certain.
    expect(books.expected).toBeCloseTo(2 * 10 * (1 - w.mean) + 100 * (1 - d.mean) - 104, 9);
    expect(books.spread).toBeCloseTo(Math.sqrt(2 * 100 * (w.meanSquare - w.mean ** 2) + 10_000 * (d.meanSquare - d.mean ** 2)), 9);
    expect(books.spreadBounded).toBe(false);
    expect(deviations(books)).toBeCloseTo((-290 - books.expected) / books.spread, 9);
    // The chart's path, bet by bet in the chain's order, ends at the totals.
    expect(books.path.kept).toEqual([-92, -82, -186, -290]);
    expect(books.path.expected.at(-1)).toBeCloseTo(books.expected, 9);
    expect(books.path.spread.at(-1)).toBeCloseTo(books.spread, 9);
    expect(books.path.spread[3]).toBe(books.path.spread[2]);
  });

  it("has nothing to say of a token nobody played", () => {
    const books = houseBooks("BNB", []);
    expect([books.bets, books.expected, books.spread, deviations(books)]).toEqual([0, 0, 0, 0]);
  });
});
