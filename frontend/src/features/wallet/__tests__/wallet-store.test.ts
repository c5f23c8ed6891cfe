import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWallet, useWalletStore, WALLET_CONNECTED_KEY, WALLET_STORAGE_KEY } from "@/features/wallet";

const wallet = () => useWalletStore.getState();
const storedBalances = () => JSON.parse(localStorage.getItem(WALLET_STORAGE_KEY) ?? "null")?.state?.demoBalances;

describe("wallet store", () => {
  it("starts in demo mode with DEGEN 10000 and BNB 5", () => {
    expect(wallet()).toMatchObject({ mode: "demo", account: null, chainId: null, isLoading: false });
    expect(wallet().getPlayableBalance("DEGEN")).toBe(10000);
    expect(wallet().getPlayableBalance("BNB")).toBe(5);
  });

  it("debits and credits demo balances rounded to 2 decimals for DEGEN", () => {
    wallet().applyPayout("DEGEN", -10.006);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(9989.99);
    wallet().applyPayout("DEGEN", 20.414);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(10010.4);
  });

  it("keeps a 0.001 BNB stake instead of rounding it away", () => {
    wallet().applyPayout("BNB", -0.001);
    expect(wallet().getPlayableBalance("BNB")).toBe(4.999);
    wallet().applyPayout("BNB", 0.00098);
    expect(wallet().getPlayableBalance("BNB")).toBe(5);
  });

  it("adds float amounts without drift", () => {
    for (let i = 0; i < 10; i += 1) wallet().applyPayout("DEGEN", 0.1);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(10001);
  });

  it("never goes below 0", () => {
    wallet().applyPayout("DEGEN", -25000);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(0);
    wallet().applyPayout("BNB", -5.00001);
    expect(wallet().getPlayableBalance("BNB")).toBe(0);
  });

  it("refuses a non-finite amount", () => {
    expect(() => wallet().applyPayout("DEGEN", Number.NaN)).toThrow(/Invalid payout/);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(10000);
  });

  it("persists demo balances in localStorage and only them", () => {
    wallet().applyPayout("DEGEN", -100);
    expect(storedBalances()).toEqual({ DEGEN: 9900, BNB: 5 });
    const stored = JSON.parse(localStorage.getItem(WALLET_STORAGE_KEY)!).state;
    expect(Object.keys(stored)).toEqual(["demoBalances"]);
  });

  it("restores persisted demo balances on rehydration", async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, JSON.stringify({ state: { demoBalances: { DEGEN: 42.5, BNB: 1.2345 } }, version: 1 }));
    await useWalletStore.persist.rehydrate();
    expect(wallet().getPlayableBalance("DEGEN")).toBe(42.5);
    expect(wallet().getPlayableBalance("BNB")).toBe(1.2345);
    expect(wallet().mode).toBe("demo");
  });

  it("resetDemo restores the defaults", () => {
    wallet().applyPayout("DEGEN", -500);
    wallet().applyPayout("BNB", -4);
    wallet().resetDemo();
    expect(wallet().demoBalances).toEqual({ DEGEN: 10000, BNB: 5 });
    expect(storedBalances()).toEqual({ DEGEN: 10000, BNB: 5 });
  });

  it("plays with on-chain balances in web3 mode and leaves demo balances alone", () => {
    useWalletStore.setState({ mode: "web3", account: "0xabc", chainId: 97, onChainBalances: { DEGEN: "250.5", BNB: "0.75" } });
    expect(wallet().getPlayableBalance("DEGEN")).toBe(250.5);
    wallet().applyPayout("DEGEN", -10);
    expect(wallet().getPlayableBalance("DEGEN")).toBe(250.5);
    expect(wallet().demoBalances.DEGEN).toBe(10000);
  });

  it("shows no mode while an earlier visit's wallet comes back, and demo once it cannot (no wallet in this browser)", async () => {
    localStorage.setItem(WALLET_CONNECTED_KEY, "1");
    useWalletStore.setState({ restoring: true });
    const { result } = renderHook(() => useWallet());
    expect(result.current).toMatchObject({ restoring: true, isDemo: true });
    await act(() => wallet().restore());
    expect(result.current).toMatchObject({ restoring: false, isDemo: true, balance: { DEGEN: 10000, BNB: 5 } });
    localStorage.removeItem(WALLET_CONNECTED_KEY);
  });

  it("disconnect returns to demo with default balances", async () => {
    wallet().applyPayout("DEGEN", -500);
    useWalletStore.setState({ mode: "web3", account: "0xabc", chainId: 97, onChainBalances: { DEGEN: "1", BNB: "2" } });
    await wallet().disconnect();
    expect(wallet()).toMatchObject({ mode: "demo", account: null, chainId: null, onChainBalances: { DEGEN: "0", BNB: "0" } });
    expect(wallet().demoBalances).toEqual({ DEGEN: 10000, BNB: 5 });
  });
});

describe("useWallet", () => {
  it("exposes isConnected, isDemo, isLoading and balance, and re-renders on payouts", () => {
    const { result } = renderHook(() => useWallet());
    expect(result.current).toMatchObject({ isConnected: false, isDemo: true, isLoading: false, balance: { DEGEN: 10000, BNB: 5 } });
    act(() => result.current.applyPayout("BNB", -0.5));
    expect(result.current.balance).toEqual({ DEGEN: 10000, BNB: 4.5 });
    expect(result.current.getPlayableBalance("BNB")).toBe(4.5);

    act(() => useWalletStore.setState({ mode: "web3", account: "0xabc", onChainBalances: { DEGEN: "7", BNB: "0.25" } }));
    expect(result.current).toMatchObject({ isConnected: true, isDemo: false, balance: { DEGEN: 7, BNB: 0.25 } });
  });
});
