// Kickboxing in web3 mode against the whole stack (issue #14): the bet placed on chain from the
// vault, settled by the server, read from the chain's events and verified in the browser; the
// fight replays the settled word and ends on the engine's outcome; the vault moves by exactly
// payout − stake (+ any jackpot).
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { encodeKickboxingParams, fightFromWord, settleKickboxing, type Fight, type FightWinner, type KickboxingBet } from "../engine/src/index";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { alertOf, overflowing, useBrowser } from "./support/page";
import { settledBetSince } from "./support/settled-bet";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const [WINNER, TIE_PLAYER] = WALLET_ACCOUNTS_BY_FILE["kickboxing-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
/** Fights chosen to end by knockout within this, so that the file stays short. */
const SHORT_FIGHT_MS = 8_000;
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  reader = await chainReader(rpcUrl, inject("apiUrl"));
  for (const account of [WINNER, TIE_PLAYER]) {
    await depositFromNode(reader.provider, reader.casino, account, { DEGEN: parseEther("1000"), BNB: parseEther("1") });
  }
});
afterAll(() => reader?.provider.destroy());

/** A connected kickboxing page with the player's commitment posted. */
async function openKickboxing(account: number, viewport: keyof typeof VIEWPORTS): Promise<{ page: Page; player: string; wallet: TestWallet }> {
  const page = await openPage(browser(), viewport);
  const wallet = await TestWallet.install(page, { account, rpcUrl });
  await connectOnGame(page, appUrl + "/kickboxing");
  const player = getAddress(devAccount(account).address);
  await commitmentPosted(reader.casino, player);
  return { page, player, wallet };
}

/** A client seed whose fight, for this bet, ends by knockout soon with `winner` winning. */
function seedFor(player: string, bet: KickboxingBet, stake: string, winner: FightWinner) {
  return clientSeedFor(reader.casino, masterSecret, player, (word) => {
    const { fight } = settleKickboxing(parseEther(stake), encodeKickboxingParams(bet), word).outcome;
    return fight.winner === winner && fight.endReason === "KO" && fight.durationMs <= SHORT_FIGHT_MS;
  });
}

/**
 * Bets `stake` on `label` in `token`, waits for the verified settlement and the end of the fight,
 * and checks the screen and the vault against the chain. Returns the fight and the banner's text.
 */
async function playMatch(
  page: Page,
  player: string,
  options: { token: "DEGEN" | "BNB"; stake: string; label: string },
): Promise<{ fight: Fight; banner: string }> {
  await page.getByTestId(`token-switch-${options.token}`).click();
  await page.getByTestId("bet-input").fill(options.stake);
  await page.getByTestId("bet-input").blur();
  await page.getByRole("button", { name: options.label }).click();
  const before = await reader.balances(player);
  const fromBlock = (await reader.provider.getBlockNumber()) + 1;
  const verdict = await playAndSettle(page, () => page.getByRole("button", { name: "START MATCH" }).click());
  expect(verdict).toEqual({ ok: true, text: expect.stringContaining("Verified") });
  const result = page.getByTestId("kickboxing-result");
  await result.waitFor({ timeout: SHORT_FIGHT_MS + 10_000 });

  const settled = await settledBetSince(reader.casino, player, fromBlock);
  const fight = fightFromWord(settled.random);
  // The screen lands on the engine's outcome of the settled word.
  expect(await result.getAttribute("data-winner")).toBe(fight.winner);
  expect(await result.getAttribute("data-end-reason")).toBe(fight.endReason);
  const after = await reader.balances(player);
  const stake = parseEther(options.stake);
  expect(settled.amount).toBe(stake);
  expect(after.vault[options.token] - before.vault[options.token]).toBe(settled.payout - stake + (options.token === "DEGEN" ? settled.jackpotWon : 0n));
  return { fight, banner: (await result.innerText()).replace(/\s+/g, " ") };
}

describe("kickboxing in web3 mode", () => {
  it("a DEGEN win and a BNB loss: settled on chain, verified, the fight ending on the settled outcome, the vault to the wei", async () => {
    const { page, player } = await openKickboxing(WINNER, "desktop");
    expect(await page.getByTestId("kickboxing-jackpot").innerText()).toMatch(/^Jackpot: [\d.]+[KM]?$/);

    await useClientSeed(page, await seedFor(player, "RED", "10", "RED"));
    const win = await playMatch(page, player, { token: "DEGEN", stake: "10", label: "Bet on Red x2.0" });
    expect(win.fight.winner).toBe("RED");
    expect(win.banner).toContain("RED WINS! Knockout Victory! You Won the Bet! +20.00 DEGEN (x2.0)");
    await screenshot(page, "kickboxing-web3-win-desktop", false);

    await page.getByRole("button", { name: "NEW MATCH" }).click();
    await useClientSeed(page, await seedFor(player, "BLUE", "0.01", "RED"));
    const loss = await playMatch(page, player, { token: "BNB", stake: "0.01", label: "Bet on Blue x2.0" });
    expect(loss.banner).toContain("RED WINS! Knockout Victory! You Lost the Bet!");
    expect(await page.getByTestId("kickboxing-payout").count()).toBe(0);
    await page.context().close();
  });

  it("a TIE bet pays only on a draw: a knockout loses it; SPEC's alerts against the vault, a wallet refusal a quiet cancel, the wrong network refused (phone)", async () => {
    const { page, player, wallet } = await openKickboxing(TIE_PLAYER, "phone");
    expect(await alertOf(page, () => page.getByRole("button", { name: "START MATCH" }).click())).toBe("Please select a bet option first (Red, Blue, or Tie)!");
    await page.getByRole("button", { name: "Bet on Tie x4.0" }).click();
    await page.getByTestId("bet-input").fill("2000");
    await page.getByTestId("bet-input").blur();
    expect(await alertOf(page, () => page.getByRole("button", { name: "START MATCH" }).click())).toBe(
      "Insufficient DEGEN balance! You have 1000.00 but need 2000.00",
    );

    await page.getByTestId("bet-input").fill("10");
    await page.getByTestId("bet-input").blur();

    // The Tie's chance beside its payout (engine KICKBOXING_CHANCES).
    expect(await page.getByTestId("kickboxing-chance-TIE").innerText()).toBe("Chance 2% · RTP 8%");
    const nonce = await reader.provider.getTransactionCount(player);

    // Refused in the wallet: back to idle, no error, nothing on chain.
    wallet.rejectNextRequest("eth_sendTransaction");
    await page.getByRole("button", { name: "START MATCH" }).click();
    await page.locator('[data-testid="bet-status"][data-stage="cancelled"]').waitFor();
    expect(await page.getByRole("button", { name: "START MATCH" }).isEnabled()).toBe(true);
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await reader.provider.getTransactionCount(player)).toBe(nonce);

    // The wallet on another chain: the lifecycle's sentence, and no transaction.
    await wallet.emitChainChanged(56);
    await page.getByTestId("wrong-network").waitFor();
    await page.getByRole("button", { name: "START MATCH" }).click();
    await page.locator('[data-testid="bet-status"][data-stage="failed"]').waitFor();
    expect(await page.getByTestId("bet-stage").innerText()).toMatch(/^Wrong network: switch your wallet to /);
    await wallet.emitChainChanged(31337);
    await page.getByTestId("wrong-network").waitFor({ state: "detached" });

    await useClientSeed(page, await seedFor(player, "TIE", "10", "BLUE"));
    const tie = await playMatch(page, player, { token: "DEGEN", stake: "10", label: "Bet on Tie x4.0" });
    expect(tie.banner).toContain("BLUE WINS! Knockout Victory! You Lost the Bet!");
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "kickboxing-web3-tie-phone");
    await page.context().close();
  });
});
