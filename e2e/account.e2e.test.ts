import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "./support/browser";
import { useBrowser } from "./support/page";
import { TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { connectInApp, openWalletDialog } from "./support/wallet-app";

const [PLAYER, OTHER_PLAYER] = WALLET_ACCOUNTS_BY_FILE["account.e2e.test.ts"];
/** Unique per run: the stack's database outlives no run, but a name must not depend on that. */
const TAKEN = `taken_${Date.now().toString(36)}`;
const OWN = `player_${Date.now().toString(36)}`;

async function connectedPage(browser: () => import("playwright-core").Browser, account: number, viewport: "desktop" | "phone" = "desktop") {
  const page = await openPage(browser(), viewport);
  await TestWallet.install(page, { account, rpcUrl: inject("rpcUrl") });
  await page.goto(inject("appUrl"));
  await connectInApp(page);
  return page;
}

async function register(page: Page, username: string): Promise<void> {
  await page.getByTestId("username-input").fill(username);
  await page.getByTestId("account-register-submit").click();
}

describe("account: SPEC §4 'Session' from the wallet menu", () => {
  const browser = useBrowser();
  let page: Page;

  beforeAll(async () => {
    // Another player takes a name first.
    const other = await connectedPage(browser, OTHER_PLAYER);
    await openWalletDialog(other, "Account");
    await register(other, TAKEN);
    await other.getByTestId("account-username").waitFor();
    await other.context().close();
    page = await connectedPage(browser, PLAYER);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("shows the server's username rule, and its refusals as its own sentences", async () => {
    await openWalletDialog(page, "Account");
    expect(await page.getByRole("dialog", { name: "Account" }).innerText()).toContain(
      "3 to 20 letters, digits or underscores, not already taken (case is ignored).",
    );
    await register(page, TAKEN.toUpperCase());
    await page.getByTestId("account-error").getByText("Username is already taken", { exact: true }).waitFor();
    await register(page, "no");
    await page.getByTestId("account-error").getByText("Invalid username: must be 3 to 20 letters, digits or underscores", { exact: true }).waitFor();
    await register(page, "bad name!");
    await page.getByTestId("account-error").getByText("Invalid username: must be 3 to 20 letters, digits or underscores", { exact: true }).waitFor();
    await screenshot(page, "dialog-account-refused-desktop", false);
    expect(await page.evaluate(() => localStorage.getItem("userId"))).toBeNull();
  });

  it("registers a username: the user is shown, its id stored, its balances loaded", async () => {
    await register(page, OWN);
    expect(await page.getByTestId("account-username").innerText()).toBe(OWN);
    expect(await page.getByTestId("account-balance-DEGEN").innerText()).toBe("0.00");
    expect(await page.getByTestId("account-balance-BNB").innerText()).toBe("0.0000");
    const id = await page.evaluate(() => localStorage.getItem("userId"));
    expect(id).toMatch(/^\d+$/);
    await screenshot(page, "dialog-account-registered-desktop", false);
  });

  it("loads the stored user again after a reload", async () => {
    await page.reload();
    await page.getByTestId("wallet-connected").waitFor();
    await openWalletDialog(page, "Account");
    expect(await page.getByTestId("account-username").innerText()).toBe(OWN);
  });

  it("logout clears the user and the stored id", async () => {
    await page.getByTestId("account-logout").click();
    await page.getByTestId("account-register").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("userId"))).toBeNull();
  });
});
