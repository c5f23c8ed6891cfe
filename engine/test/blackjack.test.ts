import { describe, expect, it } from "vitest";
import { keccak256, toUtf8Bytes } from "ethers";
import {
  BlackjackError,
  applyBlackjackAction,
  blackjackView,
  cardCode,
  dealBlackjack,
  decodeBlackjackActions,
  deckFromWord,
  encodeBlackjackActions,
  handScore,
  isFinalStatus,
  isSoft,
  legalActions,
  orderedDeck,
  replayBlackjack,
  standRemaining,
  startBlackjack,
  type BlackjackAction,
  type BlackjackState,
  type Card,
} from "../src";

const STAKE = 10n * 10n ** 18n;
const word = (i: number) => keccak256(toUtf8Bytes(`blackjack test ${i}`));

/** A deck starting with the given cards ("AH", "10C", "QS"), the rest in factory order. */
function deckOf(...codes: string[]): Card[] {
  const all = orderedDeck();
  const first = codes.map((code) => {
    const card = all.find((c) => cardCode(c) === code);
    if (!card) throw new Error(`no card ${code}`);
    return card;
  });
  return [...first, ...all.filter((card) => !codes.includes(cardCode(card)))];
}
// Deal order: deck[0] player, [1] dealer up, [2] player, [3] dealer hole, then hits and the dealer's draws.
const deal = (...codes: string[]) => dealBlackjack(deckOf(...codes), STAKE, "DEGEN");
const dealBnb = (...codes: string[]) => dealBlackjack(deckOf(...codes), STAKE, "BNB");
const play = (state: BlackjackState, ...actions: BlackjackAction[]) => actions.reduce(applyBlackjackAction, state);
const codes = (cards: readonly Card[] | null) => cards?.map(cardCode) ?? null;

describe("blackjack scoring", () => {
  it("counts aces as 11 while that does not bust, faces as 10", () => {
    const hand = (...c: string[]) => deckOf(...c).slice(0, c.length);
    expect(handScore(hand("AH", "6C"))).toBe(17);
    expect(isSoft(hand("AH", "6C"))).toBe(true);
    expect(handScore(hand("AH", "6C", "10D"))).toBe(17);
    expect(isSoft(hand("AH", "6C", "10D"))).toBe(false);
    expect(handScore(hand("AH", "AC", "9D"))).toBe(21);
    expect(handScore(hand("KH", "QC", "2D"))).toBe(22);
  });
});

describe("blackjack naturals", () => {
  it("pays a player natural 2.5x at once", () => {
    const state = deal("AH", "9C", "KD", "7S");
    expect(state.status).toBe("BLACKJACK");
    expect(state.payout).toBe((STAKE * 5n) / 2n);
    expect(legalActions(state)).toEqual([]);
    expect(blackjackView(state)).toMatchObject({ dealerScore: 16, playerScore: 21, canSplit: false, payout: "25" });
  });

  it("pushes two naturals and loses at once to a dealer natural", () => {
    expect(deal("AH", "AC", "KD", "QS")).toMatchObject({ status: "PUSH", payout: STAKE });
    const dealer = deal("9H", "AC", "9D", "KS");
    expect(dealer).toMatchObject({ status: "DEALER_WIN", payout: 0n });
    expect(() => applyBlackjackAction(dealer, "SPLIT")).toThrow(/hand is over/);
  });
});

describe("blackjack in BNB: the winnings at BNB's 0.98x", () => {
  it("pays a natural 2.47x, a win 1.98x and a push the stake", () => {
    expect(dealBnb("AH", "9C", "KD", "7S")).toMatchObject({ status: "BLACKJACK", payout: (STAKE * 247n) / 100n });
    expect(play(dealBnb("10H", "9C", "6D", "7S", "5H", "10D"), "HIT")).toMatchObject({ status: "PLAYER_WIN", payout: (STAKE * 198n) / 100n });
    expect(dealBnb("AH", "AC", "KD", "QS")).toMatchObject({ status: "PUSH", payout: STAKE });
    expect(play(dealBnb("AH", "10C", "6D", "7S", "10H"), "HIT", "STAND")).toMatchObject({ status: "PUSH", payout: STAKE });
  });

  it("after a split: two wins 3.96x the stake; a win and a loss 1.98 of both stakes, a loss overall", () => {
    const wins = play(dealBnb("8H", "10C", "8D", "7S", "3C", "2D", "10S", "9C"), "SPLIT", "HIT", "HIT", "STAND");
    expect(wins).toMatchObject({ status: "PLAYER_WIN", results: ["WIN", "WIN"], payout: (STAKE * 396n) / 100n });
    const mixed = play(dealBnb("8H", "10C", "8D", "8S", "AD", "2D", "5H"), "SPLIT", "STAND", "HIT", "STAND");
    expect(mixed).toMatchObject({ results: ["WIN", "LOSE"], status: "DEALER_WIN", payout: (STAKE * 198n) / 100n });
  });

  it("rounds each hand down to the base unit, as the contract does", () => {
    const odd = dealBlackjack(deckOf("AH", "9C", "KD", "7S"), 7n, "BNB");
    expect(odd.payout).toBe(17n); // 7 × 2.47 = 17.29
    const split = play(dealBlackjack(deckOf("8H", "10C", "8D", "7S", "3C", "2D", "10S", "9C"), 7n, "BNB"), "SPLIT", "HIT", "HIT", "STAND");
    expect(split.payout).toBe(26n); // 2 × floor(7 × 1.98 = 13.86)
  });

  it("refuses a token other than DEGEN and BNB", () => {
    expect(() => dealBlackjack(deckOf("AH", "9C", "KD", "7S"), STAKE, "ETH" as "BNB")).toThrow(/Unknown token ETH/);
  });
});

describe("blackjack player actions", () => {
  it("plays soft hands: a soft 17 stays 17 after a ten", () => {
    const state = deal("AH", "10C", "6D", "7S", "10H");
    expect(blackjackView(state)).toMatchObject({ status: "PLAYING", playerScore: 17 });
    const hit = play(state, "HIT");
    expect(hit).toMatchObject({ status: "PLAYING" });
    expect(handScore(hit.playerHand)).toBe(17);
    expect(play(hit, "STAND")).toMatchObject({ status: "PUSH", payout: STAKE });
  });

  it("busts over 21: the dealer wins without drawing", () => {
    const state = play(deal("10H", "9C", "6D", "7S", "KH"), "HIT");
    expect(state).toMatchObject({ status: "DEALER_WIN", payout: 0n, dealt: 5 });
    expect(codes(state.dealerHand)).toEqual(["9C", "7S"]);
    expect(blackjackView(state).playerScore).toBe(26);
  });

  it("stands by itself on 21 and pays a win 2x when the dealer busts", () => {
    const state = play(deal("10H", "9C", "6D", "7S", "5H", "10D"), "HIT");
    expect(state).toMatchObject({ status: "PLAYER_WIN", payout: 2n * STAKE });
    expect(codes(state.dealerHand)).toEqual(["9C", "7S", "10D"]);
  });

  it("loses a lower total", () => {
    expect(play(deal("10H", "10C", "7D", "QS"), "STAND")).toMatchObject({ status: "DEALER_WIN", payout: 0n });
  });
});

describe("blackjack dealer", () => {
  it("stands on soft 17", () => {
    const state = play(deal("10H", "AC", "8D", "6S"), "STAND");
    expect(codes(state.dealerHand)).toEqual(["AC", "6S"]);
    expect(state).toMatchObject({ status: "PLAYER_WIN", payout: 2n * STAKE });
  });

  it("draws to 16 and stands on a hard 17", () => {
    const state = play(deal("10H", "10C", "9D", "6S", "AD", "5C"), "STAND");
    expect(codes(state.dealerHand)).toEqual(["10C", "6S", "AD"]);
    expect(state.status).toBe("PLAYER_WIN");
  });
});

describe("blackjack split", () => {
  it("plays the first hand, then the second; two wins pay 4x the stake", () => {
    const split = play(deal("8H", "10C", "8D", "7S", "3C", "2D", "10S", "9C"), "SPLIT");
    expect(split).toMatchObject({ status: "SPLIT_PLAYING", activeSplit: "first" });
    expect(codes(split.playerHand)).toEqual(["8H", "3C"]);
    expect(codes(split.splitHand)).toEqual(["8D", "2D"]);
    const view = blackjackView(split);
    expect(view).toMatchObject({ dealerScore: "?", canSplit: false, splitScore: 10, playerScore: 11, activeSplit: "first" });
    expect(view.dealerHand).toEqual([{ suit: "CLUBS", value: 10 }, { hidden: true }]);

    const afterFirst = play(split, "HIT"); // 8 + 3 + 10 = 21 closes the first hand
    expect(afterFirst).toMatchObject({ status: "SPLIT_PLAYING", activeSplit: "second" });
    const done = play(afterFirst, "HIT", "STAND"); // second: 8 + 2 + 9 = 19
    expect(done).toMatchObject({ status: "PLAYER_WIN", results: ["WIN", "WIN"], payout: 4n * STAKE });
    expect(done.actions).toEqual(["SPLIT", "HIT", "HIT", "STAND"]);
  });

  it("a win and a loss return both stakes as PUSH; two pushes refund both stakes", () => {
    const mixed = play(deal("8H", "10C", "8D", "8S", "AD", "2D", "5H"), "SPLIT", "STAND", "HIT", "STAND");
    expect(mixed).toMatchObject({ results: ["WIN", "LOSE"], status: "PUSH", payout: 2n * STAKE });
    const pushes = play(deal("8H", "10C", "8D", "8S", "QD", "QC"), "SPLIT", "STAND", "STAND");
    expect(pushes).toMatchObject({ results: ["PUSH", "PUSH"], status: "PUSH", payout: 2n * STAKE });
  });

  it("a bust moves to the second hand; two busts end it without a dealer draw", () => {
    const state = play(deal("8H", "10C", "8D", "6S", "10D", "10H", "5C", "5S"), "SPLIT", "HIT");
    expect(state).toMatchObject({ status: "SPLIT_PLAYING", activeSplit: "second" });
    const done = play(state, "HIT");
    expect(done).toMatchObject({ status: "DEALER_WIN", payout: 0n, results: ["LOSE", "LOSE"] });
    expect(codes(done.dealerHand)).toEqual(["10C", "6S"]);
  });

  it("allows any two cards of equal value, e.g. king and queen", () => {
    expect(legalActions(deal("KH", "5C", "QD", "6S"))).toEqual(["HIT", "STAND", "SPLIT"]);
    expect(blackjackView(deal("KH", "5C", "QD", "6S")).canSplit).toBe(true);
  });
});

describe("blackjack refused actions", () => {
  it("refuses a hit after the end", () => {
    const over = play(deal("10H", "9C", "6D", "7S", "KH"), "HIT");
    expect(() => applyBlackjackAction(over, "HIT")).toThrow(BlackjackError);
    expect(() => applyBlackjackAction(over, "STAND")).toThrow(/hand is over \(DEALER_WIN\)/);
  });

  it("refuses a second split, a split of unequal cards and a split after a hit", () => {
    const twice = play(deal("8H", "10C", "8D", "7S", "8C", "8S"), "SPLIT");
    expect(() => applyBlackjackAction(twice, "SPLIT")).toThrow(/only once/);
    expect(() => applyBlackjackAction(deal("10H", "9C", "6D", "7S"), "SPLIT")).toThrow(/equal value/);
    const hit = play(deal("2H", "10C", "2D", "7S", "3S"), "HIT");
    expect(() => applyBlackjackAction(hit, "SPLIT")).toThrow(/first two cards/);
    expect(() => applyBlackjackAction(deal("10H", "9C", "6D", "7S"), "DOUBLE" as BlackjackAction)).toThrow(/Unknown/);
  });
});

describe("blackjack view, replay and deck", () => {
  it("hides the hole card and the dealer score while the hand is played", () => {
    const state = deal("10H", "9C", "6D", "7S");
    expect(blackjackView(state)).toEqual({
      playerHand: [
        { suit: "HEARTS", value: 10 },
        { suit: "DIAMONDS", value: 6 },
      ],
      dealerHand: [{ suit: "CLUBS", value: 9 }, { hidden: true }],
      playerScore: 16,
      dealerScore: "?",
      status: "PLAYING",
      canSplit: false,
      payout: "0",
      splitHand: null,
      splitScore: null,
      activeSplit: null,
    });
    expect(JSON.stringify(blackjackView(state))).not.toContain("SPADES");
  });

  it("never changes the state it is given", () => {
    const state = deal("8H", "10C", "8D", "7S");
    const before = JSON.stringify(state, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    play(state, "SPLIT", "HIT", "STAND", "STAND");
    expect(JSON.stringify(state, (_k, v) => (typeof v === "bigint" ? v.toString() : v))).toBe(before);
  });

  it("replays word + action log to the same final state, completing a log with STANDs", () => {
    for (let i = 0; i < 80; i++) {
      let state = startBlackjack(word(i), STAKE, "DEGEN");
      const log: BlackjackAction[] = [];
      let step = 0;
      while (!isFinalStatus(state.status) && step < 4) {
        const options = legalActions(state);
        const action = options[(i + step++) % options.length];
        log.push(action);
        state = applyBlackjackAction(state, action);
      }
      const finished = standRemaining(state);
      expect(replayBlackjack(word(i), STAKE, "DEGEN", log)).toEqual(finished);
      expect(replayBlackjack(word(i), STAKE, "DEGEN", finished.actions)).toEqual(finished);
      expect(isFinalStatus(finished.status)).toBe(true);
    }
    expect(() => replayBlackjack(word(0), STAKE, "DEGEN", ["STAND", "HIT"])).toThrow(BlackjackError);
  });

  it("shuffles one full 52-card deck per word, the same every time", () => {
    const deck = deckFromWord(word(1));
    expect(new Set(deck.map(cardCode)).size).toBe(52);
    expect(deckFromWord(word(1))).toEqual(deck);
    expect(deckFromWord(word(2))).not.toEqual(deck);
    expect(startBlackjack(word(1), STAKE, "DEGEN").playerHand).toEqual([deck[0], deck[2]]);
  });

  it("writes the action log compactly", () => {
    expect(encodeBlackjackActions(["SPLIT", "HIT", "STAND", "STAND"])).toBe("PHSS");
    expect(decodeBlackjackActions("PHSS")).toEqual(["SPLIT", "HIT", "STAND", "STAND"]);
    expect(() => decodeBlackjackActions("HX")).toThrow(/Unknown action code "X"/);
  });
});
