import { describe, expect, it } from "vitest";
import { betIdOf, nonceOfBet, playerOfBet } from "../src/betId";
import { GameType, isInteractive } from "../src/gameTypes";

const PLAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("a bet's id: player << 64 | nonce, as the Casino numbers bets", () => {
  it("puts the player above the 64 bits of the nonce, and gives both back", () => {
    const betId = betIdOf(PLAYER, 7n);
    expect(betId).toBe(0x70997970c51812dc3a010c7d01b50e0d17dc79c80000000000000007n);
    expect(playerOfBet(betId)).toBe(PLAYER);
    expect(nonceOfBet(betId)).toBe(7n);
  });

  it("keeps the largest nonce apart from the player", () => {
    const betId = betIdOf(PLAYER.toLowerCase(), 2n ** 64n - 1n);
    expect(playerOfBet(betId)).toBe(PLAYER);
    expect(nonceOfBet(betId)).toBe(2n ** 64n - 1n);
  });
});

describe("isInteractive: the rounds that stay open on the player's decisions, as Payouts.isInteractive", () => {
  it("is a blackjack hand or a crash round without an auto cash-out, and nothing else", () => {
    expect(isInteractive(GameType.BLACKJACK, 0n)).toBe(true);
    expect(isInteractive(GameType.CRASH, 0n)).toBe(true);
    expect(isInteractive(GameType.CRASH, 200n)).toBe(false);
    expect(isInteractive(GameType.WHEEL, 0n)).toBe(false);
    expect(isInteractive(GameType.SLOTS, 0n)).toBe(false);
    expect(isInteractive(GameType.KICKBOXING, 0n)).toBe(false);
  });
});
