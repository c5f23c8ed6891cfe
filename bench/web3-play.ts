// `npm run bench:web3`: how long a web3 bet takes from the player's click to its result on screen,
// on the whole local stack with the node mining a block every BENCH_WEB3_BLOCK_MS (1,000 and 750 ms:
// BSC Testnet mines every 0.75 s; local dev every transaction). The wheel, one DEGEN colour,
// BENCH_WEB3_SPINS spins (20) from the wallet at each block time, then as many with one-click play
// (one session signed, then no wallet request: counted). Figures: click → settled and verified in
// the browser, click → the wheel's result shown (its 3.5 s spin included), and the longest
// main-thread task during the spins (PerformanceObserver longtask).
import { getAddress, JsonRpcProvider, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser";
import { devAccount, TestWallet } from "../e2e/support/test-wallet";
import { chainReader, connectInApp } from "../e2e/support/wallet-app";
import { depositFromNode } from "../e2e/support/deposit";
import { startProductionStack } from "./support/production-stack";

const SPINS = Number(process.env.BENCH_WEB3_SPINS ?? 20);
const BLOCK_TIMES_MS = (process.env.BENCH_WEB3_BLOCK_MS ?? "1000,750").split(",").map(Number);
const PORT_BASE = Number(process.env.BENCH_WEB3_PORT_BASE ?? 29_000);
const ACCOUNT = 29;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function main(): Promise<void> {
  const stack = await startProductionStack("bench-web3", PORT_BASE);
  const browser = await launchBrowser();
  const node = new JsonRpcProvider(stack.rpcUrl, undefined, { cacheTimeout: -1 });
  try {
    const reader = await chainReader(stack.rpcUrl, stack.apiUrl);
    await depositFromNode(reader.provider, reader.casino, ACCOUNT, { DEGEN: parseEther("1000") });
    await node.send("evm_setAutomine", [false]);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("console", (message) => process.env.BENCH_WEB3_DEBUG && console.log(`[page] ${message.text()}`));
    const wallet = await TestWallet.install(page, { account: ACCOUNT, rpcUrl: stack.rpcUrl });
    await page.goto(stack.appUrl + "/");
    await connectInApp(page);
    await page.goto(stack.appUrl + "/roulette");
    await page.getByTestId("fairness-panel").waitFor();
    await page.getByTestId("colour-gold").click();
    await page.getByTestId("bet-input").fill("1");
    await page.getByTestId("bet-input").blur();
    await observePage(page);
    const player = getAddress(devAccount(ACCOUNT).address);
    const placedBefore = async () => (await reader.casino.queryFilter(reader.casino.filters.BetPlaced(undefined, player))).length;

    for (const blockMs of BLOCK_TIMES_MS) {
      await node.send("evm_setIntervalMining", [blockMs]);
      const before = await placedBefore();
      const figures = await spin(page);
      report(`web3 wheel from the wallet, ${SPINS} spins, one block every ${blockMs} ms (${(await placedBefore()) - before} bets on chain)`, figures);
    }

    // One-click play: the wallet signs the session once; no spin asks it again.
    await page.getByTestId("one-click-turn-on").first().click();
    await page.getByTestId("one-click-submit").click();
    await page.getByTestId("one-click-badge").waitFor({ timeout: 60_000 });
    for (const blockMs of BLOCK_TIMES_MS) {
      await node.send("evm_setIntervalMining", [blockMs]);
      const before = await placedBefore();
      const requests = wallet.requests.length;
      const figures = await spin(page);
      const asked = wallet.requests
        .slice(requests)
        .filter((request) => !READ_ONLY.has(request.method))
        .map((request) => request.method);
      report(
        `web3 wheel with one-click play, ${SPINS} spins, one block every ${blockMs} ms (${(await placedBefore()) - before} bets on chain; wallet asked ${asked.length} times${asked.length ? `: ${asked.join(", ")}` : ""})`,
        figures,
      );
    }
  } finally {
    node.destroy();
    await browser.close();
    await stack.stop();
  }
}

/** Wallet methods that ask the player nothing. */
const READ_ONLY = new Set([
  "eth_accounts",
  "eth_chainId",
  "net_version",
  "eth_blockNumber",
  "eth_call",
  "eth_getBalance",
  "eth_getTransactionReceipt",
  "eth_getTransactionByHash",
  "eth_estimateGas",
  "eth_getLogs",
  "eth_getBlockByNumber",
  "eth_getCode",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getTransactionCount",
]);

interface Figures {
  settled: number[];
  shown: number[];
  longest: number;
  phases: Map<string, number[]>;
}

/** Records, in the page, its long tasks and when each bet stage first shows. */
async function observePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push({ start: entry.startTime, duration: entry.duration }))).observe({
      type: "longtask",
      buffered: true,
    });
    // The page's own time of the player's click (playwright's click, which first waits for the
    // button to be ready, begins earlier): the figures run from it.
    document.addEventListener("click", () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()), true);
    // When each bet stage first shows, to tell the wallet's, the chain's and the page's shares apart.
    const stages: { stage: string; at: number }[] = [];
    (window as unknown as { stages: typeof stages }).stages = stages;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid="bet-status"]')?.getAttribute("data-stage");
      if (stage && stages.at(-1)?.stage !== stage) stages.push({ stage, at: performance.now() });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-stage"] });
  });
}

/** SPINS spins, each waited for until verified and shown. */
async function spin(page: Page): Promise<Figures> {
  const figures: Figures = { settled: [], shown: [], longest: 0, phases: new Map() };
  for (let round = 0; round < SPINS; round++) {
    const earlier = await page
      .getByTestId("bet-status")
      .getAttribute("data-bet")
      .catch(() => null);
    await page.getByTestId("spin-button").click();
    const start = await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
    const result = `[data-testid="bet-status"][data-stage="result"]${earlier ? `:not([data-bet="${earlier}"])` : ""}`;
    await page.locator(result).waitFor({ timeout: 60_000 });
    // Exactly "SPIN": a substring match would also take "Spinning…" (playwright matches text case-insensitively).
    await page
      .getByTestId("spin-button")
      .filter({ hasText: /^SPIN$/ })
      .waitFor({ timeout: 30_000 });
    const shownAt = await page.evaluate(() => performance.now());
    figures.shown.push(shownAt - start);
    const tasks = await page.evaluate(
      (from) => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks.filter((task) => task.start >= from),
      start,
    );
    figures.longest = Math.max(figures.longest, ...tasks.map((task) => task.duration), 0);
    const stages = await page.evaluate(
      (from) => (window as unknown as { stages: { stage: string; at: number }[] }).stages.filter((entry) => entry.at >= from),
      start,
    );
    // Settled and verified: when the result stage (shown only once the bet is verified) first showed.
    const settledAt = stages.find((entry) => entry.stage === "result")?.at;
    if (settledAt === undefined) throw new Error(`spin ${round}: no result stage recorded`);
    figures.settled.push(settledAt - start);
    if (process.env.BENCH_WEB3_DEBUG)
      console.log(round, (settledAt - start).toFixed(0), stages.map((entry) => `${entry.stage}@${(entry.at - start).toFixed(0)}`).join(" "));
    let previous = start;
    for (const { stage, at } of stages) {
      figures.phases.set(stage, [...(figures.phases.get(stage) ?? []), at - previous]);
      previous = at;
    }
    if (!(await page.locator(result).getByTestId("bet-verdict").getAttribute("data-ok"))?.includes("true")) throw new Error(`spin ${round} did not verify`);
  }
  return figures;
}

function report(title: string, { settled, shown, longest, phases }: Figures): void {
  const seconds = (values: number[], q: number) => (quantile(values, q) / 1000).toFixed(2);
  console.log(title);
  console.log(`  click → settled and verified   p50 ${seconds(settled, 0.5)} s   p95 ${seconds(settled, 0.95)} s`);
  console.log(`  click → result on screen       p50 ${seconds(shown, 0.5)} s   p95 ${seconds(shown, 0.95)} s   (the wheel's spin is 3.5 s)`);
  console.log(`  longest main-thread task       ${longest.toFixed(0)} ms`);
  console.log(`  time before each stage shows (p50): ${[...phases].map(([stage, times]) => `${stage} ${seconds(times, 0.5)} s`).join(", ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
