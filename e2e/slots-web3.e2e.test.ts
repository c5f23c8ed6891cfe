// Slots in web3 mode against the whole stack (issue #14): the bet placed on chain from the vault,
// the product's spin call naming it, the settlement read from the chain's events and verified in the
// browser; the reels stop on the engine's outcome of the settled word, and the vault moves by
// exactly payout − stake (+ any jackpot).
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { settleSlots, type Token } from "../engine/src/index";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { alertOf, overflowing, useBrowser } from "./support/page";
import { settledBetSince } from "./support/settled-bet";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["slots-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
const player = getAddress(devAccount(PLAYER).address);
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  await depositFromNode(reader.provider, reader.casino, PLAYER, { DEGEN: parseEther("1000"), BNB: parseEther("1") });
});
afterAll(() => reader?.provider.destroy());

const reelsText = (reels: string[][]) => reels.map((reel) => reel.join(",")).join("|");

/**
 * Spins `stake` in `token` with a client seed whose spin wins (or loses), waits for the verified
 * settlement and the reels to stop, and checks the screen and the vault against the chain.
 */
async function spin(page: Page, token: Token, stake: string, win: boolean): Promise<bigint> {
  await useClientSeed(
    page,
    await clientSeedFor(reader.casino, masterSecret, player, (word) => settleSlots(token, parseEther(stake), 0n, word).payout > 0n === win),
  );
  await page.getByTestId(`token-switch-${token}`).click();
  await page.getByTestId("bet-input").fill(stake);
  await page.getByTestId("bet-input").blur();
  const before = await reader.balances(player);
  const fromBlock = (await reader.provider.getBlockNumber()) + 1;
  const verdict = await playAndSettle(page, () => page.getByTestId("spin-button").click());
  expect(verdict).toEqual({ ok: true, text: expect.stringContaining("Verified") });
  await page.locator('[data-testid="spin-button"]:not([disabled])').waitFor();

  const settled = await settledBetSince(reader.casino, player, fromBlock);
  const { payout, outcome } = settleSlots(token, settled.amount, 0n, settled.random);
  expect(settled.payout).toBe(payout);
  expect(await page.getByTestId("reel-grid").getAttribute("data-reels")).toBe(reelsText(outcome.reels));
  expect(await page.getByTestId("win-line").count()).toBe(win ? outcome.lines.length : 0);
  const after = await reader.balances(player);
  expect(after.vault[token] - before.vault[token]).toBe(payout - parseEther(stake) + (token === "DEGEN" ? settled.jackpotWon : 0n));
  return payout;
}

async function looksRight(page: Page, viewport: keyof typeof VIEWPORTS, name: string): Promise<void> {
  await page.setViewportSize(VIEWPORTS[viewport]);
  expect(await overflowing(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, false);
}

describe("slots in web3 mode", () => {
  it("a DEGEN win and a BNB loss: the spin call names the bet, the reels stop on the settled outcome, verified, the vault to the wei", async () => {
    const page = await openPage(browser(), "desktop");
    await TestWallet.install(page, { account: PLAYER, rpcUrl });
    await connectOnGame(page, appUrl + "/slots");
    await commitmentPosted(reader.casino, player);
    expect(await page.getByTestId("jackpot-badge").innerText()).toMatch(/^Jackpot [\d.]+[KM]?$/);
    expect(
      await alertOf(page, () =>
        page
          .getByTestId("bet-input")
          .fill("2000")
          .then(() => page.getByTestId("spin-button").click()),
      ),
    ).toBe("Insufficient DEGEN balance! You have 1000.00 but need 2000.00");

    const spinCalls: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/slots/spin")) spinCalls.push(request.postDataJSON());
    });
    const won = await spin(page, "DEGEN", "10", true);
    expect(await page.getByTestId("win-display").innerText()).toBe((Number(won) / 1e18).toFixed(2));
    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player));
    expect(spinCalls).toEqual([{ token: "DEGEN", betId: placed!.args.betId.toString() }]);
    await looksRight(page, "desktop", "slots-web3-win-desktop");
    await looksRight(page, "phone", "slots-web3-win-phone");

    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await spin(page, "BNB", "0.01", false)).toBe(0n);
    expect(await page.getByTestId("win-display").innerText()).toBe("0.0000");
    await page.context().close();
  });
});
