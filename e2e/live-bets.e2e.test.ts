// Live bets against the whole stack (issue #22 item 1): two browsers, each with its own test
// wallet, place a web3 bet on the wheel, and each page's live feed shows the other's bet with the
// stake and payout the chain's events record, to the wei; a page opened afterwards gets both at
// once from the server's snapshot. A player's own bet links to its check on the fairness page,
// and the leaderboards rank the players as the chain's events add up.
import { formatEther, getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { settleWheel } from "../engine/src/index";
import { openPage, screenshot } from "./support/browser";
import { expectBoardsAsTheChainSays } from "./support/leaderboard";
import { useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { connectOnGame, type ChainReader } from "./support/wallet-app";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed, useBnbPlayers } from "./support/web3-play";

const [ALICE, BOB] = WALLET_ACCOUNTS_BY_FILE["live-bets.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
let reader: ChainReader;
useBnbPlayers([ALICE, BOB], (opened) => (reader = opened));

/** A player's page on the wheel, connected, with the house's commitment posted. */
async function wheelPage(account: number): Promise<{ page: Page; player: string }> {
  const page = await openPage(browser(), "desktop", "reduce");
  await TestWallet.install(page, { account, rpcUrl });
  const player = getAddress(devAccount(account).address);
  await connectOnGame(page, appUrl + "/roulette");
  await commitmentPosted(reader.casino, player);
  return { page, player };
}

/** The player's newest bet as the chain records it: its id, and GamePlayed's stake and payout (right after its BetSettled). */
async function settledOnChain(player: string) {
  const casino = reader.casino;
  const placed = (await casino.queryFilter(casino.filters.BetPlaced(undefined, player))).at(-1)!;
  const betId = placed.args.betId;
  const [settled] = await casino.queryFilter(casino.filters.BetSettled(betId));
  const played = (await casino.queryFilter(casino.filters.GamePlayed(player), settled!.blockNumber, settled!.blockNumber)).find(
    (log) => log.transactionHash === settled!.transactionHash && log.index > settled!.index,
  )!;
  return { betId: betId.toString(), stake: played.args.betAmount, payout: played.args.payout };
}

/** BNB as the app shows it: 4 decimals, rounded down. */
const bnbText = (wei: bigint) => {
  const [whole, fraction = ""] = formatEther((wei / 10n ** 14n) * 10n ** 14n).split(".");
  return `${whole}.${fraction.padEnd(4, "0")} BNB`;
};
const multiplierText = (stake: bigint, payout: bigint) => {
  const hundredths = (payout * 100n) / stake;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}x`;
};

/** The feed's row of a bet on this page, as the player reads it. */
async function feedRow(page: Page, betId: string) {
  const row = page.locator(`[data-testid="live-bet"][data-bet-id="${betId}"]`).first();
  await row.waitFor({ timeout: 10_000 });
  const cell = (id: string) => row.getByTestId(id);
  return {
    player: await cell("live-bet-player").innerText(),
    stake: await cell("live-bet-stake").innerText(),
    stakeWei: BigInt((await cell("live-bet-stake").getAttribute("data-wei"))!),
    payout: await cell("live-bet-payout").innerText(),
    payoutWei: BigInt((await cell("live-bet-payout").getAttribute("data-wei"))!),
    multiplier: await cell("live-bet-multiplier").innerText(),
    verify: await cell("live-bet-verify").getAttribute("href"),
  };
}

async function spinBnb(page: Page, amount: string): Promise<void> {
  await page.getByTestId("colour-gold").click();
  await page.getByTestId("token-switch-BNB").click();
  await page.getByTestId("bet-input").fill(amount);
  await page.getByTestId("bet-input").blur();
  expect((await playAndSettle(page, () => page.getByTestId("spin-button").click())).ok).toBe(true);
}

describe("live bets", () => {
  it("each player's page shows the other's settled bet with the chain's amounts, and a new page gets both at once", async () => {
    const alice = await wheelPage(ALICE);
    const bob = await wheelPage(BOB);

    // Alice wins on gold alone (9.8x in BNB), so that a payout other than zero is compared too.
    const win = await clientSeedFor(
      reader.casino,
      masterSecret,
      alice.player,
      (word) => settleWheel("BNB", parseEther("0.01"), 1n, word).outcome.segment === 0,
    );
    await useClientSeed(alice.page, win);
    await spinBnb(alice.page, "0.01");
    const aliceBet = await settledOnChain(alice.player);
    await spinBnb(bob.page, "0.02");
    const bobBet = await settledOnChain(bob.player);
    expect(aliceBet.stake).toBe(parseEther("0.01"));
    expect(bobBet.stake).toBe(parseEther("0.02"));
    expect(aliceBet.payout).toBe(parseEther("0.098"));

    for (const [page, bet, player] of [
      [alice.page, bobBet, bob.player],
      [bob.page, aliceBet, alice.player],
    ] as const) {
      expect(await feedRow(page, bet.betId)).toEqual({
        player: `${player.slice(0, 6)}…${player.slice(-4)}`,
        stake: bnbText(bet.stake),
        stakeWei: bet.stake,
        payout: bnbText(bet.payout),
        payoutWei: bet.payout,
        multiplier: multiplierText(bet.stake, bet.payout),
        verify: expect.stringMatching(new RegExp(`^/bet/${bet.betId}\\?block=\\d+$`)),
      });
    }

    // My bets: on Alice's page, her bet and not Bob's.
    await alice.page.getByTestId("live-bets-tab-mine").click();
    await alice.page.locator(`[data-testid="live-bet"][data-bet-id="${aliceBet.betId}"]`).waitFor();
    expect(await alice.page.locator(`[data-testid="live-bet"][data-player="${bob.player}"]`).count()).toBe(0);
    await alice.page.getByTestId("live-bets").scrollIntoViewIfNeeded();
    await screenshot(alice.page, "live-bets-my-bets", false);
    // Its Verify link opens the bet's own page, read from the chain and checked in the browser.
    await alice.page.locator(`[data-testid="live-bet"][data-bet-id="${aliceBet.betId}"]`).getByTestId("live-bet-verify").click();
    const verdict = alice.page.getByTestId("bet-page-check").getByTestId("history-verdict");
    await verdict.waitFor({ timeout: 30_000 });
    expect(await verdict.innerText()).toContain("Verified");
    expect(alice.page.url()).toMatch(new RegExp(`^${appUrl}/bet/${aliceBet.betId}\\?block=\\d+$`));

    // A page opened now (the lobby, on a phone) gets both from the server's snapshot, newest first.
    const visitor = await openPage(browser(), "phone");
    await visitor.goto(appUrl + "/");
    const rows = visitor.locator('[data-testid="live-bet"]');
    await visitor.locator(`[data-testid="live-bet"][data-bet-id="${bobBet.betId}"]`).waitFor();
    const order = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-bet-id")));
    expect(order.indexOf(bobBet.betId)).toBeLessThan(order.indexOf(aliceBet.betId));
    expect((await feedRow(visitor, aliceBet.betId)).payoutWei).toBe(aliceBet.payout);
    // Nothing of the feed reaches past the phone's edge (the lobby's cards have glows of their own, clipped).
    const pastTheEdge = await visitor.evaluate(
      () =>
        [...document.querySelectorAll('[data-testid="live-bets"], [data-testid="live-bets"] *')].filter(
          (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
        ).length,
    );
    expect(pastTheEdge).toBe(0);
    await visitor.getByTestId("live-bets").scrollIntoViewIfNeeded();
    await screenshot(visitor, "live-bets-lobby", false);

    // And the leaderboards rank them, with everyone else, as the chain's events add up.
    await alice.page.goto(appUrl + "/leaderboard");
    await alice.page.getByTestId("leaderboard-window-all").click();
    await alice.page.getByTestId("token-switch-BNB").click();
    await alice.page.locator('[data-testid="leaderboards"][data-status="ready"][data-window="all"][data-token="BNB"]').waitFor();
    await expectBoardsAsTheChainSays(alice.page, reader.casino);

    for (const page of [alice.page, bob.page, visitor]) await page.context().close();
  });
});
