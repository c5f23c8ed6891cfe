// One-click play against the whole stack (issue #20): the wallet signs one EIP-712 Session, then
// the wheel spins 20 times with no wallet request, each bet relayed by the server, placed and
// settled in one transaction and verified in the browser; Revoke ends it, and the next spin asks
// the wallet again. Auto-bet: 10 bets with a stop on a loss, stopped where the rule says, the
// vault to the wei.
// Needs the server of branch server20 (issue #20's /api/sessions, the relay, the settler's
// countersignature): it passes on app20 with that server merged (checked 17:44 UTC, 2026-11-23).
import { Contract, formatEther, getAddress, parseEther } from "ethers";
import { applyBlackjackAction, canSplit, replayBlackjack, startBlackjack } from "../engine/src/blackjack";
import { crashRound, settleCrash } from "../engine/src/crash";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "./support/browser";
import { setBet, useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE, asking } from "./support/test-wallet";
import { chainReader, connectOnGame, dismissToasts, openWalletDialog, toastWith } from "./support/wallet-app";
import { commitmentPosted, depositFromNode, playAndSettle, useSessionSecretFor } from "./support/web3-play";

const [SPINNER, AUTO, DEALT] = WALLET_ACCOUNTS_BY_FILE["one-click.e2e.test.ts"];
const appUrl = inject("appUrl");
const masterSecret = inject("masterSecret");
const rpcUrl = inject("rpcUrl");
const browser = useBrowser();
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  for (const account of [SPINNER, AUTO, DEALT]) await depositFromNode(reader.provider, reader.casino, account, { DEGEN: parseEther("1000") });
});
afterAll(() => reader?.provider.destroy());

/** Connects, opens the wheel, and turns one-click play on with the dialog's defaults: one wallet signature. */
async function wheelWithOneClick(account: number, game = "/roulette"): Promise<{ page: Page; wallet: TestWallet; player: string }> {
  // Up to 31 spins of the wheel: with reduced motion each shows its outcome as it settles, not 3.5 s after the click.
  const page = await openPage(browser(), "desktop", "reduce");
  const wallet = await TestWallet.install(page, { account, rpcUrl });
  const player = getAddress(devAccount(account).address);
  await connectOnGame(page, appUrl + game);
  await commitmentPosted(reader.casino, player);
  const before = asking(wallet.requests).length;
  await page.getByTestId("one-click-turn-on").click();
  await page.getByTestId("one-click-dialog").waitFor();
  await screenshot(page, "one-click-dialog", false);
  await page.getByTestId("one-click-submit").click();
  await page.getByTestId("one-click-badge").waitFor({ timeout: 30_000 });
  await page.getByTestId("one-click-on").waitFor();
  expect(asking(wallet.requests).slice(before)).toEqual(["eth_signTypedData_v4"]);
  return { page, wallet, player };
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

describe("one-click play on the wheel", () => {
  it("one signature, then 20 spins with no wallet request, each settled in the block it landed in and verified; Revoke, and a spin asks the wallet again", async () => {
    const { page, wallet, player } = await wheelWithOneClick(SPINNER);
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

    // Each bet placed and settled in one transaction, sent by the house (not the player).
    const placed = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock + 1);
    expect(placed).toHaveLength(20);
    const settled = await reader.casino.queryFilter(reader.casino.filters.BetSettled(), fromBlock + 1);
    const settledBy = new Map(settled.map((log) => [log.args.betId, log.transactionHash]));
    for (const bet of placed) expect(settledBy.get(bet.args.betId)).toBe(bet.transactionHash);
    const { receipts } = await reader.ownTransactions(player, fromBlock);
    expect(receipts).toEqual([]);
    // The vault moved by the payouts less the stakes, to the wei (jackpot wins included).
    const played = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), fromBlock + 1);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const net = played.reduce((sum, log) => sum + log.args.payout - log.args.betAmount, 0n) + won.reduce((sum, log) => sum + log.args.amount, 0n);
    expect((await reader.balances(player)).vault.DEGEN - before.vault.DEGEN).toBe(net);

    // While the session lives its largest bet stays in the Casino balance (issue #37 item 2): the
    // Withdraw dialog says so, and withdrawing everything is refused, nothing moving.
    const sessions = new Contract(
      await reader.casino.sessions(),
      ["function heldOf(address,address) view returns (uint256 held, uint256 until)"],
      reader.provider,
    );
    const [held] = (await sessions.heldOf(player, await reader.casino.degen())) as [bigint, bigint];
    expect(held).toBeGreaterThan(0n);
    const full = await reader.balances(player);
    await openWalletDialog(page, "Withdraw");
    const note = /^One-click play holds ([\d,.]+) DEGEN of it until .+: a bet it sent always finds its stake\.$/.exec(
      await page.getByTestId("withdraw-held").innerText(),
    );
    expect(Number(note?.[1]?.replaceAll(",", ""))).toBe(Number(formatEther(held)));
    await page.getByTestId("amount-input").fill(formatEther(full.vault.DEGEN));
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Failed")).toBe("Withdrawal Failed\nFailed to process withdrawal");
    expect(await page.getByTestId("tx-failure").innerText()).toBe(
      `Your one-click play holds ${Number(formatEther(held)).toFixed(2)} DEGEN in your Casino balance (its largest bet) until it ends, so that a bet it sent always finds its stake; this would leave 0.00 DEGEN. Withdraw less, or turn one-click play off and wait 5 minutes.`,
    );
    await screenshot(page, "one-click-withdraw-held", false);
    expect(await reader.balances(player)).toEqual(full);
    await page.keyboard.press("Escape");
    await dismissToasts(page);

    // Revoke: at once in the app, then the wallet's revokeSession.
    const beforeRevoke = asking(wallet.requests).length;
    await page.getByTestId("one-click-badge").locator("button").first().click();
    await page.getByTestId("one-click-revoke").click();
    await page.getByTestId("one-click-turn-on").waitFor({ timeout: 30_000 });
    await expect.poll(() => asking(wallet.requests).slice(beforeRevoke)).toEqual(["eth_sendTransaction"]);
    // The next spin is a wallet bet: the wallet is asked.
    const verdict = await spin(page, "one-click-revoked-spin");
    expect(verdict.ok, verdict.text).toBe(true);
    expect(asking(wallet.requests).slice(beforeRevoke)).toEqual(["eth_sendTransaction", "eth_sendTransaction"]);
    await screenshot(page, "one-click-revoked-wallet-spin", false);
    await page.context().close();
  }, 300_000);

  it("auto-bet: 10 bets with a stop on a loss stop at the first loss, each shown as it settles, the vault to the wei", async () => {
    const { page, wallet, player } = await wheelWithOneClick(AUTO);
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
    const net = played.reduce((sum, log) => sum + log.args.payout - log.args.betAmount, 0n) + won.reduce((sum, log) => sum + log.args.amount, 0n);
    expect((await reader.balances(player)).vault.DEGEN - before.vault.DEGEN).toBe(net);
    expect(asking(wallet.requests).slice(asked)).toEqual([]);
    await page.context().close();
  }, 300_000);

  it("blackjack: the hand dealt, split and stood with no wallet request, each action signed by the session key, the split's stake from the session, settled through CasinoSessions and verified", async () => {
    const { page, wallet, player } = await wheelWithOneClick(DEALT, "/blackjack");
    const ten = parseEther("10");
    // A session secret whose one-click bet deals a pair that splits and stands.
    const splitsAndStands = (word: string) => {
      const dealt = startBlackjack(word, ten, "DEGEN");
      if (!canSplit(dealt)) return false;
      const split = applyBlackjackAction(dealt, "SPLIT");
      return split.status === "SPLIT_PLAYING" && split.activeSplit === "first" && applyBlackjackAction(split, "STAND").status === "SPLIT_PLAYING";
    };
    const relaySeed = await useSessionSecretFor(page, reader.casino, masterSecret, player, splitsAndStands);

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
    expect(settled!.args.seed).toBe(relaySeed);
    const settleTx = await reader.provider.getTransaction(settled!.transactionHash);
    expect(getAddress(settleTx!.to!)).toBe(getAddress(reader.config.contracts.CasinoSessions));
    const replayed = replayBlackjack(settled!.args.random, ten, "DEGEN", ["SPLIT", "STAND", "STAND"]);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const jackpot = won.reduce((sum, log) => sum + log.args.amount, 0n);
    expect((await reader.balances(player)).vault.DEGEN - before.vault.DEGEN).toBe(replayed.payout - 2n * ten + jackpot);
    expect((await reader.ownTransactions(player, fromBlock)).receipts).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("crash with a manual cash-out: placed with no wallet request, CASH OUT signed by the session key, settled through CasinoSessions at the multiplier the server fixed, verified", async () => {
    // A fresh tab of the auto-bet's player: its own session, opened with one signature.
    const { page, wallet, player } = await wheelWithOneClick(AUTO, "/crash");
    const ten = parseEther("10");
    const relaySeed = await useSessionSecretFor(page, reader.casino, masterSecret, player, (word) => crashRound(word, "DEGEN").crashPoint >= 300);
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
    expect(settled!.args.seed).toBe(relaySeed);
    expect(getAddress((await reader.provider.getTransaction(settled!.transactionHash))!.to!)).toBe(getAddress(reader.config.contracts.CasinoSessions));
    const fixed = Number(await page.locator('[data-testid="crash-multiplier"][data-cash-out]').getAttribute("data-cash-out"));
    const [played] = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), fromBlock + 1);
    expect(played!.args.payout).toBe(settleCrash("DEGEN", ten, 0n, settled!.args.random, fixed).payout);
    expect(played!.args.payout).toBe((ten * BigInt(fixed)) / 100n);
    const won = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock + 1);
    const jackpot = won.reduce((sum, log) => sum + log.args.amount, 0n);
    expect((await reader.balances(player)).vault.DEGEN - before.vault.DEGEN).toBe(played!.args.payout - ten + jackpot);
    await page.context().close();
  }, 240_000);
});
