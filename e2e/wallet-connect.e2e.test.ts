// Web3 mode's wallet half in a real browser against the whole stack (issue #13): connect and sign
// in, a reload that keeps the session, a refused signature, a wallet on another chain (switched,
// added on 4902, or left on the wrong network), account changes and disconnect.
import { formatEther, getAddress, JsonRpcProvider } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Casino__factory, DegenToken__factory } from "../typechain-types";
import { openPage, screenshot, type VIEWPORTS } from "./support/browser";
import { startFakeNode } from "./support/fake-node";
import { toastText, useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";

const [PLAYER, OTHER_PLAYER] = WALLET_ACCOUNTS_BY_FILE["wallet-connect.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const node = new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
const browser = useBrowser();

const shortened = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function openWithWallet(account: number, options: { viewport?: keyof typeof VIEWPORTS; walletRpcUrl?: string } = {}) {
  const page = await openPage(browser(), options.viewport);
  const wallet = await TestWallet.install(page, { account, rpcUrl: options.walletRpcUrl ?? rpcUrl });
  await page.goto(appUrl + "/");
  return { page, wallet };
}

async function connect(page: Page): Promise<void> {
  await page.getByTestId("connect-wallet").click();
  await page.getByTestId("wallet-menu-button").waitFor();
}

/** The server session this page holds (GET /api/auth/me), or null. */
const sessionOf = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch("/api/auth/me", { credentials: "include" });
    return answer.ok ? ((await answer.json()) as { address: string }) : null;
  });

const signatureRequests = (wallet: TestWallet) => wallet.requests.filter((request) => request.method === "personal_sign");

let casinoAddress: string;
let degenAddress: string;
beforeAll(async () => {
  const config = (await (await fetch(`${inject("apiUrl")}/api/config`)).json()) as { contracts: { Casino: string; DegenToken: string } };
  casinoAddress = config.contracts.Casino;
  degenAddress = config.contracts.DegenToken;
});
afterAll(() => node.destroy());

describe("connecting a wallet", () => {
  it("signs in with Ethereum, enters Web3 Mode and shows the vault and wallet balances read from the chain", async () => {
    const { page, wallet } = await openWithWallet(PLAYER);
    await connect(page);

    expect(await page.getByTestId("wallet-menu-button").innerText()).toBe(shortened(wallet.address));
    expect(await page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
    expect(await toastText(page)).toContain("Wallet Connected");
    expect(await toastText(page)).toContain("Successfully connected to MetaMask");
    const [signature] = signatureRequests(wallet);
    const message = Buffer.from((signature!.params as string[])[0]!.slice(2), "hex").toString("utf8");
    expect(message).toContain(`${new URL(appUrl).host} wants you to sign in with your Ethereum account:\n${wallet.address}\n`);
    expect(message).toContain("Chain ID: 31337");
    expect((await sessionOf(page))?.address).toBe(wallet.address);

    // The playable balance is the Casino vault; the menu shows what the wallet itself holds.
    const casino = Casino__factory.connect(casinoAddress, node);
    const degen = DegenToken__factory.connect(degenAddress, node);
    const [vaultDegen, walletDegen, walletBnb] = await Promise.all([
      casino.getBalance(wallet.address, degenAddress),
      degen.balanceOf(wallet.address),
      node.getBalance(wallet.address),
    ]);
    await expect.poll(() => page.getByTestId("balance-DEGEN").innerText()).toContain(Number(formatEther(vaultDegen)).toFixed(2));
    await page.getByTestId("wallet-menu-button").click();
    const holdings = await page.getByTestId("wallet-holdings").innerText();
    expect(holdings).toContain(`${Number(formatEther(walletDegen)).toFixed(2)} DEGEN`);
    expect(holdings).toContain(`${Number(formatEther(walletBnb)).toFixed(4)} BNB`);
    await screenshot(page, "wallet-menu-desktop", false);
    await page.context().close();
  });

  it("a reload keeps the session without a new signature, never showing Demo Mode or demo balances meanwhile; Disconnect ends it and a later reload stays disconnected", async () => {
    const { page, wallet } = await openWithWallet(PLAYER);
    await connect(page);
    await page.addInitScript(() => {
      // Every mode and DEGEN balance the lobby shows from the first render on, in order.
      const shown: string[] = [];
      Object.assign(window, { shown });
      new MutationObserver(() => {
        for (const id of ["mode-badge", "balance-DEGEN"]) {
          const text = document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim();
          if (text && !shown.includes(`${id}: ${text}`)) shown.push(`${id}: ${text}`);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await page.getByTestId("wallet-menu-button").waitFor();
    expect(signatureRequests(wallet)).toHaveLength(1);
    expect(await page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
    const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
    expect(shown.slice(0, 2)).toEqual(["balance-DEGEN: …", "mode-badge: Web3 Mode"]);
    expect(shown.filter((text) => text.includes("Demo Mode") || text === "balance-DEGEN: 10000.00")).toEqual([]);

    await page.getByTestId("wallet-menu-button").click();
    await page.getByRole("menuitem", { name: "Disconnect" }).click();
    await page.getByTestId("connect-wallet").waitFor();
    expect(await toastText(page)).toContain("Wallet Disconnected");
    expect(await toastText(page)).toContain("Your wallet has been disconnected");
    expect(await sessionOf(page)).toBeNull();
    expect(wallet.connected).toBe(false);
    await page.reload();
    await page.getByTestId("connect-wallet").waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId("mode-badge").innerText()).toBe("Demo Mode");
    expect(await page.getByTestId("balance-DEGEN").innerText()).toContain("10000.00");
    await page.context().close();
  });

  it("a refused signature revokes the connection, stays in Demo Mode and says 'Signature Required'", async () => {
    const { page, wallet } = await openWithWallet(PLAYER);
    wallet.rejectNextRequest("personal_sign");
    await page.getByTestId("connect-wallet").click();
    await expect.poll(() => toastText(page)).toContain("Signature Required");
    expect(await toastText(page)).toContain("You must sign the message to connect your wallet");
    expect(await page.getByTestId("mode-badge").innerText()).toBe("Demo Mode");
    expect(wallet.requests.some((request) => request.method === "wallet_revokePermissions")).toBe(true);
    expect(wallet.connected).toBe(false);
    expect(await sessionOf(page)).toBeNull();
    await page.context().close();
  });
});

describe("a wallet on another chain", () => {
  it("is switched to the server's chain at once, which it adds when it answers 4902", async () => {
    const otherChain = await startFakeNode(56, 1);
    try {
      const { page, wallet } = await openWithWallet(PLAYER, { walletRpcUrl: otherChain.url });
      expect(wallet.chainId).toBe(56);
      await connect(page);
      await expect.poll(() => wallet.chainId).toBe(31337);
      const methods = wallet.requests.map((request) => request.method);
      const switches = wallet.requests.filter((request) => request.method === "wallet_switchEthereumChain");
      expect(switches.map((request) => request.params)).toEqual([[{ chainId: "0x7a69" }], [{ chainId: "0x7a69" }]]);
      const [add] = wallet.requests.filter((request) => request.method === "wallet_addEthereumChain");
      expect(add!.params).toEqual([expect.objectContaining({ chainId: "0x7a69", rpcUrls: [rpcUrl] })]);
      // Sign-in first (docs/product.md §4), then the switch.
      expect(methods.indexOf("personal_sign")).toBeLessThan(methods.indexOf("wallet_switchEthereumChain"));
      // The page hears of the switch through the wallet's chainChanged event, a moment later.
      await expect.poll(() => page.getByTestId("wrong-network").count()).toBe(0);
      await expect.poll(() => page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
      await page.context().close();
    } finally {
      await otherChain.close();
    }
  });

  it("a refused switch leaves Web3 Mode on the wrong network, with a control that switches on click", async () => {
    const otherChain = await startFakeNode(56, 1);
    try {
      const { page, wallet } = await openWithWallet(PLAYER, { walletRpcUrl: otherChain.url });
      wallet.rejectNextRequest("wallet_switchEthereumChain");
      await connect(page);
      await page.getByTestId("wrong-network").waitFor();
      expect(await page.getByTestId("wrong-network").innerText()).toBe("Wrong network");
      expect(wallet.chainId).toBe(56);
      expect(await page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
      await screenshot(page, "wallet-wrong-network-desktop", false);
      await page.getByTestId("wrong-network").click();
      await expect.poll(() => wallet.chainId).toBe(31337);
      await page.getByTestId("vault-balances").waitFor();
      // The page hears of the switch through the wallet's chainChanged event, a moment later.
      await expect.poll(() => page.getByTestId("wrong-network").count()).toBe(0);
      await expect.poll(() => page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
      await page.context().close();
    } finally {
      await otherChain.close();
    }
  });
});

describe("account changes", () => {
  it("another account ends the old session and is asked to sign once; no account returns to Demo Mode", async () => {
    const { page, wallet } = await openWithWallet(PLAYER, { viewport: "phone" });
    await connect(page);
    await screenshot(page, "wallet-connected-phone", false);
    const other = getAddress(devAccount(OTHER_PLAYER).address);

    await wallet.setAccount(OTHER_PLAYER);
    await expect.poll(() => page.getByTestId("wallet-menu-button").innerText()).toBe(shortened(other));
    await expect.poll(async () => (await sessionOf(page))?.address).toBe(other);
    const signed = signatureRequests(wallet).map((request) => getAddress((request.params as string[])[1]!));
    expect(signed).toEqual([getAddress(devAccount(PLAYER).address), other]);

    await wallet.emitAccountsChanged([]);
    await page.getByTestId("connect-wallet").waitFor();
    expect(await page.getByTestId("mode-badge").innerText()).toBe("Demo Mode");
    expect(await page.getByTestId("balance-DEGEN").innerText()).toContain("10000.00");
    expect(await page.getByTestId("balance-BNB").innerText()).toContain("5.0000");
    await page.context().close();
  });
});
