import { Interface, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { Casino__factory } from "../typechain-types/factories/contracts/Casino__factory";
import { DegenToken__factory } from "../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { useBrowser } from "./support/page";
import { TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectInApp, dialogOverflow, dismissToasts, openWalletDialog, toastWith } from "./support/wallet-app";

const [ACCOUNT] = WALLET_ACCOUNTS_BY_FILE["wallet-dialogs.e2e.test.ts"];

/** The transactions the wallet was asked to send since `from`, decoded against the contracts. */
function sentCalls(wallet: TestWallet, from: number) {
  const ifaces = [Casino__factory.createInterface(), DegenToken__factory.createInterface()] as Interface[];
  return wallet.requests
    .slice(from)
    .filter((request) => request.method === "eth_sendTransaction")
    .map((request) => {
      const tx = (request.params as { data: string; value?: string }[])[0]!;
      for (const iface of ifaces) {
        const parsed = iface.parseTransaction({ data: tx.data, value: tx.value ?? 0 });
        if (parsed) return { name: parsed.name, args: [...parsed.args], value: BigInt(tx.value ?? 0) };
      }
      throw new Error(`an unknown call ${tx.data.slice(0, 10)}`);
    });
}

const methodsAsked = (wallet: TestWallet, from: number) => wallet.requests.slice(from).map((request) => request.method);

async function fillAmount(page: Page, amount: string) {
  await page.getByTestId("amount-input").fill(amount);
}

async function chooseToken(page: Page, scope: string | null, token: "DEGEN" | "BNB") {
  const root = scope ? page.getByTestId(scope) : page.getByRole("dialog");
  await root.getByRole("radio", { name: token }).click();
}

describe("wallet dialogs against the chain", () => {
  const browser = useBrowser();
  const chain = chainReader(inject("rpcUrl"), inject("apiUrl"));
  let page: Page;
  let wallet: TestWallet;

  beforeAll(async () => {
    page = await openPage(browser(), "desktop");
    wallet = await TestWallet.install(page, { account: ACCOUNT, rpcUrl: inject("rpcUrl") });
    await page.goto(inject("appUrl"));
    await connectInApp(page);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  // Each test starts clean: no dialog left open, no toast of the test before still showing.
  afterEach(async () => {
    if ((await page.getByRole("dialog").count()) > 0) {
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    await dismissToasts(page);
  });

  it("refuses invalid amounts with SPEC's texts, and equal swap tokens", async () => {
    for (const [item, submit] of [
      ["Deposit", "deposit-submit"],
      ["Withdraw", "withdraw-submit"],
      ["Withdraw", "withdraw-direct"],
      ["Swap Tokens", "swap-submit"],
    ] as const) {
      await openWalletDialog(page, item);
      for (const amount of ["", "0", "-1"]) {
        await fillAmount(page, amount);
        await page.getByTestId(submit).click();
        expect(await toastWith(page, "Invalid Amount"), `${item} ${JSON.stringify(amount)}`).toBe("Invalid Amount\nPlease enter a valid amount");
        await dismissToasts(page);
      }
      expect(await page.getByTestId("amount-input").getAttribute("step")).toBe("0.01");
      expect(await page.getByTestId("amount-input").getAttribute("min")).toBe("0");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    await openWalletDialog(page, "Swap Tokens");
    await chooseToken(page, "swap-to", "DEGEN");
    await fillAmount(page, "10");
    await page.getByTestId("swap-submit").click();
    expect(await toastWith(page, "Invalid Swap")).toBe("Invalid Swap\nPlease select different tokens to swap");
    await page.keyboard.press("Escape");
    expect(methodsAsked(wallet, 0).filter((method) => method === "eth_sendTransaction" || method === "eth_signTypedData_v4")).toEqual([]);
  });

  it("deposits DEGEN in two steps (approve exactly the amount, then deposit), to the wei", async () => {
    const { balances, tokens, casino, degen, provider, ownTransactions } = await chain;
    const before = await balances(wallet.address);
    const block = await provider.getBlockNumber();
    const asked = wallet.requests.length;
    await openWalletDialog(page, "Deposit");
    await fillAmount(page, "250");
    await page.getByText("Two steps: approve exactly this amount for the Casino, then deposit it.").waitFor();
    const approval = wallet.holdNextRequest("eth_sendTransaction");
    await page.getByTestId("deposit-submit").click();
    await approval.arrived;
    await page.locator('[data-testid="tx-step-approve"][data-phase="waiting-for-wallet"]').waitFor();
    expect(await page.getByTestId("tx-step-deposit").getAttribute("data-phase")).toBe("idle");
    await screenshot(page, "dialog-deposit-waiting-desktop", false);
    approval.approve();
    expect(await toastWith(page, "Deposit Successful")).toBe("Deposit Successful\nDeposited 250 DEGEN");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    const casinoAddress = await casino.getAddress();
    expect(sentCalls(wallet, asked)).toEqual([
      { name: "approve", args: [casinoAddress, parseEther("250")], value: 0n },
      { name: "deposit", args: [tokens.DEGEN, parseEther("250")], value: 0n },
    ]);
    const after = await balances(wallet.address);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(parseEther("250"));
    expect(before.wallet.DEGEN - after.wallet.DEGEN).toBe(parseEther("250"));
    expect(await degen.allowance(wallet.address, casinoAddress)).toBe(0n);
    const { gasCost, receipts } = await ownTransactions(wallet.address, block);
    expect(receipts.map((receipt) => receipt.status)).toEqual([1, 1]);
    expect(before.wallet.BNB - after.wallet.BNB).toBe(gasCost);
    // The header shows the new vault balance once the deposit is confirmed.
    await page
      .getByTestId("vault-balances")
      .getByText(`${(Number(after.vault.DEGEN / 10n ** 16n) / 100).toFixed(2)} DEGEN`)
      .waitFor();
  });

  it("deposits BNB as the deposit's value, to the wei", async () => {
    const { balances, tokens, provider, ownTransactions } = await chain;
    const before = await balances(wallet.address);
    const block = await provider.getBlockNumber();
    const asked = wallet.requests.length;
    await openWalletDialog(page, "Deposit");
    await chooseToken(page, null, "BNB");
    await fillAmount(page, "6.5");
    await page.getByTestId("deposit-submit").click();
    expect(await toastWith(page, "Deposit Successful")).toBe("Deposit Successful\nDeposited 6.5 BNB");
    expect(sentCalls(wallet, asked)).toEqual([{ name: "deposit", args: [tokens.BNB, parseEther("6.5")], value: parseEther("6.5") }]);
    const after = await balances(wallet.address);
    const { gasCost } = await ownTransactions(wallet.address, block);
    expect(after.vault.BNB - before.vault.BNB).toBe(parseEther("6.5"));
    expect(before.wallet.BNB - after.wallet.BNB).toBe(parseEther("6.5") + gasCost);
  });

  it("withdraws by relay: the player signs, pays no gas, and receives exactly the amount", async () => {
    const { balances, provider, ownTransactions } = await chain;
    const before = await balances(wallet.address);
    const block = await provider.getBlockNumber();
    const asked = wallet.requests.length;
    await openWalletDialog(page, "Withdraw");
    await chooseToken(page, null, "BNB");
    await fillAmount(page, "0.4");
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Successful")).toBe("Withdrawal Successful");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const after = await balances(wallet.address);
    expect(before.vault.BNB - after.vault.BNB).toBe(parseEther("0.4"));
    expect(after.wallet.BNB - before.wallet.BNB).toBe(parseEther("0.4"));
    expect((await ownTransactions(wallet.address, block)).receipts).toEqual([]);
    expect(methodsAsked(wallet, asked)).toContain("eth_signTypedData_v4");
    expect(methodsAsked(wallet, asked)).not.toContain("eth_sendTransaction");
  });

  it("withdraws directly with the player's own transaction", async () => {
    const { balances, tokens, provider, ownTransactions } = await chain;
    const before = await balances(wallet.address);
    const block = await provider.getBlockNumber();
    const asked = wallet.requests.length;
    await openWalletDialog(page, "Withdraw");
    await fillAmount(page, "50");
    await page.getByTestId("withdraw-direct").click();
    expect(await toastWith(page, "Withdrawal Successful")).toBe("Withdrawal Successful");
    expect(sentCalls(wallet, asked)).toEqual([{ name: "withdraw", args: [tokens.DEGEN, parseEther("50")], value: 0n }]);
    const after = await balances(wallet.address);
    const { gasCost } = await ownTransactions(wallet.address, block);
    expect(before.vault.DEGEN - after.vault.DEGEN).toBe(parseEther("50"));
    expect(after.wallet.DEGEN - before.wallet.DEGEN).toBe(parseEther("50"));
    expect(before.wallet.BNB - after.wallet.BNB).toBe(gasCost);
  });

  it("refuses a withdrawal above the Casino balance inside the dialog, with SPEC's failure toast", async () => {
    await openWalletDialog(page, "Withdraw");
    await fillAmount(page, "1000000");
    const asked = wallet.requests.length;
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Failed")).toBe("Withdrawal Failed\nFailed to process withdrawal");
    expect(await page.getByTestId("tx-failure").innerText()).toBe("Insufficient DEGEN balance");
    expect(methodsAsked(wallet, asked)).not.toContain("eth_signTypedData_v4");
    await page.keyboard.press("Escape");
  });

  it("swaps within the cap: the quote and the cap shown first, vault balances moved to the wei", async () => {
    const { balances } = await chain;
    const before = await balances(wallet.address);
    await openWalletDialog(page, "Swap Tokens");
    await fillAmount(page, "100");
    expect(await page.getByTestId("swap-quote-out").innerText()).toBe("0.0100 BNB");
    expect(await page.getByTestId("swap-quote-cap").innerText()).toMatch(/^\d+\.\d{4} BNB$/);
    await page.getByTestId("swap-submit").click();
    expect(await toastWith(page, "Swap Successful")).toBe("Swap Successful\nSwapped 100 DEGEN for 0.0100 BNB");
    const after = await balances(wallet.address);
    expect(before.vault.DEGEN - after.vault.DEGEN).toBe(parseEther("100"));
    expect(after.vault.BNB - before.vault.BNB).toBe(parseEther("0.01"));
    expect(after.wallet).toEqual(before.wallet);
  });

  it("refuses a swap above the cap in the dialog, and nothing moves", async () => {
    const { balances } = await chain;
    const before = await balances(wallet.address);
    await openWalletDialog(page, "Swap Tokens");
    await chooseToken(page, "swap-from", "BNB");
    await chooseToken(page, "swap-to", "DEGEN");
    // The desk pays at most 1 % of the free DEGEN bankroll (5,000,000 at deploy) per swap: 6 BNB buys 60,000.
    await fillAmount(page, "6");
    expect(await page.getByTestId("swap-quote-out").innerText()).toBe("60000 DEGEN");
    expect(await page.getByTestId("swap-above-cap").innerText()).toMatch(/^Above the cap: a swap can pay at most \d+ DEGEN right now\. Swap less\.$/);
    await screenshot(page, "dialog-swap-above-cap-desktop", false);
    const asked = wallet.requests.length;
    await page.getByTestId("swap-submit").click();
    const toast = await toastWith(page, "Swap Failed");
    expect(toast).toMatch(/^Swap Failed\nThis swap would pay 60000\.00 DEGEN, above the per-swap cap of \d+\.\d{2} DEGEN\.$/);
    expect(await page.getByTestId("tx-failure").innerText()).toBe(toast.split("\n")[1]);
    await screenshot(page, "dialog-swap-refused-desktop", false);
    expect(methodsAsked(wallet, asked)).not.toContain("eth_signTypedData_v4");
    expect(await balances(wallet.address)).toEqual(before);
    await page.keyboard.press("Escape");
  });

  it("a deposit refused in the wallet is a quiet cancel: no toast, the dialog stays open", async () => {
    await openWalletDialog(page, "Deposit");
    await fillAmount(page, "1");
    wallet.rejectNextRequest("eth_sendTransaction");
    await page.getByTestId("deposit-submit").click();
    await page.locator('[data-testid="tx-step-approve"][data-phase="cancelled"]').waitFor();
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await page.getByRole("dialog", { name: "Deposit" }).isVisible()).toBe(true);
    expect(await page.getByTestId("amount-input").inputValue()).toBe("1");
    await screenshot(page, "dialog-deposit-cancelled-desktop", false);
    await page.keyboard.press("Escape");
  });

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    it(`header, menu and each dialog look right (${viewport})`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(inject("appUrl"));
      await page.getByTestId("wallet-connected").waitFor();
      await screenshot(page, `wallet-header-${viewport}`, false);
      await page.getByTestId("wallet-menu-button").click();
      await page.getByTestId("wallet-menu").waitFor();
      await screenshot(page, `wallet-menu-${viewport}`, false);
      await page.keyboard.press("Escape");
      for (const [item, name] of [
        ["Deposit", "deposit"],
        ["Withdraw", "withdraw"],
        ["Swap Tokens", "swap"],
        ["Account", "account"],
      ] as const) {
        await openWalletDialog(page, item);
        if (item !== "Account") await fillAmount(page, "12.5");
        if (item === "Swap Tokens") await page.getByTestId("swap-quote").waitFor();
        expect(await dialogOverflow(page), `${item} on ${viewport}`).toEqual([]);
        await screenshot(page, `dialog-${name}-${viewport}`, false);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
      }
    });
  }
});
