import { describe, expect, it } from "vitest";
import { AbiCoder, concat, getAddress, getBytes, hexlify, keccak256, randomBytes, toBeHex, toUtf8Bytes, zeroPadValue } from "ethers";
import vectors from "../vectors/random.json";
import chainVectors from "../vectors/hashchain.json";
import jackpotVectors from "../vectors/jackpot.json";
import {
  HASH_CHAIN,
  HashChain,
  JACKPOT,
  RandomStream,
  hashChainTip,
  laneChainTip,
  betJackpotPrize,
  jackpotDraw,
  jackpotFairValue,
  jackpotOdds,
  jackpotPrizeOf,
  jackpotRoll,
  ticketDraws,
  randomBytes32,
  randomWord,
  uniformInt,
  verifyLink,
} from "../src";

const WORD = keccak256(toUtf8Bytes("engine test word"));

/** abi.encode of static types written out by hand: every field padded to 32 bytes. */
function packedByHand(v: (typeof vectors)[number]): string {
  return keccak256(
    concat([v.seed, v.clientSeed, zeroPadValue(v.player, 32), toBeHex(BigInt(v.nonce), 32), toBeHex(BigInt(v.chainId), 32), zeroPadValue(v.casino, 32)]),
  );
}

describe("random word", () => {
  it("matches the vectors and a hand-written abi.encode", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(8);
    for (const v of vectors) {
      const word = randomWord({ ...v, nonce: BigInt(v.nonce), chainId: BigInt(v.chainId) });
      expect(word).toBe(v.word);
      expect(packedByHand(v)).toBe(v.word);
    }
  });

  it("changes with every input", () => {
    const base = { ...vectors[0], nonce: BigInt(vectors[0].nonce), chainId: BigInt(vectors[0].chainId) };
    const words = new Set([
      randomWord(base),
      randomWord({ ...base, nonce: base.nonce + 1n }),
      randomWord({ ...base, chainId: 97n }),
      randomWord({ ...base, clientSeed: vectors[1].clientSeed }),
      randomWord({ ...base, seed: vectors[1].seed }),
      randomWord({ ...base, player: vectors[1].player }),
      randomWord({ ...base, casino: vectors[1].casino }),
    ]);
    expect(words.size).toBe(7);
  });

  it("equals keccak256(abi.encode(...)) by ethers' encoder on 500 random bets", () => {
    const abi = AbiCoder.defaultAbiCoder();
    for (let i = 0; i < 500; i++) {
      const input = {
        seed: hexlify(randomBytes(32)),
        clientSeed: hexlify(randomBytes(32)),
        player: getAddress(hexlify(randomBytes(20))),
        nonce: BigInt(hexlify(randomBytes(1 + (i % 8)))),
        chainId: [1n, 56n, 97n, 31337n][i % 4]!,
        casino: i % 2 ? hexlify(randomBytes(20)) : getAddress(hexlify(randomBytes(20))),
      };
      const encoded = abi.encode(
        ["bytes32", "bytes32", "address", "uint256", "uint256", "address"],
        [input.seed, input.clientSeed, input.player, input.nonce, input.chainId, input.casino],
      );
      expect(randomWord(input)).toBe(keccak256(encoded));
    }
  });

  it("refuses malformed seeds and addresses", () => {
    const base = { ...vectors[0], nonce: 0n, chainId: 1n };
    expect(() => randomWord({ ...base, seed: "0x1234" })).toThrow(/seed must be 32 bytes/);
    expect(() => randomWord({ ...base, clientSeed: "abc" })).toThrow(/clientSeed/);
    expect(() => randomWord({ ...base, player: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293bc" })).toThrow();
    randomWord({ ...base, player: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" });
    expect(() => randomWord({ ...base, player: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293bc" })).toThrow();
    expect(() => randomWord({ ...base, player: "0x1234" })).toThrow();
    expect(() => randomWord({ ...base, nonce: -1n })).toThrow(/nonce must be a uint256/);
  });

  it("randomBytes32 gives fresh 32-byte hex", () => {
    const a = randomBytes32();
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    expect(randomBytes32()).not.toBe(a);
  });
});

describe("draw stream", () => {
  it("is deterministic per word", () => {
    const a = new RandomStream(WORD);
    const b = new RandomStream(WORD);
    const drawsA = Array.from({ length: 20 }, (_, i) => (i % 2 ? a.float() : a.int(1000)));
    const drawsB = Array.from({ length: 20 }, (_, i) => (i % 2 ? b.float() : b.int(1000)));
    expect(drawsA).toEqual(drawsB);
    expect(new RandomStream(keccak256(WORD)).float()).not.toBe(new RandomStream(WORD).float());
  });

  it("reads block k = keccak256(word ‖ uint256 k) as four 64-bit numbers", () => {
    const stream = new RandomStream(WORD);
    const lanes = (k: number) => {
      const block = keccak256(concat([WORD, toBeHex(k, 32)]));
      return [0, 1, 2, 3].map((i) => BigInt("0x" + block.slice(2 + 16 * i, 18 + 16 * i)));
    };
    const expected = [...lanes(0), ...lanes(1), ...lanes(2)];
    expect(stream.next64()).toBe(expected[0]);
    expect(stream.next52()).toBe(Number(expected[1] >> 12n));
    expect(stream.float()).toBe(Number(expected[2] >> 12n) / 2 ** 52);
    expect(stream.int(7)).toBe(Number(expected[3] % 7n));
    expect(stream.blocksUsed).toBe(1);
    expect(stream.int(2 ** 32)).toBe(Number(expected[4] % 2n ** 32n));
    expect(stream.blocksUsed).toBe(2);
  });

  it("gives floats in [0, 1) and integers in range, evenly spread", () => {
    const stream = new RandomStream(WORD);
    const buckets = new Array(10).fill(0);
    let sum = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const f = stream.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      sum += f;
      const k = stream.int(10);
      expect(Number.isInteger(k) && k >= 0 && k < 10).toBe(true);
      buckets[k]++;
    }
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.02);
    // chi-square with 9 degrees of freedom: 27.9 is the 0.1 % tail
    const chi = buckets.reduce((acc, count) => acc + (count - n / 10) ** 2 / (n / 10), 0);
    expect(chi).toBeLessThan(27.9);
  });

  it("draws an integer exactly as u mod n below 2^64 − (2^64 mod n) and rejects from there", () => {
    const reference = (hi: number, lo: number, n: number) => {
      const u = (BigInt(hi) << 32n) + BigInt(lo);
      const limit = 2n ** 64n - (2n ** 64n % BigInt(n));
      return u < limit ? Number(u % BigInt(n)) : undefined;
    };
    const top = 2 ** 32 - 1;
    for (const n of [1, 3, 52, 100, 2 ** 21 + 1, 999_999_937, 2 ** 31 + 1, 2 ** 32 - 5, 2 ** 32]) {
      const edge = 2 ** 32 - Number(2n ** 64n % BigInt(n));
      for (const hi of [0, 1, 2 ** 31, top - 1, top]) {
        for (const lo of [0, 1, 2 ** 31, edge - 1, edge, top].filter((value) => value >= 0 && value <= top)) {
          expect(uniformInt(hi, lo, n)).toBe(reference(hi, lo, n));
        }
      }
    }
    expect(uniformInt(top, top, 3)).toBeUndefined();
    expect(uniformInt(top, top, 2 ** 32)).toBe(top);
  });

  it("refuses ranges it cannot draw without bias", () => {
    const stream = new RandomStream(WORD);
    expect(() => stream.int(0)).toThrow(RangeError);
    expect(() => stream.int(2.5)).toThrow(RangeError);
    expect(() => stream.int(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => new RandomStream("0x12")).toThrow(/word must be 32 bytes/);
  });
});

describe("jackpot", () => {
  const ONE = 10n ** 18n;
  const abi = AbiCoder.defaultAbiCoder();

  it("rolls 48 bits of keccak256(abi.encode(domain, casino, betId, block hash)), as the vectors and a hand-written encode say", () => {
    expect(JACKPOT.DOMAIN).toBe(keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT")));
    for (const v of jackpotVectors.rolls) {
      const roll = jackpotRoll(v.casino, BigInt(v.betId), v.entropy);
      expect(roll).toBe(BigInt(v.roll));
      const byHand = keccak256(concat([JACKPOT.DOMAIN, zeroPadValue(v.casino, 32), toBeHex(BigInt(v.betId), 32), v.entropy]));
      expect(roll).toBe(BigInt(byHand) >> 209n);
      expect(roll).toBeLessThan(JACKPOT.ODDS_ONE);
    }
    expect(abi.encode(["bytes32"], [JACKPOT.DOMAIN])).toBe(JACKPOT.DOMAIN);
  });

  it("does not depend on the house's seed: the roll takes no random word", () => {
    expect(jackpotRoll.length).toBe(3);
  });

  it("sets odds so that a bet's expected win is the edge of its stake, at most certainty (vectors)", () => {
    for (const v of jackpotVectors.odds) {
      const [stake, prize] = [BigInt(v.stake), BigInt(v.prize)];
      const odds = jackpotOdds(stake, v.edgeBps, prize);
      expect(odds).toBe(BigInt(v.odds));
      expect(odds).toBeLessThanOrEqual(JACKPOT.ODDS_ONE);
      // odds × prize / 2^47 ≤ stake × edge / 10000: never more than the edge in expectation
      expect(odds * prize).toBeLessThanOrEqual((stake * BigInt(v.edgeBps) * JACKPOT.ODDS_ONE) / 10_000n);
    }
  });

  it("fixes the prize at the share of the pool, rounded down to a whole 10^9 base units and capped (vectors)", () => {
    for (const v of jackpotVectors.prizes) {
      const prize = jackpotPrizeOf(BigInt(v.pool), v.shareBps);
      expect(prize).toBe(BigInt(v.prize));
      expect(prize % JACKPOT.PRIZE_UNIT).toBe(0n);
      expect(prize).toBeLessThanOrEqual((BigInt(v.pool) * BigInt(v.shareBps)) / 10_000n);
      expect(prize).toBeLessThan(2n ** 56n * JACKPOT.PRIZE_UNIT);
    }
  });

  it("records a bet's prize only when the bet has odds to win it (vectors)", () => {
    for (const v of jackpotVectors.betPrizes) {
      const [stake, pool] = [BigInt(v.stake), BigInt(v.pool)];
      expect(betJackpotPrize(stake, v.edgeBps, pool, v.shareBps)).toBe(BigInt(v.prize));
    }
    // 1,000 base units at a 1 bps edge against a 72M DEGEN prize: under one 2^-47 of a chance, so no prize either.
    const hugePool = 10n ** 30n;
    expect(jackpotOdds(1_000n, 1, jackpotPrizeOf(hugePool, 5_000))).toBe(0n);
    expect(betJackpotPrize(1_000n, 1, hugePool, 5_000)).toBe(0n);
    // Even the smallest bet (1 DEGEN) at the smallest edge has odds against the largest prize.
    expect(jackpotOdds(ONE, 1, jackpotPrizeOf(hugePool, 5_000))).toBe(195n);
    expect(betJackpotPrize(ONE, 0, 1_200_000n * ONE, 500)).toBe(0n);
    expect(betJackpotPrize(ONE, 50, 1_200_000n * ONE, 500)).toBe(60_000n * ONE);
  });

  it("gives a 1 DEGEN bet 1/240,000,000 of a 60,000 DEGEN prize: 0.005 DEGEN expected, not 600", () => {
    const prize = jackpotPrizeOf(1_200_000n * ONE, JACKPOT.DEFAULT_SHARE_BPS);
    expect(prize).toBe(60_000n * ONE);
    const odds = jackpotOdds(ONE, JACKPOT.DEFAULT_EDGE_BPS, prize);
    expect(Number(odds) / 2 ** 47).toBeCloseTo(0.005 / 60_000, 12);
    expect((odds * prize) / JACKPOT.ODDS_ONE).toBeLessThanOrEqual(ONE / 200n);
  });

  it("caps the odds at certainty without raising the prize: a huge bet wins the published share, not 2 % of its stake", () => {
    // Issue #19 finding 3: edge 2 %, share 0.01 % of a 1.2M pool = 120 DEGEN, stake 247,524 DEGEN.
    const prize = jackpotPrizeOf(1_200_000n * ONE, 1);
    expect(prize).toBe(120n * ONE);
    expect(jackpotOdds(247_524n * ONE, 200, prize)).toBe(JACKPOT.ODDS_ONE);
    const v = jackpotVectors.rolls[0];
    const draw = jackpotDraw({ casino: v.casino, betId: BigInt(v.betId), entropy: v.entropy, odds: JACKPOT.ODDS_ONE, prize, pool: 1_200_000n * ONE });
    expect(draw).toMatchObject({ hit: true, win: 120n * ONE });
  });

  it("hits below the odds, pays the fixed prize capped by the pool; a void draw wins nothing and the house funds its fair value", () => {
    const v = jackpotVectors.rolls[0];
    const base = { casino: v.casino, betId: BigInt(v.betId), entropy: v.entropy, prize: 60_000n * ONE, pool: 10n ** 30n };
    const roll = BigInt(v.roll);
    expect(jackpotDraw({ ...base, odds: roll + 1n })).toMatchObject({ roll, hit: true, prize: base.prize, win: base.prize });
    expect(jackpotDraw({ ...base, odds: roll })).toMatchObject({ roll, hit: false, win: 0n });
    expect(jackpotDraw({ ...base, odds: roll + 1n, pool: 5n })).toMatchObject({ prize: 5n, win: 5n });
    // As the contract publishes it: an empty pool still makes the draw a hit, one that pays nothing.
    expect(jackpotDraw({ ...base, odds: roll + 1n, pool: 0n })).toMatchObject({ hit: true, prize: 0n, win: 0n });
    expect(jackpotDraw({ ...base, odds: roll + 1n })).toMatchObject({ houseFunding: 0n });
    // Issue #37 item 6: a 1 DEGEN bet at edge 0.5 % against a 60,000 DEGEN prize is worth 0.005
    // DEGEN; void, it wins nothing and the house's bankroll pays those 0.005 into the pool.
    const zero = "0x" + "00".repeat(32);
    const odds = jackpotOdds(ONE, 50, base.prize);
    expect(jackpotFairValue(base.prize, odds)).toBeLessThanOrEqual(ONE / 200n);
    expect(jackpotFairValue(base.prize, odds)).toBeGreaterThan(ONE / 200n - ONE / 10n ** 9n);
    expect(jackpotDraw({ ...base, odds, entropy: zero })).toEqual({
      roll: null,
      hit: false,
      prize: base.prize,
      win: 0n,
      houseFunding: (base.prize * odds) / JACKPOT.ODDS_ONE,
    });
    // A bet without odds (edge 0, or an empty pool at placement) has nothing to draw, void or not.
    expect(jackpotDraw({ ...base, odds: 0n, entropy: zero })).toMatchObject({ roll: null, hit: false, win: 0n, houseFunding: 0n });
  });

  it("draws a batch's tickets from its entropy; a void batch hits no ticket and the house funds each one's fair value", () => {
    const v = jackpotVectors.rolls[0];
    const roll = BigInt(v.roll);
    const tickets = [
      { betId: BigInt(v.betId), odds: roll + 1n, prize: 60_000n * ONE },
      { betId: BigInt(v.betId), odds: roll, prize: 120n * ONE },
    ];
    expect(ticketDraws(v.casino, tickets, v.entropy)).toEqual([
      { ...tickets[0], roll, hit: true, houseFunding: 0n },
      { ...tickets[1], roll, hit: false, houseFunding: 0n },
    ]);
    expect(ticketDraws(v.casino, tickets, "0x" + "00".repeat(32))).toEqual(
      tickets.map((ticket) => ({ ...ticket, roll: null, hit: false, houseFunding: jackpotFairValue(ticket.prize, ticket.odds) })),
    );
  });
});

describe("hash chain", () => {
  it("matches the vectors: s_(i-1) = keccak256(s_i), s_0 the commitment, one link per bet", () => {
    const chain = new HashChain(hashChainTip(chainVectors.masterSecret, chainVectors.player, chainVectors.epoch), chainVectors.length);
    expect(chainVectors.links).toHaveLength(chainVectors.length + 1);
    expect(chain.commitment).toBe(chainVectors.links[0]);
    for (let i = 1; i < chainVectors.links.length; i++) {
      expect(chain.link(i)).toBe(chainVectors.links[i]);
      expect(keccak256(getBytes(chainVectors.links[i]))).toBe(chainVectors.links[i - 1]);
    }
    for (let k = 1; k <= chainVectors.length; k++) expect(chain.seed(k)).toBe(chainVectors.links[k]);
    expect(chain.seed(chainVectors.length)).toBe(hashChainTip(chainVectors.masterSecret, chainVectors.player, chainVectors.epoch));
  });

  it("gives a session's lane a chain of its own, by its key, which the vectors freeze", () => {
    const lane = new HashChain(laneChainTip(chainVectors.masterSecret, chainVectors.player, chainVectors.laneKey), chainVectors.length);
    for (let i = 0; i < chainVectors.laneLinks.length; i++) expect(lane.link(i)).toBe(chainVectors.laneLinks[i]);
    // Nothing of the wallet's chain, nor of another key's lane, is a link of it.
    const wallet = new Set(chainVectors.links);
    expect(chainVectors.laneLinks.some((link) => wallet.has(link))).toBe(false);
    expect(laneChainTip(chainVectors.masterSecret, chainVectors.player, chainVectors.player)).not.toBe(lane.link(chainVectors.length));
  });

  it("verifies a link across the positions between it and the commitment, and rejects the rest", () => {
    const chain = new HashChain(hashChainTip(chainVectors.masterSecret, chainVectors.player, 1), 16);
    expect(verifyLink(chain.seed(1), chain.commitment)).toBe(true);
    // bet 5 after bet 3, bet 4 claimed as expired and never revealed: two hashes
    expect(verifyLink(chain.seed(5), chain.seed(3), 2)).toBe(true);
    expect(verifyLink(chain.seed(5), chain.seed(3), 1)).toBe(false);
    expect(verifyLink(chain.seed(2), chain.commitment)).toBe(false);
    expect(verifyLink(chain.commitment, chain.seed(1))).toBe(false);
  });

  it("differs per player and epoch, and a wallet chain settles 1024 bets", () => {
    const master = chainVectors.masterSecret;
    const chain = new HashChain(hashChainTip(master, chainVectors.player, 0), HASH_CHAIN.DEFAULT_LENGTH);
    expect(chain.seed(1024)).toBe(hashChainTip(master, chainVectors.player, 0));
    expect(hashChainTip(master, chainVectors.player, 1)).not.toBe(hashChainTip(master, chainVectors.player, 0));
    expect(hashChainTip(master, "0x90F79bf6EB2c4f870365E785982E1f101E93b906", 0)).not.toBe(hashChainTip(master, chainVectors.player, 0));
    expect(() => chain.seed(0)).toThrow(RangeError);
    expect(() => chain.seed(1025)).toThrow(RangeError);
  });
});
