import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import { NO_WALLET_MESSAGE, useWalletStore } from "@/features/wallet";
import { fakeServer, FakeWallet, walletError, everyBalance } from "@/test/fake-wallet";
import { renderRoute } from "@/test/render-route";

// One fake wallet at window.ethereum for the file (it announces nothing: the app offers it as the
// browser's only wallet), put in place only by the tests that have a wallet.
const wallet = new FakeWallet();
const setWallet = (present: boolean) => {
  if (present) (window as unknown as { ethereum: FakeWallet }).ethereum = wallet;
  else delete (window as unknown as { ethereum?: FakeWallet }).ethereum;
};

beforeEach(() => setWallet(true));
afterEach(() => {
  setWallet(false);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("Header", () => {
  it("hides the Lobby button on /", async () => {
    renderRoute("/");
    const header = await screen.findByTestId("app-header");
    expect(within(header).queryByRole("link", { name: /Lobby/ })).not.toBeInTheDocument();
  });

  it.each(["/lobby", "/roulette", "/blackjack", "/slots", "/kickboxing", "/crash", "/whitepaper", "/fairness", "/missing"])(
    "shows the Lobby button on %s and it returns to /",
    async (path) => {
      const { user, router } = renderRoute(path);
      const lobbyButton = await within(await screen.findByTestId("app-header")).findByRole("link", { name: /Lobby/ });
      await user.click(lobbyButton);
      expect(router.state.location.pathname).toBe("/");
      expect(within(screen.getByTestId("app-header")).queryByRole("link", { name: /Lobby/ })).not.toBeInTheDocument();
    },
  );

  it.each(["/", "/roulette", "/whitepaper", "/missing"])("links to the fairness page from %s", async (path) => {
    const { user, router } = renderRoute(path);
    await user.click(await within(await screen.findByTestId("app-header")).findByRole("link", { name: "Provably fair" }));
    // The fairness page loads lazily: the router moves once it has loaded, which the click does not wait for.
    expect(await screen.findByRole("heading", { level: 1, name: "Provably fair" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/fairness");
  });

  it("is sticky", async () => {
    renderRoute("/");
    expect(await screen.findByTestId("app-header")).toHaveClass("sticky", "top-0");
  });

  it("alerts the SPEC text when no wallet is installed and stays in demo mode", async () => {
    setWallet(false);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const { user } = renderRoute("/");
    await user.click(await screen.findByRole("button", { name: /Connect/ }));
    expect(alert).toHaveBeenCalledExactlyOnceWith("Please install MetaMask to connect your wallet. You can continue playing in demo mode.");
    expect(NO_WALLET_MESSAGE).toBe("Please install MetaMask to connect your wallet. You can continue playing in demo mode.");
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Demo Mode");
  });

  it("connects an installed wallet with a signed sign-in, shows the shortened address, then disconnects", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    wallet.reset();
    vi.stubGlobal("fetch", fakeServer().fetch);
    const { user } = renderRoute("/");

    await user.click(await screen.findByRole("button", { name: /Connect/ }));

    expect(await within(await screen.findByTestId("wallet-connected")).findByText("0x1234…5678")).toBeInTheDocument();
    expect(wallet.callsOf("eth_requestAccounts")).toHaveLength(1);
    expect(wallet.callsOf("personal_sign")).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    expect(useWalletStore.getState()).toMatchObject({ mode: "web3", chainId: 31337 });
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Web3 Mode");
    expect(screen.getByTestId("toast")).toHaveTextContent("Wallet Connected");

    await user.click(await screen.findByTestId("wallet-menu-button"));
    const menu = screen.getByTestId("wallet-menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Deposit", "Withdraw", "Swap Tokens", "Account", "One-click play", "My stats", "Disconnect"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Disconnect" }));
    expect(await screen.findByTestId("mode-badge")).toHaveTextContent("Demo Mode");
    expect(screen.getByRole("button", { name: /Connect/ })).toBeEnabled();
    expect(screen.getByTestId("toast")).toHaveTextContent("Wallet Disconnected");
  });

  it("gives the Casino balances' dollar value beside them once connected, with the price and its age", async () => {
    wallet.reset();
    // Every balance read (vault and wallet, both tokens) answers 2.5 tokens.
    wallet.handlers.set("eth_call", everyBalance(25n * 10n ** 17n));
    const quote = { usd: 612.4, lastUpdated: "2026-11-26T10:00:00.000Z", ageMs: 4_000 };
    const prices = { BNB: 612.4, DEGEN: null, lastUpdated: quote.lastUpdated, fresh: false, quotes: { BNB: quote, DEGEN: null }, freshForMs: 60_000 };
    vi.stubGlobal("fetch", fakeServer({ "GET /api/prices": () => ({ body: prices }) }).fetch);
    const { user } = renderRoute("/");

    await user.click(await screen.findByRole("button", { name: /Connect/ }));

    const balances = await screen.findByTestId("vault-balances");
    const value = await within(balances).findByTestId("usd-value");
    expect(balances).toHaveTextContent("2.5000 BNB ≈ $1,531.00");
    expect(value.title).toMatch(/^BNB \$612\.40 · \d+ s ago$/);
    // DEGEN has no price: nothing beside it.
    expect(within(balances).getAllByTestId("usd-value")).toHaveLength(1);
    expect(balances).toHaveTextContent(/^2\.50 DEGEN ?2\.5000 BNB/);
  });

  it("shows the vault and the one-click sessions' funds as one Casino balance, split in the wallet menu, each to the wei it reads", async () => {
    wallet.reset();
    const casino = Casino__factory.createInterface();
    const sessions = CasinoSessions__factory.createInterface();
    const word = (value: bigint) => value.toString(16).padStart(64, "0");
    // The vault holds 600.25 DEGEN and 0.5 BNB; the player's one session lane (lane 1) 399.75 DEGEN and 0.25 BNB.
    wallet.handlers.set("eth_call", (params) => {
      const [{ data }] = params as [{ data: string }];
      if (data.startsWith(sessions.getFunction("lanesOf").selector)) return "0x" + word(1n);
      if (data.startsWith(casino.getFunction("laneOf").selector))
        return "0x" + ["77".repeat(32), word(1n << 32n), word(1n << 32n), word(39_975n * 10n ** 16n), word(25n * 10n ** 16n)].join("");
      if (data.startsWith(casino.getFunction("getBalance").selector)) {
        const token = casino.decodeFunctionData("getBalance", data)[1] as string;
        return "0x" + word(BigInt(token) === 0n ? 5n * 10n ** 17n : 60_025n * 10n ** 16n);
      }
      return "0x" + word(0n);
    });
    vi.stubGlobal("fetch", fakeServer().fetch);
    const { user } = renderRoute("/");

    await user.click(await screen.findByRole("button", { name: /Connect/ }));

    const balances = await screen.findByTestId("vault-balances");
    await vi.waitFor(() => expect(balances).toHaveTextContent(/^1000\.00 DEGEN ?0\.7500 BNB$/));
    expect(useWalletStore.getState().laneFunds).toEqual({ 1: { DEGEN: "399.75", BNB: "0.25" } });
    await user.click(screen.getByTestId("wallet-menu-button"));
    const split = within(screen.getByTestId("wallet-menu")).getByTestId("casino-split");
    expect(within(split).getByTestId("casino-split-vault")).toHaveTextContent("600.25 DEGEN0.5000 BNB");
    expect(within(split).getByTestId("casino-split-one-click")).toHaveTextContent("399.75 DEGEN0.2500 BNB");
  });

  it("returns to demo mode and shows a toast when the wallet refuses", async () => {
    wallet.reset();
    wallet.handlers.set("eth_requestAccounts", () => {
      throw walletError(4001, "User rejected the request.");
    });
    vi.stubGlobal("fetch", fakeServer().fetch);
    const { user } = renderRoute("/");

    await user.click(await screen.findByRole("button", { name: /Connect/ }));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Connection Failed");
    expect(toast).toHaveTextContent("Failed to connect wallet");
    expect(useWalletStore.getState()).toMatchObject({ mode: "demo", account: null, isLoading: false });
  });

  it("toggles and persists the sound setting", async () => {
    const { user } = renderRoute("/");
    const toggle = await screen.findByRole("button", { name: "Mute sound" });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Unmute sound" })).toHaveAttribute("aria-pressed", "false");
    expect(JSON.parse(localStorage.getItem("degen-casino:sound") ?? "{}").state).toEqual({ enabled: false, volume: 0.5 });
  });
});
