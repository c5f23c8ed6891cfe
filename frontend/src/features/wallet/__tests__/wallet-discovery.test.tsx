import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, FakeWallet } from "@/test/fake-wallet";
import { renderRoute } from "@/test/render-route";
import { WALLET_CHOICE_KEY } from "../web3";
import { discoverWallets, injectedWallets, rememberedWallet, useWalletDiscovery } from "../wallet-discovery";
import { useWalletStore } from "../wallet-store";

const ICON = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>";

/** A wallet as an extension installs one: it answers every EIP-6963 request with its announcement. */
function installAnnounced(wallet: FakeWallet, info: { uuid: string; name: string; rdns: string }) {
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info: { ...info, icon: ICON }, provider: wallet }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
  return () => window.removeEventListener("eip6963:requestProvider", announce);
}

const metaMask = new FakeWallet("0x1111111111111111111111111111111111111111");
const rabby = new FakeWallet("0x2222222222222222222222222222222222222222");

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("injected wallets (EIP-6963)", () => {
  it("lists each wallet that announces itself, once, whether it loaded before the app or after; window.ethereum only when none did", () => {
    (window as unknown as { ethereum: FakeWallet }).ethereum = metaMask;
    // Before any announcement: the wallet at window.ethereum, under a name of the app's.
    useWalletDiscovery.setState({ announced: [] });
    discoverWallets();
    expect(injectedWallets().map((wallet) => [wallet.info.name, wallet.provider])).toEqual([["Browser wallet", metaMask]]);

    // One wallet was there first (it answers the request), one loads later and announces itself.
    installAnnounced(metaMask, { uuid: "mm-1", name: "MetaMask", rdns: "io.metamask" });
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    installAnnounced(rabby, { uuid: "rabby-1", name: "Rabby Wallet", rdns: "io.rabby" });
    // Asked again (another page of the app asks too): still one entry each. A malformed announcement is ignored.
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: { info: { name: "No uuid" }, provider: rabby } }));
    expect(injectedWallets().map((wallet) => [wallet.info.name, wallet.info.rdns, wallet.provider])).toEqual([
      ["MetaMask", "io.metamask", metaMask],
      ["Rabby Wallet", "io.rabby", rabby],
    ]);
    expect(rememberedWallet("io.rabby")?.provider).toBe(rabby);
    // A choice that is no longer installed, with two to pick from: none is guessed.
    expect(rememberedWallet("com.okex.wallet")).toBeUndefined();
  });

  it("Connect opens the connect dialog with every wallet; the one picked is asked for its account and signs in, the other is never asked", async () => {
    vi.stubGlobal("fetch", fakeServer().fetch);
    metaMask.reset();
    rabby.reset();
    const { user } = renderRoute("/");
    await user.click(await screen.findByRole("button", { name: /Connect/ }));

    const dialog = await screen.findByRole("dialog", { name: "Connect a wallet" });
    expect(
      within(dialog)
        .getAllByTestId("wallet-option")
        .map((option) => option.textContent),
    ).toEqual(["MetaMask", "Rabby Wallet"]);
    // The server has no WalletConnect project id: WalletConnect is not offered.
    expect(within(dialog).queryByTestId("wallet-option-walletconnect")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Rabby Wallet" }));

    expect(await within(await screen.findByTestId("wallet-connected")).findByText("0x2222…2222")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Connect a wallet" })).toBeNull();
    expect(rabby.callsOf("eth_requestAccounts")).toHaveLength(1);
    expect(rabby.callsOf("personal_sign")).toHaveLength(1);
    expect(metaMask.calls).toEqual([]);
    expect(useWalletStore.getState()).toMatchObject({ mode: "web3", account: "0x2222222222222222222222222222222222222222" });
    expect(localStorage.getItem(WALLET_CHOICE_KEY)).toBe("io.rabby");

    // The chosen wallet's events are the ones followed: another account there is asked to sign in.
    rabby.account = "0x3333333333333333333333333333333333333333";
    rabby.emit("accountsChanged", [rabby.account]);
    expect(await within(await screen.findByTestId("wallet-connected")).findByText("0x3333…3333")).toBeInTheDocument();
    metaMask.emit("accountsChanged", ["0x4444444444444444444444444444444444444444"]);
    expect(useWalletStore.getState().account).toBe("0x3333333333333333333333333333333333333333");
  });
});
