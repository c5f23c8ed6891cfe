/**
 * Playing the games in web3 mode from browser tests: funds moved into the Casino before the page
 * connects, client seeds chosen with the engine and the house's seeds (the stack's master secret
 * is known to the tests, never to a player), and the client seed set through the app's own
 * fairness panel.
 */
import { parseEther, type JsonRpcProvider } from "ethers";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { randomBytes32, randomWord } from "../../engine/src/index";
import { laneNonce } from "../../engine/src/session";
import { SeedVault } from "../../server/src/settler/seeds";
import type { Casino } from "../../typechain-types/contracts/Casino";
import { screenshot } from "./browser";
import { depositFromNode } from "./deposit";
import { asking, fundUnfundedAccount, type WalletRequest } from "./test-wallet";
import { chainReader, type ChainReader } from "./wallet-app";

/**
 * A browser test file's reader of the shared chain (`opened` gets it before the file's tests; it
 * closes after them), with `accounts`, past the node's funded ones (#30 on), ready to bet BNB from
 * their vaults: each given 10 BNB (fundUnfundedAccount), 1 of it moved into its vault before its
 * page connects.
 */
export function useBnbPlayers(accounts: readonly number[], opened: (reader: ChainReader) => void): void {
  let reader: ChainReader | undefined;
  beforeAll(async () => {
    const rpcUrl = inject("rpcUrl");
    reader = await chainReader(rpcUrl, inject("apiUrl"));
    opened(reader);
    for (const account of accounts) {
      await fundUnfundedAccount(rpcUrl, account, parseEther("10"));
      await depositFromNode(reader.provider, reader.casino, account, { BNB: parseEther("1") });
    }
  });
  afterAll(() => reader?.provider.destroy());
}

/**
 * A client seed whose random word, for the player's next bet, satisfies `wish` (a win, a loss, a
 * split hand…). Needs the player's commitment posted (the game page's fairness panel asks for it).
 */
export async function clientSeedFor(casino: Casino, masterSecret: string, player: string, wish: (word: string) => boolean, tries = 50_000): Promise<string> {
  const [, nextNonce, remaining, , , chainLength] = await casino.commitmentOf(player);
  if (chainLength === 0n) throw new Error("the player has no commitment yet");
  const firstNonce = nextNonce + remaining - chainLength;
  const { chainId } = await casino.runner!.provider!.getNetwork();
  const casinoAddress = await casino.getAddress();
  const seed = new SeedVault(masterSecret, Number(chainId), casinoAddress).seed({ player, nonce: nextNonce, chainFirstNonce: firstNonce, laneKey: null });
  for (let i = 0; i < tries; i++) {
    const clientSeed = randomBytes32();
    if (wish(randomWord({ seed, clientSeed, player, nonce: nextNonce, chainId, casino: casinoAddress }))) return clientSeed;
  }
  throw new Error(`no client seed found in ${tries} tries`);
}

/** The tab's open one-click session, as the app keeps it (frontend/src/features/one-click/storage.ts): its key and lane. */
export async function openSessionOf(page: Page, chainId: number, player: string): Promise<{ key: string; lane: bigint }> {
  const stored = await page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? "null") as { grant: { key: string }; lane: number | null } | null,
    `degen-casino:one-click:v2:session:${chainId}:${player.toLowerCase()}`,
  );
  if (!stored || stored.lane === null) throw new Error("the tab has no open one-click session");
  return { key: stored.grant.key, lane: BigInt(stored.lane) };
}

/**
 * The one-click session's next bet, chosen: its client seed is the fairness panel's, as for a
 * wallet bet, so the test writes one there whose word, under the house's seed of the session
 * lane's next bet (link n + 1 of the lane's chain), satisfies `wish`. Answers that seed (the one the
 * settlement must publish).
 */
export async function useLaneSeedFor(page: Page, casino: Casino, masterSecret: string, player: string, wish: (word: string) => boolean): Promise<string> {
  const { chainId } = await casino.runner!.provider!.getNetwork();
  const casinoAddress = await casino.getAddress();
  const { key, lane } = await openSessionOf(page, Number(chainId), player);
  const [, nonce] = await casino.laneOf(player, lane);
  const seed = new SeedVault(masterSecret, Number(chainId), casinoAddress).seed({ player, nonce, chainFirstNonce: laneNonce(lane, 0), laneKey: key });
  let clientSeed = randomBytes32();
  while (!wish(randomWord({ seed, clientSeed, player, nonce, chainId, casino: casinoAddress }))) clientSeed = randomBytes32();
  await useClientSeed(page, clientSeed);
  return seed;
}

/** Waits until the game page's fairness panel has the player's commitment on chain (slower chains: more tries of 100 ms). */
export async function commitmentPosted(casino: Casino, player: string, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const [, , , , , chainLength] = await casino.commitmentOf(player);
    if (chainLength > 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no commitment was posted for the player");
}

/** Writes the next bet's client seed in the app's fairness panel. */
export async function useClientSeed(page: Page, seed: string): Promise<void> {
  const panel = page.getByTestId("fairness-panel");
  if (!(await panel.evaluate((element) => (element as HTMLDetailsElement).open))) await panel.locator("summary").click();
  await panel.getByTestId("edit-client-seed").click();
  await panel.getByTestId("client-seed-input").fill(seed);
  await panel.getByRole("button", { name: "Use this seed" }).click();
  await panel.getByTestId("client-seed").filter({ hasText: seed.toLowerCase() }).waitFor();
}

/**
 * Runs `play` (the click that places a bet) and waits for that bet's result: a bet the status
 * panel shows after the one it showed before, settled and checked. Returns the verdict.
 */
export async function playAndSettle(page: Page, play: () => Promise<void>, timeoutMs = 60_000): Promise<{ ok: boolean; text: string }> {
  const status = page.getByTestId("bet-status");
  const earlier = (await status.count()) > 0 ? await status.getAttribute("data-bet") : null;
  await play();
  const settled = page.locator(`[data-testid="bet-status"][data-stage="result"]${earlier === null ? "" : `:not([data-bet="${earlier}"])`}`);
  await settled.waitFor({ timeout: timeoutMs });
  const verdict = settled.getByTestId("bet-verdict");
  return { ok: (await verdict.getAttribute("data-ok")) === "true", text: await verdict.innerText() };
}

/**
 * Turns one-click play on from the game's prompt: the dialog's defaults but for the budgets given
 * (decimal text; each moves from the vault into the session's lane), then the wallet's one
 * signature. `screenshotAs` names a screenshot of the dialog as filled in.
 */
export async function turnOnOneClick(page: Page, options: { budget?: Partial<Record<"DEGEN" | "BNB", string>>; screenshotAs?: string } = {}): Promise<void> {
  await page.getByTestId("one-click-turn-on").click();
  const dialog = page.getByTestId("one-click-dialog");
  await dialog.waitFor();
  for (const [token, amount] of Object.entries(options.budget ?? {})) await page.getByTestId(`one-click-budget-${token}`).fill(amount);
  if (options.screenshotAs) await screenshot(page, options.screenshotAs, false);
  await page.getByTestId("one-click-submit").click();
  await page.getByTestId("one-click-on").waitFor({ timeout: 30_000 });
}

/**
 * Plays `count` one-click bets by `play` (a click), each settled and verified on the page, and
 * checks that none asked the wallet; answers the block the first could land in and the bets as
 * the chain logged them (relayedBetsSince).
 */
export async function playRelayed(
  page: Page,
  wallet: { requests: readonly WalletRequest[] },
  chain: { casino: Casino; provider: JsonRpcProvider },
  player: string,
  play: () => Promise<void>,
  count: number,
): Promise<{ fromBlock: number; bets: RelayedBet[] }> {
  const asked = asking(wallet.requests).length;
  const fromBlock = (await chain.provider.getBlockNumber()) + 1;
  for (let bet = 0; bet < count; bet++) {
    const verdict = await playAndSettle(page, play);
    expect(verdict.ok, verdict.text).toBe(true);
  }
  expect(asking(wallet.requests).slice(asked)).toEqual([]);
  return { fromBlock, bets: await relayedBetsSince(chain.casino, player, fromBlock, count) };
}

/** A relayed bet as the chain logged it: placed, settled and played, all in one transaction. */
export interface RelayedBet {
  nonce: bigint;
  gameType: number;
  params: bigint;
  amount: bigint;
  /** The bet's random word (BetSettled). */
  random: string;
  /** What GamePlayed says the bet paid. */
  payout: bigint;
}

/**
 * The player's bets placed from `fromBlock` on, expected to be `count` one-click bets each placed
 * and settled in the one relayed transaction the house sent, with what the chain logged of each.
 */
export async function relayedBetsSince(casino: Casino, player: string, fromBlock: number, count: number): Promise<RelayedBet[]> {
  const placed = await casino.queryFilter(casino.filters.BetPlaced(undefined, player), fromBlock);
  expect(placed).toHaveLength(count);
  const settledBy = new Map((await casino.queryFilter(casino.filters.BetSettled(), fromBlock)).map((log) => [log.args.betId, log]));
  const played = await casino.queryFilter(casino.filters.GamePlayed(player), fromBlock);
  return placed.map((bet) => {
    const settled = settledBy.get(bet.args.betId)!;
    expect(settled.transactionHash).toBe(bet.transactionHash);
    const game = played.find((log) => log.transactionHash === bet.transactionHash)!;
    return {
      nonce: bet.args.nonce,
      gameType: Number(bet.args.gameType),
      params: bet.args.params,
      amount: bet.args.amount,
      random: settled.args.random,
      payout: game.args.payout,
    };
  });
}
