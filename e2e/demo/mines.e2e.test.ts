import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { minesPayout } from "../../engine/src/index";
import { openPage, screenshot } from "../support/browser";
import { balance, overflowing, useBrowser } from "../support/page";

const TEN = 10n * 10n ** 18n;
/** What `safe` safe tiles beside `mines` mines pay on a 10 DEGEN stake, in DEGEN. */
const paid = (mines: number, safe: number) => Number(minesPayout("DEGEN", TEN, mines, safe)) / 1e18;

async function startRound(page: Page, mines: number) {
  await page.getByTestId("mines-count").selectOption(String(mines));
  await page.getByTestId("mines-start-button").click();
  await page.locator('[data-testid="mines-result"][data-status="PLAYING"]').waitFor();
}

/** Reveals `tile` and answers what it was. */
async function reveal(page: Page, tile: number): Promise<"safe" | "mine"> {
  await page.getByTestId(`mines-tile-${tile}`).click();
  const shown = page.locator(`[data-testid="mines-tile-${tile}"]:not([data-state="hidden"])`);
  await shown.waitFor();
  return (await shown.getAttribute("data-state")) as "safe" | "mine";
}

describe("mines in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  for (const viewport of ["desktop", "phone"] as const) {
    it(`plays rounds: a safe tile's cash-out pays the formula, a mine loses the stake and shows the layout, and a stake above the balance is refused (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/mines");
      await page.getByRole("heading", { level: 1, name: "Mines" }).waitFor();
      await screenshot(page, `mines-idle-${viewport}`);

      // 1 mine: tile 12 is safe 24 times in 25; a cash-out after it pays 10 × 1.02 × 25 ÷ 24.
      let before = await balance(page);
      await startRound(page, 1);
      if ((await reveal(page, 12)) === "safe") {
        expect(await page.getByTestId("mines-cashout-button").innerText()).toBe(`Cash out ${paid(1, 1).toFixed(2)} DEGEN`);
        await page.getByTestId("mines-cashout-button").click();
        await page.locator('[data-testid="mines-result"][data-status="CASHED_OUT"]').waitFor();
        expect(await balance(page)).toBeCloseTo(before - 10 + paid(1, 1), 1);
      } else {
        await page.locator('[data-testid="mines-result"][data-status="BUSTED"]').waitFor();
        expect(await balance(page)).toBeCloseTo(before - 10, 1);
      }
      // The round over, its one mine is shown.
      expect(await page.locator('[data-testid^="mines-tile-"][data-state="mine"]').count()).toBe(1);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `mines-over-${viewport}`);

      // 24 mines: one safe tile, which ends the round paid 25.5x; a mine 24 times in 25.
      before = await balance(page);
      await startRound(page, 24);
      const first = await reveal(page, 0);
      const status = first === "safe" ? "CASHED_OUT" : "BUSTED";
      await page.locator(`[data-testid="mines-result"][data-status="${status}"]`).waitFor();
      expect(await balance(page)).toBeCloseTo(before - 10 + (first === "safe" ? paid(24, 1) : 0), 1);
      expect(await page.locator('[data-testid^="mines-tile-"][data-state="mine"]').count()).toBe(24);

      await page.getByTestId("bet-input").fill("20000");
      await page.getByTestId("bet-input").blur();
      before = await balance(page);
      await page.getByTestId("mines-start-button").click();
      await page.getByTestId("toast").filter({ hasText: "Insufficient Balance" }).waitFor();
      expect(await balance(page)).toBe(before);
      await page.context().close();
    });
  }
});
