// Dice in web3 mode against the whole stack (issue #41): a bet from the wallet, placed on chain
// from the vault, settled by the server and verified in the browser; then one-click play, each roll
// relayed and settled in one transaction with no wallet request. The roll on screen is the engine's
// roll of the settled word, and the vault (a wallet roll) or the session's lane (a one-click roll)
// moves by exactly what the chain paid, to the wei.
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { GameType, decodeDiceParams, settleDice } from "../engine/src/index";
import { openPage, screenshot } from "./support/browser";
import { overflowing, useBrowser } from "./support/page";
import { settledBetSince } from "./support/settled-bet";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { connectOnGame, toastWith, type ChainReader } from "./support/wallet-app";
import { clientSeedFor, commitmentPosted, playAndSettle, playRelayed, turnOnOneClick, useClientSeed, useBnbPlayers } from "./support/web3-play";

const [WALLET_PLAYER, ONE_CLICK_PLAYER] = WALLET_ACCOUNTS_BY_FILE["dice-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
const STAKE = parseEther("0.01");
let reader: ChainReader;
useBnbPlayers([WALLET_PLAYER, ONE_CLICK_PLAYER], (opened) => (reader = opened));

/** A connected dice page on BNB, the player's commitment posted. */
async function openDice(account: number): Promise<{ page: Page; player: string; wallet: TestWallet }> {
  const page = await openPage(browser(), "phone");
  const wallet = await TestWallet.install(page, { account, rpcUrl });
  await connectOnGame(page, appUrl + "/dice");
  const player = getAddress(devAccount(account).address);
  await commitmentPosted(reader.casino, player);
  await page.getByTestId("token-switch-BNB").click();
  await page.getByTestId("bet-input").fill("0.01");
  await page.getByTestId("bet-input").blur();
  return { page, player, wallet };
}

async function chooseChance(page: Page, side: "UNDER" | "OVER", chance: string): Promise<void> {
  await page.getByTestId(`dice-side-${side}`).click();
  await page.getByTestId("dice-chance").fill(chance);
  await page.getByTestId("dice-chance").press("Enter");
}

describe("dice in web3 mode", () => {
  it("from the wallet: a win under 50.00 pays 1.96x and a loss over 90.00 takes the stake, each roll the settled word's, the vault to the wei", async () => {
    const { page, player } = await openDice(WALLET_PLAYER);
    await chooseChance(page, "UNDER", "50");
    expect(await page.getByTestId("dice-target").inputValue()).toBe("50.00");
    expect(await page.getByTestId("potential-win").innerText()).toBe("0.0196 BNB (1.96x)");

    await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player, (word) => settleDice("BNB", STAKE, 5_000n, word).outcome.won));
    let before = await reader.balances(player);
    let fromBlock = (await reader.provider.getBlockNumber()) + 1;
    expect(await playAndSettle(page, () => page.getByTestId("roll-button").click())).toEqual({ ok: true, text: expect.stringContaining("Verified") });
    expect(await toastWith(page, "YOU WON!")).toContain("Won 0.0196 BNB (1.96x)");
    let settled = await settledBetSince(reader.casino, player, fromBlock);
    expect(decodeDiceParams(settled.params)).toEqual({ target: 5_000, side: "UNDER" });
    const win = settleDice("BNB", STAKE, settled.params, settled.random);
    await page.locator(`[data-testid="dice-result"][data-roll="${win.outcome.roll}"]`).waitFor();
    expect(settled.payout).toBe((STAKE * 9_800n) / 5_000n);
    expect((await reader.balances(player)).vault.BNB - before.vault.BNB).toBe(settled.payout - STAKE);

    // Roll over 90.00 wins on 90.01–99.99 (9.99 %); a word that rolls at most 90.00 loses it.
    await chooseChance(page, "OVER", "9.99");
    expect(await page.getByTestId("dice-target").inputValue()).toBe("90.00");
    const over = (1n << 14n) | 9_000n;
    await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player, (word) => !settleDice("BNB", STAKE, over, word).outcome.won));
    before = await reader.balances(player);
    fromBlock = (await reader.provider.getBlockNumber()) + 1;
    expect((await playAndSettle(page, () => page.getByTestId("roll-button").click())).ok).toBe(true);
    expect(await toastWith(page, "Better Luck Next Time")).toContain("Lost 0.0100 BNB");
    settled = await settledBetSince(reader.casino, player, fromBlock);
    expect(settled.params).toBe(over);
    expect(settled.payout).toBe(0n);
    expect((await reader.balances(player)).vault.BNB - before.vault.BNB).toBe(-STAKE);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "dice-web3-loss-phone");
    await page.context().close();
  });

  it("with one-click play: one signature, then 4 rolls relayed and settled in one transaction each, no wallet request, the session's funds to the wei and the vault untouched", async () => {
    const { page, player, wallet } = await openDice(ONE_CLICK_PLAYER);
    await turnOnOneClick(page, { screenshotAs: "dice-one-click-dialog-phone" });
    await chooseChance(page, "UNDER", "33.33");
    const before = await reader.balances(player);
    const { fromBlock: firstBlock, bets } = await playRelayed(page, wallet, reader, player, () => page.getByTestId("roll-button").click(), 4);
    let net = 0n;
    for (const bet of bets) {
      expect({ gameType: bet.gameType, params: bet.params }).toEqual({ gameType: GameType.DICE, params: 3_333n });
      expect(bet.payout).toBe(settleDice("BNB", bet.amount, bet.params, bet.random).payout);
      net += bet.payout - bet.amount;
    }
    expect((await reader.ownTransactions(player, firstBlock - 1)).receipts).toEqual([]);
    // A one-click bet stakes from the session's lane and pays into it: the vault is not touched.
    const after = await reader.balances(player);
    expect(after.lanes.BNB - before.lanes.BNB).toBe(net);
    expect(after.vault.BNB).toBe(before.vault.BNB);
    expect(await page.getByTestId("roll-history-entry").count()).toBe(4);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "dice-one-click-phone");
    await page.context().close();
  });
});
