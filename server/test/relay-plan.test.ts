import { getAddress, id, keccak256, toBeHex, ZeroAddress } from "ethers";
import { describe, expect, it } from "vitest";
import { sessionsInterface } from "../../bindings/casino";
import type { SessionBetRow } from "../src/sessions/intake";
import { DEADLINE_GUARD_SECONDS, planRound, playGasLimit, playRequest, type PlannedBet } from "../src/sessions/relay-plan";

/** Queued bets in the order the relay reads them (oldest first). */
function queued(...spec: [player: string, kind?: PlannedBet["kind"], deadline?: number][]): PlannedBet[] {
  const nonces = new Map<string, bigint>();
  return spec.map(([player, kind, deadline]) => {
    const nonce = nonces.get(player) ?? 0n;
    nonces.set(player, nonce + 1n);
    return { betId: `${player}${nonce}`, player, nonce, kind: kind ?? "play", deadline: deadline ?? 10_000 };
  });
}
const ids = (bets: PlannedBet[]) => bets.map((bet) => bet.betId);
const plan = (bets: PlannedBet[], o: { batchSize?: number; batches?: number; holding?: string[]; now?: number } = {}) =>
  planRound(bets, { batchSize: o.batchSize ?? 100, batches: o.batches ?? 1, holding: new Set(o.holding ?? []), now: o.now ?? 1_000 });

describe("planRound", () => {
  it("takes each player's oldest queued bet, one a player, up to the batch size; the rest wait for it to be mined", () => {
    expect(plan(queued(["a"], ["b"], ["a"], ["c"], ["b"]), { batchSize: 3 }).plays.map(ids)).toEqual([["a0", "b0", "c0"]]);
    const round = plan(queued(["a"], ["b"], ["a"], ["c"], ["b"]), { batchSize: 2 });
    expect(round.plays.map(ids)).toEqual([["a0", "b0"]]);
    expect(round.places).toEqual([]);
  });

  it("never puts two bets of a player in a round (issue #37: nonce n+1's relay seed hashes to nonce n's wallet seed), however many they queued", () => {
    const bets = queued(...Array.from({ length: 60 }, (_, i) => [`p${i % 6}`] as [string]));
    const round = plan(bets, { batchSize: 20, batches: 3 });
    expect(round.plays.map(ids)).toEqual([["p00", "p10", "p20", "p30", "p40", "p50"]]);
    const mixed = plan(queued(["a"], ["a", "place"], ["b", "place"], ["b"], ["c", "place"]));
    expect(mixed.plays.map(ids)).toEqual([["a0"]]);
    expect(ids(mixed.places)).toEqual(["b0", "c0"]);
    for (const r of [round, mixed]) {
      const players = [...r.plays.flat(), ...r.places].map((bet) => bet.player);
      expect(new Set(players).size).toBe(players.length);
    }
  });

  it("spreads the players over the batches a round may send, oldest bet first, to the batch with the most room", () => {
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

  it("holds a place behind its player's play: it goes in a later round", () => {
    const round = plan(queued(["a"], ["a"], ["a"], ["a", "place"], ["b"]), { batchSize: 2 });
    expect(round.plays.map(ids)).toEqual([["a0", "b0"]]);
    expect(round.places).toEqual([]);
  });

  it("holds a player with a bet open on chain, and takes out a bet too close to its deadline with its player's later ones", () => {
    const round = plan(queued(["a"], ["b", "play", 1_000 + DEADLINE_GUARD_SECONDS - 1], ["b"], ["c"]), { holding: ["a"] });
    expect(round.plays.map(ids)).toEqual([["c0"]]);
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
      expectedCommit: toBeHex(draw("commit"), 32),
      terms: draw("terms").toString(),
      deadline: Number(draw("deadline") >> 224n),
      r: toBeHex(draw("r"), 32),
      vs: toBeHex(draw("vs"), 32).toUpperCase().replace("0X", "0x"),
      chainFirstNonce: draw("first nonce") >> 192n,
    } as SessionBetRow;
  };
  /** A seed drawn from the bet's player, chain and nonce, as the house's hash chains are keyed. */
  const relaySeedOf = (bet: Pick<SessionBetRow, "player" | "chainFirstNonce" | "nonce">) => id(`${bet.player}:${bet.chainFirstNonce}:${bet.nonce}`);
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
