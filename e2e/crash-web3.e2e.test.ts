// Crash in web3 mode against the whole stack (issue #14): with an auto target the bet is settled
// first and the rocket replays the settled word's round; without one the round flies on the
// server's clock and CASH OUT goes to the server, which fixes the multiplier. Every bet is read
// from the chain's events and verified in the browser; the vault moves by exactly payout − stake.
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { crashRound, crashTimeToReach, settleCrash, type CrashRound, type Token } from "../engine/src/index";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { overflowing, useBrowser } from "./support/page";
import { settledBetSince, type SettledOnChain } from "./support/settled-bet";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const [AUTO_PLAYER, MANUAL_PLAYER] = WALLET_ACCOUNTS_BY_FILE["crash-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  for (const account of [AUTO_PLAYER, MANUAL_PLAYER]) {
    await depositFromNode(reader.provider, reader.casino, account, { DEGEN: parseEther("1000"), BNB: parseEther("1") });
  }
});
afterAll(() => reader?.provider.destroy());

/** A connected crash page with the player's commitment posted. */
async function openCrash(account: number, viewport: keyof typeof VIEWPORTS): Promise<{ page: Page; player: string }> {
  const page = await openPage(browser(), viewport);
  await TestWallet.install(page, { account, rpcUrl });
  await connectOnGame(page, appUrl + "/crash");
  const player = getAddress(devAccount(account).address);
  await commitmentPosted(reader.casino, player);
  return { page, player };
}

/** Chooses the next round with the engine (a client seed whose word's round satisfies `wish`) and sets up the bet. */
async function prepare(page: Page, player: string, bet: { token: Token; stake: string; auto: string }, wish: (round: CrashRound) => boolean) {
  await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player, (word) => wish(crashRound(word, bet.token))));
  await page.getByTestId(`token-switch-${bet.token}`).click();
  await page.getByTestId("bet-input").fill(bet.stake);
  await page.getByTestId("bet-input").blur();
  await page.getByTestId("auto-cash-out").fill(bet.auto);
}

/** The round's end on screen, once settled: the readout's phase, crash point and cash-out. */
async function shownEnd(page: Page) {
  const readout = page.locator('[data-testid="crash-multiplier"][data-crash-point]');
  await readout.waitFor({ timeout: 20_000 });
  return {
    phase: await readout.getAttribute("data-phase"),
    crashPoint: Number(await readout.getAttribute("data-crash-point")),
    cashOut: Number((await readout.getAttribute("data-cash-out")) ?? "NaN"),
    text: await readout.innerText(),
  };
}

/** The vault moved by exactly the settlement: payout − stake (+ the jackpot a DEGEN bet won). */
async function expectVaultMoved(player: string, token: Token, before: Awaited<ReturnType<typeof reader.balances>>, settled: SettledOnChain) {
  const after = await reader.balances(player);
  expect(after.vault[token] - before.vault[token]).toBe(settled.payout - settled.amount + (token === "DEGEN" ? settled.jackpotWon : 0n));
}

/** Starts the round (and whatever `during` does in flight), waits for its verified settlement, and reads it from the chain. */
async function playRound(page: Page, player: string, during: () => Promise<void> = async () => undefined) {
  const before = await reader.balances(player);
  const fromBlock = (await reader.provider.getBlockNumber()) + 1;
  const verdict = await playAndSettle(page, async () => {
    await page.getByRole("button", { name: "START GAME" }).click();
    await during();
  });
  expect(verdict).toEqual({ ok: true, text: expect.stringContaining("Verified") });
  const settled = await settledBetSince(reader.casino, player, fromBlock);
  return { before, settled, end: await shownEnd(page) };
}

async function playAgain(page: Page) {
  await page.getByRole("button", { name: "PLAY AGAIN" }).click({ timeout: 10_000 });
  await page.getByRole("button", { name: "START GAME" }).waitFor();
}

describe("crash in web3 mode", () => {
  it("auto cash-out: a DEGEN win at the target and a BNB crash below it, replayed from the settled word, verified, the vault to the wei", async () => {
    const { page, player } = await openCrash(AUTO_PLAYER, "desktop");

    await prepare(page, player, { token: "DEGEN", stake: "10", auto: "1.2" }, (round) => round.crashPoint >= 120);
    const win = await playRound(page, player);
    expect(win.settled.params).toBe(120n);
    expect(win.settled.payout).toBe(parseEther("12"));
    const winRound = settleCrash("DEGEN", win.settled.amount, 120n, win.settled.random, null).outcome;
    expect(win.end).toMatchObject({ phase: "cashedout", crashPoint: winRound.crashPoint, cashOut: 120, text: "1.20x" });
    expect(await page.getByTestId("crash-win").innerText()).toBe("WIN +12.00 DEGEN");
    await expectVaultMoved(player, "DEGEN", win.before, win.settled);
    await screenshot(page, "crash-web3-auto-win-desktop", false);

    await playAgain(page);
    await prepare(page, player, { token: "BNB", stake: "0.01", auto: "2" }, (round) => round.crashPoint < 200 && round.crashTimeSec < 5);
    const loss = await playRound(page, player);
    const lossRound = crashRound(loss.settled.random, "BNB");
    expect(loss.settled.payout).toBe(0n);
    expect(loss.end).toMatchObject({ phase: "crashed", crashPoint: lossRound.crashPoint });
    await page.getByText(`CRASHED @ ${(lossRound.crashPoint / 100).toFixed(2)}x`).waitFor();
    await expectVaultMoved(player, "BNB", loss.before, loss.settled);
    await page.context().close();
  });

  it("manual cash-out: CASH OUT early in a high round pays the multiplier the server fixed; riding a low round crashes at the settled point (phone)", async () => {
    const { page, player } = await openCrash(MANUAL_PLAYER, "phone");

    // Cash out after about 2 s of a round that crashes at 3x or more: it wins.
    await prepare(page, player, { token: "DEGEN", stake: "10", auto: "" }, (round) => round.crashPoint >= 300);
    // The button's label as the click reaches the page (a listener ahead of the app's): what the player pressed.
    await page.evaluate(() => {
      window.addEventListener(
        "click",
        (event) => {
          const button = (event.target as Element).closest("button");
          if (button?.textContent?.startsWith("CASH OUT @")) (window as unknown as { pressedLabel: string }).pressedLabel = button.textContent;
        },
        { capture: true },
      );
    });
    const win = await playRound(page, player, async () => {
      const cashOut = page.getByRole("button", { name: /^CASH OUT @ (1\.(1[0-9]|[2-9][0-9])|[2-9]\.\d\d)x$/ });
      await cashOut.waitFor({ timeout: 20_000 });
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, "crash-web3-manual-flying-phone", false);
      await cashOut.click();
    });
    const answeredBy = Date.now();
    expect(win.settled.params).toBe(0n);
    const fixed = win.end.cashOut;
    expect(win.end).toMatchObject({ phase: "cashedout", text: `${(fixed / 100).toFixed(2)}x` });
    // The multiplier paid is the one signed at the click: at least the label pressed (the flight's
    // next 50 ms tick may land between the label's render and the click), and one the server's
    // curve had reached by the time it answered (the server shares this machine's clock).
    const pressed = await page.evaluate(() => (window as unknown as { pressedLabel?: string }).pressedLabel ?? "");
    expect(pressed).toMatch(/^CASH OUT @ [\d.]+x$/);
    const shown = Math.round(100 * Number(/^CASH OUT @ ([\d.]+)x$/.exec(pressed)?.[1]));
    expect(fixed).toBeGreaterThanOrEqual(shown);
    const { startedAt } = await page.evaluate(
      async (betId) => (await fetch(`/api/crash/${betId}`, { credentials: "include" })).json(),
      win.settled.betId.toString(),
    );
    const round = crashRound(win.settled.random, "DEGEN");
    expect(crashTimeToReach(round.curve, fixed / 100)).toBeLessThanOrEqual((answeredBy - Date.parse(startedAt)) / 1000);
    expect(win.settled.payout).toBe((win.settled.amount * BigInt(fixed)) / 100n);
    expect(settleCrash("DEGEN", win.settled.amount, 0n, win.settled.random, fixed).payout).toBe(win.settled.payout);
    expect(await page.getByTestId("crash-win").innerText()).toBe(`WIN +${((10 * fixed) / 100).toFixed(2)} DEGEN`);
    await expectVaultMoved(player, "DEGEN", win.before, win.settled);
    await screenshot(page, "crash-web3-manual-win-phone", false);

    // Ride a round that crashes early: the server ends it, the screen shows the settled crash point.
    await playAgain(page);
    await prepare(page, player, { token: "BNB", stake: "0.01", auto: "" }, (round) => round.crashPoint > 100 && round.crashTimeSec < 4);
    const loss = await playRound(page, player);
    const lossRound = crashRound(loss.settled.random, "BNB");
    expect(loss.settled.payout).toBe(0n);
    expect(loss.end).toMatchObject({ phase: "crashed", crashPoint: lossRound.crashPoint });
    await page.getByText(`CRASHED @ ${(lossRound.crashPoint / 100).toFixed(2)}x`).waitFor();
    await expectVaultMoved(player, "BNB", loss.before, loss.settled);
    await page.context().close();
  });
});
