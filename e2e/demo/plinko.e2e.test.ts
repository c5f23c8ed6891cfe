import { describe, expect, inject, it } from "vitest";
import { plinkoMultiplier } from "../../engine/src/index";
import { openPage, screenshot } from "../support/browser";
import { balance, overflowing, useBrowser } from "../support/page";

/** The drop's result after the click: the engine's settle in the browser, then 9 rows of fall on screen. */
const DROP_TIMEOUT_MS = 10_000;
const BET = { rows: 8, risk: "LOW" } as const;

describe("plinko in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  for (const viewport of ["desktop", "phone"] as const) {
    it(`drops: the ball lands in the slot shown, the balance moves by that slot's payout less the stake, and the stake above the balance refused (${viewport})`, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/plinko");
      await page.getByRole("heading", { level: 1, name: "Plinko" }).waitFor();
      await page.getByTestId("plinko-rows").fill(String(BET.rows));
      await page.getByTestId(`plinko-risk-${BET.risk}`).click();
      await page.locator(`[data-testid="plinko-board"][data-rows="${BET.rows}"][data-risk="${BET.risk}"]`).waitFor();
      // 8 rows at low risk in DEGEN: the edges pay 5.68 × 1.02 = 5.7936x, the centre 0.4 × 1.02.
      expect(await page.getByTestId("plinko-slot-0").innerText()).toBe("5.7936x");
      expect(await page.getByTestId("plinko-slot-4").innerText()).toBe("0.408x");
      await screenshot(page, `plinko-idle-${viewport}`);

      for (let round = 0; round < 2; round++) {
        const before = await balance(page);
        await page.getByTestId("drop-button").click();
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="drop-history-entry"]').length === n, round + 1, {
          timeout: DROP_TIMEOUT_MS,
        });
        const slot = Number(await page.getByTestId("plinko-result").getAttribute("data-slot"));
        expect(await page.getByTestId(`plinko-slot-${slot}`).getAttribute("data-landed")).toBe("true");
        // 10 DEGEN: the slot pays 10 × its table entry × 10,200 ÷ 1,000,000, rounded down in base units.
        const { num, den } = plinkoMultiplier("DEGEN", BET, slot);
        expect(await balance(page)).toBeCloseTo(before + (10 * Number(num)) / Number(den) - 10, 1);
      }
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `plinko-dropped-${viewport}`);

      await page.getByTestId("bet-input").fill("20000");
      await page.getByTestId("bet-input").blur();
      const before = await balance(page);
      await page.getByTestId("drop-button").click();
      await page.getByTestId("toast").filter({ hasText: "Insufficient Balance" }).waitFor();
      expect(await balance(page)).toBe(before);
      await page.context().close();
    });
  }
});
