import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import vectors from "../vectors/random.json";
import {
  GAME_TYPES,
  GameType,
  maxPayout,
  payoutRatio,
  SLOT_REEL_WEIGHTS,
  crashRound,
  crashWinProbability,
  decodeParams,
  encodeWheelParams,
  evaluateReels,
  fightFromWord,
  fromBaseUnits,
  playCrashDemo,
  playKickboxingDemo,
  playWheelDemo,
  settleGame,
  canSplit,
  crashPayout,
  dealBlackjack,
  isFinalStatus,
  jackpotFairValue,
  jackpotOdds,
  orderedDeck,
  replayBlackjack,
  resumeBlackjack,
  settleBlackjack,
  settleCrash,
  settleKickboxing,
  settleSlots,
  settleWheel,
  startBlackjack,
  totalStake,
  toBaseUnits,
  verify,
  wheelPayout,
  type BetRecord,
  type GameType as GameTypeValue,
  type SlotSymbol,
  type Token,
} from "../src";

const ONE = 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`settle test ${i}`));
const PARAMS: Record<GameTypeValue, bigint> = { 0: encodeWheelParams([0]), 1: 0n, 2: 0n, 3: 0n, 4: 250n, 5: 4_950n, 6: 0x210n, 7: 3n };

describe("settleGame", () => {
  it("settles every game type deterministically", () => {
    for (const gameType of GAME_TYPES) {
      const input = { gameType, token: "DEGEN" as Token, stake: ONE, params: PARAMS[gameType], word: word(gameType) };
      const a = settleGame(input);
      expect(a.outcome.gameType).toBe(gameType);
      expect(settleGame(input)).toEqual(a);
    }
  });

  it("refuses bad params, tokens, stakes and actions", () => {
    const base = { token: "DEGEN" as Token, stake: ONE, word: word(0) };
    expect(() => settleGame({ ...base, gameType: GameType.WHEEL, params: 0n })).toThrow(/1 to 9/);
    expect(() => settleGame({ ...base, gameType: GameType.SLOTS, params: 1n })).toThrow(/must be 0/);
    expect(() => settleGame({ ...base, gameType: GameType.KICKBOXING, params: 3n })).toThrow(RangeError);
    expect(() => settleGame({ ...base, gameType: GameType.CRASH, params: 50n })).toThrow(RangeError);
    expect(() => settleGame({ ...base, gameType: GameType.MINES, params: 25n })).toThrow(RangeError);
    expect(() => settleGame({ ...base, gameType: 8 as GameTypeValue, params: 0n })).toThrow(/Unknown game type/);
    expect(() => settleGame({ ...base, token: "ETH" as Token, gameType: GameType.SLOTS, params: 0n })).toThrow(/Unknown token/);
    expect(() => settleGame({ ...base, stake: 0n, gameType: GameType.SLOTS, params: 0n })).toThrow(/positive/);
    expect(() => settleGame({ ...base, gameType: GameType.WHEEL, params: 1n, actions: ["HIT"] })).toThrow(/takes no actions/);
    expect(() => settleGame({ ...base, gameType: GameType.BLACKJACK, params: 0n, actions: 150 })).toThrow(/action log/);
    expect(() => settleGame({ ...base, gameType: GameType.CRASH, params: 0n, actions: "HS" })).toThrow(/cash-out/);
    expect(() => settleGame({ ...base, gameType: GameType.MINES, params: 3n, actions: 150 })).toThrow(/mines round's actions/);
  });

  it("decodes every game's params", () => {
    expect(decodeParams(GameType.WHEEL, 5n)).toEqual({ gameType: 0, colours: [0, 2] });
    expect(decodeParams(GameType.KICKBOXING, 1n)).toEqual({ gameType: 3, bet: "BLUE" });
    expect(decodeParams(GameType.CRASH, 0n)).toEqual({ gameType: 4, autoCashOut: null });
    expect(decodeParams(GameType.BLACKJACK, 0n)).toEqual({ gameType: 2 });
    expect(decodeParams(GameType.MINES, 24n)).toEqual({ gameType: 7, mines: 24 });
    expect(() => decodeParams(GameType.BLACKJACK, 1n)).toThrow(RangeError);
  });

  it("never pays above the bet's maximum payout, and reaches it (the contract's reservation table)", () => {
    // The best outcome of each game pays exactly the bound.
    expect(wheelPayout("DEGEN", ONE, 1, true)).toBe(maxPayout(GameType.WHEEL, 1n, "DEGEN", ONE));
    expect(wheelPayout("BNB", ONE, 7, true)).toBe(maxPayout(GameType.WHEEL, 127n, "BNB", ONE));
    const best = evaluateReels(Array.from({ length: 5 }, (): SlotSymbol[] => ["DEGEN", "DEGEN", "DEGEN"]));
    expect(best.totalMultiple).toBe(750);
    expect((ONE * BigInt(best.totalMultiple) * 10_200n) / 10_000n).toBe(maxPayout(GameType.SLOTS, 0n, "DEGEN", ONE));
    expect(maxPayout(GameType.CRASH, 101n, "DEGEN", 10n * ONE)).toBe((101n * ONE) / 10n);
    expect(maxPayout(GameType.WHEEL, 511n, "DEGEN", 10n * ONE)).toBe(11_333_333_333_333_333_333n);
    // Blackjack: a natural 2.5x (BNB 2.47x); after a split two wins of 2x (BNB 1.98x) on both stakes.
    expect(maxPayout(GameType.BLACKJACK, 0n, "DEGEN", 100n)).toBe(250n);
    expect(maxPayout(GameType.BLACKJACK, 0n, "BNB", 100n)).toBe(247n);
    expect(maxPayout(GameType.BLACKJACK, 0n, "DEGEN", 200n, true)).toBe(400n);
    expect(maxPayout(GameType.BLACKJACK, 0n, "BNB", 200n, true)).toBe(396n);
    expect(maxPayout(GameType.BLACKJACK, 0n, "BNB", 3n)).toBe(7n);
    expect(() => payoutRatio(GameType.SLOTS, 0n, "DEGEN", true)).toThrow(/no split/);
    for (let i = 0; i < 60; i++) {
      for (const gameType of GAME_TYPES) {
        for (const token of ["DEGEN", "BNB"] as const) {
          const w = word(100 + i);
          const params = gameType === GameType.CRASH ? [0n, 101n, 250n, 10_000n][i % 4] : gameType === GameType.KICKBOXING ? BigInt(i % 3) : PARAMS[gameType];
          const hand = startBlackjack(w, ONE, token);
          const actions = gameType !== GameType.BLACKJACK || isFinalStatus(hand.status) ? undefined : canSplit(hand) ? "P" : "S";
          const cashOut = gameType === GameType.CRASH && params === 0n ? 10_000 : undefined;
          const { payout, outcome } = settleGame({ gameType, token, stake: ONE, params, word: w, actions: actions ?? cashOut });
          // blackjack's bound is on the total stake, split included
          const split = outcome.gameType === GameType.BLACKJACK && outcome.blackjack.splitHand !== null;
          const staked = outcome.gameType === GameType.BLACKJACK ? totalStake(outcome.blackjack) : ONE;
          expect(payout).toBeLessThanOrEqual(maxPayout(gameType, params, token, staked, split));
        }
      }
    }
  });
});

describe("a stake of 0 or less is refused wherever a payout is computed from it", () => {
  const w = word(3);
  const refuses = (run: () => unknown) => {
    expect(run).toThrow(RangeError);
    expect(run).toThrow(/stake must be positive/);
  };

  it("settleGame, every game's settle and payout functions, and the blackjack hand builders", () => {
    for (const stake of [0n, -1n, -10n * ONE]) {
      for (const gameType of GAME_TYPES) refuses(() => settleGame({ gameType, token: "DEGEN", stake, params: PARAMS[gameType], word: w }));
      refuses(() => settleWheel("DEGEN", stake, 1n, w));
      refuses(() => wheelPayout("DEGEN", stake, 1, true));
      refuses(() => wheelPayout("DEGEN", stake, 1, false));
      refuses(() => settleSlots("BNB", stake, 0n, w));
      refuses(() => settleKickboxing(stake, 0n, w));
      refuses(() => settleCrash("DEGEN", stake, 150n, w, null));
      refuses(() => settleCrash("DEGEN", stake, 0n, w, null));
      refuses(() => crashPayout(stake, 150, 200));
      refuses(() => crashPayout(stake, null, 200));
      refuses(() => settleBlackjack("DEGEN", stake, 0n, w, ["STAND"]));
      refuses(() => dealBlackjack(orderedDeck(), stake, "BNB"));
      refuses(() => startBlackjack(w, stake, "DEGEN"));
      refuses(() => resumeBlackjack(w, stake, "DEGEN", []));
      refuses(() => replayBlackjack(w, stake, "BNB", []));
    }
  });

  it("the demo helpers, including a stake that rounds to 0 base units", () => {
    for (const stake of [0, -10, -0.005, 1e-19]) {
      refuses(() => playWheelDemo(stake, "DEGEN", [0], w));
      refuses(() => playKickboxingDemo(stake, "RED", w));
      refuses(() => playCrashDemo(stake, "BNB", w, { autoCashOut: 150 }));
      refuses(() => playCrashDemo(stake, "BNB", w, {}));
    }
  });
});

describe("no bet wins with probability 1", () => {
  it("wheel: every accepted selection misses some segment; all ten colours are refused", () => {
    for (let mask = 1n; mask < 1024n; mask++) {
      const count = mask.toString(2).split("1").length - 1;
      if (count === 10) expect(() => decodeParams(GameType.WHEEL, mask)).toThrow();
      else expect(count).toBeLessThan(10);
    }
  });

  it("slots: a losing grid has positive probability", () => {
    const reels: SlotSymbol[][] = [
      ["CHERRY", "CHERRY", "CHERRY"],
      ["LEMON", "LEMON", "LEMON"],
      ["CHERRY", "CHERRY", "CHERRY"],
      ["LEMON", "LEMON", "LEMON"],
      ["CHERRY", "CHERRY", "CHERRY"],
    ];
    reels.forEach((reel, r) => reel.forEach((symbol) => expect(SLOT_REEL_WEIGHTS[r][symbol]).toBeGreaterThan(0)));
    expect(evaluateReels(reels).totalMultiple).toBe(0);
  });

  it("blackjack: a dealer natural beats every action log", () => {
    let i = 0;
    for (; ; i++) {
      const state = startBlackjack(word(i), ONE, "DEGEN");
      if (state.status === "DEALER_WIN") break;
    }
    for (const actions of ["H", "S", "P", "HS"]) {
      expect(() => settleGame({ gameType: GameType.BLACKJACK, token: "DEGEN", stake: ONE, params: 0n, word: word(i), actions })).toThrow(/hand is over/);
    }
    expect(settleGame({ gameType: GameType.BLACKJACK, token: "DEGEN", stake: ONE, params: 0n, word: word(i) }).payout).toBe(0n);
  });

  it("kickboxing: each bet loses some fight", () => {
    const winners = new Set(Array.from({ length: 12 }, (_, i) => fightFromWord(word(i)).winner));
    expect(winners.has("RED") && winners.has("BLUE")).toBe(true); // RED loses a BLUE win, BLUE a RED win, TIE both
  });

  it("crash: every target and every cash-out loses the 1 % instant bust", () => {
    for (const token of ["DEGEN", "BNB"] as Token[]) {
      for (let target = 101; target <= 10_000; target += 1) {
        const p = crashWinProbability(token, target);
        expect(p.numerator * 100n <= p.denominator * 99n).toBe(true);
      }
    }
    let i = 0;
    while (crashRound(word(i), "DEGEN").crashPoint !== 100) i++;
    expect(settleGame({ gameType: GameType.CRASH, token: "DEGEN", stake: ONE, params: 0n, word: word(i), actions: 100 }).payout).toBe(0n);
  });
});

describe("verify", () => {
  const v = vectors[0];
  const bet = (gameType: GameTypeValue, params: bigint): BetRecord => ({
    gameType,
    token: "DEGEN",
    amount: 5n * ONE,
    params,
    player: v.player,
    nonce: BigInt(v.nonce),
    clientSeed: v.clientSeed,
    chainId: BigInt(v.chainId),
    casino: v.casino,
  });

  it("accepts an honest settlement of every game type and checks the random word", () => {
    for (const gameType of GAME_TYPES) {
      const expected = settleGame({ gameType, token: "DEGEN", stake: 5n * ONE, params: PARAMS[gameType], word: v.word });
      const result = verify(bet(gameType, PARAMS[gameType]), { seed: v.seed, payout: expected.payout, random: v.word });
      expect(result).toMatchObject({ ok: true, expectedPayout: expected.payout, word: v.word, problems: [] });
      expect(result.outcome).toEqual(expected.outcome);
    }
  });

  it("flags a wrong payout and a wrong random word", () => {
    const expected = settleGame({ gameType: GameType.SLOTS, token: "DEGEN", stake: 5n * ONE, params: 0n, word: v.word }).payout;
    const wrong = verify(bet(GameType.SLOTS, 0n), { seed: v.seed, payout: expected + 1n });
    expect(wrong).toMatchObject({ ok: false, expectedPayout: expected });
    expect(wrong.problems[0]).toMatch(/differs from the rules/);
    expect(verify(bet(GameType.SLOTS, 0n), { seed: v.seed, payout: expected, random: vectors[1].word }).ok).toBe(false);
  });

  it("replays blackjack and crash actions, and reports an impossible log instead of throwing", () => {
    const hand = startBlackjack(v.word, 5n * ONE, "DEGEN");
    const actions = hand.status === "PLAYING" ? "H" : "";
    const expected = settleGame({ gameType: GameType.BLACKJACK, token: "DEGEN", stake: 5n * ONE, params: 0n, word: v.word, actions }).payout;
    expect(verify(bet(GameType.BLACKJACK, 0n), { seed: v.seed, payout: expected, actions }).ok).toBe(true);
    const impossible = verify(bet(GameType.BLACKJACK, 0n), { seed: v.seed, payout: 0n, actions: "SSSS" });
    expect(impossible).toMatchObject({ ok: false, expectedPayout: null, outcome: null });
    expect(impossible.problems[0]).toMatch(/hand is over/);
    const round = crashRound(v.word, "DEGEN");
    const cashOut = Math.max(100, round.crashPoint);
    const crash = verify(bet(GameType.CRASH, 0n), {
      seed: v.seed,
      payout: round.crashPoint > 100 ? (5n * ONE * BigInt(cashOut)) / 100n : 0n,
      actions: cashOut,
    });
    expect(crash.ok).toBe(true);
  });

  it("settles a hand whose split was staked on chain as the Casino does: a log without the split plays as dealt and pays the second stake back", () => {
    const hand = startBlackjack(v.word, 5n * ONE, "DEGEN");
    const actions = hand.status === "PLAYING" ? "S" : "";
    const asDealt = settleGame({ gameType: GameType.BLACKJACK, token: "DEGEN", stake: 5n * ONE, params: 0n, word: v.word, actions }).payout;
    const split = { ...bet(GameType.BLACKJACK, 0n), split: true };
    expect(verify(split, { seed: v.seed, payout: asDealt + 5n * ONE, actions })).toMatchObject({ ok: true, expectedPayout: asDealt + 5n * ONE });
    expect(verify(bet(GameType.BLACKJACK, 0n), { seed: v.seed, payout: asDealt + 5n * ONE, actions }).ok, "unsplit, the stake back is too much").toBe(false);
  });

  it("accepts a void jackpot draw only as a miss that paid nothing, the house funding at most its fair value", () => {
    const expected = settleGame({ gameType: GameType.SLOTS, token: "DEGEN", stake: 5n * ONE, params: 0n, word: v.word }).payout;
    const prize = 60_000n * ONE;
    const odds = jackpotOdds(5n * ONE, 50, prize);
    const fairValue = jackpotFairValue(prize, odds);
    const placed = { ...bet(GameType.SLOTS, 0n), jackpotOdds: odds, jackpotPrize: prize };
    const voidDraw = { entropy: "0x" + "00".repeat(32), prize: 0n, hit: false, won: 0n };
    const check = (jackpot: typeof voidDraw & { fundedByHouse?: bigint }) => verify(placed, { seed: v.seed, payout: expected, jackpot }).problems;
    expect(check({ ...voidDraw, fundedByHouse: fairValue })).toEqual([]);
    // Less than the fair value: a free bankroll too short to pay it all.
    expect(check({ ...voidDraw, fundedByHouse: fairValue - 1n })).toEqual([]);
    expect(check({ ...voidDraw, fundedByHouse: fairValue + 1n })).toEqual([expect.stringMatching(/above its fair value/)]);
    // Issue #37 item 6: a void draw paid as a hit is what let a 1 DEGEN bet farm the prize.
    expect(check({ ...voidDraw, hit: true, prize, won: prize })).toEqual([expect.stringMatching(/a void draw wins nothing/)]);
  });
});

describe("demo helpers", () => {
  it("parse decimal stakes exactly", () => {
    expect(toBaseUnits(0.1)).toBe(ONE / 10n);
    expect(toBaseUnits(0.005)).toBe(5n * 10n ** 15n);
    expect(toBaseUnits(1e-7)).toBe(10n ** 11n);
    expect(toBaseUnits("12.5")).toBe(125n * 10n ** 17n);
    expect(fromBaseUnits(1234n * 10n ** 15n)).toBe(1.234);
    expect(() => toBaseUnits(Number.NaN)).toThrow(RangeError);
  });

  it("pay what the bigint settlement pays", () => {
    const w = word(7);
    const same = (gameType: GameTypeValue, token: Token, stake: number, params: bigint, payout: number, actions?: string | number) =>
      expect(payout).toBe(fromBaseUnits(settleGame({ gameType, token, stake: toBaseUnits(stake), params, word: w, actions }).payout));
    same(GameType.WHEEL, "BNB", 0.005, encodeWheelParams([0, 1, 2, 3, 4, 5, 6]), playWheelDemo(0.005, "BNB", [0, 1, 2, 3, 4, 5, 6], w).payout);
    same(GameType.KICKBOXING, "DEGEN", 25, 1n, playKickboxingDemo(25, "BLUE", w).payout);
    same(GameType.CRASH, "BNB", 0.01, 150n, playCrashDemo(0.01, "BNB", w, { autoCashOut: 150 }).payout);
    same(GameType.CRASH, "DEGEN", 3, 0n, playCrashDemo(3, "DEGEN", w, { manualCashOut: 120 }).payout, 120);
    const round = playWheelDemo(10, "DEGEN", [3]);
    expect(round.word).toMatch(/^0x[0-9a-f]{64}$/);
    expect(round.payout).toBe(round.outcome.won ? 102 : 0);
  });
});
