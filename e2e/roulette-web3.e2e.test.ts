// The wheel in web3 mode against the whole stack (issue #14): the bet placed on chain from the
// vault, settled by the server, read from the chain's events and verified in the browser; the
// wheel lands on the settled segment and the vault moves by exactly payout − stake.
import { getAddress, parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { settleWheel } from "../engine/src/index";
import { openPage, screenshot } from "./support/browser";
import { useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame, toastWith } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["roulette-web3.e2e.test.ts"];
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

/** The jackpot a settled bet won, from its JackpotWon (rare at these stakes, but counted to the wei). */
async function jackpotWonBy(fromBlock: number): Promise<bigint> {
  const logs = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock);
  return logs.reduce((sum, log) => sum + log.args.amount, 0n);
}

describe("the wheel in web3 mode", () => {
  it("a DEGEN win and a BNB loss: settled on chain, verified, the wheel on the settled segment, the vault to the wei", async () => {
    const page = await openPage(browser());
    await TestWallet.install(page, { account: PLAYER, rpcUrl });
    await connectOnGame(page, appUrl + "/roulette");
    await commitmentPosted(reader.casino, player);

    // A win on gold alone (segment 0): 10 DEGEN pays 10.2x = 102 DEGEN.
    const win = await clientSeedFor(reader.casino, masterSecret, player, (word) => settleWheel("DEGEN", parseEther("10"), 1n, word).outcome.segment === 0);
    await useClientSeed(page, win);
    await page.getByTestId("colour-gold").click();
    await page.getByTestId("bet-input").fill("10");
    await page.getByTestId("bet-input").blur();
    const before = await reader.balances(player);
    const fromBlock = await reader.provider.getBlockNumber();
    const verdict = await playAndSettle(page, () => page.getByTestId("spin-button").click());
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.text).toContain("Verified");
    expect(await toastWith(page, "YOU WON!")).toContain("Won 102.00 DEGEN (10.2x)");
    expect(await page.getByTestId("wheel-result").getAttribute("data-segment")).toBe("0");
    const after = await reader.balances(player);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(parseEther("102") - parseEther("10") + (await jackpotWonBy(fromBlock)));
    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock);
    expect(placed!.args.clientSeed).toBe(win.toLowerCase());
    expect(placed!.args.token).toBe(await reader.casino.degen());
    await screenshot(page, "roulette-web3-win", false);

    // A loss in BNB: the vault gives the stake, nothing comes back.
    const loss = await clientSeedFor(reader.casino, masterSecret, player, (word) => settleWheel("BNB", parseEther("0.01"), 1n, word).outcome.segment !== 0);
    await useClientSeed(page, loss);
    await page.getByTestId("token-switch-BNB").click();
    await page.getByTestId("bet-input").fill("0.01");
    await page.getByTestId("bet-input").blur();
    const beforeLoss = await reader.balances(player);
    expect((await playAndSettle(page, () => page.getByTestId("spin-button").click())).ok).toBe(true);
    expect(await toastWith(page, "Better Luck Next Time")).toContain("Lost 0.0100 BNB");
    const afterLoss = await reader.balances(player);
    expect(afterLoss.vault.BNB - beforeLoss.vault.BNB).toBe(-parseEther("0.01"));
    expect(afterLoss.vault.DEGEN).toBe(beforeLoss.vault.DEGEN);
    await page.context().close();
  });
});
