import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { GameType, maxPayout } from "../src/engine";
import type { PlayerNow } from "../src/sessions/chain-marks";
import { fitsHouse, FUSE_MS, mayGoUnsimulated, RelayTrust, type HouseNow, type TrustedBet } from "../src/sessions/relay-trust";

const ALICE = "0x00000000000000000000000000000000000000a1";
const BOB = "0x00000000000000000000000000000000000000b0";
const TERMS = 123n;

const betOf = (player: string, nonce: bigint, over: Partial<TrustedBet> = {}): TrustedBet => ({
  player,
  nonce,
  token: "DEGEN",
  amount: parseEther("10").toString(),
  gameType: GameType.WHEEL,
  params: "7",
  terms: TERMS.toString(),
  exposed: false,
  attempts: 0,
  chainMark: "5:0@100",
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

/** A player as the relay reads them, whose counters at block 100 (the marks') are `counters` now. */
type Seen = Partial<Omit<PlayerNow, "unchanged">> & { counters?: string };
const now = ({ counters = "5:0", ...over }: Seen = {}): PlayerNow => ({
  unchanged: (mark) => mark === `${counters}@100`,
  nextNonce: 3n,
  nextToResolve: 3n,
  ...over,
});
const players = (alice: Seen = {}, bob: Seen = {}) =>
  new Map([
    [ALICE, now(alice)],
    [BOB, now({ nextNonce: 7n, nextToResolve: 7n, counters: "9:2", ...bob })],
  ]);
const batch = (alice: Partial<TrustedBet> = {}) => [betOf(ALICE, 3n, alice), betOf(ALICE, 4n, alice), betOf(BOB, 7n, { chainMark: "9:2@100" })];

describe("mayGoUnsimulated", () => {
  it("lets a batch go unsimulated when every player's mark and commitment are as the intake saw them and the house is as the bets were signed for", () => {
    expect(mayGoUnsimulated(batch(), players(), house())).toBe(true);
  });

  it.each([
    ["its player's wallet sent a transaction since (another mark)", batch(), players({ counters: "6:0" }), house()],
    ["a relayed withdrawal or swap of its player since (another relay nonce)", batch(), players({ counters: "5:1" }), house()],
    ["the intake could not mark it (a contract wallet, limits, a session ending first)", batch({ chainMark: null }), players(), house()],
    ["it was broadcast before (it may have landed)", batch({ exposed: true }), players(), house()],
    ["a relay transaction carrying it reverted", batch({ attempts: 1 }), players(), house()],
    ["a bet of its player was placed since (the next nonce moved on)", batch(), players({ nextNonce: 4n, nextToResolve: 4n }), house()],
    ["a bet of its player is open on chain", batch(), players({ nextNonce: 3n, nextToResolve: 2n }), house()],
    ["the Casino's terms changed", batch(), players(), house({ terms: TERMS + 1n })],
    ["new bets are paused", batch(), players(), house({ paused: true })],
  ])("simulates a batch when %s", (_why, bets, seen, houseNow) => {
    expect(mayGoUnsimulated(bets, seen, houseNow)).toBe(false);
  });

  it("simulates a batch with a player it has not read", () => {
    expect(mayGoUnsimulated(batch(), new Map([[ALICE, now()]]), house())).toBe(false);
  });
});

describe("fitsHouse", () => {
  // A wheel bet on 3 of 10 segments pays at most 10/3 of its stake at RTP 102 %.
  const wheelPayout = maxPayout(GameType.WHEEL, 7n, "DEGEN", parseEther("10"));

  it("takes bets whose maximum payouts add up to a quarter of the free bankroll, and no more", () => {
    // A quarter of the bankroll is exactly 40 bets' maximum payout; riskBps leaves each bet room.
    const bankroll = wheelPayout * 40n * 4n;
    const risky = house({ riskBps: { perBet: 500n, perPlayer: 1_000n } }, bankroll);
    const bets = Array.from({ length: 40 }, (_, i) => betOf(ALICE, BigInt(i)));
    expect(fitsHouse(bets, risky)).toBe(true);
    expect(fitsHouse([...bets, betOf(ALICE, 40n)], risky)).toBe(false);
  });

  it("takes a bet whose maximum payout fits the room riskBps gives a bet on half the free bankroll, and no larger", () => {
    // 1 % of half the bankroll is exactly one bet's maximum payout: two rounds in flight may win the other half.
    expect(fitsHouse([betOf(ALICE, 0n)], house({}, wheelPayout * 200n))).toBe(true);
    expect(fitsHouse([betOf(ALICE, 0n)], house({}, wheelPayout * 200n - 4n))).toBe(false);
  });

  it("counts what open bets reserve, and the per-player room when it is the smaller", () => {
    const bankroll = wheelPayout * 200n;
    const reserved = house({}, bankroll);
    reserved.funds.get("DEGEN")!.reserved = bankroll / 2n;
    expect(fitsHouse([betOf(ALICE, 0n)], house({}, bankroll))).toBe(true);
    expect(fitsHouse([betOf(ALICE, 0n)], reserved)).toBe(false);
    expect(fitsHouse([betOf(ALICE, 0n)], house({ riskBps: { perBet: 100n, perPlayer: 50n } }, bankroll))).toBe(false);
  });

  it("refuses a stake above the configured largest, per token", () => {
    const deep = house({}, parseEther("1000000000"));
    expect(fitsHouse([betOf(ALICE, 0n, { amount: parseEther("5000").toString() })], deep)).toBe(true);
    expect(fitsHouse([betOf(ALICE, 0n, { amount: (parseEther("5000") + 1n).toString() })], deep)).toBe(false);
    expect(fitsHouse([betOf(ALICE, 0n, { token: "BNB", amount: parseEther("1.1").toString() })], house())).toBe(false);
  });
});

describe("RelayTrust", () => {
  it("after a revert simulates everything for FUSE_MS, and the reverted transaction's players for the rest of the term", () => {
    const trust = new RelayTrust();
    expect(trust.open(0)).toBe(true);
    trust.reverted([ALICE], 1_000);
    expect(trust.open(1_000 + FUSE_MS - 1)).toBe(false);
    expect(trust.open(1_000 + FUSE_MS)).toBe(true);
    expect(trust.trusts(ALICE)).toBe(false);
    expect(trust.trusts(BOB)).toBe(true);
  });
});
