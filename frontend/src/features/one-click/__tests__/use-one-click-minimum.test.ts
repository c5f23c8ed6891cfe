import { act, renderHook, waitFor } from "@testing-library/react";
import { parseEther } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useOneClickMinimum } from "../hooks/use-one-click-minimum";
import { useOneClickStore, type OneClickSession } from "../one-click-store";

// What the bet input is given to show (issue #39 item 7): the server's one-click minimum, while a
// session covers the token and only when it says more than the minimum bet.
const config = vi.hoisted(() => ({ reads: 0, minStake: { DEGEN: "6", BNB: "0.001" } as Record<string, string> }));
vi.mock("@/features/chain", () => ({
  loadAppConfig: async () => {
    config.reads++;
    return { sessions: { minStake: config.minStake } };
  },
}));

const session = (tokens: OneClickSession["tokens"]): OneClickSession => ({
  chainId: 31337,
  player: "0xplayer",
  key: "0xkey",
  lane: 1,
  commit: "0x" + "77".repeat(32),
  expiresAt: 10_000_000_000,
  tokens,
  games: [0],
  maxBet: { DEGEN: parseEther("100"), BNB: parseEther("0.1") },
  budget: { DEGEN: parseEther("1000"), BNB: parseEther("1") },
});

describe("useOneClickMinimum", () => {
  beforeEach(() => {
    config.reads = 0;
    useOneClickStore.setState({ session: null, ended: [] });
  });

  it("is nothing without a session, and reads no configuration", () => {
    const { result } = renderHook(() => useOneClickMinimum("DEGEN"));
    expect(result.current).toBeNull();
    expect(config.reads).toBe(0);
  });

  it("is the floor of a token the session covers, and nothing where it equals the minimum bet or the session does not cover the token", async () => {
    act(() => useOneClickStore.setState({ session: session(["DEGEN"]) }));
    const shown = renderHook(() => ({ DEGEN: useOneClickMinimum("DEGEN"), BNB: useOneClickMinimum("BNB") }));
    await waitFor(() => expect(shown.result.current.DEGEN).toBe(6));
    // BNB is not in the session.
    expect(shown.result.current.BNB).toBeNull();

    // In it, its floor is the minimum bet, which the input shows anyway.
    act(() => useOneClickStore.setState({ session: session(["DEGEN", "BNB"]) }));
    await waitFor(() => expect(config.reads).toBe(2));
    await act(async () => undefined);
    expect(shown.result.current).toEqual({ DEGEN: 6, BNB: null });
    act(() => void (config.minStake = { DEGEN: "6", BNB: "0.002" }));
    const later = renderHook(() => useOneClickMinimum("BNB"));
    await waitFor(() => expect(later.result.current).toBe(0.002));

    // Revoked: the input shows the bet minimum alone again.
    act(() => useOneClickStore.setState({ session: null }));
    expect(shown.result.current).toEqual({ DEGEN: null, BNB: null });
  });
});
