// Plinko in web3 mode against the whole stack (issue #41): a drop from the wallet, placed on chain
// from the vault, settled by the server and verified in the browser; then one-click play on the same
// page, each drop relayed and settled in one transaction with no wallet request. The slot on screen
// is the engine's slot of the settled word, and the vault (a wallet drop) or the session's lane (a
// one-click drop) moves by exactly what the chain paid.
import { getAddress, parseEther } from "ethers";
import { describe, expect, inject, it } from "vitest";
import { GameType, decodePlinkoParams, encodePlinkoParams, plinkoMultiplier, settlePlinko } from "../engine/src/index";
import { openPage, screenshot } from "./support/browser";
import { overflowing, useBrowser } from "./support/page";
import { settledBetSince } from "./support/settled-bet";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { connectOnGame, toastWith, type ChainReader } from "./support/wallet-app";
import { clientSeedFor, commitmentPosted, playAndSettle, playRelayed, turnOnOneClick, useClientSeed, useBnbPlayers } from "./support/web3-play";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["plinko-web3.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const masterSecret = inject("masterSecret");
const browser = useBrowser();
const STAKE = parseEther("0.01");
let reader: ChainReader;
useBnbPlayers([PLAYER], (opened) => (reader = opened));

describe("plinko in web3 mode", () => {
  it("a winning drop from the wallet, then 3 one-click drops with no wallet request: each slot the settled word's, the vault and the session's funds to the wei", async () => {
    const page = await openPage(browser(), "phone");
    const wallet = await TestWallet.install(page, { account: PLAYER, rpcUrl });
    await connectOnGame(page, appUrl + "/plinko");
    const player = getAddress(devAccount(PLAYER).address);
    await commitmentPosted(reader.casino, player);
    await page.getByTestId("token-switch-BNB").click();
    await page.getByTestId("bet-input").fill("0.01");
    await page.getByTestId("bet-input").blur();

    // From the wallet: 12 rows at medium risk, a word whose slot pays more than the stake.
    const bet = { rows: 12, risk: "MEDIUM" } as const;
    await page.getByTestId("plinko-rows").fill("12");
    await page.getByTestId("plinko-risk-MEDIUM").click();
    const params = encodePlinkoParams(bet);
    await useClientSeed(page, await clientSeedFor(reader.casino, masterSecret, player, (word) => settlePlinko("BNB", STAKE, params, word).payout > STAKE));
    let before = await reader.balances(player);
    const fromBlock = (await reader.provider.getBlockNumber()) + 1;
    expect(await playAndSettle(page, () => page.getByTestId("drop-button").click())).toEqual({ ok: true, text: expect.stringContaining("Verified") });
    const settled = await settledBetSince(reader.casino, player, fromBlock);
    expect(decodePlinkoParams(settled.params)).toEqual(bet);
    const drop = settlePlinko("BNB", STAKE, settled.params, settled.random);
    expect(settled.payout).toBe(drop.payout);
    const { num, den } = plinkoMultiplier("BNB", bet, drop.outcome.slot);
    expect(settled.payout).toBe((STAKE * num) / den);
    await page.locator(`[data-testid="plinko-result"][data-slot="${drop.outcome.slot}"]`).waitFor();
    expect(await toastWith(page, "YOU WON!")).toContain(`BNB (${Number((Number(num) / Number(den)).toFixed(4))}x)`);
    expect((await reader.balances(player)).vault.BNB - before.vault.BNB).toBe(settled.payout - STAKE);

    // One-click: one signature, then 3 drops at 16 rows, high risk.
    await turnOnOneClick(page);
    await page.getByTestId("plinko-rows").fill("16");
    await page.getByTestId("plinko-risk-HIGH").click();
    before = await reader.balances(player);
    const { fromBlock: firstBlock, bets } = await playRelayed(page, wallet, reader, player, () => page.getByTestId("drop-button").click(), 3);
    let net = 0n;
    for (const bet of bets) {
      expect({ gameType: bet.gameType, params: bet.params }).toEqual({ gameType: GameType.PLINKO, params: 0x210n });
      expect(bet.payout).toBe(settlePlinko("BNB", bet.amount, bet.params, bet.random).payout);
      net += bet.payout - bet.amount;
    }
    expect((await reader.ownTransactions(player, firstBlock - 1)).receipts).toEqual([]);
    // A one-click bet stakes from the session's lane and pays into it: the vault is not touched.
    const after = await reader.balances(player);
    expect(after.lanes.BNB - before.lanes.BNB).toBe(net);
    expect(after.vault.BNB).toBe(before.vault.BNB);
    // The last drop joins the history once its ball has landed, 17 rows of fall after its verdict.
    await expect.poll(() => page.getByTestId("drop-history-entry").count()).toBe(4);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "plinko-one-click-phone");
    await page.context().close();
  });
});
