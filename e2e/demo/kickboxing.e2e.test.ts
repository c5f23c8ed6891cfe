import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "../support/browser";
import { alertOf, balance, useBrowser } from "../support/page";

const STAKE = 10;
/** A fight lasts at most 30 s plus the 0.5 s knockout pause; leave room for a slow machine. */
const FIGHT_TIMEOUT_MS = 45_000;

describe("kickboxing in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  it("refuses a match without a bet option or with a stake above the balance", async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/kickboxing");
    await page.getByRole("heading", { level: 1, name: "Kickboxing" }).waitFor();
    expect(await page.getByTestId("kickboxing-lobby").getAttribute("href")).toBe("/lobby");
    expect(await page.getByTestId("kickboxing-jackpot").innerText()).toBe("Jackpot: 1.2M");
    expect(await page.getByTestId("kickboxing-countdown").innerText()).toBe("30s");
    await screenshot(page, "kickboxing-idle-desktop");

    expect(await alertOf(page, () => page.getByRole("button", { name: "START MATCH" }).click())).toBe("Please select a bet option first (Red, Blue, or Tie)!");

    await page.getByRole("button", { name: "Bet on Red x2.0" }).click();
    await page.getByTestId("bet-input").fill("20000");
    await page.getByTestId("bet-input").blur();
    expect(await alertOf(page, () => page.getByRole("button", { name: "START MATCH" }).click())).toBe(
      "Insufficient DEGEN balance! You have 10000.00 but need 20000.00",
    );
    expect(await balance(page)).toBe(10000);
    await page.context().close();
  });

  const sides = [
    { side: "Red", label: "Bet on Red x2.0", winner: "RED WINS!", multiplier: 2, viewport: "desktop" },
    { side: "Blue", label: "Bet on Blue x2.0", winner: "BLUE WINS!", multiplier: 2, viewport: "phone" },
    { side: "Tie", label: "Bet on Tie x4.0", winner: "MATCH ENDS IN A DRAW!", multiplier: 4, viewport: "desktop" },
  ] as const;

  for (const { side, label, winner, multiplier, viewport } of sides) {
    it(`plays a full match betting on ${side} (${viewport}) and settles the demo balance`, { timeout: 90_000 }, async () => {
      const page = await openPage(browser(), viewport);
      await page.goto(appUrl + "/kickboxing");
      const before = await balance(page);
      await page.getByRole("button", { name: label }).click();
      await page.getByRole("button", { name: "START MATCH" }).click();
      await page.getByTestId("stats-RED").waitFor();
      expect(await balance(page)).toBeCloseTo(before - STAKE, 2);
      expect(await page.getByRole("button", { name: label }).isDisabled()).toBe(true);
      expect(await page.getByTestId("bet-input").isDisabled()).toBe(true);

      // Mid-fight: damage numbers float and HP falls, exchange by exchange.
      await page.getByTestId("damage-popup").first().waitFor({ timeout: 10_000 });
      await screenshot(page, `kickboxing-fight-${viewport}-${side.toLowerCase()}`);

      await page.getByTestId("kickboxing-result").waitFor({ timeout: FIGHT_TIMEOUT_MS });
      const banner = await page.getByTestId("kickboxing-result").innerText();
      expect(banner).toMatch(/Knockout Victory!|Time's Up!/);
      const won = banner.includes("You Won the Bet!");
      expect(won || banner.includes("You Lost the Bet!")).toBe(true);
      expect(won).toBe(banner.includes(winner));
      const after = await balance(page);
      if (won) {
        expect(await page.getByTestId("kickboxing-payout").innerText()).toBe(`+${(STAKE * multiplier).toFixed(2)} DEGEN (x${multiplier.toFixed(1)})`);
        expect(after).toBeCloseTo(before - STAKE + STAKE * multiplier, 2);
      } else {
        expect(await page.getByTestId("kickboxing-payout").count()).toBe(0);
        expect(after).toBeCloseTo(before - STAKE, 2);
      }
      // The balance is the persisted demo wallet's, not just what the screen shows.
      const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
      expect(stored).toContain(after.toFixed(2).replace(/\.?0+$/, ""));
      await screenshot(page, `kickboxing-result-${viewport}-${side.toLowerCase()}`);

      await page.getByRole("button", { name: "NEW MATCH" }).click();
      await page.getByRole("button", { name: "START MATCH" }).waitFor();
      expect(await page.getByTestId("kickboxing-countdown").innerText()).toBe("30s");
      await page.context().close();
    });
  }
});
