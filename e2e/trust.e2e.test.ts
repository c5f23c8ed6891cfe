// Issue #19, the app's half, against the whole stack: the app trusts the chain, not the server.
// The terms a bet carries are those shown beside its button (finding R2-9); the contracts are the
// ones the build pins (finding R2-10); below the server's relay minimum the player withdraws directly
// (finding R2-8); a relayed withdrawal or swap is what its receipt shows, and a DEGEN allowance left
// over can be reset (finding R2-12). Money is checked on chain to the wei.
// The owner's change of the settle window is undone after the test that makes it.
import { getAddress, getCreateAddress, parseEther, Wallet, type TransactionReceipt } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { settleWheel } from "../engine/src/index";
import { devKey } from "../scripts/rehearsal";
import type { Casino } from "../typechain-types/contracts/Casino";
import { DegenToken__factory } from "../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import { openPage, screenshot } from "./support/browser";
import { setBet, useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectInApp, dismissToasts, openWalletDialog, toastWith } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const [BETTOR, RELAYED] = WALLET_ACCOUNTS_BY_FILE["trust.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const browser = useBrowser();
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  await depositFromNode(reader.provider, reader.casino, BETTOR, { BNB: parseEther("1") });
  await depositFromNode(reader.provider, reader.casino, RELAYED, { DEGEN: parseEther("500") });
});
afterAll(() => reader?.provider.destroy());

async function connectedPage(account: number, path = "/"): Promise<{ page: Page; wallet: TestWallet }> {
  const page = await openPage(browser(), "desktop", "reduce");
  const wallet = await TestWallet.install(page, { account, rpcUrl });
  await page.goto(appUrl + path);
  await connectInApp(page);
  return { page, wallet };
}

/**
 * Closes a page whose routes fetch the real answer first: a request the app makes while the page
 * closes would otherwise reject inside its handler (Response has been disposed) after the test.
 */
async function closeRouted(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.context().close();
}

const sentSince = (wallet: TestWallet, from: number) => wallet.requests.slice(from).filter((request) => request.method === "eth_sendTransaction");

describe("the contracts the app was built for (finding R2-10)", () => {
  it("are where a fresh node gets them, and a server naming another Casino is refused before the wallet is asked anything", async () => {
    // The stack deployed on a fresh node: dev account #0's nonces 0-4 are GameRules and the
    // Casino's four libraries, 5 the token, 6 the sessions, 7 the Casino; then the Casino's own contracts.
    const casino = getCreateAddress({ from: devKey(0).address, nonce: 7 });
    expect(reader.config.contracts).toEqual({
      DegenToken: getCreateAddress({ from: devKey(0).address, nonce: 5 }),
      Casino: casino,
      CasinoRelay: getCreateAddress({ from: casino, nonce: 1 }),
      CasinoSwap: getCreateAddress({ from: casino, nonce: 2 }),
      CasinoSessions: getCreateAddress({ from: devKey(0).address, nonce: 6 }),
      CasinoLimits: getCreateAddress({ from: casino, nonce: 3 }),
    });

    const page = await openPage(browser());
    const wallet = await TestWallet.install(page, { account: RELAYED, rpcUrl });
    const impostor = getAddress("0x" + "66".repeat(20));
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { contracts: Record<string, string> };
      await route.fulfill({ response, json: { ...config, contracts: { ...config.contracts, Casino: impostor } } });
    });
    await page.goto(appUrl + "/");
    await page.getByTestId("connect-wallet").click();
    expect(await toastWith(page, "Web3 Mode Refused")).toBe(
      `Web3 Mode Refused\nThe server names ${impostor} as the Casino contract on Hardhat Local, but this app was built for ${casino}. Web3 mode is refused to keep your funds safe; demo mode still works.`,
    );
    await screenshot(page, "trust-config-refused", false);
    expect(await page.getByTestId("mode-badge").innerText()).toBe("Demo Mode");
    expect(wallet.requests.map((request) => request.method)).not.toContain("eth_requestAccounts");
    expect(wallet.requests.map((request) => request.method)).not.toContain("personal_sign");
    await closeRouted(page);
  });
});

describe("the terms a bet carries (finding R2-9)", () => {
  const owner = new Wallet(devKey(0).privateKey);
  let ownersCasino: Casino;
  let settleWindow: bigint;

  // The owner's change stays: the Casino takes one change of its terms per acceptance window
  // (5 minutes, docs/decisions.md §4), and no other browser file reads the settle window as an
  // hour (late-settlement-and-jackpot.e2e.test.ts reads it from the chain).
  beforeAll(async () => {
    ownersCasino = reader.casino.connect(owner.connect(reader.provider)) as Casino;
    settleWindow = await reader.casino.settleWindow();
  });

  it("changed by the owner between display and click: refused with what changed, nothing moves; the next bet carries the new terms, now shown", async () => {
    const player = getAddress(devAccount(BETTOR).address);
    const { page, wallet } = await connectedPage(BETTOR, "/roulette");
    expect(settleWindow).toBe(3_600n);
    await page.getByTestId("bet-terms-window").filter({ hasText: "Not settled within 1 h?" }).waitFor();
    await commitmentPosted(reader.casino, player);
    await page.getByTestId("token-switch-BNB").click();
    await page.getByTestId("colour-gold").click();
    await setBet(page, "0.01");

    // The owner halves the settle window after the player saw an hour.
    await (await ownersCasino.setSettleWindow(1_800n)).wait();
    const before = await reader.balances(player);
    const block = await reader.provider.getBlockNumber();
    const asked = wallet.requests.length;
    await page.getByTestId("spin-button").click();
    const refused = page.locator('[data-testid="bet-status"][data-stage="failed"]');
    await refused.waitFor();
    expect(await refused.getByTestId("bet-stage").innerText()).toBe(
      "The Casino changed its terms after you saw them: the settle window is now 30 min (was 1 h). Your bet was not placed and your Casino balance is unchanged. The new terms are shown by the bet button: bet again to accept them.",
    );
    // Read again from the chain: the panel shows what the next bet will carry.
    await page.getByTestId("bet-terms-window").filter({ hasText: "Not settled within 30 min?" }).waitFor();
    await screenshot(page, "trust-terms-changed");
    expect(sentSince(wallet, asked)).toEqual([]);
    expect(await reader.balances(player)).toEqual(before);
    expect(await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), block + 1)).toEqual([]);

    // The next bet, on the terms now shown: placed, settled (a loss on gold), the vault to the wei.
    const loss = await clientSeedFor(
      reader.casino,
      inject("masterSecret"),
      player,
      (word) => settleWheel("BNB", parseEther("0.01"), 1n, word).outcome.segment !== 0,
    );
    await useClientSeed(page, loss);
    const verdict = await playAndSettle(page, () => page.getByTestId("spin-button").click());
    expect(verdict.ok).toBe(true);
    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), block + 1);
    expect(placed!.args.terms).toBe(await reader.casino.terms());
    expect(placed!.args.terms & 0xffffffffn).toBe(1_800n);
    const after = await reader.balances(player);
    const { gasCost, receipts } = await reader.ownTransactions(player, block);
    expect(receipts).toHaveLength(1);
    expect(before.vault.BNB - after.vault.BNB).toBe(parseEther("0.01"));
    expect(before.wallet.BNB - after.wallet.BNB).toBe(gasCost);
    await page.context().close();
  });
});

describe("what the server will not relay (finding R2-8)", () => {
  it("below the relay minimum the Withdraw dialog offers the player's own withdrawal, which moves exactly the amount", async () => {
    const player = getAddress(devAccount(BETTOR).address);
    const page = await openPage(browser());
    const wallet = await TestWallet.install(page, { account: BETTOR, rpcUrl });
    // The server's limits as it publishes them (server/README.md), whatever this stack's server says.
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...((await response.json()) as object), relay: { minAmount: { DEGEN: "1", BNB: "0.001" }, perAddressPerDay: 10 } },
      });
    });
    await page.goto(appUrl + "/");
    await connectInApp(page);
    const before = await reader.balances(player);
    const block = await reader.provider.getBlockNumber();
    const asked = wallet.requests.length;
    await openWalletDialog(page, "Withdraw");
    await page.getByRole("dialog").getByRole("radio", { name: "BNB" }).click();
    await page.getByTestId("amount-input").fill("0.0005");
    expect(await page.getByTestId("relay-unavailable").innerText()).toBe(
      "The Casino relays withdrawals of at least 0.001 BNB. Withdraw directly from your wallet instead: your own transaction, you pay the gas.",
    );
    expect(await page.getByTestId("withdraw-submit").count()).toBe(0);
    await screenshot(page, "trust-withdraw-below-relay-minimum", false);
    await page.getByTestId("withdraw-direct").click();
    expect(await toastWith(page, "Withdrawal Successful")).toBe("Withdrawal Successful");
    expect(wallet.requests.slice(asked).map((request) => request.method)).not.toContain("eth_signTypedData_v4");
    expect(sentSince(wallet, asked)).toHaveLength(1);
    const after = await reader.balances(player);
    const { gasCost } = await reader.ownTransactions(player, block);
    expect(before.vault.BNB - after.vault.BNB).toBe(parseEther("0.0005"));
    expect(after.wallet.BNB - before.wallet.BNB).toBe(parseEther("0.0005") - gasCost);
    await closeRouted(page);
  });
});

describe("relayed withdrawals and swaps as the chain shows them (finding R2-12)", () => {
  const player = getAddress(devAccount(RELAYED).address);
  let page: Page;
  let wallet: TestWallet;

  beforeAll(async () => {
    ({ page, wallet } = await connectedPage(RELAYED));
  });
  afterAll(async () => page && (await closeRouted(page)));

  it("a server claiming a withdrawal with another transaction's hash: Withdrawal Failed, nothing moves", async () => {
    // A real transaction of the player's, which withdrew nothing: the deposit of the test's start.
    const [deposit] = await reader.casino.queryFilter(reader.casino.filters.Deposited(player));
    await page.route("**/api/withdraw", (route) => route.fulfill({ json: { ok: true, txHash: deposit!.transactionHash, token: "DEGEN", amount: "5" } }));
    const before = await reader.balances(player);
    const block = await reader.provider.getBlockNumber();
    await openWalletDialog(page, "Withdraw");
    await page.getByTestId("amount-input").fill("5");
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Failed")).toBe("Withdrawal Failed\nFailed to process withdrawal");
    const hash = deposit!.transactionHash;
    expect(await page.getByTestId("tx-failure").innerText()).toBe(
      `The chain does not show this withdrawal: the transaction the server named (${hash.slice(0, 10)}…${hash.slice(-6)}) withdrew 0.00 DEGEN from your Casino balance, not 5.00 DEGEN.`,
    );
    await screenshot(page, "trust-withdrawal-not-on-chain", false);
    expect(await reader.balances(player)).toEqual(before);
    expect((await reader.ownTransactions(player, block)).receipts).toEqual([]);
    await page.unroute("**/api/withdraw");
    await page.keyboard.press("Escape");
    await dismissToasts(page);
  });

  it("a server naming the player's earlier withdrawal of as much: not this request, nothing moves", async () => {
    const block = await reader.provider.getBlockNumber();
    await openWalletDialog(page, "Withdraw");
    await page.getByTestId("amount-input").fill("5");
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Successful")).toBe("Withdrawal Successful");
    await dismissToasts(page);
    const [earlier] = await reader.casino.queryFilter(reader.casino.filters.Withdrawn(player), block + 1);
    expect(earlier!.args.amount).toBe(parseEther("5"));

    await page.route("**/api/withdraw", (route) => route.fulfill({ json: { ok: true, txHash: earlier!.transactionHash, token: "DEGEN", amount: "5" } }));
    const before = await reader.balances(player);
    await openWalletDialog(page, "Withdraw");
    await page.getByTestId("amount-input").fill("5");
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Failed")).toBe("Withdrawal Failed\nFailed to process withdrawal");
    const hash = earlier!.transactionHash;
    expect(await page.getByTestId("tx-failure").innerText()).toBe(
      `The transaction the server named (${hash.slice(0, 10)}…${hash.slice(-6)}) is not your request: it does not carry the signature you just gave.`,
    );
    expect(await reader.balances(player)).toEqual(before);
    await page.unroute("**/api/withdraw");
    await page.keyboard.press("Escape");
    await dismissToasts(page);
  });

  it("a swap shows what its Swapped event says, not the server's answer, and the vault moves by exactly that", async () => {
    await page.route("**/api/swap", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), amountOut: "999" } });
    });
    const before = await reader.balances(player);
    const block = await reader.provider.getBlockNumber();
    await openWalletDialog(page, "Swap Tokens");
    await page.getByTestId("amount-input").fill("100");
    await page.getByTestId("swap-quote-out").waitFor();
    await page.getByTestId("swap-submit").click();
    expect(await toastWith(page, "Swap Successful")).toBe("Swap Successful\nSwapped 100 DEGEN for 0.0100 BNB");
    const [swapped] = await reader.casino.queryFilter(reader.casino.filters.Swapped(player), block + 1);
    expect([swapped!.args.amountIn, swapped!.args.amountOut]).toEqual([parseEther("100"), parseEther("0.01")]);
    const after = await reader.balances(player);
    expect(before.vault.DEGEN - after.vault.DEGEN).toBe(parseEther("100"));
    expect(after.vault.BNB - before.vault.BNB).toBe(parseEther("0.01"));
    expect(after.wallet).toEqual(before.wallet);
    await page.unroute("**/api/swap");
    await dismissToasts(page);
  });

  it("a DEGEN allowance left over is shown in the Deposit dialog and reset to 0 by the player's own approve", async () => {
    // Left over from an approval made elsewhere: 42 DEGEN the Casino may take from the wallet.
    const degen = DegenToken__factory.connect(reader.config.contracts.DegenToken, new Wallet(devAccount(RELAYED).privateKey, reader.provider));
    await (await degen.approve(reader.config.contracts.Casino, parseEther("42"))).wait();
    const before = await reader.balances(player);
    const block = await reader.provider.getBlockNumber();
    const asked = wallet.requests.length;
    await openWalletDialog(page, "Deposit");
    expect(await page.getByTestId("allowance-left").innerText()).toBe(
      "The Casino may still spend 42.00 DEGEN from your wallet, left from an earlier approval.",
    );
    await screenshot(page, "trust-allowance-left", false);
    await page.getByTestId("allowance-reset").click();
    await page.getByText("The Casino may spend none of the DEGEN in your wallet.").waitFor();
    expect(await page.getByTestId("tx-step-reset").getAttribute("data-phase")).toBe("confirmed");
    expect(await reader.degen.allowance(player, reader.config.contracts.Casino)).toBe(0n);
    const [approve] = sentSince(wallet, asked);
    expect(sentSince(wallet, asked)).toHaveLength(1);
    expect(DegenToken__factory.createInterface().decodeFunctionData("approve", (approve!.params as { data: string }[])[0]!.data)).toEqual([
      reader.config.contracts.Casino,
      0n,
    ]);
    const after = await reader.balances(player);
    const { gasCost, receipts } = await reader.ownTransactions(player, block);
    expect(receipts.map((receipt: TransactionReceipt) => receipt.status)).toEqual([1]);
    expect(after.vault).toEqual(before.vault);
    expect(after.wallet.DEGEN).toBe(before.wallet.DEGEN);
    expect(before.wallet.BNB - after.wallet.BNB).toBe(gasCost);
    await page.keyboard.press("Escape");
  });
});
