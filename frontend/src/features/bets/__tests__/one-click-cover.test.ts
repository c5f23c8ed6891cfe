// @vitest-environment node
import { getAddress, parseEther } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { useOneClickStore } from "@/features/one-click";
import { useWalletStore } from "@/features/wallet";
import type { ReadyWallet } from "@/features/wallet/web3";
import { oneClickCover } from "../onchain/signed-bet";

// Which bets the open session's key signs, and which go to the wallet with the reason shown
// (issue #39 item 7: the house relays no one-click stake below the floor GET /api/config states).
const PLAYER = getAddress("0x1234567890abcdef1234567890abcdef12345678");
const signer = vi.hoisted(() => ({ key: "session key" }));
vi.mock("@/features/one-click/onchain", () => ({ sessionSigner: () => signer }));

const wallet = (minStake?: Record<string, string>) =>
  ({ account: PLAYER, config: { chain: { id: 31337 }, ...(minStake ? { sessions: { minStake } } : {}) } }) as unknown as ReadyWallet;
const wheel = (token: "DEGEN" | "BNB", stake: number) => ({ game: "wheel" as const, gameType: GameType.WHEEL, token, stake, params: 1n });

describe("a bet with one-click play on", () => {
  beforeEach(() => {
    useOneClickStore.setState({
      session: {
        chainId: 31337,
        player: PLAYER,
        key: "0xkey",
        lane: 2,
        commit: "0x" + "77".repeat(32),
        expiresAt: 10_000_000_000,
        tokens: ["DEGEN", "BNB"],
        games: [GameType.WHEEL],
        maxBet: { DEGEN: parseEther("100"), BNB: parseEther("0.1") },
        budget: { DEGEN: parseEther("1000"), BNB: parseEther("1") },
      },
      ended: [],
    });
    // What the session's lane holds, as the wallet last read it with the vault.
    useWalletStore.setState({ laneFunds: { 2: { DEGEN: "1000", BNB: "1" } } });
  });

  it("is not signed by the session key below the one-click minimum: the wallet confirms it, saying why", () => {
    const config = wallet({ DEGEN: "6", BNB: "0.002" });
    expect(oneClickCover(wheel("DEGEN", 5.99), config)).toEqual({
      walletReason: "This bet is below the one-click minimum of 6.00 DEGEN: confirm it in your wallet.",
    });
    expect(oneClickCover(wheel("BNB", 0.001), config)).toEqual({
      walletReason: "This bet is below the one-click minimum of 0.0020 BNB: confirm it in your wallet.",
    });
    expect(oneClickCover(wheel("DEGEN", 6), config)).toEqual({ signer });
    expect(oneClickCover(wheel("BNB", 0.002), config)).toEqual({ signer });
  });

  it("is signed at any stake the session allows when the server states no minimum (the server still checks)", () => {
    expect(oneClickCover(wheel("DEGEN", 1), wallet())).toEqual({ signer });
    expect(oneClickCover(wheel("DEGEN", 1), wallet({ DEGEN: "six" }))).toEqual({ signer });
  });

  it("is not signed above what the session's lane holds, nor before the lane was read: the wallet confirms it from the vault, saying why", () => {
    useWalletStore.setState({ laneFunds: { 2: { DEGEN: "7.5", BNB: "1" } } });
    expect(oneClickCover(wheel("DEGEN", 8), wallet())).toEqual({
      walletReason: "This bet is above what your one-click session holds (7.50 DEGEN): confirm it in your wallet.",
    });
    expect(oneClickCover(wheel("DEGEN", 7.5), wallet())).toEqual({ signer });
    useWalletStore.setState({ laneFunds: {} });
    expect(oneClickCover(wheel("BNB", 0.01), wallet())).toEqual({
      walletReason: "This bet is above what your one-click session holds (0.0000 BNB): confirm it in your wallet.",
    });
  });
});
