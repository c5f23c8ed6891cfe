import { describe, expect, it } from "vitest";
import blackjack from "../vectors/blackjack.json";
import crash from "../vectors/crash.json";
import dice from "../vectors/dice.json";
import plinko from "../vectors/plinko.json";
import kickboxing from "../vectors/kickboxing.json";
import mines from "../vectors/mines.json";
import slots from "../vectors/slots.json";
import wheel from "../vectors/wheel.json";
import { GameType, cardCode, crashRound, decodeBlackjackActions, fightFromWord, settleGame, type Token } from "../src";

// random.json and hashchain.json are checked in random.test.ts.
describe("test vectors", () => {
  it("wheel: segments and payouts", () => {
    for (const v of wheel) {
      const { payout, outcome } = settleGame({
        gameType: GameType.WHEEL,
        token: v.token as Token,
        stake: BigInt(v.stake),
        params: BigInt(v.params),
        word: v.word,
      });
      if (outcome.gameType !== GameType.WHEEL) throw new Error("wheel outcome expected");
      expect([outcome.wheel.segment, outcome.wheel.won, payout.toString()]).toEqual([v.segment, v.won, v.payout]);
    }
    expect(wheel.some((v) => v.won) && wheel.some((v) => !v.won)).toBe(true);
  });

  it("slots: grids, win lines and payouts", () => {
    for (const v of slots) {
      const { payout, outcome } = settleGame({ gameType: GameType.SLOTS, token: v.token as Token, stake: BigInt(v.stake), params: 0n, word: v.word });
      if (outcome.gameType !== GameType.SLOTS) throw new Error("slots outcome expected");
      expect(outcome.slots.reels).toEqual(v.reels);
      expect(outcome.slots.winLines).toEqual(v.winLines);
      expect([outcome.slots.totalMultiple, outcome.slots.isBigWin, payout.toString()]).toEqual([v.totalMultiple, v.isBigWin, v.payout]);
    }
    expect(slots.filter((v) => v.totalMultiple > 0).length).toBeGreaterThanOrEqual(4);
  });

  it("blackjack: decks, replays and payouts in both tokens", () => {
    for (const v of blackjack) {
      for (const token of ["DEGEN", "BNB"] as const) {
        const { payout, outcome } = settleGame({
          gameType: GameType.BLACKJACK,
          token,
          stake: BigInt(v.stake),
          params: 0n,
          word: v.word,
          actions: v.actions,
        });
        if (outcome.gameType !== GameType.BLACKJACK) throw new Error("blackjack outcome expected");
        const hand = outcome.blackjack;
        expect(hand.deck.map(cardCode)).toEqual(v.deck);
        expect(hand.actions).toEqual(decodeBlackjackActions(v.actions));
        expect([hand.status, payout.toString()]).toEqual([v.settled[token].status, v.settled[token].payout]);
        expect(hand.playerHand.map(cardCode)).toEqual(v.playerHand);
        expect(hand.splitHand?.map(cardCode) ?? null).toEqual(v.splitHand);
        expect(hand.dealerHand.map(cardCode)).toEqual(v.dealerHand);
      }
    }
    expect(blackjack.some((v) => v.splitHand !== null)).toBe(true);
    // A win and a natural pay less in BNB (1.98x, 2.47x), a push and a loss the same.
    expect(
      blackjack
        .filter((v) => v.settled.DEGEN.status === "PLAYER_WIN" && v.splitHand === null)
        .every((v) => BigInt(v.settled.BNB.payout) * 100n === BigInt(v.stake) * 198n),
    ).toBe(true);
    expect(blackjack.some((v) => v.settled.BNB.status === "BLACKJACK" && BigInt(v.settled.BNB.payout) * 100n === BigInt(v.stake) * 247n)).toBe(true);
  });

  it("kickboxing: winners, fights and payouts", () => {
    for (const v of kickboxing) {
      const fight = fightFromWord(v.word);
      expect([fight.winner, fight.evenMatch, fight.endReason, fight.durationMs, fight.timeline.length, fight.redHp, fight.blueHp]).toEqual([
        v.winner,
        v.evenMatch,
        v.endReason,
        v.durationMs,
        v.exchanges,
        v.redHp,
        v.blueHp,
      ]);
      expect(fight.stats).toEqual(v.stats);
      (["RED", "BLUE", "TIE"] as const).forEach((bet, params) => {
        const { payout } = settleGame({ gameType: GameType.KICKBOXING, token: "DEGEN", stake: BigInt(v.stake), params: BigInt(params), word: v.word });
        expect(payout.toString()).toBe(v.payouts[bet]);
      });
    }
  });

  it("crash: crash points, wobble and payouts", () => {
    for (const v of crash) {
      const round = crashRound(v.word, v.token as Token);
      expect([round.crashPoint, round.curve.amplitude, round.curve.frequency]).toEqual([v.crashPoint, v.amplitude, v.frequency]);
      const { payout } = settleGame({
        gameType: GameType.CRASH,
        token: v.token as Token,
        stake: BigInt(v.stake),
        params: BigInt(v.params),
        word: v.word,
        actions: v.manualCashOut,
      });
      expect(payout.toString()).toBe(v.payout);
    }
    expect(crash.some((v) => v.crashPoint === 100)).toBe(true);
  });

  it("dice: rolls, and each side's loss at the roll and win one past it", () => {
    for (const v of dice) {
      for (const bet of v.bets) {
        const { payout, outcome } = settleGame({
          gameType: GameType.DICE,
          token: v.token as Token,
          stake: BigInt(v.stake),
          params: BigInt(bet.params),
          word: v.word,
        });
        expect(outcome).toMatchObject({ gameType: GameType.DICE, dice: { roll: v.roll, target: bet.target, side: bet.side } });
        expect(payout.toString()).toBe(bet.payout);
      }
    }
    expect(dice.flatMap((v) => v.bets).filter((bet) => bet.payout === "0").length).toBeGreaterThan(0);
    expect(dice.flatMap((v) => v.bets).filter((bet) => bet.payout !== "0").length).toBeGreaterThan(0);
  });

  it("plinko: each word through every risk at 8, 12 and 16 rows", () => {
    for (const v of plinko) {
      for (const bet of v.bets) {
        const { payout, outcome } = settleGame({
          gameType: GameType.PLINKO,
          token: v.token as Token,
          stake: BigInt(v.stake),
          params: BigInt(bet.params),
          word: v.word,
        });
        expect(outcome).toMatchObject({ gameType: GameType.PLINKO, plinko: { rows: bet.rows, risk: bet.risk, slot: bet.slot } });
        expect(payout.toString()).toBe(bet.payout);
      }
    }
  });

  it("mines: each word's layout at 1, 3, 5, 12 and 24 mines, and the payout of each log", () => {
    for (const v of mines) {
      for (const round of v.rounds) {
        const { payout, outcome } = settleGame({
          gameType: GameType.MINES,
          token: v.token as Token,
          stake: BigInt(v.stake),
          params: BigInt(round.params),
          word: v.word,
          actions: round.log,
        });
        expect(outcome).toMatchObject({ gameType: GameType.MINES, mines: { mineTiles: round.mineTiles, status: round.status } });
        expect(payout.toString()).toBe(round.payout);
      }
    }
  });
});
