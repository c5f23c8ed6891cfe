// The relay fails while a signed bet waits (issue #20 item 6): on a private stack whose server
// takes and countersigns the bet but relays nothing (SETTLER=paused), the panel says the bet has
// not landed and offers the wallet; the wallet places that very signed bet with the server's
// countersignature (CasinoSessions.place), and once a settler is back the bet settles with its
// relay seed: the outcome the relay would have given, verified in the browser.
// Needs the server of branch server20 (issue #20's /api/sessions, the relay, the settler's
// countersignature): it passes on app20 with that server merged (checked 17:44 UTC, 2026-11-23).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getAddress, parseEther, toQuantity } from "ethers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomWord } from "../engine/src/index";
import { startStack, type Stack } from "../scripts/stack";
import { SeedVault } from "../server/src/settler/seeds";
import { openPage, screenshot } from "./support/browser";
import { useBrowser } from "./support/page";
import { devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE, type WalletRequest } from "./support/test-wallet";
import { chainReader, connectOnGame } from "./support/wallet-app";
import { commitmentPosted, depositFromNode } from "./support/web3-play";

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
  await depositFromNode(reader.provider, reader.casino, PLAYER, { DEGEN: parseEther("1000") });
}, 180_000);

afterAll(async () => {
  reader?.provider.destroy();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sent = (requests: readonly WalletRequest[]) => requests.filter((request) => request.method === "eth_sendTransaction").length;

describe("one-click play when the relay fails", () => {
  it("offers the wallet for a signed bet that has not landed; the wallet sends that same bet and it settles to the outcome its relay seed gives", async () => {
    const player = getAddress(devAccount(PLAYER).address);
    const page = await openPage(browser());
    const wallet = await TestWallet.install(page, { account: PLAYER, rpcUrl: stack.rpcUrl });
    await connectOnGame(page, stack.appUrl + "/roulette");
    await commitmentPosted(reader.casino, player);
    await page.getByTestId("one-click-turn-on").click();
    await page.getByTestId("one-click-submit").click();
    await page.getByTestId("one-click-badge").waitFor({ timeout: 30_000 });

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

    // A settler again: the bet settles with its relay seed (link 2k-1), as relayed it would have.
    await stack.restartServer({ SETTLER: "on" });
    const settledStatus = page.locator('[data-testid="bet-status"][data-stage="result"]');
    await settledStatus.waitFor({ timeout: 60_000 });
    expect(await settledStatus.getByTestId("bet-verdict").getAttribute("data-ok")).toBe("true");
    const [settled] = await reader.casino.queryFilter(reader.casino.filters.BetSettled(bet!.args.betId));
    const [, nextNonce, remaining, , , chainLength] = await reader.casino.commitmentOf(player);
    const firstNonce = nextNonce + remaining - chainLength;
    const { chainId } = await reader.provider.getNetwork();
    const casino = await reader.casino.getAddress();
    const relaySeed = new SeedVault(masterSecret, Number(chainId), casino).seed(player, firstNonce, bet!.args.nonce, true);
    expect(settled!.args.seed).toBe(relaySeed);
    const word = randomWord({ seed: relaySeed, clientSeed: bet!.args.clientSeed, player, nonce: bet!.args.nonce, chainId, casino });
    expect(settled!.args.random).toBe(word);
    await screenshot(page, "one-click-wallet-fallback-settled", false);
    await page.context().close();
  }, 240_000);
});
