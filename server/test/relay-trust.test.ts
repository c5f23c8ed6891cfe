import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { GameType, maxPayout } from "../src/engine";
import { fitsHouse, FUSE_MS, mayGoUnsimulated, RelayTrust, type HouseNow, type TrustedBet } from "../src/sessions/relay-trust";

const TERMS = 123n;

const betOf = (over: Partial<TrustedBet> = {}): TrustedBet => ({
  token: "DEGEN",
  amount: parseEther("10").toString(),
  gameType: GameType.WHEEL,
  params: "7",
  terms: TERMS.toString(),
  exposed: false,
  ...over,
});

const house = (over: Partial<HouseNow> = {}, bankroll = parseEther("1000000")): HouseNow => ({
  terms: TERMS,
  paused: false,
  riskBps: { perBet: 100n, perPlayer: 500n },
  funds: new Map([
    ["DEGEN", { bankroll, reserved: 0n, maxBetLimit: parseEther("5000") }],
    ["BNB", { bankroll: parseEther("10"), reserved: 0n, maxBetLimit: parseEther("1") }],
  ]),
  ...over,
});

const batch = (over: Partial<TrustedBet> = {}) => [betOf(), betOf(over), betOf()];

describe("mayGoUnsimulated", () => {
  it("lets a batch go unsimulated when none of its bets was sent before and the house is as the bets were signed for: nothing a player does can make the chain skip one", () => {
    expect(mayGoUnsimulated(batch(), house())).toBe(true);
  });

  it.each([
    ["a bet of it was broadcast before (it may have landed)", batch({ exposed: true }), house()],
    ["the Casino's terms changed", batch(), house({ terms: TERMS + 1n })],
    ["new bets are paused", batch(), house({ paused: true })],
  ])("simulates a batch when %s", (_why, bets, houseNow) => {
    expect(mayGoUnsimulated(bets, houseNow)).toBe(false);
  });
});

describe("fitsHouse", () => {
  // A wheel bet on 3 of 10 segments pays at most 10/3 of its stake at RTP 102 %.
  const wheelPayout = maxPayout(GameType.WHEEL, 7n, "DEGEN", parseEther("10"));

  it("takes bets whose maximum payouts add up to a quarter of the free bankroll, and no more", () => {
    // A quarter of the bankroll is exactly 40 bets' maximum payout; riskBps leaves each bet room.
    const bankroll = wheelPayout * 40n * 4n;
    const risky = house({ riskBps: { perBet: 500n, perPlayer: 1_000n } }, bankroll);
    const bets = Array.from({ length: 40 }, () => betOf());
    expect(fitsHouse(bets, risky)).toBe(true);
    expect(fitsHouse([...bets, betOf()], risky)).toBe(false);
  });

  it("takes a bet whose maximum payout fits the room riskBps gives a bet on half the free bankroll, and no larger", () => {
    // 1 % of half the bankroll is exactly one bet's maximum payout: two rounds in flight may win the other half.
    expect(fitsHouse([betOf()], house({}, wheelPayout * 200n))).toBe(true);
    expect(fitsHouse([betOf()], house({}, wheelPayout * 200n - 4n))).toBe(false);
  });

  it("counts what open bets reserve, and the per-player room when it is the smaller", () => {
    const bankroll = wheelPayout * 200n;
    const reserved = house({}, bankroll);
    reserved.funds.get("DEGEN")!.reserved = bankroll / 2n;
    expect(fitsHouse([betOf()], house({}, bankroll))).toBe(true);
    expect(fitsHouse([betOf()], reserved)).toBe(false);
    expect(fitsHouse([betOf()], house({ riskBps: { perBet: 100n, perPlayer: 50n } }, bankroll))).toBe(false);
  });

  it("refuses a stake above the configured largest, per token", () => {
    const deep = house({}, parseEther("1000000000"));
    expect(fitsHouse([betOf({ amount: parseEther("5000").toString() })], deep)).toBe(true);
    expect(fitsHouse([betOf({ amount: (parseEther("5000") + 1n).toString() })], deep)).toBe(false);
    expect(fitsHouse([betOf({ token: "BNB", amount: parseEther("1.1").toString() })], house())).toBe(false);
  });
});

describe("RelayTrust", () => {
  it("after a revert simulates everything for FUSE_MS", () => {
    const trust = new RelayTrust();
    expect(trust.open(0)).toBe(true);
    trust.reverted(1_000);
    expect(trust.open(1_000 + FUSE_MS - 1)).toBe(false);
    expect(trust.open(1_000 + FUSE_MS)).toBe(true);
  });
});
