// The pieces of contracts/rules/ against the engine's, each over its whole range or at its
// boundaries: the random stream (lanes, floats, integers and their rejections, the shuffle), the
// float thresholds and damage of kickboxing, the crash point, the slots grid and lines, the
// blackjack deck, and what GameRules refuses. The engine's answers come from one tsx run.
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { deployRules, engineEval, underCoverage, type Deployed } from "./support";
import { hangDetector } from "../helpers";

/** solidity-coverage hands every EVM step to JavaScript: fewer random words there (the boundaries stay). */
const SAMPLES = underCoverage(hre) ? 24 : 300;

const TWO_POW_52 = 2n ** 52n;
const TWO_POW_64 = 2n ** 64n;
const MASK_64 = TWO_POW_64 - 1n;
const word = (label: string) => ethers.id(`GameRules unit ${label}`);
const ascii = (text: string) => ethers.hexlify(ethers.toUtf8Bytes(text));

/** The lanes of the stream of `w` (engine/README.md "How every outcome is drawn", step 2), by ethers alone. */
function lanesOf(w: string, blocks: number): bigint[] {
  const lanes: bigint[] = [];
  for (let k = 0n; k < BigInt(blocks); k++) {
    const block = BigInt(ethers.keccak256(ethers.concat([w, ethers.toBeHex(k, 32)])));
    for (let lane = 3n; lane >= 0n; lane--) lanes.push((block >> (64n * lane)) & MASK_64);
  }
  return lanes;
}

const limitOf = (n: bigint) => TWO_POW_64 - (TWO_POW_64 % n);

/** The exact ceiling of p × 2^52 for the double p, from its bits. */
function ceilTimes2pow52(p: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, p);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn) - 1023;
  const mantissa = (bits & (TWO_POW_52 - 1n)) | TWO_POW_52;
  // p = mantissa × 2^(exponent − 52), so p × 2^52 = mantissa × 2^exponent.
  if (exponent >= 0) return mantissa << BigInt(exponent);
  const divisor = 1n << BigInt(-exponent);
  return (mantissa + divisor - 1n) / divisor;
}

const DRAW_WORDS = [0, 1, 2].map((i) => word(`draws ${i}`));
/** Per draw: "64" next64, "52" a float's 52 bits, else int(n). */
const DRAW_KINDS = ["64", "52", "10", "100", "52", "52", "12", "15", "64", "2", "4294967296", "4294967295", "7", ...Array(20).fill("52")];
const UNIFORM_NS = [2n, 3n, 7n, 10n, 12n, 15n, 52n, 100n, 2n ** 32n - 1n];
const CRASH_US = [
  0n,
  (TWO_POW_52 + 99n) / 100n - 1n, // the last instant bust
  (TWO_POW_52 + 99n) / 100n,
  (TWO_POW_52 * 2n) / 100n,
  TWO_POW_52 / 2n,
  TWO_POW_52 - (TWO_POW_52 * 102n) / 10_000n, // about where DEGEN reaches 100x
  TWO_POW_52 - (TWO_POW_52 * 98n) / 10_000n, // … and BNB
  TWO_POW_52 - 1n,
  ...Array.from({ length: SAMPLES }, (_, i) => BigInt(ethers.keccak256(ethers.toBeHex(i, 32))) >> 204n),
];
const SLOT_WORDS = Array.from({ length: SAMPLES }, (_, i) => word(`slots ${i}`));
/** Grids of symbol indices (reel, row), few symbols so that lines of 3, 4 and 5 are common. */
const SLOT_GRIDS = Array.from({ length: SAMPLES }, (_, i) =>
  Array.from({ length: 5 }, (_r, reel) =>
    Array.from({ length: 3 }, (_c, row) => (i < 7 ? i : Number(BigInt(ethers.id(`grid ${i} ${reel} ${row}`)) % 3n) + (i % 5))),
  ),
);
const DECK_WORDS = Array.from({ length: SAMPLES }, (_, i) => word(`deck ${i}`));

interface EngineFacts {
  draws: string[][];
  uniformInts: (number | null)[];
  kickboxing: Record<string, number | string | number[]>;
  payoutBps: Record<string, string>;
  crash: { DEGEN: number[]; BNB: number[] };
  reels: number[][][];
  lineTotals: number[];
  decks: number[][];
  shuffles: number[][];
}

function engineFacts(): EngineFacts {
  const uniformCases = UNIFORM_NS.flatMap((n) =>
    [limitOf(n) - 1n, limitOf(n) % TWO_POW_64, MASK_64].map((lane) => [Number(lane >> 32n), Number(lane & 0xffffffffn), Number(n)]),
  );
  const input = {
    drawWords: DRAW_WORDS,
    drawKinds: DRAW_KINDS,
    uniformCases,
    us: CRASH_US.map(Number),
    slotWords: SLOT_WORDS,
    grids: SLOT_GRIDS,
    deckWords: DECK_WORDS,
  };
  return engineEval<EngineFacts>(`
    import { RandomStream, uniformInt, KICKBOXING, kickboxingPayoutBps, crashPointFromDraw, spinReels, evaluateReels, SLOT_SYMBOLS, deckFromWord, orderedDeck, cardCode, rankValue } from "./engine/src/index.ts";
    const input = ${JSON.stringify(input)};
    const draw = (s, kind) => kind === "64" ? s.next64().toString() : kind === "52" ? String(s.next52()) : String(s.int(Number(kind)));
    const factory = orderedDeck().map(cardCode);
    const payoutBps = {};
    for (const bet of ["RED", "BLUE", "TIE"]) for (const winner of ["RED", "BLUE", "DRAW"]) payoutBps[bet + " " + winner] = kickboxingPayoutBps(bet, winner).toString();
    console.log(JSON.stringify({
      draws: input.drawWords.map((w) => { const s = new RandomStream(w); return input.drawKinds.map((kind) => draw(s, kind)); }),
      uniformInts: input.uniformCases.map(([hi, lo, n]) => uniformInt(hi, lo, n) ?? null),
      kickboxing: KICKBOXING,
      payoutBps,
      crash: { DEGEN: input.us.map((u) => crashPointFromDraw(u, "DEGEN")), BNB: input.us.map((u) => crashPointFromDraw(u, "BNB")) },
      reels: input.slotWords.map((w) => spinReels(new RandomStream(w)).map((reel) => reel.map((symbol) => SLOT_SYMBOLS.indexOf(symbol)))),
      lineTotals: input.grids.map((grid) => evaluateReels(grid.map((reel) => reel.map((i) => SLOT_SYMBOLS[i]))).totalMultiple),
      decks: input.deckWords.map((w) => deckFromWord(w).map(rankValue)),
      shuffles: input.deckWords.slice(0, 20).map((w) => deckFromWord(w).map((card) => factory.indexOf(cardCode(card)))),
    }, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));`);
}

/** A slots grid in the contract's layout: the cell of reel c and row r in bits 4(5r + c)…. */
function packGrid(grid: number[][]): bigint {
  let packed = 0n;
  grid.forEach((reel, c) => reel.forEach((symbol, r) => (packed |= BigInt(symbol) << BigInt(4 * (5 * r + c)))));
  return packed;
}

describe("GameRules pieces match the engine's", function () {
  hangDetector(this, 120_000);
  let deployed: Deployed;
  let facts: EngineFacts;

  before(async function () {
    deployed = await deployRules();
    facts = engineFacts();
  });

  it("draws the engine's stream: 64-bit lanes, floats and integers, block after block", async function () {
    const kinds = DRAW_KINDS.map((kind) => (kind === "64" ? 0n : kind === "52" ? ethers.MaxUint256 : BigInt(kind)));
    for (const [i, w] of DRAW_WORDS.entries()) {
      const drawn = await deployed.harness.draws(w, kinds);
      expect(drawn.map(String), w).to.deep.equal(facts.draws[i]);
      // The first lanes, independently of the engine: keccak256(word ‖ k), four lanes a block.
      const lanes = lanesOf(w, 1);
      expect(drawn[0]).to.equal(lanes[0]);
      expect(drawn[1]).to.equal(lanes[1] >> 12n);
    }
  });

  it("rejects exactly the lanes the engine's int(n) rejects, and draws on from the next lane", async function () {
    const { harness } = deployed;
    let k = 0;
    for (const n of UNIFORM_NS) {
      const limit = limitOf(n);
      const [below, atLimit, top] = facts.uniformInts.slice(3 * k, 3 * k + 3);
      k++;
      expect(below, `engine int(${n}) at 2^64 − (2^64 mod n) − 1`).to.equal(Number((limit - 1n) % n));
      expect([atLimit, top], `engine int(${n}) from 2^64 − (2^64 mod n) on`).to.deep.equal(limit === TWO_POW_64 ? [0, Number(MASK_64 % n)] : [null, null]);
      // A block whose first lane is the limit and second the one below: the draw takes the second
      // (when 2^64 mod n = 0 nothing is rejected and it takes the first).
      const block = ((limit % TWO_POW_64) << 192n) | ((limit - 1n) << 128n);
      const [value, lanesLeft] = await harness.uniformFrom(word("uniform"), block, 2, n);
      if (limit === TWO_POW_64) expect([value, lanesLeft]).to.deep.equal([0n, 1n]);
      else expect([value, lanesLeft]).to.deep.equal([(limit - 1n) % n, 0n]);
    }
    // firstUniform's way past a rejected first lane, with an n (beyond the engine's 2^32) that
    // rejects about half the lanes: rejection sampling over the stream's lanes, as int(n) does.
    const n = 2n ** 63n + 1n;
    const words = Array.from({ length: 24 }, (_, i) => word(`first uniform ${i}`));
    let rejectedFirst = 0;
    for (const w of words) {
      const lanes = lanesOf(w, 3);
      const accepted = lanes.findIndex((lane) => lane < limitOf(n));
      if (accepted > 0) rejectedFirst++;
      const [big, ten] = await harness.firstUniforms(w, [n, 10n]);
      expect(big, w).to.equal(lanes[accepted] % n);
      expect(ten, w).to.equal((await harness.draws(w, [10n]))[0]);
    }
    expect(rejectedFirst).to.be.greaterThan(3);
  });

  it("shuffles as the engine's Fisher–Yates, and refuses more items than its shortcut allows", async function () {
    const { harness } = deployed;
    for (const [i, w] of DECK_WORDS.slice(0, 20).entries()) {
      expect([...ethers.getBytes(await harness.shuffled(w, 52))], w).to.deep.equal(facts.shuffles[i]);
    }
    expect(ethers.getBytes(await harness.shuffled(word("one"), 1))).to.deep.equal(new Uint8Array([0]));
    expect(await harness.shuffled(word("none"), 0)).to.equal("0x");
    expect([...ethers.getBytes(await harness.shuffled(word("64"), 64))].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 64 }, (_, i) => i));
    await expect(harness.shuffled(word("65"), 65))
      .to.be.revertedWithCustomError(harness, "TooManyItems")
      .withArgs(65);
  });

  it("compares kickboxing's floats with the exact ceilings of the engine's doubles (checked at threshold − 1 and threshold)", async function () {
    const { kickboxing } = facts;
    // In the engine's order: the even match, the first attacker (a literal 0.5 in simulateFight), then its constants.
    const chances = [
      kickboxing.EVEN_MATCH_CHANCE,
      0.5,
      kickboxing.REPEAT_CHANCE,
      kickboxing.PUNCH_CHANCE,
      kickboxing.HIT_CHANCE,
      kickboxing.BLOCK_CHANCE,
      kickboxing.COUNTER_CHANCE,
    ] as number[];
    const thresholds = await deployed.harness.kickboxingThresholds();
    chances.forEach((p, i) => {
      const threshold = thresholds[i];
      expect(threshold, `threshold of ${p}`).to.equal(ceilTimes2pow52(p));
      // float() = u / 2^52, exactly as the engine computes it.
      expect(Number(threshold - 1n) / 2 ** 52 < p, `u = threshold − 1 for ${p}`).to.equal(true);
      expect(Number(threshold) / 2 ** 52 < p, `u = threshold for ${p}`).to.equal(false);
    });
  });

  it("floors kickboxing's damage as the engine's Math.floor on doubles does, for every reachable value", function () {
    const k = facts.kickboxing as {
      PUNCH_DAMAGE: number[];
      KICK_DAMAGE: number[];
      COMBO_STEP_PCT: number;
      BLOCKED_DAMAGE_PCT: number;
      COUNTER_DAMAGE_PCT: number;
    };
    const exchanges = 50; // combo < 50: at most one attack per exchange
    const [low, high] = [Math.min(k.PUNCH_DAMAGE[0], k.KICK_DAMAGE[0]), Math.max(k.PUNCH_DAMAGE[1], k.KICK_DAMAGE[1])];
    let checked = 0;
    for (let base = low; base <= high; base++) {
      for (let combo = 0; combo < exchanges; combo++) {
        const comboPct = 100 + k.COMBO_STEP_PCT * combo;
        // engine/src/kickboxing.ts simulateFight, with doubles; the contract, with integers.
        const attack = Math.floor((base * comboPct) / 100);
        expect(BigInt(attack)).to.equal((BigInt(base) * BigInt(comboPct)) / 100n);
        for (const pct of [k.BLOCKED_DAMAGE_PCT, k.COUNTER_DAMAGE_PCT]) {
          expect(BigInt(Math.floor((attack * pct) / 100))).to.equal((BigInt(attack) * BigInt(pct)) / 100n);
          checked++;
        }
      }
    }
    expect(checked).to.equal((high - low + 1) * exchanges * 2);
  });

  it("pays kickboxing bets on every winner, a draw (TIE x4) included, as the engine's kickboxingPayoutBps", async function () {
    const stake = 123_456_789_123_456_789n;
    for (const [bet, name] of ["RED", "BLUE", "TIE"].entries()) {
      for (const [winner, winnerName] of ["RED", "BLUE", "DRAW"].entries()) {
        const expected = (stake * BigInt(facts.payoutBps[`${name} ${winnerName}`])) / 10_000n;
        expect(await deployed.harness.kickboxingPayoutFor(bet, winner, stake), `${name} on ${winnerName}`).to.equal(expected);
      }
    }
  });

  it("computes the engine's crash point at its boundaries: instant bust, 1.00x held, 100x cap", async function () {
    for (const [isNative, token] of [
      [false, "DEGEN"],
      [true, "BNB"],
    ] as const) {
      const points = await deployed.harness.crashPoints(CRASH_US, isNative);
      expect(points.map(Number), token).to.deep.equal(facts.crash[token]);
    }
    expect(facts.crash.DEGEN.slice(0, 3)).to.deep.equal([100, 100, 103]);
    expect(facts.crash.BNB.slice(0, 3)).to.deep.equal([100, 100, 100]);
    expect(facts.crash.DEGEN.at(CRASH_US.length - SAMPLES - 1)).to.equal(10_000);
  });

  it("spins the engine's slots grids and prices any grid's lines as the engine does", async function () {
    const { harness } = deployed;
    expect(await harness.slotsPickLimit()).to.equal(limitOf(100n));
    const grids = await harness.slotsGrids(SLOT_WORDS);
    grids.forEach((grid, i) => expect(grid, SLOT_WORDS[i]).to.equal(packGrid(facts.reels[i])));
    const units = await harness.slotsLineUnits(SLOT_GRIDS.map(packGrid));
    expect(units.map(Number)).to.deep.equal(facts.lineTotals);
    // The grids drawn cover every symbol; the crafted ones every run length and the best (5 × 150).
    expect(new Set(facts.reels.flat(2)).size).to.equal(7);
    expect(facts.lineTotals[0]).to.equal(750);
    expect(new Set(facts.lineTotals).size).to.be.greaterThan(Math.min(20, SAMPLES / 4));
  });

  it("deals the engine's blackjack decks (the values of its shuffled cards)", async function () {
    const decks = await deployed.harness.blackjackDecks(DECK_WORDS);
    decks.forEach((deck, i) => expect([...ethers.getBytes(deck)], DECK_WORDS[i]).to.deep.equal(facts.decks[i]));
  });

  describe("GameRules.payout refuses what the engine refuses", function () {
    const ONE = 10n ** 18n;
    const w = word("refusals");

    it("a stake of 0, and (unlike the engine, which has no bound) one above MAX_STAKE", async function () {
      const { rules } = deployed;
      const max = await rules.MAX_STAKE();
      expect(max).to.equal(2n ** 128n - 1n);
      await expect(rules.payout(0, 1, false, 0, w, "0x"))
        .to.be.revertedWithCustomError(rules, "InvalidStake")
        .withArgs(0);
      await expect(rules.payout(1, 0, false, max + 1n, w, "0x"))
        .to.be.revertedWithCustomError(rules, "InvalidStake")
        .withArgs(max + 1n);
      await rules.payout(1, 0, false, max, w, "0x"); // the largest stake computes without overflow
    });

    it("an unknown game, and actions for a game that takes none", async function () {
      const { rules } = deployed;
      for (const gameType of [8, 255])
        await expect(rules.payout(gameType, 0, false, ONE, w, "0x"))
          .to.be.revertedWithCustomError(rules, "InvalidGameType")
          .withArgs(gameType);
      for (const [gameType, params] of [
        [0, 1],
        [1, 0],
        [3, 2],
        [5, 5_000],
      ]) {
        await expect(rules.payout(gameType, params, false, ONE, w, "0x00"))
          .to.be.revertedWithCustomError(rules, "UnexpectedActions")
          .withArgs(gameType);
      }
    });

    it("params each game refuses (Payouts.InvalidParams)", async function () {
      const { rules } = deployed;
      const refused: [number, bigint][] = [
        [0, 0n],
        [0, 1023n],
        [0, 1024n],
        [1, 1n],
        [2, 1n],
        [3, 3n],
        [4, 100n],
        [4, 10_001n],
        [4, ethers.MaxUint256],
      ];
      for (const [gameType, params] of refused) {
        await expect(rules.payout(gameType, params, false, ONE, w, "0x"), `${gameType}/${params}`)
          .to.be.revertedWithCustomError(rules, "InvalidParams")
          .withArgs(gameType, params);
      }
    });

    it("a crash cash-out that is not 2 bytes of 100..10000, or one on a round with an auto cash-out", async function () {
      const { rules } = deployed;
      // 0x0000 too: the engine reads a cash-out of the number 0 as none, the contract only an empty log.
      for (const actions of ["0x64", "0x000064", "0x0000", "0x0063", "0x2711", "0xffff"]) {
        await expect(rules.payout(4, 0, false, ONE, w, actions), actions)
          .to.be.revertedWithCustomError(rules, "InvalidCashOut")
          .withArgs(actions);
      }
      await expect(rules.payout(4, 200, false, ONE, w, "0x00c8"))
        .to.be.revertedWithCustomError(rules, "InvalidCashOut")
        .withArgs("0x00c8");
      for (const m of [100, 10_000]) await rules.payout(4, 0, true, ONE, w, ethers.toBeHex(m, 2));
    });

    it("a blackjack log with an unknown code or an illegal action, naming its index", async function () {
      const { rules } = deployed;
      // The engine decodes the whole log first: an unknown code is found before an illegal action.
      await expect(rules.payout(2, 0, false, ONE, w, ascii("SSx")))
        .to.be.revertedWithCustomError(rules, "UnknownBlackjackAction")
        .withArgs(2, "0x78");
      await expect(rules.payout(2, 0, false, ONE, w, ascii("Hh")))
        .to.be.revertedWithCustomError(rules, "UnknownBlackjackAction")
        .withArgs(1, "0x68");
      // Two STANDs: the first ends the hand (or a natural did), so one of them is illegal.
      await expect(rules.payout(2, 0, false, ONE, w, ascii("SS"))).to.be.revertedWithCustomError(rules, "IllegalBlackjackAction");
      await expect(rules.payout(2, 0, false, ONE, w, ascii("HP"))).to.be.revertedWithCustomError(rules, "IllegalBlackjackAction");
    });
  });
});
