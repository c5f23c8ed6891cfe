// @vitest-environment node
import { beforeEach, describe, expect, it } from "vitest";
import { GameType } from "@engine/gameTypes";
import { inCasino, laneOfBet, useWalletStore } from "@/features/wallet";
import { selectBalance } from "../use-wallet";

// Where a web3 bet stakes from (docs/decisions.md §4, "lanes"): a one-click session's lane for the
// tokens and games it covers, the vault for every other bet; and what the player has in the Casino.
const wallet = () => useWalletStore.getState();

describe("the playable balance with one-click play", () => {
  beforeEach(() => {
    useWalletStore.setState({
      mode: "web3",
      account: "0x1234567890abcdef1234567890abcdef12345678",
      chainId: 31337,
      onChainBalances: { DEGEN: "600.25", BNB: "0.5" },
      laneFunds: { 2: { DEGEN: "399.75", BNB: "0" }, 1: { DEGEN: "0.000000000000000001", BNB: "0.25" } },
      oneClickLane: { lane: 2, tokens: ["DEGEN"], games: [GameType.WHEEL, GameType.DICE] },
    });
  });

  it("is the live session's lane for a token and game it covers, the vault otherwise", () => {
    expect(wallet().getPlayableBalance("DEGEN", GameType.WHEEL)).toBe(399.75);
    expect(laneOfBet(wallet(), "DEGEN", GameType.DICE)).toBe(2);
    // Another game, another token, or no game named: a wallet bet, from the vault.
    expect(wallet().getPlayableBalance("DEGEN", GameType.SLOTS)).toBe(600.25);
    expect(wallet().getPlayableBalance("BNB", GameType.WHEEL)).toBe(0.5);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(600.25);
    // The session ended: every bet is the vault's again.
    wallet().setOneClickLane(null);
    expect(wallet().getPlayableBalance("DEGEN", GameType.WHEEL)).toBe(600.25);
  });

  it("counts every lane with the vault as the Casino balance, exactly", () => {
    expect(inCasino(wallet(), "DEGEN")).toBe("1000.000000000000000001");
    expect(inCasino(wallet(), "BNB")).toBe("0.75");
    expect(selectBalance(wallet())).toEqual({ DEGEN: 1000, BNB: 0.75 });
  });
});
