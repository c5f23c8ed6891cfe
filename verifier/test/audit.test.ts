import { keccak256, parseEther, toBeHex } from "ethers";
import { describe, expect, it } from "vitest";
import {
  GameType,
  canSplit,
  crashRound,
  decodeBlackjackActions,
  isNatural,
  jackpotFairValue,
  minesPayout,
  revealTile,
  settleGame,
  settleSplitStakedBlackjack,
  startBlackjack,
  startMines,
} from "../../engine/src/index";
import type { AuditOptions } from "../src/audit";
import { audit } from "./support/audit";
import { blackjackPayouts, crashManualAllows, minesAllows } from "../src/interactive";
import { CASINO, CHAIN_ID, DEGEN, History, SESSIONS } from "./support/history";

const FULL: AuditOptions = { chainId: CHAIN_ID, casino: CASINO, sessions: SESSIONS, degen: DEGEN, fromDeployment: true };
const [ALICE, BOB] = [History.player(0), History.player(1)];
const WORDS = Array.from({ length: 5000 }, (_, i) => keccak256(toBeHex(i + 1, 32)));
const ZERO = "0x" + "0".repeat(64);

/** A funded jackpot and both players committed. */
function opened(): History {
  const history = new History();
  history.fundJackpot(parseEther("1000"));
  history.commit(ALICE!);
  history.commit(BOB!);
  return history;
}

const kinds = (history: History, options: AuditOptions = FULL) => audit(history.events, options, history.transactions).problems.map((problem) => problem.kind);

describe("audit of a Casino history", () => {
  it("passes an honest history: every game, a certain jackpot, a claim and the double hash after it, a new commitment", () => {
    const history = opened();
    for (const gameType of [GameType.WHEEL, GameType.SLOTS, GameType.KICKBOXING, GameType.CRASH] as const) {
      const params = gameType === GameType.WHEEL ? 0b11n : gameType === GameType.CRASH ? 150n : 0n;
      history.settle(history.place(ALICE!, { gameType, params }));
      history.settle(history.place(BOB!, { gameType, params, token: "BNB", amount: parseEther("0.01") }));
    }
    // 20,000 DEGEN against a prize of 50 (5 % of the pool) at 0.5 %: odds of one, for the published
    // prize of 50, not the stake × edge of 100 (issue #19, finding R2-3).
    const certain = history.place(ALICE!, { gameType: GameType.KICKBOXING, amount: parseEther("20000") });
    history.settle(certain);
    const claimed = history.place(BOB!, { gameType: GameType.WHEEL, params: 1n });
    history.claim(claimed);
    history.settle(history.place(BOB!, { gameType: GameType.SLOTS }));
    history.commit(ALICE!);
    history.settle(history.place(ALICE!, { gameType: GameType.BLACKJACK }), { actions: "S" });

    const result = audit(history.events, FULL, history.transactions);
    expect(result.problems).toEqual([]);
    // One link a bet: each seed hashes once to the commitment, the one after the claim twice.
    expect(result.stats).toEqual({
      settled: 11,
      expired: 1,
      outsideRange: 0,
      players: 2,
      commitments: 3,
      links: 12,
      sessionKeys: 0,
      revokedKeys: 0,
      lanesClosed: 0,
    });
    expect(result.bets.find((bet) => bet.betId === certain.betId)!.jackpot).toMatchObject({ hit: true, won: parseEther("50") });
    expect(result.bets.every((bet) => bet.checks.chain === "exact")).toBe(true);
  });

  it("catches what the Casino itself refuses: a seed off the chain, a wrong word, a commitment under an open bet, resolution out of order", () => {
    const offChain = opened();
    offChain.settle(offChain.place(ALICE!, { gameType: GameType.WHEEL, params: 1n }), { seed: keccak256("0x01") });
    expect(kinds(offChain)).toEqual(["link"]);

    const wrongWord = opened();
    wrongWord.settle(wrongWord.place(ALICE!, { gameType: GameType.WHEEL, params: 1n }), { random: keccak256("0x02") });
    expect(kinds(wrongWord)).toEqual(["word"]);

    const swapped = opened();
    const open = swapped.place(ALICE!, { gameType: GameType.SLOTS });
    const oldSeed = swapped.seedOf(open);
    swapped.commit(ALICE!);
    swapped.settle(open, { seed: oldSeed });
    // The new chain starts at nonce 1: the open bet's seed is now both out of order and off the chain.
    expect(kinds(swapped)).toEqual(["order", "order", "link"]);

    const outOfOrder = opened();
    const first = outOfOrder.place(ALICE!, { gameType: GameType.SLOTS });
    const second = outOfOrder.place(ALICE!, { gameType: GameType.SLOTS });
    outOfOrder.settle(second);
    outOfOrder.settle(first);
    expect(kinds(outOfOrder)).toEqual(["order", "order", "link"]);
  });

  it("checks each jackpot draw: the block hash, a void draw only once the hash was gone, the roll's verdict, the prize, the win; a miss recomputed, a hit left unpublished", () => {
    type Placed = ReturnType<History["place"]>;
    // 20,000 DEGEN at a prize of 50: odds of one, a certain hit whatever the entropy, so that every draw is published.
    const certain = (h: History) => h.place(ALICE!, { gameType: GameType.KICKBOXING, amount: parseEther("20000") });
    const cases: [string, (history: History, bet: Placed) => void, string[]][] = [
      ["entropy of another block", (h, bet) => h.settle(bet, { entropy: h.blockHash(1) }), ["entropy"]],
      ["void within 256 blocks", (h, bet) => h.settle(bet, { entropy: ZERO, after: 200 }), ["entropy"]],
      ["void although locked", (h, bet) => (h.lock(bet), h.settle(bet, { entropy: ZERO, after: 300 })), ["entropy"]],
      ["a wrong locked hash", (h, bet) => (h.lock(bet, h.blockHash(2)), h.settle(bet)), ["entropy"]],
      ["a prize above the odds' prize", (h, bet) => h.settle(bet, { prize: parseEther("51") }), ["jackpot"]],
      ["void 300 blocks later, never locked", (h, bet) => h.settle(bet, { entropy: ZERO, after: 300 }), []],
      ["a hit left unpublished", (h, bet) => h.settle(bet, { drawn: false }), ["jackpot"]],
    ];
    for (const [name, play, expected] of cases) {
      const history = opened();
      play(history, certain(history));
      expect([name, kinds(history)]).toEqual([name, expected]);
    }
    // An ordinary bet's miss is published by nothing: recomputed from the bet's block hash.
    const miss = opened();
    const missed = miss.place(ALICE!, { gameType: GameType.WHEEL, params: 1n });
    miss.settle(missed);
    const missResult = audit(miss.events, FULL, miss.transactions);
    expect(missResult.problems).toEqual([]);
    expect(missResult.bets[0]).toMatchObject({ jackpot: { hit: false, won: 0n, entropy: missed.blockHash }, checks: { jackpot: "exact" } });
    const flipped = opened();
    flipped.settle(flipped.place(ALICE!, { gameType: GameType.WHEEL, params: 1n }), { hit: true });
    expect(kinds(flipped)).toEqual(["jackpot", "jackpot"]);
    // Past the 8191 blocks any chain shows a hash, an unlocked draw is void, which must be published.
    const gone = opened();
    gone.settle(gone.place(ALICE!, { gameType: GameType.WHEEL, params: 1n }), { after: 9000, drawn: false });
    expect(audit(gone.events, FULL).problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/never locked nor recorded: the draw is void, but no JackpotDrawn was published/),
    ]);
    // A hit whose JackpotWon is missing.
    const unpaid = opened();
    unpaid.settle(certain(unpaid), { won: null });
    expect(kinds(unpaid)).toEqual(["jackpot"]);
  });

  it("checks a void draw: no win, the house's bankroll funding the pool with its fair value prize × odds / 2^47, less only as a short bankroll pays", () => {
    type Placed = ReturnType<History["place"]>;
    // 10 DEGEN against a prize of 5 % of the pool: far from certain, so the fair value is a fraction of the prize.
    const small = (h: History) => h.place(ALICE!, { gameType: GameType.WHEEL, params: 1n });
    const fairValue = (bet: Placed) => jackpotFairValue(bet.jackpotPrize, bet.jackpotOdds);
    const cases: [string, (history: History, bet: Placed) => void, string[], string][] = [
      ["void, its fair value funded", (h, bet) => h.settle(bet, { entropy: ZERO, after: 300 }), [], "exact"],
      // The contract funds at most what no open bet has reserved, which the events do not show.
      ["void, a short bankroll funding less", (h, bet) => h.settle(bet, { entropy: ZERO, after: 300, fundedByHouse: fairValue(bet) / 2n }), [], "allowed"],
      [
        "void, funded above its fair value",
        (h, bet) => h.settle(bet, { entropy: ZERO, after: 300, fundedByHouse: fairValue(bet) + 1n }),
        ["jackpot"],
        "allowed",
      ],
      // Issue #37 item 6: a void draw paid as a hit let a 1 DEGEN bet farm the whole prize while the house was down.
      ["void, paid as a hit", (h, bet) => h.settle(bet, { entropy: ZERO, after: 300, hit: true, prize: bet.jackpotPrize }), ["jackpot", "jackpot"], "allowed"],
      ["void, claimed 9000 blocks later", (h, bet) => h.claim(bet, { after: 9000 }), [], "exact"],
    ];
    for (const [name, play, expected, verdict] of cases) {
      const history = opened();
      const bet = small(history);
      play(history, bet);
      const result = audit(history.events, FULL, history.transactions);
      expect([name, result.problems.map((problem) => problem.kind)]).toEqual([name, expected]);
      expect([name, result.bets[0]!.checks.jackpot]).toEqual([name, expected.length === 0 ? verdict : "mismatch"]);
    }
    const history = opened();
    const bet = small(history);
    history.settle(bet, { entropy: ZERO, after: 300 });
    expect(fairValue(bet)).toBeGreaterThan(0n);
    expect(fairValue(bet)).toBeLessThan(bet.jackpotPrize);
    expect(history.events.slice(-2)).toMatchObject([
      { name: "JackpotFunded", funder: CASINO, amount: fairValue(bet) },
      { name: "JackpotDrawn", betId: bet.betId, entropy: ZERO, prize: 0n, hit: false },
    ]);
    expect(audit(history.events, FULL, history.transactions).bets[0]!.jackpot).toEqual({
      entropy: ZERO,
      prize: 0n,
      hit: false,
      won: 0n,
      fundedByHouse: fairValue(bet),
    });
  });

  it("requires an expired claim to pay the maximum, and every resolution to be restated by GamePlayed", () => {
    const short = opened();
    short.claim(short.place(BOB!, { gameType: GameType.SLOTS, token: "BNB", amount: parseEther("0.01") }), { payout: parseEther("1") });
    expect(audit(short.events, FULL).problems).toEqual([
      expect.objectContaining({ kind: "claim", message: "the expired claim paid 1 BNB, the bet's maximum payout is 7.35 BNB" }),
    ]);
    const silent = opened();
    silent.settle(silent.place(ALICE!, { gameType: GameType.WHEEL, params: 1n }), { gamePlayed: false });
    expect(kinds(silent)).toEqual(["events"]);
  });

  it("verifies a range that starts after the deployment from the first link it sees, with prizes as bounds", () => {
    const history = opened();
    const before = history.place(ALICE!, { gameType: GameType.SLOTS });
    const cut = history.events.length;
    history.settle(before);
    history.settle(history.place(ALICE!, { gameType: GameType.SLOTS }));
    history.settle(history.place(ALICE!, { gameType: GameType.SLOTS }));
    const result = audit(history.events.slice(cut), { ...FULL, fromDeployment: false });
    expect(result.problems).toEqual([]);
    // One link a bet: each seed hashes once.
    expect(result.stats).toMatchObject({ settled: 2, outsideRange: 1, links: 2 });
    expect(result.bets.map((bet) => [bet.checks.chain, bet.checks.jackpot])).toEqual([
      ["exact", "allowed"],
      ["exact", "allowed"],
    ]);
    // A bad seed right after the cut is still caught: the bet before it anchored the chain.
    const faulty = opened();
    const anchor = faulty.place(ALICE!, { gameType: GameType.SLOTS });
    const next = faulty.place(ALICE!, { gameType: GameType.SLOTS });
    const from = faulty.events.length;
    faulty.settle(anchor);
    faulty.settle(next, { seed: keccak256("0x03") });
    expect(audit(faulty.events.slice(from), { ...FULL, fromDeployment: false }).problems.map((problem) => problem.kind)).toEqual(["link"]);
  });

  it("names a dice bet paid otherwise than its roll pays, a win and a loss alike (issue #41)", () => {
    const history = opened();
    const paidLess = history.place(ALICE!, { gameType: GameType.DICE, params: 9_800n });
    history.settle(paidLess, { payout: 1n });
    const paidLoss = history.place(BOB!, { gameType: GameType.DICE, params: 1n });
    history.settle(paidLoss, { payout: parseEther("100") });
    history.settle(history.place(BOB!, { gameType: GameType.DICE, params: (1n << 14n) | 4_999n, token: "BNB", amount: parseEther("0.01") }));
    const result = audit(history.events, FULL, history.transactions);
    expect(result.problems.map((problem) => [problem.kind, problem.betId])).toEqual([
      ["payout", paidLess.betId],
      ["payout", paidLoss.betId],
    ]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^payout 0\.000000000000000001 DEGEN differs from the rules' [\d.]+ DEGEN/),
      expect.stringMatching(/^payout 100 DEGEN differs from the rules' [\d.]+ DEGEN/),
    ]);
  });

  it("names a plinko bet paid otherwise than its slot pays (issue #41)", () => {
    const history = opened();
    // Low risk at 8 rows pays at least 0.408x in every slot: a payout of 0 is never the rules'.
    const paidNothing = history.place(ALICE!, { gameType: GameType.PLINKO, params: 0x008n });
    history.settle(paidNothing, { payout: 0n });
    const paidEdge = history.place(BOB!, { gameType: GameType.PLINKO, params: 0x210n });
    history.settle(paidEdge, { payout: parseEther("1058") });
    history.settle(history.place(BOB!, { gameType: GameType.PLINKO, params: 0x10cn, token: "BNB", amount: parseEther("0.01") }));
    const result = audit(history.events, FULL, history.transactions);
    expect(result.problems.map((problem) => [problem.kind, problem.betId])).toEqual([
      ["payout", paidNothing.betId],
      ["payout", paidEdge.betId],
    ]);
  });

  it("names a mines round paid otherwise than its signed log pays (issue #41)", () => {
    const history = opened();
    const safeLog = (bet: ReturnType<typeof history.place>, safe: number): string => {
      let state = startMines(history.wordOf(bet), bet.amount, "DEGEN", Number(bet.params));
      for (let tile = 0; state.revealed.length < safe; tile++) if (!state.mineTiles.includes(tile)) state = revealTile(state, tile);
      return state.log;
    };
    // Two safe tiles and a cash-out beside 3 mines pay 1.02 × 25·24 ÷ (22·21) = 1.3246x, not 5x.
    const paidMore = history.place(ALICE!, { gameType: GameType.MINES, params: 3n });
    history.settle(paidMore, { actions: safeLog(paidMore, 2) + "C", payout: parseEther("50") });
    // A round left idle after one safe tile is cashed out at it: paying nothing for it is short.
    const paidNothing = history.place(BOB!, { gameType: GameType.MINES, params: 5n });
    history.settle(paidNothing, { actions: safeLog(paidNothing, 1), payout: 0n });
    const honest = history.place(BOB!, { gameType: GameType.MINES, params: 23n });
    history.settle(honest, { actions: safeLog(honest, 1) + "C" });
    const result = audit(history.events, FULL, history.transactions);
    expect(result.problems.map((problem) => [problem.kind, problem.betId])).toEqual([
      ["payout", paidMore.betId],
      ["payout", paidNothing.betId],
    ]);
    expect(result.problems[0]!.message).toMatch(/^payout 50 DEGEN differs from the rules' 13\.2467532467\d* DEGEN for the settled action log/);
  });

  it("shows one player's bets with --player", () => {
    const history = opened();
    history.settle(history.place(ALICE!, { gameType: GameType.SLOTS }), { payout: 1n });
    history.settle(history.place(BOB!, { gameType: GameType.SLOTS }));
    const bob = audit(history.events, { ...FULL, player: BOB!.toLowerCase() });
    expect(bob.problems).toEqual([]);
    expect(bob.bets.map((bet) => bet.player)).toEqual([BOB]);
    expect(audit(history.events, { ...FULL, player: ALICE }).problems.map((problem) => problem.kind)).toEqual(["payout"]);
  });
});

describe("interactive rounds without their action log", () => {
  const stake = parseEther("10");

  it("blackjack: the payouts every legal play gives, a split only with the second stake", () => {
    const dealt = (word: string) => startBlackjack(word, stake, "DEGEN");
    const natural = WORDS.find((word) => isNatural(dealt(word).playerHand) && !isNatural(dealt(word).dealerHand))!;
    expect(blackjackPayouts(natural, stake, "DEGEN", false)).toEqual(new Set([(stake * 5n) / 2n]));
    // BNB pays a hand's winnings at 0.98x: a natural 2.47x.
    expect(blackjackPayouts(natural, stake, "BNB", false)).toEqual(new Set([(stake * 247n) / 100n]));
    const pair = WORDS.find((word) => canSplit(dealt(word)))!;
    const unsplit = blackjackPayouts(pair, stake, "DEGEN", false);
    const split = blackjackPayouts(pair, stake, "DEGEN", true);
    // A staked split not played is void: the hand as dealt, its second stake paid back.
    expect([...unsplit].every((payout) => split.has(payout + stake))).toBe(true);
    expect(split.has(settleGame({ gameType: GameType.BLACKJACK, token: "DEGEN", stake, params: 0n, word: pair, actions: "PSS" }).payout)).toBe(true);
    for (const word of WORDS.slice(0, 200)) {
      const payouts = blackjackPayouts(word, stake, "DEGEN", true);
      for (const log of ["S", "HS", "HHS", "PSS", "PHSS"]) {
        try {
          expect(payouts.has(settleSplitStakedBlackjack("DEGEN", stake, word, decodeBlackjackActions(log)).payout)).toBe(true);
        } catch (error) {
          // An illegal log for this deal (a split without a pair, a hit after the hand ended).
          expect((error as Error).name).toBe("BlackjackError");
        }
      }
      expect(payouts.has((stake * 3n) / 2n)).toBe(false);
    }
  });

  it("manual crash: 0, or stake × m / 100 for a cash-out m from 1.00x to the crash point", () => {
    const word = WORDS.find((candidate) => crashRound(candidate, "DEGEN").crashPoint >= 250 && crashRound(candidate, "DEGEN").crashPoint < 10_000)!;
    const crashPoint = BigInt(crashRound(word, "DEGEN").crashPoint);
    for (const payout of [0n, stake, (stake * 150n) / 100n, (stake * crashPoint) / 100n]) expect(crashManualAllows("DEGEN", stake, word, payout)).toBe(true);
    for (const payout of [(stake * (crashPoint + 1n)) / 100n, (stake * 99n) / 100n, (stake * 1505n) / 1000n])
      expect(crashManualAllows("DEGEN", stake, word, payout)).toBe(false);
    const bust = WORDS.find((candidate) => crashRound(candidate, "DEGEN").crashPoint === 100)!;
    expect(crashManualAllows("DEGEN", stake, bust, stake)).toBe(false);
  });

  it("mines: 0, or what some number of safe tiles pays beside the round's mines", () => {
    const paid = (mines: number, safe: number) => minesPayout("DEGEN", stake, mines, safe);
    for (const payout of [0n, paid(3, 1), paid(3, 22), paid(12, 5)]) expect(minesAllows("DEGEN", stake, payout === paid(12, 5) ? 12 : 3, payout)).toBe(true);
    // A cash-out before any safe tile pays nothing: the stake back is no payout of the rules.
    expect(minesAllows("DEGEN", stake, 3, stake)).toBe(false);
    expect(minesAllows("DEGEN", stake, 3, paid(3, 2) + 1n)).toBe(false);
    // Every safe tile beside 12 mines reaches the 1,000x cap, and nothing pays above it.
    expect(minesAllows("DEGEN", stake, 12, stake * 1_000n)).toBe(true);
    expect(minesAllows("DEGEN", stake, 12, stake * 1_000n + 1n)).toBe(false);
  });
});
