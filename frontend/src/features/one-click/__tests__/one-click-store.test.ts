import { beforeEach, describe, expect, it } from "vitest";
import { GameType } from "@engine/gameTypes";
import { useWalletStore } from "@/features/wallet";
import { useOneClickStore } from "../one-click-store";
import { keepEndedSession, writeSession, type StoredSession } from "../storage";

// The tab's sessions as the app sees them: the live one, whose lane covered bets stake from, and
// the ended ones, whose lanes are watched until their funds are back in the vault.
const PLAYER = "0x1234567890abcdef1234567890abcdef12345678";
const CHAIN_ID = 31337;

function stored(expiresAt: number, lane: number | null = 4): StoredSession {
  return {
    privateKey: "0x" + "42".repeat(32),
    lane,
    openedTxHash: lane === null ? null : "0x" + "0f".repeat(32),
    grant: {
      player: PLAYER,
      key: "0x" + "ab".repeat(20),
      commit: "0x" + "77".repeat(32),
      expiresAt: String(expiresAt),
      tokens: "1",
      games: String(1 << GameType.DICE),
      maxBetDegen: "1",
      maxBetNative: "0",
      budgetDegen: "10",
      budgetNative: "0",
    },
  };
}

const now = () => Math.floor(Date.now() / 1000);

describe("the tab's one-click sessions", () => {
  beforeEach(() => {
    sessionStorage.clear();
    useWalletStore.setState({ mode: "web3", account: PLAYER, chainId: CHAIN_ID, oneClickLane: null });
  });

  it("a live session names its lane and what it covers to the wallet, which stakes those bets from it", () => {
    writeSession(CHAIN_ID, PLAYER, stored(now() + 3_600));
    useOneClickStore.getState().sync();
    expect(useOneClickStore.getState().session).toMatchObject({ lane: 4, commit: "0x" + "77".repeat(32), tokens: ["DEGEN"], games: [GameType.DICE] });
    expect(useWalletStore.getState().oneClickLane).toEqual({ lane: 4, tokens: ["DEGEN"], games: [GameType.DICE] });
  });

  it("a session past its expiry is an ended one, its lane's funds due back at its expiry; a revoked one keeps its own end", () => {
    const expired = now() - 10;
    writeSession(CHAIN_ID, PLAYER, stored(expired));
    keepEndedSession(CHAIN_ID, PLAYER, { key: "0x" + "cd".repeat(20), lane: 2, endsAt: expired + 200 });
    useOneClickStore.getState().sync();
    expect(useOneClickStore.getState().session).toBeNull();
    expect(useOneClickStore.getState().ended).toEqual([
      { key: "0x" + "cd".repeat(20), lane: 2, endsAt: expired + 200 },
      { key: "0x" + "ab".repeat(20), lane: 4, endsAt: expired },
    ]);
    expect(useWalletStore.getState().oneClickLane).toBeNull();
  });

  it("a session the chain has not shown open yet counts for nothing", () => {
    writeSession(CHAIN_ID, PLAYER, stored(now() + 3_600, null));
    useOneClickStore.getState().sync();
    expect(useOneClickStore.getState()).toMatchObject({ session: null, ended: [] });
  });
});
