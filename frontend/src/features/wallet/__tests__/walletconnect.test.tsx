import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeServer, FakeWallet, TEST_CONFIG } from "@/test/fake-wallet";
import { renderRoute } from "@/test/render-route";
import { useWalletStore } from "../wallet-store";

const PROJECT_ID = "0123456789abcdef0123456789abcdef";
const PHONE_ACCOUNT = "0x5555555555555555555555555555555555555555";

/**
 * A WalletConnect session as @walletconnect/ethereum-provider exposes the sign client's: enable()
 * stands for the player scanning the QR code and approving in their phone wallet, the wallet's
 * requests are answered here, and the test emits what the wallet does later.
 */
const walletConnect = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeSession {
    accounts: string[] = [];
    chainId = 31337;
    session: object | undefined;
    readonly listeners = new Map<string, Set<Listener>>();
    readonly calls: string[] = [];
    constructor(readonly options: Record<string, unknown>) {}
    on(event: string, listener: Listener) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(listener);
      return this;
    }
    removeListener(event: string, listener: Listener) {
      this.listeners.get(event)?.delete(listener);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
    async enable() {
      this.calls.push("enable");
      this.accounts = ["0x5555555555555555555555555555555555555555"];
      this.session = { topic: "session-1" };
      return this.accounts;
    }
    async disconnect() {
      this.calls.push("disconnect");
      this.session = undefined;
    }
    async request({ method }: { method: string }) {
      this.calls.push(method);
      if (method === "eth_chainId") return `0x${this.chainId.toString(16)}`;
      if (method === "eth_accounts") return this.accounts;
      if (method === "personal_sign") return "0x" + "22".repeat(65);
      if (method === "eth_call") return "0x" + "00".repeat(32);
      if (method === "eth_getBalance") return "0x0";
      if (method === "eth_blockNumber") return "0x1";
      throw Object.assign(new Error(`The fake session does not answer ${method}`), { code: 4200 });
    }
  }
  const sessions: FakeSession[] = [];
  return { sessions, init: async (options: Record<string, unknown>) => sessions[sessions.push(new FakeSession(options)) - 1]! };
});
vi.mock("@walletconnect/ethereum-provider", () => ({ EthereumProvider: { init: walletConnect.init } }));

const browserWallet = new FakeWallet();
const lastSession = () => walletConnect.sessions.at(-1)!;

beforeAll(() => {
  (window as unknown as { ethereum: FakeWallet }).ethereum = browserWallet;
});
afterEach(() => vi.unstubAllGlobals());

async function connectThroughWalletConnect() {
  vi.stubGlobal("fetch", fakeServer({ "GET /api/config": () => ({ body: { ...TEST_CONFIG, walletConnectProjectId: PROJECT_ID } }) }).fetch);
  const { user } = renderRoute("/");
  await user.click(await screen.findByRole("button", { name: /Connect/ }));
  const dialog = await screen.findByRole("dialog", { name: "Connect a wallet" });
  expect(
    within(dialog)
      .getAllByRole("button", { name: /Browser wallet|WalletConnect/ })
      .map((button) => button.textContent),
  ).toEqual(["Browser wallet", "WalletConnectScan with a phone wallet"]);
  await user.click(within(dialog).getByTestId("wallet-option-walletconnect"));
  expect(await within(await screen.findByTestId("wallet-connected")).findByText("0x5555…5555")).toBeInTheDocument();
  return user;
}

describe("WalletConnect (a project id in the server's config)", () => {
  it("is offered beside the browser's wallet; its session is opened on the server's chain, signs in, and its chain changes are followed", async () => {
    await connectThroughWalletConnect();
    const session = lastSession();
    expect(session.options).toMatchObject({
      projectId: PROJECT_ID,
      chains: [31337],
      rpcMap: { 31337: "http://127.0.0.1:8545" },
      showQrModal: true,
    });
    expect(session.calls.slice(0, 2)).toEqual(["enable", "personal_sign"]);
    expect(browserWallet.calls).toEqual([]);
    expect(useWalletStore.getState()).toMatchObject({ mode: "web3", account: PHONE_ACCOUNT, chainId: 31337 });

    // The player moves the phone wallet to BSC Testnet: the app follows, and says it is the wrong network.
    session.chainId = 97;
    session.emit("chainChanged", "0x61");
    await waitFor(() => expect(useWalletStore.getState().chainId).toBe(97));
    expect(await screen.findByTestId("wrong-network")).toBeInTheDocument();
    session.chainId = 31337;
    session.emit("chainChanged", "0x7a69");
    await waitFor(() => expect(useWalletStore.getState().chainId).toBe(31337));
  });

  it("Disconnect closes the session on both sides", async () => {
    const user = await connectThroughWalletConnect();
    const session = lastSession();
    await user.click(await screen.findByTestId("wallet-menu-button"));
    await user.click(screen.getByRole("menuitem", { name: "Disconnect" }));
    await waitFor(() => expect(session.calls).toContain("disconnect"));
    expect(useWalletStore.getState()).toMatchObject({ mode: "demo", account: null });
  });

  it("closing the page closes the session", async () => {
    await connectThroughWalletConnect();
    const session = lastSession();
    expect(session.calls).not.toContain("disconnect");
    window.dispatchEvent(new Event("pagehide"));
    await waitFor(() => expect(session.calls).toContain("disconnect"));
  });

  it("the wallet ending the session returns the app to demo mode", async () => {
    await connectThroughWalletConnect();
    const session = lastSession();
    session.emit("disconnect", { code: 6000, message: "User disconnected." });
    await waitFor(() => expect(useWalletStore.getState().mode).toBe("demo"));
  });
});
