import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_WALLET_MESSAGE, useWalletStore } from "@/features/wallet";
import { renderRoute } from "@/test/render-route";

type EthereumWindow = Window & { ethereum?: unknown };

afterEach(() => {
  delete (window as EthereumWindow).ethereum;
  vi.restoreAllMocks();
});

describe("Header", () => {
  it("hides the Lobby button on /", async () => {
    renderRoute("/");
    const header = await screen.findByTestId("app-header");
    expect(within(header).queryByRole("link", { name: /Lobby/ })).not.toBeInTheDocument();
  });

  it.each(["/lobby", "/roulette", "/blackjack", "/slots", "/kickboxing", "/crash", "/whitepaper", "/missing"])(
    "shows the Lobby button on %s and it returns to /",
    async (path) => {
      const { user, router } = renderRoute(path);
      const lobbyButton = await within(await screen.findByTestId("app-header")).findByRole("link", { name: /Lobby/ });
      await user.click(lobbyButton);
      expect(router.state.location.pathname).toBe("/");
      expect(within(screen.getByTestId("app-header")).queryByRole("link", { name: /Lobby/ })).not.toBeInTheDocument();
    },
  );

  it("is sticky", async () => {
    renderRoute("/");
    expect(await screen.findByTestId("app-header")).toHaveClass("sticky", "top-0");
  });

  it("alerts the SPEC text when no wallet is installed and stays in demo mode", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const { user } = renderRoute("/");
    await user.click(await screen.findByRole("button", { name: /Connect/ }));
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      "Please install MetaMask to connect your wallet. You can continue playing in demo mode.",
    );
    expect(NO_WALLET_MESSAGE).toBe("Please install MetaMask to connect your wallet. You can continue playing in demo mode.");
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Demo Mode");
  });

  it("requests accounts from an installed wallet and shows the shortened address", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const account = "0x1234567890abcdef1234567890abcdef12345678";
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === "eth_requestAccounts") return [account];
      if (method === "eth_chainId") return "0x61";
      throw new Error(`unexpected ${method}`);
    });
    (window as EthereumWindow).ethereum = { request };
    const { user } = renderRoute("/");

    await user.click(await screen.findByRole("button", { name: /Connect/ }));

    expect(await screen.findByText("0x1234…5678")).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith({ method: "eth_requestAccounts" });
    expect(alert).not.toHaveBeenCalled();
    expect(useWalletStore.getState()).toMatchObject({ mode: "web3", account, chainId: 97 });
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Web3 Mode");

    await user.click(screen.getByRole("button", { name: "Disconnect" }));
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Demo Mode");
    expect(screen.getByRole("button", { name: /Connect/ })).toBeEnabled();
  });

  it("returns to demo mode and shows a toast when the wallet refuses", async () => {
    const request = vi.fn(async () => {
      throw Object.assign(new Error("User rejected the request."), { code: 4001 });
    });
    (window as EthereumWindow).ethereum = { request };
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
