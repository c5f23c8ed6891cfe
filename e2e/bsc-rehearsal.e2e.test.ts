// The BSC Testnet rehearsal (issue 15, item 4) in a browser: a private stack from scripts/rehearsal.ts
// (a local node as chain 97 with BSC's 0.75 s blocks, deployed by deploy:bsc-testnet's path, the server on its
// chain-97 settings serving the built app on one origin), and a wallet that knows only chain 31337.
// The app must add chain 97 and switch to it; then the player signs in, deposits DEGEN, plays the
// wheel (settled at 2 confirmations) and withdraws by relay, each checked on chain to the wei.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { getAddress, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { settleWheel } from "../engine/src/index";
import { PLAYER_DEGEN, REHEARSAL_BLOCK_TIME_MS, REHEARSAL_CHAIN_ID, startRehearsal, type Rehearsal } from "../scripts/rehearsal";
import { openPage, screenshot } from "./support/browser";
import { startFakeNode } from "./support/fake-node";
import { useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectInApp, openWalletDialog, toastWith } from "./support/wallet-app";
import { clientSeedFor, commitmentPosted, playAndSettle, useClientSeed } from "./support/web3-play";

const ROOT = path.resolve(__dirname, "..");
const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["bsc-rehearsal.e2e.test.ts"];
const player = getAddress(devAccount(PLAYER).address);
// Offsets apart from global-setup's shared stack (base+545, base+1, base+173).
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 18000);
const PORTS = { chain: PORT_BASE + 97, server: PORT_BASE + 98 };
const MASTER_SECRET = "0x" + "97".repeat(32);
const LOCAL_CHAIN_ID = 31337;

const browser = useBrowser();
let rehearsal: Rehearsal;
let walletsOnlyNode: Awaited<ReturnType<typeof startFakeNode>>;
let reader: Awaited<ReturnType<typeof chainReader>>;

beforeAll(async () => {
  // The wallet's one chain: a node that answers as 31337 and serves nothing else.
  walletsOnlyNode = await startFakeNode(LOCAL_CHAIN_ID, 1);
  rehearsal = await startRehearsal({
    ports: PORTS,
    appDir: inject("appBuildDir"),
    players: [PLAYER],
    logs: path.join(ROOT, "e2e/logs", `${PORT_BASE}-rehearsal`),
    // Known to the test only, to choose a client seed that wins (as the other web3 tests do).
    serverEnv: { MASTER_SECRET },
  });
  reader = await chainReader(rehearsal.rpcUrl, rehearsal.apiUrl);
}, 300_000);

afterAll(async () => {
  reader?.provider.destroy();
  await rehearsal?.stop();
  await walletsOnlyNode?.close();
});

/** The jackpot a settled bet won, from its JackpotWon (rare at this stake, but counted to the wei). */
async function jackpotWonBy(fromBlock: number): Promise<bigint> {
  const logs = await reader.casino.queryFilter(reader.casino.filters.JackpotWon(player), fromBlock);
  return logs.reduce((sum, log) => sum + log.args.amount, 0n);
}

/** The fields of `casino:status --json` this test reads. */
interface CasinoStatus {
  network: string;
  chainId: string;
  contracts: Record<string, string>;
  bets: { openBets: number };
  tokens: Record<"DEGEN" | "BNB", { reserved: string }>;
}

async function casinoStatus(): Promise<CasinoStatus> {
  const { stdout } = await promisify(execFile)(path.join(ROOT, "node_modules/.bin/hardhat"), ["casino:status", "--network", "bscTestnet", "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...rehearsal.operatorEnv },
  });
  return JSON.parse(stdout.slice(stdout.indexOf("{"))) as CasinoStatus;
}

describe("the BSC Testnet rehearsal on a local chain 97", () => {
  let page: Page;

  it("runs chain 97 with sub-second blocks on the wall clock's time, the server settling at 2 confirmations, the app on the server's origin", async () => {
    expect(Number((await reader.provider.getNetwork()).chainId)).toBe(REHEARSAL_CHAIN_ID);
    expect(rehearsal.appUrl).toBe(rehearsal.apiUrl);
    const config = (await (await fetch(`${rehearsal.appUrl}/api/config`)).json()) as { chain: { id: number; rpcUrls: string[] } };
    expect(config.chain).toMatchObject({ id: REHEARSAL_CHAIN_ID, rpcUrls: [rehearsal.rpcUrl] });
    // Interval mining: the head moves with no transaction sent, more than a block a second since the
    // node started, and the chain's clock keeps to the wall clock (blocks share a second, as on BSC).
    const head = await reader.provider.getBlockNumber();
    await new Promise((resolve) => setTimeout(resolve, 2 * REHEARSAL_BLOCK_TIME_MS));
    const [genesis, latest] = await Promise.all([reader.provider.getBlock(0), reader.provider.getBlock("latest")]);
    const now = Date.now() / 1000;
    expect(latest!.number).toBeGreaterThan(head);
    expect(latest!.number).toBeGreaterThan(now - genesis!.timestamp);
    expect(latest!.timestamp).toBeLessThanOrEqual(Math.ceil(now));
    // deploy.ts wrote the rehearsal's file, never deployments/97.json.
    expect(rehearsal.deploymentFile).not.toContain(path.join(ROOT, "deployments"));
  });

  it("adds chain 97 to a wallet that knows only 31337, switches to it and signs in with a same-origin session", async () => {
    page = await openPage(browser());
    const wallet = await TestWallet.install(page, { account: PLAYER, rpcUrl: walletsOnlyNode.url });
    expect([...wallet.knownChains.keys()]).toEqual([LOCAL_CHAIN_ID]);
    await page.goto(rehearsal.appUrl + "/");
    await connectInApp(page);
    // Sign-in comes first (docs/product.md §4), then the switch: refused with 4902, the add, the switch again.
    await expect.poll(() => wallet.chainId, { timeout: 30_000 }).toBe(REHEARSAL_CHAIN_ID);

    const methods = wallet.requests.map((request) => request.method);
    const switches = wallet.requests.filter((request) => request.method === "wallet_switchEthereumChain");
    expect(switches.map((request) => request.params)).toEqual([[{ chainId: "0x61" }], [{ chainId: "0x61" }]]);
    const added = wallet.requests.filter((request) => request.method === "wallet_addEthereumChain");
    expect(added).toHaveLength(1);
    expect((added[0]!.params as unknown[])[0]).toMatchObject({
      chainId: "0x61",
      chainName: "BSC Testnet",
      nativeCurrency: { symbol: "tBNB", decimals: 18 },
      rpcUrls: [rehearsal.rpcUrl],
    });
    expect(methods.indexOf("personal_sign")).toBeLessThan(methods.indexOf("wallet_switchEthereumChain"));
    expect(methods.indexOf("wallet_addEthereumChain")).toBeGreaterThan(methods.indexOf("wallet_switchEthereumChain"));
    expect(methods.lastIndexOf("wallet_switchEthereumChain")).toBeGreaterThan(methods.indexOf("wallet_addEthereumChain"));
    expect([...wallet.knownChains.keys()]).toEqual([LOCAL_CHAIN_ID, REHEARSAL_CHAIN_ID]);
    await expect.poll(() => page.getByTestId("wrong-network").count()).toBe(0);
    await expect.poll(() => page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
    // The session cookie works on the one origin: the page's own call is signed in.
    const me = await page.evaluate(async () => {
      const answer = await fetch("/api/auth/me", { credentials: "include" });
      return { status: answer.status, body: (await answer.json()) as { address?: string } };
    });
    expect(me.status).toBe(200);
    expect(getAddress(me.body.address!)).toBe(player);
  });

  it("deposits DEGEN through the Deposit dialog, to the wei", async () => {
    const before = await reader.balances(player);
    expect(before.wallet.DEGEN).toBe(PLAYER_DEGEN);
    await openWalletDialog(page, "Deposit");
    await page.getByTestId("amount-input").fill("500");
    await page.getByTestId("deposit-submit").click();
    expect(await toastWith(page, "Deposit Successful")).toBe("Deposit Successful\nDeposited 500 DEGEN");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const after = await reader.balances(player);
    expect(before.wallet.DEGEN - after.wallet.DEGEN).toBe(parseEther("500"));
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(parseEther("500"));
  });

  it("plays the wheel: the bet settled by the server 2 blocks deep, verified in the browser, the vault to the wei", async () => {
    // A client-side navigation would do; a full load also checks the SPA fallback of the served app.
    await page.goto(rehearsal.appUrl + "/roulette");
    await page.getByTestId("wallet-connected").waitFor();
    await page.getByTestId("fairness-panel").waitFor();
    await commitmentPosted(reader.casino, player, 600);
    // A win on gold alone: 10 DEGEN pays 10.2x = 102 DEGEN.
    const win = await clientSeedFor(reader.casino, MASTER_SECRET, player, (word) => settleWheel("DEGEN", parseEther("10"), 1n, word).outcome.segment === 0);
    await useClientSeed(page, win);
    await page.getByTestId("colour-gold").click();
    await page.getByTestId("bet-input").fill("10");
    await page.getByTestId("bet-input").blur();
    const before = await reader.balances(player);
    const fromBlock = await reader.provider.getBlockNumber();
    const verdict = await playAndSettle(page, () => page.getByTestId("spin-button").click(), 120_000);
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.text).toContain("Verified");
    expect(await toastWith(page, "YOU WON!")).toContain("Won 102.00 DEGEN (10.2x)");

    const after = await reader.balances(player);
    expect(after.vault.DEGEN - before.vault.DEGEN).toBe(parseEther("102") - parseEther("10") + (await jackpotWonBy(fromBlock)));
    expect(after.wallet.DEGEN).toBe(before.wallet.DEGEN);
    const [placed] = await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player), fromBlock);
    const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(placed!.args.betId), fromBlock);
    // Recorded once 2 blocks deeper than the bet's, then sent: mined 3 or more blocks after it.
    expect(settled!.blockNumber - placed!.blockNumber).toBeGreaterThanOrEqual(3);
  });

  it("withdraws DEGEN through the Withdraw dialog by relay: the player pays no gas and receives exactly the amount", async () => {
    const before = await reader.balances(player);
    const block = await reader.provider.getBlockNumber();
    await openWalletDialog(page, "Withdraw");
    await page.getByTestId("amount-input").fill("100");
    await page.getByTestId("withdraw-submit").click();
    expect(await toastWith(page, "Withdrawal Successful")).toBe("Withdrawal Successful");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const after = await reader.balances(player);
    expect(before.vault.DEGEN - after.vault.DEGEN).toBe(parseEther("100"));
    expect(after.wallet.DEGEN - before.wallet.DEGEN).toBe(parseEther("100"));
    expect(after.wallet.BNB).toBe(before.wallet.BNB);
    expect((await reader.ownTransactions(player, block)).receipts).toEqual([]);
    await page
      .getByTestId("vault-balances")
      .getByText(`${(Number(after.vault.DEGEN / 10n ** 16n) / 100).toFixed(2)} DEGEN`)
      .waitFor();
    await screenshot(page, "bsc-rehearsal-after-withdraw", false);
  });

  it("names chain 97 in the lobby, links both contracts to BscScan, and shows the player's bets on their page", async () => {
    const { DegenToken, Casino } = reader.config.contracts;
    await page.goto(rehearsal.appUrl + "/");
    await expect.poll(() => page.getByTestId("headline-chain").innerText()).toBe("BSC Testnet");
    // The lobby's layout settles first: the wallet restored (the demo's reset button above the
    // footer goes) and the feed's row of this file's wheel bet in. A click whose press and release
    // straddle such a shift lands on neither the button nor its panel.
    await expect.poll(() => page.getByTestId("mode-badge").innerText()).toBe("Web3 Mode");
    await page.getByTestId("live-bets").getByTestId("live-bet").first().waitFor();
    const mechanicsToggle = page.getByRole("button", { name: "Smart Contract Mechanics" });
    await mechanicsToggle.click();
    expect(await mechanicsToggle.getAttribute("aria-expanded")).toBe("true");
    const mechanics = page.getByTestId("panel-mechanics");
    await mechanics.getByText(`BSC Testnet (chain ${REHEARSAL_CHAIN_ID}) · testnet only`, { exact: true }).waitFor();
    for (const [contract, address] of [
      ["DegenToken", DegenToken],
      ["Casino", Casino],
    ] as const) {
      const link = mechanics.getByTestId(`contract-address-${contract}`);
      expect(await link.innerText()).toBe(address);
      expect(await link.getAttribute("href")).toBe(`https://testnet.bscscan.com/address/${address}`);
    }
    await page.getByTestId("lobby-footer").scrollIntoViewIfNeeded();
    await screenshot(page, "bsc-rehearsal-lobby-footer", false);

    // The page's totals are the chain's events: the one wheel bet of this file, 10 DEGEN for 102.
    await page.goto(`${rehearsal.appUrl}/player/${player}`);
    await page.getByTestId("player-summary-DEGEN").waitFor();
    expect(await page.getByTestId("total-bets").innerText()).toBe("1");
    expect(await page.getByTestId("total-wagered").getAttribute("data-wei")).toBe(parseEther("10").toString());
    expect(await page.getByTestId("total-paid").getAttribute("data-wei")).toBe(parseEther("102").toString());
    await page.locator('[data-testid="profit-chart-DEGEN"] canvas').first().waitFor();
    await screenshot(page, "bsc-rehearsal-player-page", false);
  });

  it("shows the house to the operator: casino:status on network bscTestnet, health and metrics", async () => {
    const status = await casinoStatus();
    expect(status).toMatchObject({ network: "bscTestnet", chainId: String(REHEARSAL_CHAIN_ID), contracts: { Casino: reader.config.contracts.Casino } });
    expect(status.bets.openBets).toBe(0);
    expect(status.tokens.DEGEN.reserved).toBe("0");
    const health = await fetch(`${rehearsal.apiUrl}/api/health`);
    expect(await health.json()).toEqual({ ok: true, chainId: REHEARSAL_CHAIN_ID });
    const metrics = await (await fetch(`${rehearsal.apiUrl}/metrics`)).text();
    expect(metrics).toMatch(/^degen_settlement_bets_sent_total [1-9]/m);
    expect(metrics).toMatch(/^degen_chain_requests_total\{kind="withdraw",outcome="mined"\} 1$/m);
    await page.context().close();
  });
});
