import { afterAll, beforeAll } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";

/** One browser per test file, closed after its last test. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not launched yet");
    return browser;
  };
}

/**
 * Opens a path and waits until the app has drawn it: the header, and the page itself in place of
 * its loading spinner (app-layout.tsx). The network going idle is not enough: on a starved machine
 * a page's chunk can arrive long before React draws it, and a check of an undrawn page checks
 * nothing (the Tab walk of such a page reached no control).
 */
export async function gotoDrawn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("app-header").waitFor();
  await page.locator('main > [role="status"]').waitFor({ state: "detached" });
}

/**
 * Elements reaching past the right edge of a phone screen (nothing may be cut off), and the page
 * itself when it scrolls sideways. Shapes inside an <svg> are left out: the svg clips them, and a
 * rotated wheel's bounding box is wider than it. So is what an ancestor inside the screen clips
 * (overflow hidden or clip), such as a card's decorative glow.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if ((overflowX === "hidden" || overflowX === "clip") && parent.getBoundingClientRect().right <= edge) return true;
      }
      return false;
    };
    const past = [...document.querySelectorAll("body *:not([data-testid=confetti] *):not(svg *)")]
      .filter((element) => element.getBoundingClientRect().right > edge && !clipped(element))
      .map((element) => `${element.tagName.toLowerCase()}.${(element.getAttribute("class") ?? "").slice(0, 60)}`);
    return document.documentElement.scrollWidth > edge ? ["the page scrolls sideways", ...past] : past;
  });
}

/** The playable balance shown under the shared bet input. */
export async function balance(page: Page): Promise<number> {
  const text = await page.getByTestId("bet-input-balance").innerText();
  return Number(/([\d.]+)/.exec(text)![1]);
}

export async function setBet(page: Page, amount: string): Promise<void> {
  await page.getByTestId("bet-input").fill(amount);
  await page.getByTestId("bet-input").blur();
}

export const toastText = (page: Page) => page.getByTestId("toast").innerText();

/** Clicks and returns the alert the click raises, dismissing it so that the click completes. */
export async function alertOf(page: Page, click: () => Promise<void>): Promise<string> {
  const message = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await click();
  return message;
}

/**
 * Elements whose own text the browser shows re-cased: a computed text-transform other than none,
 * or small caps. innerText shows what the player reads; these are the places where it can differ
 * from the text the component wrote. Each entry reads "own text [transform]".
 */
export function recasedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")].flatMap((element) => {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      if (!own) return [];
      const style = getComputedStyle(element);
      const changes = [style.textTransform, style.fontVariantCaps].filter((value) => value !== "none" && value !== "normal");
      return changes.length > 0 ? [`${own} [${changes.join(", ")}]`] : [];
    }),
  );
}
