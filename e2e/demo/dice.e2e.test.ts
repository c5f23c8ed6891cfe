import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "../support/browser";
import { balance, overflowing, useBrowser } from "../support/page";

/** The roll shown after the click: the engine's settle in the browser, then 0.7 s on screen. */
const ROLL_TIMEOUT_MS = 10_000;

describe("dice in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  for (const viewport of ["desktop", "phone"] as const) {
    it(`rolls: the balance moves by the payout less the stake, the roll marked on the track, and the stake above the balance refused (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/dice");
      await page.getByRole("heading", { level: 1, name: "Dice" }).waitFor();
      expect(await page.getByTestId("potential-win").innerText()).toBe("20.40 DEGEN (2.04x)");
      await page.getByTestId("dice-chance").fill("90");
      await page.getByTestId("dice-chance").press("Enter");
      expect(await page.getByTestId("dice-target").inputValue()).toBe("90.00");
      // 10,200 ÷ 9,000 rolls: 1.1333… shown to four decimals.
      expect(await page.getByTestId("dice-multiplier").inputValue()).toBe("1.1333");
      await screenshot(page, `dice-idle-${viewport}`);

      for (let round = 0; round < 3; round++) {
        const before = await balance(page);
        await page.getByTestId("roll-button").click();
        const result = page.locator('[data-testid="dice-result"][data-roll]');
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="roll-history-entry"]').length === n, round + 1, {
          timeout: ROLL_TIMEOUT_MS,
        });
        const roll = Number(await result.getAttribute("data-roll"));
        expect(await page.getByTestId("dice-roll-marker").getAttribute("data-roll")).toBe(String(roll));
        // 10 DEGEN under 90.00: a roll below 9000 pays floor(10 × 10,200 ÷ 9,000) in base units, 11.333… DEGEN.
        const expected = roll < 9_000 ? before + (10 * 10_200) / 9_000 - 10 : before - 10;
        expect(await balance(page)).toBeCloseTo(expected, 1);
      }
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `dice-rolled-${viewport}`);

      await page.getByTestId("bet-input").fill("20000");
      await page.getByTestId("bet-input").blur();
      const before = await balance(page);
      await page.getByTestId("roll-button").click();
      await page.getByTestId("toast").filter({ hasText: "Insufficient Balance" }).waitFor();
      expect(await balance(page)).toBe(before);
      await page.context().close();
    });
  }
});
