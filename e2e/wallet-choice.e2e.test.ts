// Every wallet a player has (issue #22 item 4): two wallets in one browser announce themselves
// (EIP-6963), MetaMask holding window.ethereum as it does. Connect lists both; the one picked is
// asked for its account and signs in, the other is never asked for anything; a reload reconnects
// the same wallet without a new signature.
import { getAddress } from "ethers";
import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "./support/browser";
import { useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";

const [IN_METAMASK, IN_RABBY] = WALLET_ACCOUNTS_BY_FILE["wallet-choice.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const browser = useBrowser();

const shortened = (account: number) => {
  const address = getAddress(devAccount(account).address);
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
};

describe("choosing a wallet", () => {
  it("lists both announced wallets, connects the one picked (the other never asked), and a reload keeps it", async () => {
    const page = await openPage(browser());
    const metaMask = await TestWallet.install(page, { account: IN_METAMASK, rpcUrl });
    const rabby = await TestWallet.install(page, { account: IN_RABBY, rpcUrl, announceAs: { name: "Rabby Wallet", rdns: "io.rabby", colour: "8697ff" } });
    await page.goto(appUrl + "/");

    await page.getByTestId("connect-wallet").click();
    const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("wallet-option").allInnerTexts()).toEqual(["MetaMask", "Rabby Wallet"]);
    await screenshot(page, "choose-wallet", false);
    await dialog.getByRole("button", { name: "Rabby Wallet" }).click();

    await page.getByTestId("wallet-connected").waitFor();
    expect(await page.getByTestId("wallet-menu-button").innerText()).toBe(shortened(IN_RABBY));
    expect(rabby.requests.map((request) => request.method)).toEqual(expect.arrayContaining(["eth_requestAccounts", "personal_sign"]));
    expect(metaMask.requests).toEqual([]);

    await page.reload();
    await page.getByTestId("wallet-connected").waitFor();
    expect(await page.getByTestId("wallet-menu-button").innerText()).toBe(shortened(IN_RABBY));
    expect(rabby.requests.filter((request) => request.method === "personal_sign")).toHaveLength(1);
    expect(metaMask.requests).toEqual([]);
    await page.context().close();
  });
});
