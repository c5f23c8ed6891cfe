import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, screenshot, VIEWPORTS } from "../support/browser";
import { recasedTexts, useBrowser } from "../support/page";

/**
 * Product texts as the player reads them. innerText applies CSS text-transform (textContent and
 * Playwright's text matching do not), so a badge written 'Demo Mode' but styled uppercase would
 * read 'DEMO MODE' here.
 */

/** Re-cased labels allowed to stay so: decorative, not product texts. Keep this list short. */
const DECORATIVE_RECASED: readonly string[] = [];

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

const PAGES: readonly { route: string; texts: readonly string[] }[] = [
  { route: "/", texts: ["Demo Mode", "Jackpot 1.2M"] },
  { route: "/roulette", texts: ["Lobby", "Demo Mode", "10.2x", "9.8x"] },
  // Blackjack and kickboxing pay alike in both tokens: their token switches show the game's RTP, not the token multiplier (issue #39 item 1).
  { route: "/blackjack", texts: ["Lobby", "BJ 2.5x", "Win 2x", "Push 1x", "Demo Mode", "RTP 98.5%"] },
  { route: "/slots", texts: ["Lobby", "Jackpot 1.2M", "Demo Mode", "1.02x", "0.98x"] },
  {
    route: "/kickboxing",
    texts: ["Lobby", "Jackpot: 1.2M", "Bet on Red x2.0", "Bet on Blue x2.0", "Bet on Tie x4.0", "START MATCH"],
  },
  {
    route: "/crash",
    texts: ["Lobby", "LAUNCH SEQUENCE", "Cash out before the spaceship crashes", "START GAME", "1.02x", "0.98x"],
  },
  { route: "/whitepaper", texts: ["Lobby", "Back to Lobby", "Download PDF", ...WHITEPAPER_SECTIONS] },
  { route: "/no-such-page", texts: ["Lobby", "Page Not Found", "Did you forget to add the page to the router?"] },
];

/** What each element written as one of `texts` reads on screen, by text. */
async function shownTexts(page: Page, texts: readonly string[]): Promise<Record<string, string[]>> {
  const shown: Record<string, string[]> = {};
  for (const text of texts) {
    const elements = page.getByText(text, { exact: true });
    await elements.first().waitFor();
    shown[text] = await elements.allInnerTexts();
  }
  return shown;
}

/** What shownTexts gives when every element reads as written. */
const asWritten = (shown: Record<string, string[]>) => Object.fromEntries(Object.entries(shown).map(([text, elements]) => [text, elements.map(() => text)]));

/** The guard: what is on screen re-cased by CSS, less the known decorative labels. */
async function recasedSpecTexts(page: Page): Promise<string[]> {
  const recased = await recasedTexts(page);
  return recased.filter((entry) => !DECORATIVE_RECASED.some((label) => entry.startsWith(`${label} [`)));
}

async function expectNothingRecased(page: Page): Promise<void> {
  expect(await recasedSpecTexts(page), `re-cased texts on ${new URL(page.url()).pathname}`).toEqual([]);
}

describe("SPEC texts read as SPEC writes them", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    it(`badges, buttons and headings on every page (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      const shown: Record<string, Record<string, string[]>> = {};
      const recased: Record<string, string[]> = {};
      for (const { route, texts } of PAGES) {
        await page.goto(appUrl + route);
        shown[route] = await shownTexts(page, texts);
        recased[route] = await recasedSpecTexts(page);
        await screenshot(page, `spec-texts-${route.slice(1) || "lobby"}-${viewport}`, false);
      }
      expect(shown).toEqual(Object.fromEntries(Object.entries(shown).map(([route, texts]) => [route, asWritten(texts)])));
      expect(recased).toEqual(Object.fromEntries(PAGES.map(({ route }) => [route, []])));
      // Slots and kickboxing show their jackpot badges for DEGEN, the token they open with.
      for (const route of ["/slots", "/kickboxing"]) {
        await page.goto(appUrl + route);
        expect(await page.getByTestId("token-switch-DEGEN").getAttribute("aria-checked"), route).toBe("true");
      }
      await page.context().close();
    });
  }

  it("the lobby footer names the chain and the contracts the app plays with (issue #39 item 2)", async () => {
    const config = (await (await fetch(inject("apiUrl") + "/api/config")).json()) as {
      chain: { id: number; name: string };
      contracts: { DegenToken: string; Casino: string };
    };
    const page = await openPage(browser());
    await page.goto(appUrl + "/");
    // By keyboard: the live feed above the footer may still be filling, and a click whose press
    // and release straddle that shift lands on neither the button nor its panel.
    const mechanicsToggle = page.getByRole("button", { name: "Smart Contract Mechanics" });
    await mechanicsToggle.press("Enter");
    expect(await mechanicsToggle.getAttribute("aria-expanded")).toBe("true");
    const mechanics = page.getByTestId("panel-mechanics");
    await mechanics.getByText(`${config.chain.name} (chain ${config.chain.id}) · testnet only`, { exact: true }).waitFor();
    expect(await mechanics.getByTestId("contract-address-DegenToken").innerText()).toBe(config.contracts.DegenToken);
    expect(await mechanics.getByTestId("contract-address-Casino").innerText()).toBe(config.contracts.Casino);
    expect(await mechanics.innerText()).not.toMatch(/Coming soon/);
    await expectNothingRecased(page);
    await page.getByTestId("lobby-footer").scrollIntoViewIfNeeded();
    await screenshot(page, "spec-texts-lobby-footer-desktop", false);
    await page.context().close();
  });

  it("texts that appear as rounds play: blackjack hands, wheel toasts, slots lines", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/blackjack");
    await page.getByTestId("deal-button").click();
    await page.getByTestId("player-hand").waitFor();
    await expectNothingRecased(page);
    await screenshot(page, "spec-texts-blackjack-dealt-desktop", false);

    await page.goto(appUrl + "/roulette");
    await page.getByTestId("colour-gold").click();
    await page.getByTestId("spin-button").click();
    await page.getByTestId("spin-history-entry").first().waitFor();
    const title = await page.getByTestId("toast").locator("p").first().innerText();
    expect(["YOU WON!", "Better Luck Next Time"]).toContain(title);
    await expectNothingRecased(page);
    await screenshot(page, "spec-texts-roulette-spun-desktop");

    await page.goto(appUrl + "/slots");
    await page.getByTestId("spin-button").click();
    await page.getByTestId("spin-button").getByText("SPIN", { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Paytable" }).click();
    await expectNothingRecased(page);
    await screenshot(page, "spec-texts-slots-spun-desktop");
    await page.context().close();
  });

  it("kickboxing's fight stats, result banner and NEW MATCH", { timeout: 90_000 }, async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/kickboxing");
    await page.getByRole("button", { name: "Bet on Red x2.0" }).click();
    await page.getByRole("button", { name: "START MATCH" }).click();
    await page.getByTestId("stats-RED").waitFor();
    await expectNothingRecased(page);
    await screenshot(page, "spec-texts-kickboxing-fight-desktop", false);

    await page.getByTestId("kickboxing-result").waitFor({ timeout: 45_000 });
    const [winner, reason, verdict] = (await page.getByTestId("kickboxing-result").innerText()).split("\n").filter(Boolean);
    expect(["RED WINS!", "BLUE WINS!", "MATCH ENDS IN A DRAW!"]).toContain(winner);
    expect(["Knockout Victory!", "Time's Up!"]).toContain(reason);
    expect(["You Won the Bet!", "You Lost the Bet!"]).toContain(verdict);
    expect(await page.getByRole("button", { name: "NEW MATCH" }).innerText()).toBe("NEW MATCH");
    await expectNothingRecased(page);
    await page.context().close();
  });

  it("crash's Potential Win, CASH OUT @, the end overlay and PLAY AGAIN", { timeout: 60_000 }, async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/crash");
    const cashOut = page.getByRole("button", { name: /^CASH OUT @/ });
    const playAgain = page.getByRole("button", { name: "PLAY AGAIN" });
    // Both readouts at one instant: a low crash point can end the flight between two reads.
    const readInFlight = () =>
      page.evaluate(() => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("CASH OUT @"));
        const potentialWin = document.querySelector<HTMLElement>("[data-testid=crash-potential-win]");
        return button && potentialWin ? { cashOut: button.innerText, potentialWin: potentialWin.innerText } : null;
      });
    let inFlight: Awaited<ReturnType<typeof readInFlight>> = null;
    for (let flight = 1; flight <= 5 && !inFlight; flight++) {
      if (flight > 1) await playAgain.click();
      await page.getByRole("button", { name: "START GAME" }).click();
      await cashOut.or(playAgain).first().waitFor();
      inFlight = await readInFlight();
      if (inFlight) await expectNothingRecased(page);
    }
    expect(inFlight?.cashOut).toMatch(/^CASH OUT @ \d+\.\d{2}x$/);
    expect(inFlight?.potentialWin).toMatch(/^Potential Win [\d.]+ DEGEN$/);

    // The rocket may crash first; if the click missed, a high crash point flies on past PLAY AGAIN's
    // wait, so the click gets as long as a busy machine needs to reach the button.
    await cashOut.click({ timeout: 10_000 }).catch(() => undefined);
    await playAgain.waitFor();
    const overlay = await page
      .getByRole("status")
      .filter({ hasText: /WIN \+|CRASHED @/ })
      .innerText();
    expect(overlay).toMatch(/^(WIN \+[\d.]+ DEGEN\n+Cashed out @ \d+\.\d{2}x|CRASHED @ \d+\.\d{2}x)$/);
    expect(await playAgain.innerText()).toBe("PLAY AGAIN");
    await expectNothingRecased(page);
    await page.context().close();
  });
});
