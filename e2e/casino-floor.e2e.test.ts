// Leaderboards and a player's page against the whole stack (issue #22 items 2 and 3): a player
// bets on the wheel in BNB, opens "My stats" from the wallet menu, and reads their numbers, the
// profit chart and the history; the history filters, and downloads as CSV. The leaderboards page
// ranks players as the Casino's events add up to the block the page says it read. Every figure is
// compared, to the wei, with a sum over the chain's own events, never with what the server sent.
import { readFileSync } from "node:fs";
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { settleWheel } from "../engine/src/index";
import { openPage, screenshot } from "./support/browser";
import { expectBoardsAsTheChainSays, readUpTo, settledBnbBets } from "./support/leaderboard";
import { overflowing, useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { connectOnGame, type ChainReader } from "./support/wallet-app";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed, useBnbPlayers } from "./support/web3-play";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["casino-floor.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
let reader: ChainReader;
useBnbPlayers([PLAYER], (opened) => (reader = opened));

const weiOf = async (page: Page, testId: string) => BigInt((await page.getByTestId(testId).getAttribute("data-wei"))!);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

async function spin(page: Page, amount: string, win: boolean, player: string): Promise<void> {
  const seed = await clientSeedFor(
    reader.casino,
    masterSecret,
    player,
    (word) => (settleWheel("BNB", parseEther(amount), 1n, word).outcome.segment === 0) === win,
  );
  await useClientSeed(page, seed);
  await page.getByTestId("bet-input").fill(amount);
  await page.getByTestId("bet-input").blur();
  expect((await playAndSettle(page, () => page.getByTestId("spin-button").click())).ok).toBe(true);
}

describe("the casino floor's numbers", () => {
  it("My stats: the player's totals, chart and history add up as the chain's events do; the history filters and exports as CSV", async () => {
    const page = await openPage(browser(), "desktop", "reduce");
    await TestWallet.install(page, { account: PLAYER, rpcUrl });
    const player = getAddress(devAccount(PLAYER).address);
    await connectOnGame(page, appUrl + "/roulette");
    await commitmentPosted(reader.casino, player);
    await page.getByTestId("colour-gold").click();
    await page.getByTestId("token-switch-BNB").click();
    // One win on gold alone (9.8x) and two losses.
    await spin(page, "0.01", true, player);
    await spin(page, "0.02", false, player);
    await spin(page, "0.03", false, player);

    await page.getByTestId("wallet-menu-button").click();
    await page.getByRole("menuitem", { name: "My stats" }).click();
    await page.waitForURL(`${appUrl}/player/${player}`);
    await page.getByTestId("player-summary-BNB").waitFor();
    const mine = (await settledBnbBets(reader.casino, await readUpTo(page, "player-read-up-to"))).filter((bet) => bet.player === player);
    expect(mine).toHaveLength(3);
    expect(await page.getByTestId("player-name").innerText()).toBe(`${player.slice(0, 6)}…${player.slice(-4)}`);
    expect(await page.getByTestId("total-bets").innerText()).toBe("3");
    expect(await weiOf(page, "total-wagered")).toBe(parseEther("0.06"));
    expect(await weiOf(page, "total-wagered")).toBe(sum(mine.map((bet) => bet.stake)));
    expect(await weiOf(page, "total-paid")).toBe(sum(mine.map((bet) => bet.paid)));
    expect(await weiOf(page, "total-paid")).toBe(parseEther("0.098"));
    expect(await weiOf(page, "total-profit")).toBe(parseEther("0.038"));
    expect(await page.getByTestId("total-profit").innerText()).toBe("+0.0380 BNB");
    expect(await weiOf(page, "total-biggest-win")).toBe(parseEther("0.098"));
    expect(await page.getByTestId("profit-chart-summary").innerText()).toMatch(/^0\.0380 BNB after 3 bets, from /);
    expect(await page.getByTestId("profit-chart-BNB").locator("canvas").count()).toBeGreaterThan(0);

    const rows = page.getByTestId("history-bet");
    await expect.poll(() => rows.count()).toBe(3);
    const shown = await rows.evaluateAll((elements) =>
      elements.map((row) => ({
        betId: row.getAttribute("data-bet-id"),
        stake: row.querySelector("[data-testid=history-stake]")!.getAttribute("data-wei"),
        paid: row.querySelector("[data-testid=history-paid]")!.getAttribute("data-wei"),
      })),
    );
    expect(shown).toEqual([...mine].reverse().map((bet) => ({ betId: bet.betId, stake: bet.stake.toString(), paid: bet.paid.toString() })));
    await screenshot(page, "player-page");

    await page.getByTestId("history-result").selectOption("won");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-bet-id")).toBe(mine[0]!.betId);

    await page.getByTestId("history-result").selectOption("lost");
    await expect.poll(() => rows.count()).toBe(2);
    const download = page.waitForEvent("download");
    await page.getByTestId("history-csv").click();
    const csv = readFileSync((await (await download).path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("bet_id,game,token,stake,paid,jackpot_win,profit,stake_wei,paid_wei,settled_block,settled_at,settle_tx_hash");
    expect(csv.slice(1).map((line) => line.split(",").slice(0, 5))).toEqual([
      [mine[2]!.betId, "WHEEL", "BNB", "0.03", "0.0"],
      [mine[1]!.betId, "WHEEL", "BNB", "0.02", "0.0"],
    ]);
    // The whole history parses back to the numbers shown, and to the chain's.
    await page.getByTestId("history-result").selectOption("");
    await expect.poll(() => rows.count()).toBe(3);
    const everything = page.waitForEvent("download");
    await page.getByTestId("history-csv").click();
    const all = readFileSync((await (await everything).path())!, "utf8")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","));
    expect(all).toHaveLength(3);
    expect(sum(all.map((row) => BigInt(row[7]!)))).toBe(await weiOf(page, "total-wagered"));
    expect(sum(all.map((row) => BigInt(row[8]!)))).toBe(await weiOf(page, "total-paid"));
    expect(sum(all.map((row) => parseEther(row[6]!)))).toBe(await weiOf(page, "total-profit"));
    expect(all.map((row) => [row[0], BigInt(row[7]!), BigInt(row[8]!)])).toEqual([...mine].reverse().map((bet) => [bet.betId, bet.stake, bet.paid]));
    await page.context().close();
  });

  it("the leaderboards rank every player as the chain's events add up to the block they were read to, and fit a phone", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/");
    await page.getByTestId("header-leaderboard").click();
    await page.waitForURL(`${appUrl}/leaderboard`);
    await page.getByTestId("leaderboard-window-all").click();
    await page.getByTestId("token-switch-BNB").click();
    await page.locator('[data-testid="leaderboards"][data-status="ready"][data-window="all"][data-token="BNB"]').waitFor();
    await expectBoardsAsTheChainSays(page, reader.casino);
    await screenshot(page, "leaderboards");

    // A player's name on a board opens their page.
    await page.locator('[data-testid="board-wagered"] [data-testid="player-link"]').first().click();
    await page.getByTestId("player-summary-BNB").waitFor();
    await page.context().close();

    // On a phone the live bets link to the leaderboards (the header has no room for them).
    const phone = await openPage(browser(), "phone");
    await phone.goto(appUrl + "/");
    await phone.getByTestId("live-bets-leaderboards").click();
    await phone.waitForURL(`${appUrl}/leaderboard`);
    await phone.locator('[data-testid="leaderboards"][data-status="ready"]').waitFor();
    expect(await overflowing(phone)).toEqual([]);
    await screenshot(phone, "leaderboards-phone");
    await phone.goto(`${appUrl}/player/${getAddress(devAccount(PLAYER).address)}`);
    await phone.locator('[data-testid="profit-chart-BNB"] canvas').first().waitFor();
    await phone.locator('[data-testid="player-history"][data-status="ready"]').waitFor();
    expect(await overflowing(phone)).toEqual([]);
    await screenshot(phone, "player-page-phone");
    await phone.context().close();
  });
});
