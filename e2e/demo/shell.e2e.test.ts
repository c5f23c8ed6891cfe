import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot, VIEWPORTS } from "../support/browser";
import { useBrowser } from "../support/page";

const WHITEPAPER_SECTIONS = [
  "Executive Summary",
  "Fairness & Transparency",
  "Tokenomics & Economic Model",
  "Autonomous Jackpot System",
  "Player-Centric Economics",
  "DEGEN Game Suite",
  "Security & Sustainability",
  "Technical Architecture",
  "Future Roadmap",
  "Conclusion",
];

const GAME_ROUTES = ["/roulette", "/blackjack", "/slots", "/kickboxing", "/crash", "/dice", "/plinko", "/mines"];

describe("app shell in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    it(`lobby shows demo mode, demo balances and every game (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/");
      await expect(page.getByText("Demo Mode", { exact: true }).first().isVisible()).resolves.toBe(true);
      const body = await page.locator("body").innerText();
      expect(body).toContain("10000.00");
      expect(body).toContain("5.0000");
      for (const route of GAME_ROUTES) {
        expect(await page.locator(`a[href="${route}"]`).count(), route).toBeGreaterThan(0);
      }
      expect(await page.locator('a[href="/whitepaper"]').count()).toBeGreaterThan(0);
      // No 'Lobby' back button on the lobby itself.
      expect(await page.getByRole("link", { name: "Lobby", exact: true }).count()).toBe(0);
      await screenshot(page, `lobby-${viewport}`);
      await page.context().close();
    });

    it(`unknown paths show the 404 page (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/no-such-page");
      await page.getByText("Page Not Found").waitFor();
      expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
      await screenshot(page, `404-${viewport}`);
      await page.context().close();
    });

    it(`whitepaper has its ten sections in order (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/whitepaper");
      await page.getByText("Download PDF").waitFor();
      const headings = await page.locator("h2").allInnerTexts();
      const found = headings.map((h) => h.trim()).filter((h) => WHITEPAPER_SECTIONS.some((s) => h.includes(s)));
      expect(found.map((h) => WHITEPAPER_SECTIONS.find((s) => h.includes(s)))).toEqual(WHITEPAPER_SECTIONS);
      expect(await page.getByRole("link", { name: "Back to Lobby" }).getAttribute("href")).toBe("/lobby");
      expect((await page.locator("body").innerText()).toLowerCase()).toContain("testnet");
      await screenshot(page, `whitepaper-${viewport}`);
      await page.context().close();
    });
  }

  it("every route renders with the header's Lobby button", async () => {
    const page = await openPage(browser());
    for (const route of ["/lobby", ...GAME_ROUTES, "/whitepaper"]) {
      await page.goto(appUrl + route);
      const lobby = page.getByRole("link", { name: "Lobby", exact: true }).first();
      await lobby.waitFor();
      expect(await page.getByText("Page Not Found").count(), route).toBe(0);
    }
    await page.context().close();
  });

  it("connecting without a wallet shows the SPEC alert and keeps demo mode", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/");
    const messages: string[] = [];
    page.on("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByTestId("connect-wallet").click();
    await expect.poll(() => messages).toEqual(["Please install MetaMask to connect your wallet. You can continue playing in demo mode."]);
    expect(await page.getByText("Demo Mode", { exact: true }).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it("the API answers through the frontend's /api proxy", async () => {
    const response = await fetch(appUrl + "/api/health");
    expect(await response.json()).toEqual({ ok: true, chainId: 31337 });
  });
});
