// USD values (issue #39 item 3, docs/product.md §2 'USD values') in the built app: none in demo
// mode; once connected, beside the header's vault balance, the lobby's balance card and the bet
// input's stake, from GET /api/prices; none once the price is stale. The stack's server has no
// price URL, so the browser's /api/prices answers are given here (their shape: server/test/demo.test.ts).
import { parseEther } from "ethers";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPage, screenshot, VIEWPORTS } from "./support/browser";
import { useBrowser } from "./support/page";
import { fundUnfundedAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { chainReader, connectInApp } from "./support/wallet-app";
import { depositFromNode } from "./support/deposit";

const [PLAYER] = WALLET_ACCOUNTS_BY_FILE["usd-values.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const browser = useBrowser();

/** What /api/prices answers the page: each token's price and its age, or no feed (null). */
let prices: Record<"BNB" | "DEGEN", { usd: number; ageMs: number } | null> = { BNB: { usd: 612.4, ageMs: 3_000 }, DEGEN: null };
const answerPrices = (route: Route) => {
  const quote = (price: { usd: number; ageMs: number } | null) =>
    price && { usd: price.usd, ageMs: price.ageMs, lastUpdated: new Date(Date.now() - price.ageMs).toISOString() };
  const quotes = { BNB: quote(prices.BNB), DEGEN: quote(prices.DEGEN) };
  return route.fulfill({
    json: { BNB: prices.BNB?.usd ?? null, DEGEN: prices.DEGEN?.usd ?? null, lastUpdated: null, fresh: false, quotes, freshForMs: 60_000 },
  });
};

beforeAll(async () => {
  const reader = await chainReader(rpcUrl, inject("apiUrl"));
  try {
    await fundUnfundedAccount(rpcUrl, PLAYER, parseEther("10"));
    await depositFromNode(reader.provider, reader.casino, PLAYER, { BNB: parseEther("0.5") });
  } finally {
    reader.provider.destroy();
  }
});

describe("USD values", () => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser(), "desktop");
    await page.route("**/api/prices", answerPrices);
    await TestWallet.install(page, { account: PLAYER, rpcUrl });
  });
  afterAll(async () => page?.context().close());

  it("shows none in demo mode", async () => {
    await page.goto(appUrl + "/");
    await page.getByTestId("balance-BNB").waitFor();
    expect(await page.getByTestId("usd-value").count()).toBe(0);
  });

  it("once connected, shows the BNB vault balance's and the stake's dollar value, and none for DEGEN without a price", async () => {
    await connectInApp(page);
    const header = page.getByTestId("vault-balances");
    await header.getByTestId("usd-value").waitFor();
    expect(await header.innerText()).toMatch(/0\.5000 BNB ≈ \$306\.20/);
    expect(await header.getByTestId("usd-value").getAttribute("title")).toMatch(/^BNB \$612\.40 · \d+ s ago$/);
    expect(await header.getByTestId("usd-value").count()).toBe(1);
    await screenshot(page, "usd-values-lobby-desktop", false);
    // Two balance cards side by side at their narrowest: the value's own line leaves the balance whole.
    await page.setViewportSize({ width: 420, height: 844 });
    expect(await page.getByTestId("balance-BNB").evaluate((amount) => amount.scrollWidth <= amount.clientWidth)).toBe(true);
    await screenshot(page, "usd-values-lobby-420px", false);
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.goto(appUrl + "/roulette");
    await page.getByTestId("token-switch-BNB").click();
    await page.getByRole("button", { name: "Bet 0.05 BNB" }).click();
    const stakeValue = page.getByTestId("bet-input").locator("xpath=../..").getByTestId("usd-value");
    await expect.poll(() => stakeValue.innerText()).toBe("≈ $30.62");
    await screenshot(page, "usd-values-roulette-desktop", false);
  });

  it("hides a value once its price is 60 s old, while a fresh one shows", async () => {
    prices = { BNB: { usd: 612.4, ageMs: 60_000 }, DEGEN: { usd: 0.0123, ageMs: 3_000 } };
    await page.goto(appUrl + "/");
    // DEGEN's value shows once the answer is read: BNB's, stale, does not.
    const header = page.getByTestId("vault-balances");
    await header.getByTestId("usd-value").waitFor();
    expect(await header.getByTestId("usd-value").getAttribute("title")).toMatch(/^DEGEN \$0\.0123 · \d+ s ago$/);
    // Header and lobby card: DEGEN's only.
    const titles = await page.getByTestId("usd-value").evaluateAll((values) => values.map((value) => value.getAttribute("title")));
    expect(titles).toHaveLength(2);
    for (const title of titles) expect(title).toMatch(/^DEGEN /);
    await screenshot(page, "usd-values-stale-bnb-desktop", false);
  });
});
