// The relay fails while a signed bet waits (issue #20 item 6): on a private stack whose server
// takes and countersigns the bet but relays nothing (SETTLER=paused), the panel says the bet has
// not landed and offers the wallet; the wallet places that very signed bet with the server's
// countersignature (CasinoSessions.place), staked from the session's lane, and once a settler is
// back the bet settles with its lane's seed: the outcome the relay would have given, verified in
// the browser. And a bet the server accepted lands whatever its player does meanwhile
// (docs/decisions.md §4, "lanes"): the whole vault withdrawn while it waits, it settles from the
// lane; once the session has ended, the lane's funds go back to the vault, to the wei.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatEther, getAddress, parseEther, toQuantity } from "ethers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomWord } from "../engine/src/index";
import { laneNonce } from "../engine/src/session";
import { startStack, type Stack } from "../scripts/stack";
import { SeedVault } from "../server/src/settler/seeds";
import { openPage, screenshot } from "./support/browser";
import { useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE, type WalletRequest } from "./support/test-wallet";
import { chainReader, connectOnGame, openWalletDialog, toastWith } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";
import { openSessionOf, turnOnOneClick } from "./support/web3-play";

const ROOT = path.resolve(__dirname, "..");
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 18000);
const PORTS = { chain: PORT_BASE + 745, server: PORT_BASE + 201, frontend: PORT_BASE + 373 };
const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["one-click-fallback.e2e.test.ts"];
const masterSecret = inject("masterSecret");
const browser = useBrowser();
/** bet-store.ts RELAY_LATE_AFTER_BLOCKS. */
const RELAY_LATE_AFTER_BLOCKS = 8;

let stack: Stack;
let dataDir: string;
let reader: Awaited<ReturnType<typeof chainReader>>;
let chainId: bigint;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "degen-e2e-fallback-"));
  stack = await startStack({
    ports: PORTS,
    frontend: "preview",
    previewDir: inject("appBuildDir"),
    logs: path.join(ROOT, "e2e/logs", `${PORT_BASE}-one-click-fallback`),
    serverEnv: { DATA_DIR: path.join(dataDir, "db"), MASTER_SECRET: masterSecret, SETTLER: "paused" },
  });
  reader = await chainReader(stack.rpcUrl, stack.apiUrl);
  ({ chainId } = await reader.provider.getNetwork());
  await depositFromNode(reader.provider, reader.casino, PLAYER, { DEGEN: parseEther("1000") });
}, 180_000);

afterAll(async () => {
  reader?.provider.destroy();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sent = (requests: readonly WalletRequest[]) => requests.filter((request) => request.method === "eth_sendTransaction").length;

describe("one-click play when the relay fails", () => {
  it("offers the wallet for a signed bet that has not landed; the wallet sends that same bet, from the lane, and it settles to the outcome its lane's seed gives", async () => {
    const player = getAddress(devAccount(PLAYER).address);
    const page = await openPage(browser());
    const wallet = await TestWallet.install(page, { account: PLAYER, rpcUrl: stack.rpcUrl });
    await connectOnGame(page, stack.appUrl + "/roulette");
    await turnOnOneClick(page, { budget: { DEGEN: "100" } });
    await page.getByTestId("one-click-badge").waitFor({ timeout: 30_000 });
    const { key, lane } = await openSessionOf(page, Number(chainId), player);
    const before = await reader.balances(player);

    await page.getByTestId("colour-gold").click();
    await page.getByTestId("bet-input").fill("10");
    await page.getByTestId("bet-input").blur();
    const transactionsBefore = sent(wallet.requests);
    // The server takes the bet (and countersigns it) but relays nothing: blocks pass, it does not land.
    const accepted = page.waitForResponse((response) => response.url().endsWith("/api/sessions/bets") && response.request().method() === "POST");
    await page.getByTestId("spin-button").click();
    expect((await accepted).status()).toBe(202);
    await reader.provider.send("hardhat_mine", [toQuantity(RELAY_LATE_AFTER_BLOCKS + 1)]);
    const late = page.getByTestId("relay-late");
    await late.waitFor({ timeout: 30_000 });
    expect(await late.innerText()).toContain("Your wallet can send the very same bet");
    await late.scrollIntoViewIfNeeded();
    await screenshot(page, "one-click-relay-late", false);

    await page.getByTestId("send-signed-bet").click();
    await expect.poll(() => sent(wallet.requests) - transactionsBefore, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player))).length, { timeout: 30_000 }).toBe(1);
    const [bet] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player));
    expect(bet).toBeDefined();
    // Placed from the wallet through CasinoSessions: the transaction is the player's own.
    const tx = await reader.provider.getTransaction(bet!.transactionHash);
    expect(getAddress(tx!.from)).toBe(player);
    expect(getAddress(tx!.to!)).toBe(getAddress(reader.config.contracts.CasinoSessions));

    // A settler again: the bet settles with its lane's seed (link n + 1 of the lane's chain), as relayed it would have.
    await stack.restartServer({ SETTLER: "on" });
    const settledStatus = page.locator('[data-testid="bet-status"][data-stage="result"]');
    await settledStatus.waitFor({ timeout: 60_000 });
    expect(await settledStatus.getByTestId("bet-verdict").getAttribute("data-ok")).toBe("true");
    expect(bet!.args.nonce).toBe(laneNonce(lane, 0));
    const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(bet!.args.betId));
    const casino = await reader.casino.getAddress();
    const laneSeed = new SeedVault(masterSecret, Number(chainId), casino).seed({
      player,
      nonce: bet!.args.nonce,
      chainFirstNonce: laneNonce(lane, 0),
      laneKey: key,
    });
    expect(settled!.args.seed).toBe(laneSeed);
    const word = randomWord({ seed: laneSeed, clientSeed: bet!.args.clientSeed, player, nonce: bet!.args.nonce, chainId, casino });
    expect(settled!.args.random).toBe(word);
    // Staked from the lane and paid into it, to the wei; the vault gets a jackpot win only; the wallet paid the gas alone.
    const [played] = await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), bet!.blockNumber);
    const jackpot = (await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), bet!.blockNumber)).reduce(
      (sum, log) => sum + log.args.amount,
      0n,
    );
    const after = await reader.balances(player);
    expect(after.lanes.DEGEN - before.lanes.DEGEN).toBe(played!.args.payout - played!.args.betAmount);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(jackpot);
    await screenshot(page, "one-click-wallet-fallback-settled", false);
    await page.context().close();
  }, 240_000);

  it("a bet the server accepted lands and settles from the session's lane though the player withdrew the whole vault meanwhile; once the session has ended its funds go back to the vault, to the wei", async () => {
    await stack.restartServer({ SETTLER: "paused" });
    await depositFromNode(reader.provider, reader.casino, PLAYER, { DEGEN: parseEther("1000") });
    const player = getAddress(devAccount(PLAYER).address);
    // A tab of its own: a session of its own, a lane of its own.
    const page = await openPage(browser());
    await TestWallet.install(page, { account: PLAYER, rpcUrl: stack.rpcUrl });
    await connectOnGame(page, stack.appUrl + "/roulette");
    await turnOnOneClick(page, { budget: { DEGEN: "100" } });
    await page.getByTestId("one-click-badge").waitFor({ timeout: 30_000 });
    const { key, lane } = await openSessionOf(page, Number(chainId), player);
    const laneFunds = async () => (await reader.lanes(player))[Number(lane) - 1]!;
    expect(await laneFunds()).toEqual({ DEGEN: parseEther("100"), BNB: 0n });

    await page.getByTestId("colour-gold").click();
    await page.getByTestId("bet-input").fill("10");
    await page.getByTestId("bet-input").blur();
    const accepted = page.waitForResponse((response) => response.url().endsWith("/api/sessions/bets") && response.request().method() === "POST");
    await page.getByTestId("spin-button").click();
    const answer = (await (await accepted).json()) as { countersignature?: string };
    expect(answer.countersignature).toMatch(/^0x[0-9a-f]{130}$/);

    // The whole vault out, from the wallet, while the accepted bet waits for the relay.
    const vault = (await reader.balances(player)).vault.DEGEN;
    const walletBefore = (await reader.balances(player)).wallet.DEGEN;
    await openWalletDialog(page, "Withdraw");
    await page.getByTestId("amount-input").fill(formatEther(vault));
    await page.getByTestId("withdraw-direct").click();
    expect(await toastWith(page, "Withdrawal Successful")).toContain("Withdrawal Successful");
    expect((await reader.balances(player)).vault.DEGEN).toBe(0n);
    expect((await reader.balances(player)).wallet.DEGEN - walletBefore).toBe(vault);
    await page.keyboard.press("Escape");

    // The relay is back: the accepted bet lands, staked from the lane, and settles.
    await stack.restartServer({ SETTLER: "on" });
    const settledStatus = page.locator('[data-testid="bet-status"][data-stage="result"]');
    await settledStatus.waitFor({ timeout: 60_000 });
    expect(await settledStatus.getByTestId("bet-verdict").getAttribute("data-ok")).toBe("true");
    const placedNow = (await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player))).filter(
      (log) => log.args.nonce === laneNonce(lane, 0),
    );
    expect(placedNow).toHaveLength(1);
    const [played] = (await reader.casino.queryFilter(reader.casino.filters.GamePlayed(player), placedNow[0]!.blockNumber)).filter(
      (log) => log.transactionHash === placedNow[0]!.transactionHash,
    );
    expect(played!.args.betAmount).toBe(parseEther("10"));
    const jackpot = (await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), placedNow[0]!.blockNumber)).reduce(
      (sum, log) => sum + log.args.amount,
      0n,
    );
    expect(await laneFunds()).toEqual({ DEGEN: parseEther("100") - parseEther("10") + played!.args.payout, BNB: 0n });
    expect((await reader.balances(player)).vault.DEGEN).toBe(jackpot);
    await screenshot(page, "one-click-withdrawn-vault-bet-settled", false);

    // Revoked, the session ends 5 minutes later; then its lane's funds go back to the vault (the
    // server's closeSession, or the app's from the wallet), to the wei.
    const inLane = (await laneFunds()).DEGEN;
    await page.getByTestId("one-click-badge").locator("button").first().click();
    await page.getByTestId("one-click-revoke").click();
    await page.getByTestId("one-click-turn-on").waitFor({ timeout: 30_000 });
    // Mined: the revocation ended the session 5 minutes after its block.
    await toastWith(page, "One-click play revoked");
    const [revoked] = await reader.sessions.queryFilter(reader.sessions.filters.SessionRevoked(player, key));
    const [, ends] = await reader.sessions.sessionOf(player, key);
    expect(ends).toBe(BigInt((await reader.provider.getBlock(revoked!.blockNumber))!.timestamp) + 300n);
    await reader.provider.send("evm_increaseTime", [301 + 60]);
    await reader.provider.send("hardhat_mine", [toQuantity(1)]);
    await expect.poll(async () => (await laneFunds()).DEGEN, { timeout: 60_000, interval: 1_000 }).toBe(0n);
    expect((await reader.balances(player)).vault.DEGEN).toBe(jackpot + inLane);
    const [closed] = await reader.casino.queryFilter(reader.casino.filters.LaneClosed(player, lane));
    expect(closed!.args.degen).toBe(inLane);
    await page.context().close();
  }, 300_000);
});
