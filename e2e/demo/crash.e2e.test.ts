import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, screenshot } from "../support/browser";
import { alertOf, balance, useBrowser } from "../support/page";

const STAKE = 10;

/** Waits until the round has crashed or the multiplier has reached `target`; true when it crashed. */
async function crashedBefore(page: Page, target: number, timeout: number): Promise<boolean> {
  await page.waitForFunction(
    (goal) => {
      const shown = document.querySelector('[data-testid="crash-multiplier"]')?.textContent ?? "";
      return document.body.innerText.includes("CRASHED @") || Number.parseFloat(shown) >= goal;
    },
    target,
    { timeout },
  );
  return (await page.getByText("CRASHED @").count()) > 0;
}

async function playAgain(page: Page) {
  const button = page.getByRole("button", { name: "PLAY AGAIN" });
  await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "PLAY AGAIN" && !b.disabled));
  await button.click();
  await page.getByRole("button", { name: "START GAME" }).waitFor();
}

describe("crash in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  it("checks the balance before launch", async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/crash");
    await page.getByText("LAUNCH SEQUENCE").waitFor();
    expect(await page.getByText("Cash out before the spaceship crashes").isVisible()).toBe(true);
    expect(await page.getByTestId("crash-lobby").getAttribute("href")).toBe("/lobby");
    await screenshot(page, "crash-idle-desktop");
    await page.getByTestId("bet-input").fill("20000");
    await page.getByTestId("bet-input").blur();
    expect(await alertOf(page, () => page.getByRole("button", { name: "START GAME" }).click())).toBe(
      "Insufficient DEGEN balance! You have 10000.00 but need 20000.00",
    );
    expect(await balance(page)).toBe(10000);
    expect(await page.getByText("LAUNCH SEQUENCE").isVisible()).toBe(true);
    // A target's chance of being reached, and its RTP, beside the target.
    expect(await page.getByTestId("auto-cash-out-chance").count()).toBe(0);
    await page.getByTestId("auto-cash-out").fill("2");
    expect(await page.getByTestId("auto-cash-out-chance").innerText()).toBe("Chance 51% · RTP 102%");
    await page.getByTestId("auto-cash-out").fill("1.01");
    expect(await page.getByTestId("auto-cash-out-chance").innerText()).toBe("Chance 99% · RTP 99.99%");
    await page.context().close();
  });

  it("cashing out (double-clicked) pays stake × multiplier once", { timeout: 180_000 }, async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/crash");
    await page.getByText("LAUNCH SEQUENCE").waitFor();
    let cashedOut = false;
    for (let round = 1; round <= 10 && !cashedOut; round++) {
      const before = await balance(page);
      await page.getByRole("button", { name: "START GAME" }).click();
      expect(await balance(page)).toBeCloseTo(before - STAKE, 2);
      if (!(await crashedBefore(page, 1.3, 60_000))) {
        // It may still crash between the check and the click: the page says which happened.
        await page
          .getByRole("button", { name: /^CASH OUT @/ })
          .dblclick({ timeout: 2000 })
          .catch(() => undefined);
      }
      await page.getByRole("button", { name: "PLAY AGAIN" }).waitFor();
      const cashedText = await page.getByText(/^Cashed out @ [\d.]+x$/).allInnerTexts();
      if (cashedText.length > 0) {
        cashedOut = true;
        const cashedAt = Number(/([\d.]+)x/.exec(cashedText[0])![1]);
        const payout = (STAKE * Math.round(cashedAt * 100)) / 100;
        expect(await page.getByTestId("crash-win").innerText()).toBe(`WIN +${payout.toFixed(2)} DEGEN`);
        expect(await balance(page)).toBeCloseTo(before - STAKE + payout, 2);
        // Still paid once after the flight would have gone on.
        await page.waitForTimeout(1500);
        expect(await balance(page)).toBeCloseTo(before - STAKE + payout, 2);
        await screenshot(page, "crash-cashedout-desktop");
      } else {
        expect(await page.getByText("CRASHED @").count()).toBe(1);
        expect(await balance(page)).toBeCloseTo(before - STAKE, 2);
      }
      await playAgain(page);
    }
    expect(cashedOut).toBe(true);

    await page.getByRole("button", { name: "START GAME" }).click();
    await page
      .getByRole("button", { name: /^CASH OUT @/ })
      .waitFor({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(1200);
    await screenshot(page, "crash-flying-desktop");
    await page.context().close();
  });

  it("a flight ridden to the crash loses the stake (phone, fixed CASH OUT bar)", { timeout: 240_000 }, async () => {
    const page = await openPage(browser(), "phone");
    await page.goto(appUrl + "/crash");
    await page.getByText("LAUNCH SEQUENCE").waitFor();
    await screenshot(page, "crash-idle-phone");
    let crashedRounds = 0;
    for (let round = 1; round <= 8 && crashedRounds === 0; round++) {
      const before = await balance(page);
      await page.getByRole("button", { name: "START GAME" }).click();
      const cashOut = page.getByRole("button", { name: /^CASH OUT @/ });
      // A flight may crash as soon as it starts (a crash point near 1x): its bar is gone by the time
      // it is measured, and waiting for it would wait for an element that never comes back.
      const box = round === 1 ? await cashOut.boundingBox({ timeout: 1_000 }).catch(() => null) : null;
      if (box) {
        expect(box.y + box.height).toBeGreaterThan(844 - 24);
        await page.screenshot({ path: "e2e/screenshots/crash-flying-phone.png" });
      }
      // Ride it; a flight still going at 3x is cashed out so that each round stays short.
      const crashed = await crashedBefore(page, 3, 60_000);
      if (crashed) {
        crashedRounds++;
        const shown = await page.getByTestId("crash-multiplier").innerText();
        expect(await page.getByText(`CRASHED @ ${shown}`).isVisible()).toBe(true);
        expect(await balance(page)).toBeCloseTo(before - STAKE, 2);
        await screenshot(page, "crash-crashed-phone");
      } else {
        await cashOut.click({ timeout: 2000 }).catch(() => undefined);
        await page.getByRole("button", { name: "PLAY AGAIN" }).waitFor();
      }
      await playAgain(page);
    }
    expect(crashedRounds).toBe(1);
    await page.context().close();
  });
});
