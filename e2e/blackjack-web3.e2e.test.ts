// Blackjack in web3 mode against the whole stack (issue #14): Deal places the bet on chain, the
// hand is played through the server with the bet's id, a split adds the second stake on chain
// (addStake) from the wallet, and the result shown is the chain's settlement, replayed and
// verified in the browser; the vault moves by exactly payout − stakes.
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyBlackjackAction, canSplit, replayBlackjack, startBlackjack, type BlackjackAction, type BlackjackState } from "../engine/src/blackjack";
import type { Token } from "../engine/src/tokens";
import type { Card } from "../engine/src/cards";
import { openPage, screenshot } from "./support/browser";
import { overflowing, setBet, useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const [DESKTOP_PLAYER, PHONE_PLAYER] = WALLET_ACCOUNTS_BY_FILE["blackjack-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  for (const account of [DESKTOP_PLAYER, PHONE_PLAYER]) {
    await depositFromNode(reader.provider, reader.casino, account, { DEGEN: parseEther("1000"), BNB: parseEther("1") });
  }
});
afterAll(() => reader?.provider.destroy());

const playerOf = (account: number) => getAddress(devAccount(account).address);

/** A word whose hand is not over at the deal and, stood at once, ends in `status`. */
const standsTo = (stake: bigint, token: Token, status: BlackjackState["status"]) => (word: string) =>
  startBlackjack(word, stake, token).status === "PLAYING" && replayBlackjack(word, stake, token, ["STAND"]).status === status;

/** A pair to split; hand 1 and hand 2 are each stood (neither reaches 21 by itself), and the two win something back. */
const splitsAndStands = (stake: bigint) => (word: string) => {
  const dealt = startBlackjack(word, stake, "DEGEN");
  if (!canSplit(dealt)) return false;
  const split = applyBlackjackAction(dealt, "SPLIT");
  if (split.status !== "SPLIT_PLAYING" || split.activeSplit !== "first") return false;
  const second = applyBlackjackAction(split, "STAND");
  return second.status === "SPLIT_PLAYING" && applyBlackjackAction(second, "STAND").payout > 0n;
};

/** How the page labels a card (aria-label). */
const label = (card: Card) => `${typeof card.value === "number" ? card.value : card.value[0]} of ${card.suit.toLowerCase()}`;
const cardsShown = (page: Page, hand: string) =>
  page
    .getByTestId(hand)
    .getByTestId("card")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));

/** Before a screenshot: the cards' deal motion over (0.35 s each, staggered), the page at its top (a full-page shot would show the sticky header mid-page). */
async function settleAnimations(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(800);
}

/** The texts of the result banners shown so far, each recorded as it appears. */
const bannersShown = (page: Page) => page.evaluate(() => (window as unknown as { bannersShown: string[] }).bannersShown);

async function openGame(account: number, viewport: "desktop" | "phone") {
  const page = await openPage(browser(), viewport);
  // A banner shows for 3 s (blackjack-display.ts BANNER_MS), which a loaded machine can spend before
  // the hand's settlement is on screen: the page records each banner's text when it appears.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { bannersShown: string[] }).bannersShown = shown;
    let last: Element | null = null;
    new MutationObserver(() => {
      const banner = document.querySelector("[data-testid=result-banner]");
      if (banner && banner !== last) shown.push(banner.textContent ?? "");
      last = banner;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const wallet = await TestWallet.install(page, { account, rpcUrl });
  await connectOnGame(page, appUrl + "/blackjack");
  await commitmentPosted(reader.casino, playerOf(account));
  const actionCalls: string[] = [];
  page.on("request", (request) => {
    const route = /\/api\/blackjack\/(\w+)$/.exec(request.url());
    if (route) actionCalls.push(route[1]!);
  });
  return { page, wallet, actionCalls };
}

/** The bet placed after block `before`, its settlement on chain and the action log the server published. */
async function settledHand(page: Page, player: string, before: number) {
  // The block itself may hold the previous hand's settlement.
  const fromBlock = before + 1;
  const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock);
  const betId = placed!.args.betId;
  const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(betId), fromBlock);
  const [played] = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), fromBlock);
  const jackpot = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock);
  const record = await page.evaluate(async (id) => (await fetch(`/api/fairness/bets/${id}`, { credentials: "include" })).json(), betId.toString());
  return {
    placed: placed!.args,
    word: settled!.args.random,
    payout: played!.args.payout,
    totalStake: played!.args.betAmount,
    jackpotWon: jackpot.reduce((sum, log) => sum + log.args.amount, 0n),
    actions: record.actions as BlackjackAction[],
  };
}

/** The cards on the table are the engine's hand for the settled word and the published log. */
async function expectTableIs(page: Page, hand: BlackjackState) {
  expect(await cardsShown(page, "dealer-hand")).toEqual(hand.dealerHand.map(label));
  expect(await cardsShown(page, "player-hand")).toEqual(hand.playerHand.map(label));
  if (hand.splitHand) expect(await cardsShown(page, "split-hand")).toEqual(hand.splitHand.map(label));
}

/** Chooses the next bet's client seed, sets token and bet, and plays `moves` after Deal until the bet is settled and checked. */
async function playHand(
  page: Page,
  account: number,
  bet: { token: "DEGEN" | "BNB"; stake: string; wish: (word: string) => boolean },
  moves: () => Promise<void>,
) {
  const player = playerOf(account);
  await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player, bet.wish));
  await page.getByTestId(`token-switch-${bet.token}`).click();
  await setBet(page, bet.stake);
  const before = await reader.balances(player);
  const fromBlock = await reader.provider.getBlockNumber();
  const earlierBanners = (await bannersShown(page)).length;
  const verdict = await playAndSettle(page, async () => {
    await page.getByTestId("deal-button").click();
    await moves();
  });
  // The hand's outcome, shown with its settlement (the banners before it name the split hand in play).
  const outcome = async () => (await bannersShown(page)).slice(earlierBanners).find((text) => !text.startsWith("Playing hand"));
  await expect.poll(outcome).toBeDefined();
  const banner = await outcome();
  const after = await reader.balances(player);
  const hand = await settledHand(page, player, fromBlock);
  return { verdict, banner, vaultMoved: after.vault[bet.token] - before.vault[bet.token], hand };
}

describe("blackjack in web3 mode", () => {
  it("a DEGEN win by standing, a BNB win at 1.98x and a push: settled on chain, verified, the cards the settled word deals, the vault to the wei", async () => {
    const { page } = await openGame(DESKTOP_PLAYER, "desktop");
    const ten = parseEther("10");

    const win = await playHand(page, DESKTOP_PLAYER, { token: "DEGEN", stake: "10", wish: standsTo(ten, "DEGEN", "PLAYER_WIN") }, async () => {
      await page.getByTestId("card-hidden").waitFor();
      await settleAnimations(page);
      expect(await page.getByTestId("dealer-hand-score").innerText()).toBe("?");
      expect(await page.getByTestId("bet-status").getAttribute("data-stage")).toBe("playing");
      expect(await page.getByTestId("idle-notice").innerText()).toBe("If you don't act within 5 minutes, the server stands for you so your bet can settle.");
      await screenshot(page, "blackjack-web3-playing-desktop", false);
      await page.getByTestId("stand-button").click();
    });
    expect(win.verdict).toMatchObject({ ok: true });
    expect(win.verdict.text).toContain("Verified");
    expect(win.banner).toBe("Win 20.00 DEGEN!");
    expect(win.hand.actions).toEqual(["STAND"]);
    expect(win.hand.payout).toBe(parseEther("20"));
    expect(win.vaultMoved).toBe(parseEther("20") - ten + win.hand.jackpotWon);
    await expectTableIs(page, replayBlackjack(win.hand.word, ten, "DEGEN", win.hand.actions));
    expect(await page.getByTestId("dealer-hand-score").innerText()).not.toBe("?");
    await settleAnimations(page);
    await screenshot(page, "blackjack-web3-win-desktop", false);
    await page.getByTestId("new-round-button").click();

    const stakeBnb = parseEther("0.01");
    // BNB pays a win's winnings at 0.98x: 1.98x the stake.
    const bnbWin = await playHand(page, DESKTOP_PLAYER, { token: "BNB", stake: "0.01", wish: standsTo(stakeBnb, "BNB", "PLAYER_WIN") }, () =>
      page.getByTestId("stand-button").click(),
    );
    expect(bnbWin.verdict.ok).toBe(true);
    expect(bnbWin.banner).toBe("Win 0.0198 BNB!");
    expect(bnbWin.hand.payout).toBe(parseEther("0.0198"));
    expect(bnbWin.vaultMoved).toBe(parseEther("0.0098"));
    expect(bnbWin.hand.placed.token).toBe("0x0000000000000000000000000000000000000000");
    await expectTableIs(page, replayBlackjack(bnbWin.hand.word, stakeBnb, "BNB", bnbWin.hand.actions));
    await page.getByTestId("new-round-button").click();

    const push = await playHand(page, DESKTOP_PLAYER, { token: "DEGEN", stake: "10", wish: standsTo(ten, "DEGEN", "PUSH") }, () =>
      page.getByTestId("stand-button").click(),
    );
    expect(push.verdict.ok).toBe(true);
    expect(push.banner).toBe("Push - Tie");
    expect(push.hand.payout).toBe(ten);
    expect(push.vaultMoved).toBe(push.hand.jackpotWon);
    await page.context().close();
  });

  it("a split: the second stake added on chain from the wallet (a refusal there leaves the hand unsplit), both stakes settled by the engine's replay of the published log", async () => {
    const { page, wallet, actionCalls } = await openGame(DESKTOP_PLAYER, "desktop");
    const ten = parseEther("10");
    const sent = () => wallet.requests.filter((request) => request.method === "eth_sendTransaction").length;

    const split = await playHand(page, DESKTOP_PLAYER, { token: "DEGEN", stake: "10", wish: splitsAndStands(ten) }, async () => {
      await page.getByTestId("card-hidden").waitFor();
      const placedBefore = sent();
      wallet.rejectNextRequest("eth_sendTransaction");
      await page.getByTestId("split-button").click();
      await expect.poll(sent).toBe(placedBefore + 1);
      await page.locator('[data-testid="split-button"]:enabled').waitFor();
      expect(await page.getByTestId("result-banner").count()).toBe(0);
      expect(await page.getByTestId("split-hand").count()).toBe(0);
      expect(actionCalls).toEqual(["start"]);

      await page.getByTestId("split-button").click();
      await page.getByTestId("result-banner").filter({ hasText: "Playing hand 1" }).waitFor();
      expect(await page.getByTestId("stake-on-table").innerText()).toContain("20.00 DEGEN");
      await settleAnimations(page);
      await screenshot(page, "blackjack-web3-split-desktop", false);
      await page.getByTestId("stand-button").click();
      await page.getByTestId("result-banner").filter({ hasText: "Playing hand 2" }).waitFor();
      await page.getByTestId("stand-button").click();
    });
    expect(split.verdict).toMatchObject({ ok: true });
    expect(actionCalls).toEqual(["start", "split", "stand", "stand"]);
    expect(split.hand.totalStake).toBe(2n * ten);
    const added = await reader.casino.queryFilter(reader.casino.filters.StakeAdded(split.hand.placed.betId));
    expect(added.map((log) => log.args.amount)).toEqual([ten]);
    expect(split.hand.actions).toEqual(["SPLIT", "STAND", "STAND"]);
    const replayed = replayBlackjack(split.hand.word, ten, "DEGEN", split.hand.actions);
    expect(split.hand.payout).toBe(replayed.payout);
    expect(split.vaultMoved).toBe(replayed.payout - 2n * ten + split.hand.jackpotWon);
    await expectTableIs(page, replayed);
    await settleAnimations(page);
    await screenshot(page, "blackjack-web3-split-result-desktop", false);
    await page.context().close();
  });

  it("fits a phone: the hand in play with its idle rule and bet status, then the settled result", async () => {
    const { page } = await openGame(PHONE_PLAYER, "phone");
    const ten = parseEther("10");
    const loss = await playHand(page, PHONE_PLAYER, { token: "DEGEN", stake: "10", wish: standsTo(ten, "DEGEN", "DEALER_WIN") }, async () => {
      await page.getByTestId("idle-notice").waitFor();
      await settleAnimations(page);
      await screenshot(page, "blackjack-web3-playing-phone");
      expect(await overflowing(page)).toEqual([]);
      await page.getByTestId("stand-button").click();
    });
    expect(loss.verdict.ok).toBe(true);
    expect(loss.banner).toBe("Dealer wins");
    expect(loss.vaultMoved).toBe(-ten + loss.hand.jackpotWon);
    await settleAnimations(page);
    await screenshot(page, "blackjack-web3-result-phone");
    expect(await overflowing(page)).toEqual([]);
    await page.context().close();
  });
});
