// Never stuck, and the jackpot, in web3 mode against a stack of this file's own (issue #14): a
// bet the house does not settle is said to be late, then claimed back by its player at its
// maximum payout once its settle window has passed; a late DEGEN bet is told that its jackpot draw
// goes void unless locked, and offered the lock: its claim, once the EVM has forgotten the bet's
// block hash and nobody locked it, draws void (no win; the bankroll pays the draw's fair value into
// the pool: issue #37 item 6), and a bet the player locked draws on its locked hash; a settled bet
// that hits the jackpot is celebrated with the amount the chain paid. Money is checked on chain to
// the wei.
//
// The stack is private because these tests hold the settler back, move the chain's clock and
// change the jackpot terms: the shared stack of global-setup (and e2e/verify-chain, which audits
// it) must not see any of that. It starts with SETTLER=paused (the server posts commitments but
// settles nothing) and restarts its server with SETTLER=on for the jackpot hit.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatEther, getAddress, parseEther, toQuantity, ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { encodeWheelParams, GameType, JACKPOT, jackpotFairValue, jackpotPrizeOf, jackpotRoll, settleWheel, unpackTerms } from "../engine/src/index";
import { startStack, type Stack } from "../scripts/stack";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { setBet, useBrowser } from "./support/page";
import { settledBetSince } from "./support/settled-bet";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { clientSeedFor, commitmentPosted, useClientSeed } from "./support/web3-play";

const ROOT = path.resolve(__dirname, "..");
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 18000);
// global-setup's shared stack takes base + 545 / 1 / 173; this one the same offsets 100 higher.
const PORTS = { chain: PORT_BASE + 645, server: PORT_BASE + 101, frontend: PORT_BASE + 273 };
const [LATE_PLAYER, JACKPOT_PLAYER] = WALLET_ACCOUNTS_BY_FILE["late-settlement-and-jackpot.e2e.test.ts"];
const masterSecret = inject("masterSecret");
const browser = useBrowser();

/** The most the owner may set (Casino.MAX_JACKPOT_EDGE_BPS) and the least share of the pool a hit wins. */
const JACKPOT_EDGE_BPS = 200n;
const JACKPOT_SHARE_BPS = 1n;
/** A stake whose odds reach 1 under those terms: stake × 2 % ≥ 0.01 % of the 1.2M pool (120 DEGEN), which it then wins. */
const SURE_HIT_STAKE = parseEther("10000");
/** bet-store.ts: late after 20 blocks. */
const LATE_AFTER_BLOCKS = 20;
/** The EVM shows a block's hash for 256 blocks (Hardhat has no EIP-2935 history contract). */
const BLOCKHASH_WINDOW = 256;
/** late-settlement.tsx: what a late DEGEN bet's notice says of its jackpot draw, before and after it is locked. */
const UNLOCKED_DRAW_SENTENCE =
  "Your jackpot draw reads your bet block's hash, which the chain keeps only for a while. Lock it now to keep your draw: otherwise, settled or claimed after that hash is gone, the draw is void. It then wins nothing, and the house pays its fair value into the jackpot pool.";
const LOCKED_DRAW_SENTENCE = "Your jackpot draw is locked: it is drawn from your bet block's hash however late the bet is settled or claimed.";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let stack: Stack;
let dataDir: string;
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "degen-e2e-late-"));
  stack = await startStack({
    ports: PORTS,
    frontend: "preview",
    previewDir: inject("appBuildDir"),
    logs: path.join(ROOT, "e2e/logs", `${PORT_BASE}-late-settlement`),
    serverEnv: { DATA_DIR: path.join(dataDir, "db"), MASTER_SECRET: masterSecret, SETTLER: "paused" },
  });
  reader = await chainReader(stack.rpcUrl, stack.apiUrl);
  await depositFromNode(reader.provider, reader.casino, LATE_PLAYER, { DEGEN: parseEther("20000"), BNB: parseEther("1") });
  await depositFromNode(reader.provider, reader.casino, JACKPOT_PLAYER, { DEGEN: parseEther("20000") });
}, 180_000);

afterAll(async () => {
  reader?.provider.destroy();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const addressOf = (account: number) => getAddress(devAccount(account).address);
const mine = (blocks: number) => reader.provider.send("hardhat_mine", [toQuantity(blocks)]);

/** Moves the chain's clock past a settle window and mines a block at the new time. */
async function passSettleWindow(): Promise<void> {
  await reader.provider.send("evm_increaseTime", [Number(await reader.casino.settleWindow()) + 1]);
  await reader.provider.send("evm_mine", []);
}

/** The owner (the deployer, Hardhat account #0, unlocked on the node) sets terms under which a SURE_HIT_STAKE bet hits for sure. */
async function sureHitJackpotTerms(): Promise<void> {
  const owner = await reader.provider.getSigner(0);
  expect(owner.address).toBe(await reader.casino.owner());
  await (await reader.casino.connect(owner).setJackpotTerms(JACKPOT_EDGE_BPS, JACKPOT_SHARE_BPS)).wait();
  expect(await reader.casino.jackpotTerms()).toEqual([JACKPOT_EDGE_BPS, JACKPOT_SHARE_BPS]);
}

/** The wheel page of the private stack, connected with the test wallet, the player's commitment posted. */
async function wheelPage(account: number, viewport: keyof typeof VIEWPORTS = "desktop"): Promise<{ page: Page; wallet: TestWallet }> {
  const page = await openPage(browser(), viewport);
  const wallet = await TestWallet.install(page, { account, rpcUrl: stack.rpcUrl });
  await connectOnGame(page, stack.appUrl + "/roulette");
  await commitmentPosted(reader.casino, addressOf(account));
  return { page, wallet };
}

/** Clicks SPIN and returns the bet it placed, once the page waits for its settlement. */
async function spinOnChain(page: Page, player: string) {
  const fromBlock = await reader.provider.getBlockNumber();
  await page.getByTestId("spin-button").click();
  await page.locator('[data-testid="bet-status"][data-stage="settling"]').waitFor();
  const placed = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock + 1);
  expect(placed).toHaveLength(1);
  const { betId, token, amount, terms, jackpotOdds, jackpotPrize } = placed[0]!.args;
  return { betId, token, amount, terms, jackpotOdds, jackpotPrize, block: placed[0]!.blockNumber };
}

/** Clicks a button of the late-settlement panel and approves the transaction it asks the wallet for; returns the call. */
async function confirmInWallet(page: Page, wallet: TestWallet, button: string) {
  const held = wallet.holdNextRequest("eth_sendTransaction");
  await page.getByTestId(button).click();
  const request = await held.arrived;
  held.approve();
  const [transaction] = request.params as [{ to: string; data: string }];
  expect(getAddress(transaction.to)).toBe(await reader.casino.getAddress());
  return reader.casino.interface.parseTransaction({ data: transaction.data })!;
}

/** The late-settlement panel's sentence, once it says `contains`. */
async function lateSentence(page: Page, contains: string): Promise<string> {
  const panel = page.getByTestId("late-settlement").filter({ hasText: contains });
  await panel.waitFor();
  return (await panel.locator("p").first().innerText()).trim();
}

/** Screenshots of what the viewport shows around `testId`, on a desktop and on a phone. */
async function screenshotsOf(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-desktop`, false);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-phone`, false);
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe("never stuck: a bet the house does not settle (SETTLER=paused)", () => {
  it("a late BNB bet is said to be late, then claimed back at its maximum payout once its settle window has passed; the vault to the wei", async () => {
    const player = addressOf(LATE_PLAYER);
    const { page, wallet } = await wheelPage(LATE_PLAYER);
    await page.getByTestId("token-switch-BNB").click();
    await page.getByTestId("colour-gold").click();
    await setBet(page, "0.01");
    const stake = parseEther("0.01");
    const before = await reader.balances(player);

    const bet = await spinOnChain(page, player);
    expect(bet.token).toBe(ZeroAddress);
    // What the bet reserves of the house's BNB: its maximum payout, 9.8x (docs/product.md: BNB pays 0.98 × 10 for one colour).
    const bound = await reader.casino.reservedBy(player, ZeroAddress);
    expect(bound).toBe(parseEther("0.098"));
    expect(bound).toBe(await reader.casino.maxPayout(ZeroAddress, GameType.WHEEL, encodeWheelParams([0]), stake, false));

    await mine(LATE_AFTER_BLOCKS);
    const { claimableAt } = await reader.casino.getBet(bet.betId);
    const deadline = (await page.evaluate((seconds) => new Date(seconds * 1000).toLocaleTimeString(), Number(claimableAt))).replace(/[.]/g, "\\.");
    expect(await lateSentence(page, "late")).toMatch(
      new RegExp(
        `^The settlement is late: \\d+ blocks since your bet\\. Your stake is safe in the Casino contract\\. If it is not settled by ${deadline}, you can claim your bet back at its maximum payout\\.$`,
      ),
    );
    expect(await page.getByTestId("claim-bet").count()).toBe(0);

    await passSettleWindow();
    expect(await lateSentence(page, "settle window has passed")).toMatch(
      /^The settlement is late: \d+ blocks since your bet\. Your stake is safe in the Casino contract\. Its settle window has passed: you can claim your bet back now, at its maximum payout\.$/,
    );
    await page.getByTestId("claim-bet").waitFor();
    await screenshotsOf(page, "late-settlement", "late-settlement-claim");

    const call = await confirmInWallet(page, wallet, "claim-bet");
    expect(call.name).toBe("claimExpired");
    expect(call.args[0]).toBe(bet.betId);
    const result = page.locator(`[data-testid="bet-status"][data-stage="result"]`);
    await result.waitFor();
    expect(await result.getByTestId("bet-verdict").getAttribute("data-ok")).toBe("true");
    expect(await result.getByTestId("bet-stage").innerText()).toBe("Claimed back at its maximum payout: 0.0980 BNB");

    const claims = await reader.casino.queryFilter(reader.casino.filters.ExpiredBetClaimed(bet.betId), bet.block);
    expect(claims).toHaveLength(1);
    expect(claims[0]!.args.player).toBe(player);
    expect(claims[0]!.args.payout).toBe(bound);
    const after = await reader.balances(player);
    expect(after.vault.BNB - before.vault.BNB).toBe(bound - stake);
    expect(await reader.casino.reservedBy(player, ZeroAddress)).toBe(0n);
    await page.context().close();
  });

  it("a late DEGEN bet's claim, made after the EVM forgot its block's hash and nobody locked it, draws void: no win, the bankroll pays its fair value into the pool", async () => {
    await sureHitJackpotTerms();
    const player = addressOf(LATE_PLAYER);
    const { page, wallet } = await wheelPage(LATE_PLAYER);
    await page.getByTestId("colour-gold").click();
    // 100 DEGEN at edge 2 % against a prize of 120 (0.01 % of the pool): odds of 1 in 60, a fair value of 2 DEGEN.
    const stake = parseEther("100");
    await setBet(page, formatEther(stake));
    const before = await reader.balances(player);
    const poolBefore = await reader.casino.jackpotPool();

    const bet = await spinOnChain(page, player);
    expect(bet.amount).toBe(stake);
    // Placed under the terms just set: the page asks for them with each bet.
    expect(unpackTerms(bet.terms)).toMatchObject({ jackpotEdgeBps: Number(JACKPOT_EDGE_BPS), jackpotShareBps: Number(JACKPOT_SHARE_BPS) });
    expect(bet.jackpotPrize).toBe(jackpotPrizeOf(poolBefore, JACKPOT_SHARE_BPS));
    expect(bet.jackpotOdds).toBe(JACKPOT.ODDS_ONE / 60n);
    const bound = await reader.casino.reservedBy(player, await reader.casino.degen());
    expect(bound).toBe(parseEther("1020")); // 10.2x

    await mine(LATE_AFTER_BLOCKS);
    expect(await lateSentence(page, "jackpot draw")).toMatch(
      new RegExp(
        `Your stake is safe in the Casino contract\\. If it is not settled by .*, you can claim your bet back at its maximum payout\\. ${escaped(UNLOCKED_DRAW_SENTENCE)}$`,
      ),
    );
    expect(await page.getByTestId("lock-jackpot-draw").innerText()).toBe("Lock my jackpot draw");
    await screenshotsOf(page, "late-settlement", "late-settlement-jackpot-lock");

    // Past the blocks the EVM shows a hash for, and nobody (the settler is paused, the player did not lock it) locked it.
    await mine(BLOCKHASH_WINDOW + 1);
    await passSettleWindow();
    await page.getByTestId("claim-bet").waitFor();
    const degen = await reader.casino.degen();
    const [bankrollBefore] = await reader.casino.house(degen);
    const poolBeforeClaim = await reader.casino.jackpotPool();
    expect((await confirmInWallet(page, wallet, "claim-bet")).name).toBe("claimExpired");
    const result = page.locator(`[data-testid="bet-status"][data-stage="result"]`);
    await result.waitFor();
    expect(await result.getByTestId("bet-verdict").getAttribute("data-ok")).toBe("true");
    expect(await result.getByTestId("bet-stage").innerText()).toBe("Claimed back at its maximum payout: 1020.00 DEGEN");

    const [claim] = await reader.casino.queryFilter(reader.casino.filters.ExpiredBetClaimed(bet.betId), bet.block);
    expect(claim!.args.payout).toBe(bound);
    const claimBlock = claim!.blockNumber;
    expect(claimBlock - bet.block).toBeGreaterThan(BLOCKHASH_WINDOW);
    expect(await reader.casino.queryFilter(reader.casino.filters.JackpotEntropyLocked(bet.betId), bet.block)).toHaveLength(0);
    // Issue #37 item 6: void, the draw wins nothing (a 1 DEGEN bet once won the whole prize this way).
    const [draw] = await reader.casino.queryFilter(reader.casino.filters.JackpotDrawn(bet.betId), claimBlock, claimBlock);
    expect(bet.jackpotPrize).toBe(parseEther("120"));
    expect(BigInt(draw!.args.entropy)).toBe(0n); // void: the hash is gone
    expect(draw!.args.hit).toBe(false);
    expect(draw!.args.prize).toBe(0n);
    expect(await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), claimBlock, claimBlock)).toHaveLength(0);
    // The bankroll pays the draw's fair value, prize × odds / 2^47, into the pool: withholding the draw costs the house its expected value.
    const fairValue = jackpotFairValue(bet.jackpotPrize, bet.jackpotOdds);
    expect(fairValue).toBe((parseEther("120") * (JACKPOT.ODDS_ONE / 60n)) / JACKPOT.ODDS_ONE);
    const funded = await reader.casino.queryFilter(reader.casino.filters.JackpotFunded(await reader.casino.getAddress()), claimBlock, claimBlock);
    expect(funded.map((log) => log.args.amount)).toEqual([fairValue]);
    expect((await reader.casino.jackpotPool()) - poolBeforeClaim).toBe(fairValue);
    const [bankrollAfter] = await reader.casino.house(degen);
    expect(bankrollAfter - bankrollBefore).toBe(stake - bound - fairValue);
    const after = await reader.balances(player);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(bound - stake);
    expect(await page.getByTestId("jackpot-celebration").count()).toBe(0);
    await page.context().close();
  });

  it("a second late DEGEN bet's notice locks its jackpot draw from the wallet: the claim after the hash is gone draws on the locked hash", async () => {
    const player = addressOf(LATE_PLAYER);
    const { page, wallet } = await wheelPage(LATE_PLAYER);
    await page.getByTestId("colour-gold").click();
    const stake = parseEther("100");
    await setBet(page, formatEther(stake));
    const bet = await spinOnChain(page, player);
    expect(bet.jackpotOdds).toBeGreaterThan(0n);

    await mine(LATE_AFTER_BLOCKS);
    await lateSentence(page, "Lock it now");
    const call = await confirmInWallet(page, wallet, "lock-jackpot-draw");
    expect(call.name).toBe("lockJackpotEntropy");
    expect(call.args[0]).toEqual([bet.betId]);
    expect(await lateSentence(page, "is locked")).toMatch(new RegExp(`${escaped(LOCKED_DRAW_SENTENCE)}$`));
    expect(await page.getByTestId("lock-jackpot-draw").count()).toBe(0);
    await screenshotsOf(page, "late-settlement", "late-settlement-jackpot-locked");
    const [locked] = await reader.casino.queryFilter(reader.casino.filters.JackpotEntropyLocked(bet.betId), bet.block);
    const blockHash = (await reader.provider.getBlock(bet.block))!.hash!;
    expect(locked!.args.entropy).toBe(blockHash);

    // The hash gone from the EVM, the claim still draws on it: no void draw, nothing funded by the bankroll.
    await mine(BLOCKHASH_WINDOW + 1);
    await passSettleWindow();
    await page.getByTestId("claim-bet").waitFor();
    const before = await reader.balances(player);
    expect((await confirmInWallet(page, wallet, "claim-bet")).name).toBe("claimExpired");
    const result = page.locator(`[data-testid="bet-status"][data-stage="result"]`);
    await result.waitFor();
    expect(await result.getByTestId("bet-verdict").getAttribute("data-ok")).toBe("true");
    const [claim] = await reader.casino.queryFilter(reader.casino.filters.ExpiredBetClaimed(bet.betId), bet.block);
    const claimBlock = claim!.blockNumber;
    expect(claimBlock - bet.block).toBeGreaterThan(BLOCKHASH_WINDOW);
    expect(await reader.casino.queryFilter(reader.casino.filters.JackpotFunded(await reader.casino.getAddress()), claimBlock, claimBlock)).toHaveLength(0);
    const hit = jackpotRoll(await reader.casino.getAddress(), bet.betId, blockHash) < bet.jackpotOdds;
    const drawn = await reader.casino.queryFilter(reader.casino.filters.JackpotDrawn(bet.betId), claimBlock, claimBlock);
    expect(drawn.map((log) => [log.args.entropy, log.args.hit])).toEqual(hit ? [[blockHash, true]] : []);
    const won = hit ? drawn[0]!.args.prize : 0n;
    const after = await reader.balances(player);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(claim!.args.payout + won);
    await page.context().close();
  });
});

describe("the jackpot hit of a settled bet (SETTLER=on)", () => {
  it("JackpotWon pays the player; the celebration shows its amount with confetti; the pool shown is the chain's; the vault to the wei", async () => {
    await stack.restartServer({ SETTLER: "on" });
    await sureHitJackpotTerms();
    const player = addressOf(JACKPOT_PLAYER);
    const { page } = await wheelPage(JACKPOT_PLAYER);
    const params = encodeWheelParams([0]);
    // A win on gold, so that the payout is known here from the engine: 10.2x.
    const win = await clientSeedFor(reader.casino, masterSecret, player, (word) => settleWheel("DEGEN", SURE_HIT_STAKE, params, word).outcome.won);
    await useClientSeed(page, win);
    await page.getByTestId("colour-gold").click();
    await setBet(page, formatEther(SURE_HIT_STAKE));
    const before = await reader.balances(player);
    const poolBefore = await reader.casino.jackpotPool();
    // The share of the pool published when the bet is placed (0.01 %), not stake × edge (200): about
    // 120 DEGEN, the pool as seeded plus what the tests before put in or won (a void draw's fair
    // value in, the locked bet's 1-in-60 hit out).
    const prize = jackpotPrizeOf(poolBefore, JACKPOT_SHARE_BPS);
    expect(Number(formatEther(prize))).toBeCloseTo(120, 0);
    const fromBlock = await reader.provider.getBlockNumber();

    await page.getByTestId("spin-button").click();
    const celebration = page.getByTestId("jackpot-celebration");
    await celebration.waitFor({ timeout: 60_000 });
    // The banner shows for 6 s (jackpot-celebration.tsx): its text is read the moment it is up, as
    // the chain checks below can outlast it on a loaded machine; then the pictures, once confetti
    // is falling through the screen.
    expect((await celebration.innerText()).replace(/\s+/g, " ")).toBe(`JACKPOT! You won ${Number(formatEther(prize)).toFixed(2)} DEGEN from the jackpot`);
    // Or until the banner is gone: a starved page may paint no frame with a piece in view.
    await page.waitForFunction(
      () =>
        !document.querySelector("[data-testid=jackpot-celebration]") ||
        [...document.querySelectorAll("[data-testid=confetti] span")].some((piece) => {
          const box = piece.getBoundingClientRect();
          return box.top > 0 && box.bottom < window.innerHeight;
        }),
    );
    await screenshot(page, "jackpot-celebration-desktop", false);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "jackpot-celebration-phone", false);
    await page.setViewportSize(VIEWPORTS.desktop);

    const settled = await settledBetSince(reader.casino, player, fromBlock);
    expect(settled.jackpotWon).toBe(prize);
    const [draw] = await reader.casino.queryFilter(reader.casino.filters.JackpotDrawn(settled.betId), fromBlock);
    expect(draw!.args.hit).toBe(true);
    expect(draw!.args.prize).toBe(prize);
    const payout = settleWheel("DEGEN", SURE_HIT_STAKE, params, settled.random).payout;
    expect(payout).toBe(parseEther("102000"));
    expect(settled.payout).toBe(payout);
    const after = await reader.balances(player);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(payout - SURE_HIT_STAKE + prize);
    const poolAfter = await reader.casino.jackpotPool();
    expect(poolBefore - poolAfter).toBe(prize);
    const verdict = page.locator('[data-testid="bet-status"][data-stage="result"]').getByTestId("bet-verdict");
    expect(await verdict.getAttribute("data-ok")).toBe("true");

    // The lobby's badge, reached in the app (no reload): the pool as re-read after the hit, in the
    // badge's compact form (use-jackpot-label.ts: one decimal of millions).
    await page.getByTestId("lobby-back").click();
    expect(poolAfter).toBeGreaterThanOrEqual(parseEther("1150000"));
    await expect.poll(() => page.getByTestId("jackpot-badge").innerText()).toBe(`Jackpot ${Number((Number(formatEther(poolAfter)) / 1_000_000).toFixed(1))}M`);
    await page.context().close();
  });
});
