// The fairness page against the whole stack (issue #14): three wheel bets played on the wheel page,
// then /fairness lists them from the chain, verified in the browser, with the seeds and random
// words of the chain's BetSettled and their transactions; a reload with the server's history cut
// off reads them from the chain alone; demo mode explains the formula. Both sizes looked at.
import { getAddress, parseEther, ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { overflowing, useBrowser } from "./support/page";
import { seriousViolations } from "./support/axe";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { commitmentPosted, playAndSettle } from "./support/web3-play";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["fairness.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const browser = useBrowser();
const player = getAddress(devAccount(PLAYER).address);
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  await depositFromNode(reader.provider, reader.casino, PLAYER, { DEGEN: parseEther("100"), BNB: parseEther("0.1") });
});
afterAll(() => reader?.provider.destroy());

/** The player's bets as the chain published them: placement and settlement, newest first. */
async function chainBets() {
  const placed = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player));
  const bets = await Promise.all(
    placed.map(async (event) => {
      const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(event.args.betId), event.blockNumber);
      return {
        betId: event.args.betId.toString(),
        betTx: event.transactionHash,
        settleTx: settled!.transactionHash,
        seed: settled!.args.seed,
        random: settled!.args.random,
      };
    }),
  );
  return bets.reverse();
}

/** What the page shows of each bet, in its order. */
function shownBets(page: Page) {
  return page.getByTestId("history-bet").evaluateAll((entries) =>
    entries.map((entry) => ({
      betId: entry.getAttribute("data-bet-id"),
      verdict: entry.getAttribute("data-verdict"),
      betTx: entry.querySelector("[data-testid=history-bet-tx]")?.getAttribute("data-tx"),
      settleTx: entry.querySelector("[data-testid=history-settle-tx]")?.getAttribute("data-tx"),
      seed: entry.querySelector("[data-testid=history-seed]")?.textContent,
      random: entry.querySelector("[data-testid=history-word]")?.textContent,
      text: (entry as HTMLElement).innerText,
    })),
  );
}

/** Header elements reaching past the screen's right edge (the lobby's card glows overflow on purpose, clipped). */
function headerOverflow(page: Page): Promise<string[]> {
  return page
    .getByTestId("app-header")
    .evaluate((header) =>
      [...header.querySelectorAll("*:not(svg *)")]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
}

async function spin(page: Page, token: "DEGEN" | "BNB", stake: string): Promise<void> {
  await page.locator('[data-testid="spin-button"]:not([disabled])').waitFor();
  await page.getByTestId(`token-switch-${token}`).click();
  await page.getByTestId("bet-input").fill(stake);
  await page.getByTestId("bet-input").blur();
  expect((await playAndSettle(page, () => page.getByTestId("spin-button").click())).ok).toBe(true);
}

/**
 * The house's books up to `block`, counted here apart from the app: each GamePlayed belongs to the
 * bet whose BetSettled (or ExpiredBetClaimed) came last before it in its transaction, and that bet's BetPlaced names its token.
 */
async function booksAt(block: number) {
  const { casino } = reader;
  const [placed, settledOnly, claimed, played] = await Promise.all([
    casino.queryFilter(casino.filters.BetPlaced(), 0, block),
    casino.queryFilter(casino.filters.BetSettled(), 0, block),
    casino.queryFilter(casino.filters.ExpiredBetClaimed(), 0, block),
    casino.queryFilter(casino.filters.GamePlayed(), 0, block),
  ]);
  const settled = [...settledOnly, ...claimed];
  const tokenOf = new Map(placed.map((event) => [event.args.betId, event.args.token === ZeroAddress ? "BNB" : "DEGEN"] as const));
  const books = { DEGEN: { bets: 0, wagered: 0n, paid: 0n, bankroll: 0n, reserved: 0n }, BNB: { bets: 0, wagered: 0n, paid: 0n, bankroll: 0n, reserved: 0n } };
  for (const game of played) {
    const bet = settled.filter((event) => event.transactionHash === game.transactionHash && event.index < game.index).sort((a, b) => b.index - a.index)[0];
    const token = tokenOf.get(bet!.args.betId)!;
    books[token].bets += 1;
    books[token].wagered += game.args.betAmount;
    books[token].paid += game.args.payout;
  }
  for (const token of ["DEGEN", "BNB"] as const) {
    [books[token].bankroll, books[token].reserved] = await casino.house(token === "BNB" ? ZeroAddress : await reader.degen.getAddress(), { blockTag: block });
  }
  return books;
}

describe("the fairness page", () => {
  it("lists the wheel bets just played from the chain, verified in the browser, with the chain's seeds, words and transactions; a reload reads them again without the server's history", async () => {
    const page = await openPage(browser(), "desktop", "reduce");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await TestWallet.install(page, { account: PLAYER, rpcUrl });
    await connectOnGame(page, appUrl + "/roulette");
    await commitmentPosted(reader.casino, player);
    await page.getByTestId("colour-gold").click();
    await spin(page, "DEGEN", "10");
    await spin(page, "DEGEN", "5");
    await spin(page, "BNB", "0.01");

    // From the game's fairness panel to the page.
    await page.getByTestId("fairness-panel").locator("summary").click();
    await page.getByTestId("fairness-link").click();
    await page.waitForURL(appUrl + "/fairness");
    await page.locator('[data-testid="bet-history"][data-status="ready"]').waitFor();

    const onChain = await chainBets();
    expect(onChain).toHaveLength(3);
    const shown = await shownBets(page);
    expect(shown.map(({ text: _, ...bet }) => bet)).toEqual(onChain.map((bet) => ({ ...bet, verdict: "ok" })));
    expect(shown[0]!.text).toContain("0.0100 BNB →");
    expect(shown[1]!.text).toContain("5.00 DEGEN →");
    expect(shown[2]!.text).toContain("10.00 DEGEN →");
    expect(shown.map((bet) => bet.text)).toEqual(Array(3).fill(expect.stringContaining("Verified")));
    expect(await page.getByTestId("history-summary").innerText()).toBe("3 of 3 shown: 3 verified");
    expect(await page.getByTestId("commitment").innerText()).toMatch(
      /your next wallet bet \(#3\) is settled with the link that hashes to it\. \d+ of \d+ links left\./,
    );
    await screenshot(page, "fairness-web3-desktop");

    // A reload: the history comes from the chain, even with the server's history out of reach.
    await page.route("**/api/fairness/bets**", (route) => route.abort());
    await page.reload();
    await page.locator('[data-testid="bet-history"][data-status="ready"]').waitFor();
    expect((await shownBets(page)).map(({ text: _, ...bet }) => bet)).toEqual(onChain.map((bet) => ({ ...bet, verdict: "ok" })));

    await page.setViewportSize(VIEWPORTS.phone);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "fairness-web3-phone-top", false);
    await screenshot(page, "fairness-web3-phone");
    // The header keeps its link on a phone without crowding out the rest, on the lobby too.
    await page.getByTestId("lobby-back").click();
    await page.getByTestId("mode-badge").waitFor();
    expect(await headerOverflow(page)).toEqual([]);
    await screenshot(page, "fairness-web3-phone-lobby", false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("gives each settled bet a page of its own that anyone opens without a wallet, checked in the browser, with a Share link; unknown ids get a clear page", async () => {
    const [bnbBet, , degenBet] = await chainBets();
    for (const [viewport, bet, steps] of [
      ["desktop", bnbBet, 4],
      ["phone", degenBet, 5],
    ] as const) {
      const page = await openPage(browser(), viewport, "reduce");
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto(`${appUrl}/bet/${bet!.betId}`);
      const entry = page.getByTestId("bet-page-check").getByTestId("history-bet");
      await entry.locator('[data-testid="history-verdict"]').waitFor({ timeout: 30_000 });
      expect(await entry.getAttribute("data-verdict")).toBe("ok");
      expect(await entry.getByTestId("history-seed").innerText()).toBe(bet!.seed);
      expect(await entry.getByTestId("history-word").innerText()).toBe(bet!.random);
      expect(await entry.getByTestId("history-settle-tx").getAttribute("data-tx")).toBe(bet!.settleTx);
      expect(await page.getByTestId("bet-page-outcome").innerText()).toMatch(/^The wheel stopped on segment \d+: [A-Z][a-z]+; the bet was on Gold\.$/);
      expect(await page.getByTestId("bet-page-player").innerText()).toBe(player);
      // Each step of the check holds: the commitment, the seed, the word, the payout (and the jackpot roll for DEGEN).
      expect(await page.getByTestId("bet-page-step").evaluateAll((items) => items.map((item) => item.getAttribute("data-ok")))).toEqual(
        Array(steps).fill("true"),
      );
      expect(await page.getByTestId("bet-page-steps").innerText()).toContain(bet!.seed);
      await page.getByTestId("bet-page-share").click();
      await page.getByText("Link copied").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${appUrl}/bet/${bet!.betId}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `bet-page-${viewport}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const page = await openPage(browser(), "desktop");
    await page.goto(`${appUrl}/bet/${(BigInt(bnbBet!.betId) + 1000n).toString()}`);
    await page.getByTestId("bet-page-unknown").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("bet-page-unknown").innerText()).toContain("No bet with this id was placed on this Casino.");
    await page.goto(`${appUrl}/bet/not-a-bet`);
    expect(await page.getByTestId("bet-page-invalid").innerText()).toBe(
      "“not-a-bet” is not a bet id. A bet id is the number the Casino's BetPlaced event gives the bet.",
    );
    await page.context().close();
  });

  it("shows the house's books per token, equal to the chain's events and funds at the block it names, on desktop and phone", async () => {
    for (const viewport of ["desktop", "phone"] as const) {
      const page = await openPage(browser(), viewport, "reduce");
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(appUrl + "/lobby");
      // The live feed's rows land first: a click straddling their layout shift would hit neither (bsc-rehearsal.e2e.test.ts).
      await page.getByTestId("live-bets").getByTestId("live-bet").first().waitFor();
      await page.getByRole("button", { name: "Smart Contract Mechanics" }).click();
      await page.getByTestId("lobby-house-link").click();
      await page.waitForURL(appUrl + "/house");
      await page.getByTestId("house-books").waitFor({ timeout: 30_000 });
      const upTo = Number((await page.getByTestId("house-read-up-to").innerText()).match(/up to block (\d+)\./)![1]);
      const chain = await booksAt(upTo);
      for (const token of ["DEGEN", "BNB"] as const) {
        await page.getByTestId(`token-switch-${token}`).click();
        await page.locator(`[data-testid="house-books"][data-token="${token}"]`).waitFor();
        const value = (testId: string) => page.getByTestId(testId).getAttribute("data-value");
        expect(await value("house-wagered")).toBe(chain[token].wagered.toString());
        expect(await value("house-paid")).toBe(chain[token].paid.toString());
        expect(await value("house-result")).toBe((chain[token].wagered - chain[token].paid).toString());
        expect(await value("house-bankroll")).toBe(chain[token].bankroll.toString());
        expect(await value("house-reserved")).toBe(chain[token].reserved.toString());
        expect(await page.getByTestId("house-bets").innerText()).toMatch(new RegExp(`^${chain[token].bets}( |$)`));
        if (chain[token].bets > 0)
          expect(await page.getByTestId("house-luck").innerText()).toMatch(/^\d+\.\d\d standard deviations (above|below) the prediction: /);
      }
      // This file's two DEGEN spins at least: the chart of what the house kept is drawn.
      expect(chain.DEGEN.bets).toBeGreaterThanOrEqual(2);
      await page.getByTestId("token-switch-DEGEN").click();
      await page.getByTestId("house-luck-chart").locator("canvas").first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `house-${viewport}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("in demo mode explains the formula and asks for a wallet, without errors, from the header's link", async () => {
    for (const viewport of ["desktop", "phone"] as const) {
      const page = await openPage(browser(), viewport);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      await page.goto(appUrl + "/");
      expect(await headerOverflow(page)).toEqual([]);
      await page.getByTestId("header-fairness").click();
      await page.waitForURL(appUrl + "/fairness");
      // The lobby stays on screen until the page's chunk has loaded.
      await page.getByRole("heading", { level: 1, name: "Provably fair" }).waitFor();
      expect(await page.getByTestId("fairness-formula").innerText()).toContain(
        "word = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino))",
      );
      expect(await page.getByTestId("fairness-demo").innerText()).toContain("Connect a wallet to play on chain and see your bets here");
      expect(await page.getByTestId("lobby-back").isVisible()).toBe(true);
      expect(await page.getByTestId("bet-history").count()).toBe(0);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `fairness-demo-${viewport}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
