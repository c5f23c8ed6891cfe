// Mines in web3 mode against the whole stack (issue #41): a round placed from the wallet, each
// reveal and the cash-out signed by the key the wallet named for the bet, settled through
// CasinoSessions with that log; a bust; then one-click play, the round placed from the session
// and played with no wallet request. What the chain paid is the engine's for the settled word and
// the published log, and the vault (a wallet round) or the session's lane (a one-click round)
// moves by exactly that, to the wei.
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { GameType, minesPayout, settleMines, startMines } from "../engine/src/index";
import { CasinoSessions__factory } from "../typechain-types/factories/contracts/CasinoSessions__factory";
import { openPage, screenshot } from "./support/browser";
import { overflowing, useBrowser } from "./support/page";
import { settledBetSince } from "./support/settled-bet";
import { asking, devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { connectOnGame, toastWith, type ChainReader } from "./support/wallet-app";
import { clientSeedFor, commitmentPosted, playAndSettle, turnOnOneClick, useClientSeed, useLaneSeedFor, useBnbPlayers } from "./support/web3-play";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["mines-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
const STAKE = parseEther("0.01");
let reader: ChainReader;
useBnbPlayers([PLAYER], (opened) => (reader = opened));

const player = () => getAddress(devAccount(PLAYER).address);
/** The word's layout leaves every one of `tiles` safe. */
const safeAt = (mines: number, tiles: number[]) => (word: string) => tiles.every((tile) => !startMines(word, STAKE, "BNB", mines).mineTiles.includes(tile));

async function chooseMines(page: Page, mines: number) {
  await page.getByTestId("mines-count").selectOption(String(mines));
}

/** Starts a round and reveals `tiles` in order, each shown before the next; then cashes out unless told not to. */
async function playRound(page: Page, tiles: number[], cashOut: boolean) {
  await page.getByTestId("mines-start-button").click();
  for (const tile of tiles) {
    await page.locator(`[data-testid="mines-tile-${tile}"][data-state="hidden"]:enabled`).click({ timeout: 30_000 });
    await page.locator(`[data-testid="mines-tile-${tile}"]:not([data-state="hidden"])`).waitFor();
  }
  if (cashOut) await page.getByTestId("mines-cashout-button").click();
}

/** The settlement transaction went to CasinoSessions (a signed log), and the log it carried. */
async function settledLog(betId: bigint, fromBlock: number) {
  const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(betId), fromBlock);
  const tx = await reader.provider.getTransaction(settled!.transactionHash);
  const call = CasinoSessions__factory.createInterface().parseTransaction(tx!)!;
  return { to: getAddress(tx!.to!), method: call.name, log: Buffer.from(call.args[2].slice(2), "hex").toString("ascii"), seed: settled!.args.seed };
}

describe("mines in web3 mode", () => {
  it("from the wallet a cash-out after two safe tiles and a bust, then a one-click round with no wallet request: each settled with the signed log, the vault to the wei", async () => {
    const page = await openPage(browser(), "phone");
    const wallet = await TestWallet.install(page, { account: PLAYER, rpcUrl });
    await connectOnGame(page, appUrl + "/mines");
    await commitmentPosted(reader.casino, player());
    await page.getByTestId("token-switch-BNB").click();
    await page.getByTestId("bet-input").fill("0.01");
    await page.getByTestId("bet-input").blur();

    // From the wallet: 3 mines, tiles 0 and 1 safe, then a cash-out at 1.02... × 25·24 ÷ (22·21).
    await chooseMines(page, 3);
    await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player(), safeAt(3, [0, 1])));
    let before = await reader.balances(player());
    let fromBlock = (await reader.provider.getBlockNumber()) + 1;
    expect(await playAndSettle(page, () => playRound(page, [0, 1], true))).toEqual({ ok: true, text: expect.stringContaining("Verified") });
    const cashedOut = await settledBetSince(reader.casino, player(), fromBlock);
    expect(cashedOut.params).toBe(3n);
    const settlement = await settledLog(cashedOut.betId, fromBlock);
    expect(settlement).toMatchObject({ to: getAddress(reader.config.contracts.CasinoSessions), method: "settle", log: "abC" });
    expect(cashedOut.payout).toBe(minesPayout("BNB", STAKE, 3, 2));
    expect(cashedOut.payout).toBe(settleMines("BNB", STAKE, 3n, cashedOut.random, "abC").payout);
    expect((await reader.balances(player())).vault.BNB - before.vault.BNB).toBe(cashedOut.payout - STAKE);
    expect(await toastWith(page, "YOU WON!")).toContain("BNB (1.2727x)");
    // The round over, its mines are shown where the settled word put them.
    for (const tile of startMines(cashedOut.random, STAKE, "BNB", 3).mineTiles) {
      expect(await page.getByTestId(`mines-tile-${tile}`).getAttribute("data-state")).toBe("mine");
    }
    await screenshot(page, "mines-web3-cashed-out-phone");

    // A bust: 5 mines, tile 0 one of them.
    await chooseMines(page, 5);
    await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player(), (word) => startMines(word, STAKE, "BNB", 5).mineTiles.includes(0)));
    before = await reader.balances(player());
    fromBlock = (await reader.provider.getBlockNumber()) + 1;
    expect((await playAndSettle(page, () => playRound(page, [0], false))).ok).toBe(true);
    const bust = await settledBetSince(reader.casino, player(), fromBlock);
    expect(await settledLog(bust.betId, fromBlock)).toMatchObject({ log: "a" });
    expect(bust.payout).toBe(0n);
    expect((await reader.balances(player())).vault.BNB - before.vault.BNB).toBe(-STAKE);
    expect(await page.getByTestId("mines-tile-0").getAttribute("data-state")).toBe("mine");
    expect(await toastWith(page, "Better Luck Next Time")).toContain("Lost 0.0100 BNB");

    // One-click: one signature, then a round of 5 mines placed from the session, three safe tiles and a cash-out.
    await turnOnOneClick(page);
    const laneSeed = await useLaneSeedFor(page, reader.casino, masterSecret, player(), safeAt(5, [6, 12, 18]));
    const asked = asking(wallet.requests).length;
    before = await reader.balances(player());
    fromBlock = (await reader.provider.getBlockNumber()) + 1;
    expect((await playAndSettle(page, () => playRound(page, [6, 12, 18], true))).ok).toBe(true);
    expect(asking(wallet.requests).slice(asked)).toEqual([]);
    const oneClick = await settledBetSince(reader.casino, player(), fromBlock);
    expect(await settledLog(oneClick.betId, fromBlock)).toMatchObject({ log: "gmsC", seed: laneSeed, method: "settle" });
    expect(oneClick.payout).toBe(minesPayout("BNB", STAKE, 5, 3));
    // Staked from the session's lane and paid into it: the vault is not touched.
    const after = await reader.balances(player());
    expect(after.lanes.BNB - before.lanes.BNB).toBe(oneClick.payout - STAKE);
    expect(after.vault.BNB).toBe(before.vault.BNB);
    expect((await reader.ownTransactions(player(), fromBlock - 1)).receipts).toEqual([]);
    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(oneClick.betId), fromBlock);
    expect(Number(placed!.args.gameType)).toBe(GameType.MINES);
    // Placed by CasinoSessions.place from the session (the server sends it), not by the player.
    expect(getAddress((await reader.provider.getTransaction(placed!.transactionHash))!.to!)).toBe(getAddress(reader.config.contracts.CasinoSessions));
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "mines-one-click-phone");
    await page.context().close();
  });
});
