// The wallet layer's transitions (docs/product.md §4 'Wallet mode', §8 toasts) against a fake injected wallet
// and a fake server: connect with Sign-In with Ethereum, the chain switch, a refused signature,
// account and chain changes, disconnect and the restore of a session after a reload.
import { getAddress } from "ethers";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetAppConfig } from "@/features/chain/app-config";
import { useToastStore } from "@/features/toast";
import { useWalletStore, WALLET_CONNECTED_KEY } from "@/features/wallet";
import { fakeServer, FakeWallet, TEST_CONFIG, walletError, everyBalance } from "@/test/fake-wallet";
import { waitFor } from "@testing-library/react";

const ACCOUNT = getAddress("0x1234567890abcdef1234567890abcdef12345678");
const OTHER = getAddress("0x9876543210abcdef9876543210abcdef98765432");
const wallet = new FakeWallet(ACCOUNT.toLowerCase(), 31337);
let server: ReturnType<typeof fakeServer>;

const store = () => useWalletStore.getState();
const lastToast = () => useToastStore.getState().toasts[0];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  (window as unknown as { ethereum: FakeWallet }).ethereum = wallet;
});
afterAll(() => {
  delete (window as unknown as { ethereum?: FakeWallet }).ethereum;
});
beforeEach(async () => {
  wallet.reset();
  wallet.account = ACCOUNT.toLowerCase();
  wallet.chainId = 31337;
  server = fakeServer();
  vi.stubGlobal("fetch", server.fetch);
  forgetAppConfig();
  // Leave web3 mode from an earlier test through the layer itself, so its timers stop.
  if (store().mode === "web3") await store().disconnect();
  useToastStore.setState({ toasts: [] });
  wallet.calls.length = 0;
});

describe("connect", () => {
  it("requests accounts, signs a SIWE message for this page and the server's chain, then enters web3 mode", async () => {
    await store().connect();
    expect(wallet.callsOf("eth_requestAccounts")).toHaveLength(1);
    const [[hexMessage, signer]] = wallet.callsOf("personal_sign").map((call) => call.params as [string, string]);
    expect(signer).toBe(ACCOUNT);
    const message = new TextDecoder().decode(Uint8Array.from(Buffer.from(hexMessage!.slice(2), "hex")));
    expect(message).toContain(`${window.location.host} wants you to sign in with your Ethereum account:\n${ACCOUNT}\n`);
    expect(message).toContain(`URI: ${window.location.origin}`);
    expect(message).toContain("Chain ID: 31337");
    expect(message).toContain("Nonce: abcdefgh12345678");
    expect(message).toMatch(/Issued At: \d{4}-\d\d-\d\dT/);
    expect(server.requests.find((r) => r.path === "/api/auth/verify")?.body).toMatchObject({ message });
    expect(store()).toMatchObject({ mode: "web3", account: ACCOUNT, chainId: 31337, isLoading: false, targetChain: TEST_CONFIG.chain });
    expect(localStorage.getItem(WALLET_CONNECTED_KEY)).toBe("1");
    expect(lastToast()).toMatchObject({ title: "Wallet Connected", description: "Successfully connected to MetaMask" });
  });

  it("switches a wallet on another chain to the server's at once, adding it on 4902", async () => {
    wallet.chainId = 97;
    let known = false;
    const switchTo = wallet.handlers.get("wallet_switchEthereumChain")!;
    wallet.handlers.set("wallet_switchEthereumChain", (params) => {
      if (!known) throw walletError(4902, "Unrecognized chain ID");
      return switchTo(params);
    });
    wallet.handlers.set("wallet_addEthereumChain", () => ((known = true), null));
    await store().connect();
    expect(wallet.callsOf("wallet_switchEthereumChain").map((c) => c.params)).toEqual([[{ chainId: "0x7a69" }], [{ chainId: "0x7a69" }]]);
    expect(wallet.callsOf("wallet_addEthereumChain")[0]!.params).toEqual([
      { chainId: "0x7a69", chainName: "Hardhat Local", nativeCurrency: TEST_CONFIG.chain.nativeCurrency, rpcUrls: ["http://127.0.0.1:8545"] },
    ]);
    expect(store()).toMatchObject({ mode: "web3", chainId: 31337 });
  });

  it("tolerates a refused switch: web3 mode on the wrong network, which the header offers to switch", async () => {
    wallet.chainId = 97;
    wallet.handlers.set("wallet_switchEthereumChain", () => {
      throw walletError(4001, "User rejected the request.");
    });
    await store().connect();
    expect(store()).toMatchObject({ mode: "web3", chainId: 97 });
    await expect(store().switchNetwork()).rejects.toMatchObject({ code: 4001 });
  });

  it("a refused signature revokes the permission, stays in demo and says 'Signature Required'", async () => {
    wallet.handlers.set("personal_sign", () => {
      throw walletError(4001, "User rejected the request.");
    });
    await expect(store().connect()).rejects.toThrow("Signature required to connect wallet");
    expect(wallet.callsOf("wallet_revokePermissions")).toHaveLength(1);
    expect(store()).toMatchObject({ mode: "demo", account: null, chainId: null, isLoading: false });
    expect(lastToast()).toMatchObject({ title: "Signature Required", description: "You must sign the message to connect your wallet", variant: "error" });
    expect(localStorage.getItem(WALLET_CONNECTED_KEY)).toBeNull();
  });

  it("any other failure returns to demo with 'Connection Failed'", async () => {
    wallet.handlers.set("eth_requestAccounts", () => {
      throw walletError(-32002, "Request already pending");
    });
    await expect(store().connect()).rejects.toThrow();
    expect(store()).toMatchObject({ mode: "demo", account: null });
    expect(lastToast()).toMatchObject({ title: "Connection Failed", description: "Failed to connect wallet" });
  });
});

describe("a server configuration this build does not pin (issue #19, finding R2-10)", () => {
  const tampered = { ...TEST_CONFIG, contracts: { ...TEST_CONFIG.contracts, Casino: "0x" + "66".repeat(20) } };

  it("refuses web3 mode before the wallet is asked anything, and says why", async () => {
    server = fakeServer({ "GET /api/config": () => ({ body: tampered }) });
    vi.stubGlobal("fetch", server.fetch);
    await expect(store().connect()).rejects.toThrow("as the Casino contract on Hardhat Local");
    expect(store()).toMatchObject({ mode: "demo", account: null, isLoading: false });
    expect(wallet.callsOf("eth_requestAccounts")).toHaveLength(0);
    expect(wallet.callsOf("personal_sign")).toHaveLength(0);
    expect(lastToast()).toMatchObject({
      title: "Web3 Mode Refused",
      description: `The server names 0x${"66".repeat(20)} as the Casino contract on Hardhat Local, but this app was built for ${TEST_CONFIG.contracts.Casino}. Web3 mode is refused to keep your funds safe; demo mode still works.`,
      variant: "error",
    });
  });

  it("does not restore a wallet connected on an earlier visit", async () => {
    server = fakeServer({ "GET /api/config": () => ({ body: tampered }) });
    vi.stubGlobal("fetch", server.fetch);
    localStorage.setItem(WALLET_CONNECTED_KEY, "1");
    server.setSession(ACCOUNT);
    await expect(store().restore()).rejects.toThrow("Web3 mode is refused");
    expect(store().mode).toBe("demo");
  });
});

describe("while connected", () => {
  beforeEach(async () => {
    await store().connect();
    wallet.calls.length = 0;
  });

  it("stores the new chain on chainChanged", async () => {
    wallet.emit("chainChanged", "0x61");
    await settle();
    expect(store().chainId).toBe(97);
  });

  it("ends the old session and asks a new account to sign once", async () => {
    wallet.account = OTHER.toLowerCase();
    wallet.emit("accountsChanged", [OTHER.toLowerCase()]);
    wallet.emit("accountsChanged", [OTHER.toLowerCase()]);
    await waitFor(() => expect(store()).toMatchObject({ account: OTHER, isLoading: false }));
    expect(server.requests.filter((r) => r.path === "/api/auth/logout")).toHaveLength(1);
    expect(wallet.callsOf("personal_sign")).toHaveLength(1);
    expect(store().mode).toBe("web3");
  });

  it("a new account that refuses to sign leaves web3 mode, without asking again", async () => {
    wallet.handlers.set("personal_sign", () => {
      throw walletError(4001);
    });
    wallet.emit("accountsChanged", [OTHER.toLowerCase()]);
    await waitFor(() => expect(store().mode).toBe("demo"));
    expect(wallet.callsOf("personal_sign")).toHaveLength(1);
    expect(lastToast()).toMatchObject({ title: "Signature Required" });
  });

  it("no account left: demo mode with SPEC's demo balances", async () => {
    useWalletStore.setState({ demoBalances: { DEGEN: 12, BNB: 1 } });
    wallet.emit("accountsChanged", []);
    await waitFor(() => expect(store().mode).toBe("demo"));
    expect(store()).toMatchObject({ account: null, chainId: null, demoBalances: { DEGEN: 10000, BNB: 5 } });
  });

  it("a settled outcome still animating keeps the Casino balance shown until the game has shown it", async () => {
    await store().refreshBalances();
    const shown = store().onChainBalances;
    // Every contract read (vault, the wallet's DEGEN, the pool) now answers 5.
    wallet.handlers.set("eth_call", everyBalance(5n * 10n ** 18n));
    store().hideOutcome();
    await store().refreshBalances();
    expect(store().onChainBalances).toEqual(shown);
    expect(store().walletBalances.DEGEN).toBe("5.0");

    store().applyPayout("DEGEN", -10); // a stake: already shown when its transaction was mined
    await settle();
    expect(store().onChainBalances).toEqual(shown);

    store().applyPayout("DEGEN", 0); // the wheel has stopped on a loss
    await waitFor(() => expect(store().onChainBalances).toEqual({ DEGEN: "5.0", BNB: "5.0" }));
    expect(store().jackpotPool).toBe("5.0");
    expect(store().outcomeHiddenUntil).toBe(0);
  });

  it("disconnect ends the server session, closes the connection and says so", async () => {
    useWalletStore.setState({ demoBalances: { DEGEN: 12, BNB: 1 } });
    await store().disconnect();
    expect(server.requests.filter((r) => r.path === "/api/auth/logout")).toHaveLength(1);
    expect(wallet.callsOf("wallet_revokePermissions")).toHaveLength(1);
    expect(store()).toMatchObject({ mode: "demo", account: null, chainId: null, demoBalances: { DEGEN: 10000, BNB: 5 } });
    expect(localStorage.getItem(WALLET_CONNECTED_KEY)).toBeNull();
    expect(lastToast()).toMatchObject({ title: "Wallet Disconnected", description: "Your wallet has been disconnected" });
  });
});

describe("after a reload", () => {
  it("restores web3 mode without a signature when the session belongs to the wallet's account", async () => {
    localStorage.setItem(WALLET_CONNECTED_KEY, "1");
    server.setSession(ACCOUNT);
    await store().restore();
    expect(store()).toMatchObject({ mode: "web3", account: ACCOUNT });
    expect(wallet.callsOf("personal_sign")).toHaveLength(0);
    expect(wallet.callsOf("eth_requestAccounts")).toHaveLength(0);
  });

  it("stays in demo when the session is gone or is another account's, and forgets the connection", async () => {
    localStorage.setItem(WALLET_CONNECTED_KEY, "1");
    server.setSession(OTHER);
    await store().restore();
    expect(store().mode).toBe("demo");
    expect(localStorage.getItem(WALLET_CONNECTED_KEY)).toBeNull();
    expect(wallet.callsOf("personal_sign")).toHaveLength(0);
  });

  it("does nothing after a disconnect", async () => {
    await store().restore();
    expect(store().mode).toBe("demo");
    expect(wallet.calls).toHaveLength(0);
  });
});
