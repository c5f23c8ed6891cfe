import { getAddress, id, keccak256, toBeHex, ZeroAddress } from "ethers";
import { describe, expect, it } from "vitest";
import { sessionsInterface } from "../../bindings/casino";
import type { SessionBetRow } from "../src/sessions/intake";
import { DEADLINE_GUARD_SECONDS, laneOf, planRound, playGasLimit, playRequest, type PlannedBet } from "../src/sessions/relay-plan";

/** Queued bets in the order the relay reads them (oldest first), by lane: a player's lane is "player/lane", its key the lane's name. */
function queued(...spec: [lane: string, kind?: PlannedBet["kind"], deadline?: number][]): PlannedBet[] {
  const nonces = new Map<string, bigint>();
  return spec.map(([lane, kind, deadline]) => {
    const nonce = nonces.get(lane) ?? 0n;
    nonces.set(lane, nonce + 1n);
    const [player, index] = lane.split("/") as [string, string | undefined];
    return {
      betId: `${lane}${nonce}`,
      player,
      key: `key-${lane}`,
      nonce: ((index ? BigInt(index) : 1n) << 32n) | nonce,
      kind: kind ?? "play",
      deadline: deadline ?? 10_000,
    };
  });
}
const ids = (bets: PlannedBet[]) => bets.map((bet) => bet.betId);
const plan = (bets: PlannedBet[], o: { batchSize?: number; batches?: number; holding?: string[]; now?: number } = {}) =>
  planRound(bets, {
    batchSize: o.batchSize ?? 100,
    batches: o.batches ?? 1,
    holding: new Set((o.holding ?? []).map((lane) => laneOf({ player: lane.split("/")[0]!, key: `key-${lane}` }))),
    now: o.now ?? 1_000,
  });

describe("planRound", () => {
  it("takes each lane's oldest queued bet, one a lane, up to the batch size; the rest wait for it to be mined", () => {
    expect(plan(queued(["a"], ["b"], ["a"], ["c"], ["b"]), { batchSize: 3 }).plays.map(ids)).toEqual([["a0", "b0", "c0"]]);
    const round = plan(queued(["a"], ["b"], ["a"], ["c"], ["b"]), { batchSize: 2 });
    expect(round.plays.map(ids)).toEqual([["a0", "b0"]]);
    expect(round.places).toEqual([]);
  });

  it("never puts two bets of a lane in a round (both seeds would show while the first can still be placed), however many it queued; a player's lanes go together", () => {
    const bets = queued(...Array.from({ length: 60 }, (_, i) => [`p${i % 6}`] as [string]));
    const round = plan(bets, { batchSize: 20, batches: 3 });
    expect(round.plays.map(ids)).toEqual([["p00", "p10", "p20", "p30", "p40", "p50"]]);
    const mixed = plan(queued(["a"], ["a", "place"], ["b", "place"], ["b"], ["c", "place"]));
    expect(mixed.plays.map(ids)).toEqual([["a0"]]);
    expect(ids(mixed.places)).toEqual(["b0", "c0"]);
    for (const r of [round, mixed]) {
      const lanes = [...r.plays.flat(), ...r.places].map(laneOf);
      expect(new Set(lanes).size).toBe(lanes.length);
    }
    const lanes = plan(queued(["a/1"], ["a/2"], ["a/1"], ["a/3", "place"], ["a/2"]));
    expect(lanes.plays.map(ids)).toEqual([["a/10", "a/20"]]);
    expect(ids(lanes.places)).toEqual(["a/30"]);
  });

  it("spreads the lanes over the batches a round may send, oldest bet first, to the batch with the most room", () => {
    const bets = queued(["a"], ["b"], ["a"], ["c"], ["b"], ["c"], ["d"], ["a"], ["e"]);
    expect(plan(bets, { batchSize: 3, batches: 2 }).plays.map(ids)).toEqual([
      ["a0", "c0", "e0"],
      ["b0", "d0"],
    ]);
    const round = plan(queued(...Array.from({ length: 7 }, (_, i) => [`p${i}`] as [string])), { batchSize: 2, batches: 3 });
    expect(round.plays.map(ids)).toEqual([
      ["p00", "p30"],
      ["p10", "p40"],
      ["p20", "p50"],
    ]);
  });

  it("holds a place behind its lane's play: it goes in a later round", () => {
    const round = plan(queued(["a"], ["a"], ["a"], ["a", "place"], ["b"]), { batchSize: 2 });
    expect(round.plays.map(ids)).toEqual([["a0", "b0"]]);
    expect(round.places).toEqual([]);
  });

  it("holds a lane with a bet open on chain, not the player's other lanes, and takes out a bet too close to its deadline", () => {
    const round = plan(queued(["a/1"], ["a/2"], ["b", "play", 1_000 + DEADLINE_GUARD_SECONDS - 1], ["b"], ["c"]), { holding: ["a/1"] });
    expect(round.plays.map(ids)).toEqual([["a/20", "c0"]]);
    expect(ids(round.expired)).toEqual(["b0"]);
  });

  it("keeps the largest batch's gas limit under EIP-7825's 2^24", () => {
    expect(playGasLimit(235)).toBeLessThan(2n ** 24n);
  });
});

describe("playRequest", () => {
  const degen = getAddress("0x" + id("degen").slice(26));
  /** A queued bet whose every field is drawn from `i`, up to its type's largest value. */
  const row = (i: number): SessionBetRow => {
    const draw = (field: string) => BigInt(keccak256(toBeHex(BigInt(i), 32) + id(field).slice(2)));
    return {
      player: getAddress(toBeHex(draw("player") >> 96n, 20)),
      token: i % 2 ? "BNB" : "DEGEN",
      amount: (i % 5 ? draw("amount") >> 128n : draw("amount")).toString(),
      gameType: Number(draw("game") % 256n),
      params: draw("params").toString(),
      clientSeed: toBeHex(draw("seed"), 32),
      nonce: i % 7 ? draw("nonce") >> 192n : 2n ** 64n - 1n,
      key: getAddress(toBeHex(draw("key") >> 96n, 20)),
      terms: draw("terms").toString(),
      deadline: Number(draw("deadline") >> 224n),
      r: toBeHex(draw("r"), 32),
      vs: toBeHex(draw("vs"), 32).toUpperCase().replace("0X", "0x"),
    } as SessionBetRow;
  };
  /** A seed drawn from the bet's player, key and nonce, as the house's lane chains are keyed. */
  const relaySeedOf = (bet: Pick<SessionBetRow, "player" | "key" | "nonce">) => id(`${bet.player}:${bet.key}:${bet.nonce}`);
  /** The same call by ethers' ABI coder. */
  const byEthers = (bets: SessionBetRow[], seedOf = relaySeedOf) =>
    sessionsInterface.encodeFunctionData("play", [
      bets.map((bet) => ({
        bet: { ...bet, token: bet.token === "BNB" ? ZeroAddress : degen, amount: BigInt(bet.amount), params: BigInt(bet.params), terms: BigInt(bet.terms) },
        deadline: BigInt(bet.deadline),
        r: bet.r,
        vs: bet.vs,
      })),
      bets.map(seedOf),
    ]);

  it("encodes CasinoSessions.play byte for byte as ethers does, for every batch size up to 235", () => {
    const bets = Array.from({ length: 235 }, (_, i) => row(i));
    for (const count of [0, 1, 2, 3, 20, 200, 235]) {
      const request = playRequest("0x" + "11".repeat(20), degen, relaySeedOf, bets.slice(0, count));
      expect(request.data).toBe(byEthers(bets.slice(0, count)));
      expect(request.gasLimit).toBe(playGasLimit(count));
    }
  });

  it("refuses a field that does not fit its type, as ethers does", () => {
    const bet = row(1);
    for (const bad of [
      { nonce: 2n ** 64n },
      { gameType: 256 },
      { amount: (2n ** 256n).toString() },
      { amount: "-1" },
      { clientSeed: "0x1234" },
      { r: bet.r.slice(0, 64) },
    ]) {
      const changed = { ...bet, ...bad } as SessionBetRow;
      expect(() => byEthers([changed])).toThrow();
      expect(() => playRequest(ZeroAddress, degen, relaySeedOf, [changed])).toThrow(RangeError);
    }
    const badSeed = () => "0x" + "zz".repeat(32);
    expect(() => byEthers([bet], badSeed)).toThrow();
    expect(() => playRequest(ZeroAddress, degen, badSeed, [bet])).toThrow(RangeError);
  });
});
