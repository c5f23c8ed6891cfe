import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_PATH } from "./chromium";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const SCREENSHOTS = path.resolve(__dirname, "../screenshots");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A page in a context of its own. `motion: "reduce"` is the player's system setting
 * prefers-reduced-motion: the wheel and plinko then show outcomes in place (docs/product.md §4),
 * for a file that checks what bets do on chain rather than how the games move.
 */
export async function openPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = "desktop",
  motion: "reduce" | "no-preference" = "no-preference",
): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: motion });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
  return page;
}

/** The whole page, or with fullPage false only what the viewport shows. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}
