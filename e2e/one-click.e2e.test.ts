// One-click play against the whole stack (issue #20; a session is a lane of its own,
// docs/decisions.md §4): the wallet signs one EIP-712 Session naming the root of the lane's hash
// chain, and the budget moves from the vault into the session's lane; then the wheel spins 20
// times with no wallet request, each bet relayed by the server, placed and settled in one
// transaction from the lane and verified in the browser, the lane and the vault to the wei and the
// header showing both; Revoke ends it, and the next spin asks the wallet again. Auto-bet: 10 bets
// with a stop on a loss, stopped where the rule says, the lane to the wei.
import { formatEther, getAddress, keccak256, parseEther } from "ethers";
import { applyBlackjackAction, canSplit, replayBlackjack, startBlackjack } from "../engine/src/blackjack";
import { crashRound, settleCrash } from "../engine/src/crash";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { laneNonce } from "../engine/src/session";
import { SeedVault } from "../server/src/settler/seeds";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { setBet, useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE, asking } from "./support/test-wallet";
import { chainReader, connectOnGame, dismissToasts, toastWith } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { openSessionOf, playAndSettle, turnOnOneClick, useLaneSeedFor } from "./support/web3-play";

const [SPINNER, AUTO, DEALT] = WALLET_ACCOUNTS_BY_FILE["one-click.e2e.test.ts"];
const appUrl = inject("appUrl");
const masterSecret = inject("masterSecret");
const rpcUrl = inject("rpcUrl");
let chainId: bigint;
const browser = useBrowser();
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  ({ chainId } = await reader.provider.getNetwork());
  for (const account of [SPINNER, AUTO, DEALT]) await depositFromNode(reader.provider, reader.casino, account, { DEGEN: parseEther("1000") });
});
afterAll(() => reader?.provider.destroy());

/** Each session's budget: a fifth of the 1,000 DEGEN vault moves into its lane, the rest stays for wallet bets. */
const BUDGET = parseEther("200");

/**
 * Connects, opens the game, and turns one-click play on with a budget of 200 DEGEN: one wallet
 * signature. The budget left the vault for the session's lane, to the wei, and the lane's root is
 * the house's chain for this key (what SessionOpened and LaneOpened say).
 */
async function gameWithOneClick(account: number, game = "/roulette"): Promise<{ page: Page; wallet: TestWallet; player: string; lane: bigint }> {
  // Up to 31 spins of the wheel: with reduced motion each shows its outcome as it settles, not 3.5 s after the click.
  const page = await openPage(browser(), "desktop", "reduce");
  const wallet = await TestWallet.install(page, { account, rpcUrl });
  const player = getAddress(devAccount(account).address);
  await connectOnGame(page, appUrl + game);
  const before = await reader.balances(player);
  const asked = asking(wallet.requests).length;
  await turnOnOneClick(page, { budget: { DEGEN: "200" }, screenshotAs: game === "/roulette" ? "one-click-dialog" : undefined });
  await page.getByTestId("one-click-badge").waitFor({ timeout: 30_000 });
  expect(asking(wallet.requests).slice(asked)).toEqual(["eth_signTypedData_v4"]);
  const { key, lane } = await openSessionOf(page, Number(chainId), player);
  const opened = await reader.casino.queryFilter(reader.casino.filters.LaneOpened(player, lane));
  const houseRoot = new SeedVault(masterSecret, Number(chainId), await reader.casino.getAddress()).seed({
    player,
    nonce: laneNonce(lane, 0),
    chainFirstNonce: laneNonce(lane, 0),
    laneKey: key,
  });
  // The root is s_0: the lane's first bet is settled with s_1, which hashes down to it.
  expect(keccak256(houseRoot)).toBe(opened[0]!.args.commit);
  expect(opened[0]!.args.degen).toBe(BUDGET);
  const after = await reader.balances(player);
  expect(after.vault.DEGEN).toBe(before.vault.DEGEN - BUDGET);
  expect(after.lanes.DEGEN).toBe(before.lanes.DEGEN + BUDGET);
  return { page, wallet, player, lane };
}

/** A spin and its settlement; when it does not settle, the panel's words and a screenshot say why. */
async function spin(page: Page, name: string): Promise<{ ok: boolean; text: string }> {
  try {
    return await playAndSettle(page, () => page.getByTestId("spin-button").click());
  } catch (error) {
    await screenshot(page, `${name}-failed`, false);
    const status = await page
      .getByTestId("bet-status")
      .last()
      .innerText()
      .catch(() => "(no bet status)");
    throw new Error(`${(error as Error).message}\nThe bet panel says: ${status}`, { cause: error });
  }
}

async function stake(page: Page, amount: string): Promise<void> {
  await page.getByTestId("bet-input").fill(amount);
  await page.getByTestId("bet-input").blur();
}

/** What the header shows for an amount in wei: the token's display decimals (frontend formatTokenAmount). */
const shown = (wei: bigint, decimals = 2) => Number(formatEther(wei)).toFixed(decimals);

describe("one-click play on the wheel", () => {
  it("one signature, then 20 spins with no wallet request, each staked from and paid into the session's lane, settled in its block and verified; the header shows where the money is; Revoke, and a spin asks the wallet again", async () => {
    const { page, wallet, player, lane } = await gameWithOneClick(SPINNER);
    await page.getByTestId("colour-gold").click();
    await stake(page, "1");
    const asked = asking(wallet.requests).length;
    const fromBlock = await reader.provider.getBlockNumber();
    const before = await reader.balances(player);
    for (let count = 0; count < 20; count++) {
      const verdict = await spin(page, "one-click-spin");
      expect(verdict.ok, verdict.text).toBe(true);
    }
    await screenshot(page, "one-click-20-spins", false);
    expect(asking(wallet.requests).slice(asked)).toEqual([]);

    // Each bet placed and settled in one transaction, sent by the house (not the player), its nonce its lane's.
    const placed = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock + 1);
    expect(placed.map((bet) => bet.args.nonce)).toEqual(Array.from({ length: 20 }, (_, n) => laneNonce(lane, n)));
    const settled = await reader.casino.queryFilter(reader.casino.filters.BetSettled(), fromBlock + 1);
    const settledBy = new Map(settled.map((log) => [log.args.betId, log.transactionHash]));
    for (const bet of placed) expect(settledBy.get(bet.args.betId)).toBe(bet.transactionHash);
    const { receipts } = await reader.ownTransactions(player, fromBlock);
    expect(receipts).toEqual([]);
    // The lane moved by the payouts less the stakes, to the wei; a jackpot win goes to the vault.
    const played = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), fromBlock + 1);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const after = await reader.balances(player);
    expect(after.lanes.DEGEN - before.lanes.DEGEN).toBe(played.reduce((sum, log) => sum + log.args.payout - log.args.betAmount, 0n));
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(won.reduce((sum, log) => sum + log.args.amount, 0n));

    // Where the money is: the header's balance is the vault and the lane; the bet input, the
    // prompt and the badge say what the session holds; the wallet menu splits the two.
    const [laneFunds] = (await reader.lanes(player)).slice(Number(lane) - 1);
    await expect.poll(() => page.getByTestId("vault-balances").innerText()).toContain(`${shown(after.vault.DEGEN + laneFunds!.DEGEN)} DEGEN`);
    expect(await page.getByTestId("bet-input-balance").innerText()).toBe(`One-click funds ${shown(laneFunds!.DEGEN)} DEGEN`);
    // The vault held no BNB when the session opened: the dialog left BNB out of it.
    expect(await page.getByTestId("one-click-on-funds").innerText()).toBe(`In the session: ${shown(laneFunds!.DEGEN)} DEGEN.`);
    expect(await page.getByTestId("one-click-funds-left").innerText()).toBe(`· ${shown(laneFunds!.DEGEN)} DEGEN`);
    await page.getByTestId("one-click-badge").locator("button").first().click();
    expect(await page.getByTestId("one-click-funds-DEGEN").innerText()).toBe(`${shown(laneFunds!.DEGEN)} DEGEN`);
    await screenshot(page, "one-click-header-panel", false);
    await page.keyboard.press("Escape");
    await page.getByTestId("wallet-menu-button").click();
    expect(await page.getByTestId("casino-split-vault").innerText()).toContain(`${shown(after.vault.DEGEN)} DEGEN`);
    expect(await page.getByTestId("casino-split-one-click").innerText()).toContain(`${shown(after.lanes.DEGEN)} DEGEN`);
    await screenshot(page, "one-click-wallet-menu", false);
    await page.keyboard.press("Escape");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "one-click-header-phone", false);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Revoke: at once in the app, then the wallet's revokeSession. The session's funds go back to
    // the vault once it has ended, 5 minutes later: the badge says when.
    const beforeRevoke = asking(wallet.requests).length;
    await page.getByTestId("one-click-badge").locator("button").first().click();
    await page.getByTestId("one-click-revoke").click();
    await page.getByTestId("one-click-turn-on").waitFor({ timeout: 30_000 });
    await expect.poll(() => asking(wallet.requests).slice(beforeRevoke)).toEqual(["eth_sendTransaction"]);
    expect(await toastWith(page, "One-click play revoked")).toMatch(
      /^One-click play revoked\nThe server takes no more of its bets\. What is left in the session goes back to your vault at .+\.$/,
    );
    await dismissToasts(page);
    await page.getByTestId("one-click-badge").locator("button").first().click();
    expect(await page.getByTestId("one-click-returning").innerText()).toMatch(
      new RegExp(`^A one-click session that has ended holds ${shown(laneFunds!.DEGEN)} DEGEN: it goes back to your vault at .+\\.$`),
    );
    await screenshot(page, "one-click-revoked-panel", false);
    await page.keyboard.press("Escape");
    // The next spin is a wallet bet, from the vault: the wallet is asked, and the lane is not touched.
    const beforeWalletSpin = await reader.balances(player);
    const verdict = await spin(page, "one-click-revoked-spin");
    expect(verdict.ok, verdict.text).toBe(true);
    expect(asking(wallet.requests).slice(beforeRevoke)).toEqual(["eth_sendTransaction", "eth_sendTransaction"]);
    expect((await reader.balances(player)).lanes).toEqual(beforeWalletSpin.lanes);
    await screenshot(page, "one-click-revoked-wallet-spin", false);

    // The fairness page checks each bet against its own lane's chain: the 20 of the session, and
    // the wallet's, each verified in this browser, the session's signed by its key.
    await page.getByTestId("header-fairness").click();
    const entries = page.getByTestId("fairness-bet");
    await expect.poll(() => entries.count(), { timeout: 60_000 }).toBe(20);
    await page.getByTestId("history-more").click();
    await expect.poll(() => entries.count(), { timeout: 60_000 }).toBe(21);
    await expect.poll(() => page.locator('[data-testid="history-bet"][data-verdict="ok"]').count(), { timeout: 60_000 }).toBe(21);
    const places = await page.getByTestId("history-bet-place").allInnerTexts();
    expect(places[0]).toMatch(/^wallet bet #\d+$/);
    expect(places.slice(1)).toEqual(Array.from({ length: 20 }, (_, i) => `one-click session ${lane} · bet #${19 - i}`));
    await expect.poll(() => page.locator('[data-testid="bet-signature"][data-ok="true"]').count(), { timeout: 60_000 }).toBe(20);
    await screenshot(page, "one-click-fairness", false);
    await page.context().close();
  }, 300_000);

  it("auto-bet: 10 bets with a stop on a loss stop at the first loss, each shown as it settles, the session's funds to the wei", async () => {
    const { page, wallet, player } = await gameWithOneClick(AUTO);
    await page.getByTestId("colour-gold").click();
    await stake(page, "1");
    const asked = asking(wallet.requests).length;
    const fromBlock = await reader.provider.getBlockNumber();
    const before = await reader.balances(player);
    const panel = page.getByTestId("auto-bet");
    if (!(await panel.evaluate((element) => (element as HTMLDetailsElement).open))) await panel.locator("summary").click();
    await page.getByTestId("auto-bet-count").fill("10");
    await page.getByTestId("auto-bet-stop-loss").fill("0.5");
    await page.getByTestId("auto-bet-start").click();
    const progress = page.getByTestId("auto-bet-progress");
    await page.locator('[data-testid="auto-bet-progress"][data-running="false"]').waitFor({ timeout: 150_000 });
    const shown = Number(await progress.getAttribute("data-played"));
    await screenshot(page, "one-click-auto-bet", false);

    const played = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), fromBlock + 1);
    // The rule: stop once the run's total loss reaches 0.5 DEGEN (gold alone rarely wins: at the first loss, as a rule).
    let profit = 0n;
    let stopAt = 10;
    for (const [i, log] of played.entries()) {
      profit += log.args.payout - log.args.betAmount;
      if (-profit >= parseEther("0.5")) {
        stopAt = i + 1;
        break;
      }
    }
    expect(played.length).toBe(stopAt);
    expect(shown).toBe(played.length);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const after = await reader.balances(player);
    expect(after.lanes.DEGEN - before.lanes.DEGEN).toBe(played.reduce((sum, log) => sum + log.args.payout - log.args.betAmount, 0n));
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(won.reduce((sum, log) => sum + log.args.amount, 0n));
    expect(asking(wallet.requests).slice(asked)).toEqual([]);
    await page.context().close();
  }, 300_000);

  it("blackjack: the hand dealt, split and stood with no wallet request, each action signed by the session key, both stakes from the session's lane, settled through CasinoSessions with the lane's seed and verified", async () => {
    const { page, wallet, player } = await gameWithOneClick(DEALT, "/blackjack");
    const ten = parseEther("10");
    // A client seed whose one-click bet deals a pair that splits and stands, under the lane's next seed.
    const splitsAndStands = (word: string) => {
      const dealt = startBlackjack(word, ten, "DEGEN");
      if (!canSplit(dealt)) return false;
      const split = applyBlackjackAction(dealt, "SPLIT");
      return split.status === "SPLIT_PLAYING" && split.activeSplit === "first" && applyBlackjackAction(split, "STAND").status === "SPLIT_PLAYING";
    };
    const laneSeed = await useLaneSeedFor(page, reader.casino, masterSecret, player, splitsAndStands);

    await setBet(page, "10");
    const asked = asking(wallet.requests).length;
    const fromBlock = await reader.provider.getBlockNumber();
    const before = await reader.balances(player);
    const verdict = await playAndSettle(page, async () => {
      await page.getByTestId("deal-button").click();
      await page.locator('[data-testid="split-button"]:enabled').waitFor({ timeout: 30_000 });
      await page.getByTestId("split-button").click();
      await page.getByTestId("result-banner").filter({ hasText: "Playing hand 1" }).waitFor();
      await page.getByTestId("stand-button").click();
      await page.getByTestId("result-banner").filter({ hasText: "Playing hand 2" }).waitFor();
      await page.getByTestId("stand-button").click();
    });
    expect(verdict.ok, verdict.text).toBe(true);
    await screenshot(page, "one-click-blackjack-split", false);
    expect(asking(wallet.requests).slice(asked)).toEqual([]);

    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock + 1);
    const betId = placed!.args.betId;
    expect(await reader.casino.queryFilter(reader.casino.filters.StakeAdded(betId), fromBlock + 1)).toHaveLength(1);
    const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(betId), fromBlock + 1);
    expect(settled!.args.seed).toBe(laneSeed);
    const settleTx = await reader.provider.getTransaction(settled!.transactionHash);
    expect(getAddress(settleTx!.to!)).toBe(getAddress(reader.config.contracts.CasinoSessions));
    const replayed = replayBlackjack(settled!.args.random, ten, "DEGEN", ["SPLIT", "STAND", "STAND"]);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const jackpot = won.reduce((sum, log) => sum + log.args.amount, 0n);
    const after = await reader.balances(player);
    expect(after.lanes.DEGEN - before.lanes.DEGEN).toBe(replayed.payout - 2n * ten);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(jackpot);
    expect((await reader.ownTransactions(player, fromBlock)).receipts).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("crash with a manual cash-out: placed from the session's lane with no wallet request, CASH OUT signed by the session key, settled through CasinoSessions at the multiplier the server fixed, verified", async () => {
    // A fresh tab of the auto-bet's player: its own session, a lane of its own, opened with one signature.
    const { page, wallet, player } = await gameWithOneClick(AUTO, "/crash");
    const ten = parseEther("10");
    const laneSeed = await useLaneSeedFor(page, reader.casino, masterSecret, player, (word) => crashRound(word, "DEGEN").crashPoint >= 300);
    await setBet(page, "10");
    await page.getByTestId("auto-cash-out").fill("");
    const asked = asking(wallet.requests).length;
    const fromBlock = await reader.provider.getBlockNumber();
    const before = await reader.balances(player);
    const verdict = await playAndSettle(page, async () => {
      await page.getByRole("button", { name: "START GAME" }).click();
      await page.getByRole("button", { name: /^CASH OUT @ (1\.(1[0-9]|[2-9][0-9])|[2-9]\.\d\d)x$/ }).click({ timeout: 30_000 });
    });
    expect(verdict.ok, verdict.text).toBe(true);
    await screenshot(page, "one-click-crash-cash-out", false);
    expect(asking(wallet.requests).slice(asked)).toEqual([]);

    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock + 1);
    expect(placed!.args.params).toBe(0n);
    const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(placed!.args.betId), fromBlock + 1);
    expect(settled!.args.seed).toBe(laneSeed);
    expect(getAddress((await reader.provider.getTransaction(settled!.transactionHash))!.to!)).toBe(getAddress(reader.config.contracts.CasinoSessions));
    const fixed = Number(await page.locator('[data-testid="crash-multiplier"][data-cash-out]').getAttribute("data-cash-out"));
    const [played] = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), fromBlock + 1);
    expect(played!.args.payout).toBe(settleCrash("DEGEN", ten, 0n, settled!.args.random, fixed).payout);
    expect(played!.args.payout).toBe((ten * BigInt(fixed)) / 100n);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const jackpot = won.reduce((sum, log) => sum + log.args.amount, 0n);
    const after = await reader.balances(player);
    expect(after.lanes.DEGEN - before.lanes.DEGEN).toBe(played!.args.payout - ten);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(jackpot);
    await page.context().close();
  }, 240_000);
});
