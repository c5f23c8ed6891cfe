import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "../support/browser";
import { balance, overflowing, setBet, toastText, useBrowser } from "../support/page";

/** How many lines of text an element's box holds. */
const lines = (element: Locator) => element.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));

const COLOURS = ["gold", "pink", "cyan", "violet", "red", "blue", "green", "orange", "silver", "white"];

describe("wheel of fortune in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  it("validates, then plays until a win and a loss, moving the balance by stake and payout", async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/roulette");
    await expect(page.getByTestId("token-switch-DEGEN").innerText()).resolves.toContain("10.2x");
    await expect(page.getByTestId("token-switch-BNB").innerText()).resolves.toContain("9.8x");
    expect(await page.getByTestId("spin-button").isDisabled()).toBe(true);

    await page.getByTestId("wheel-hub").click();
    await page.getByTestId("toast").getByText("No Colors Selected").waitFor();
    expect(await toastText(page)).toContain("Please select at least one color to bet on!");

    for (const colour of COLOURS) await page.getByTestId(`colour-${colour}`).click();
    await page.getByText("At most 9 colours: a bet on all ten could never lose.").waitFor();
    expect(await page.getByTestId("colour-white").getAttribute("aria-pressed")).toBe("false");
    for (const colour of COLOURS.slice(5, 9)) await page.getByTestId(`colour-${colour}`).click();
    await expect(page.getByTestId("token-switch-DEGEN").innerText()).resolves.toContain("2.04x");
    await expect(page.getByTestId("token-switch-BNB").innerText()).resolves.toContain("1.96x");

    await setBet(page, "20000");
    await page.getByTestId("spin-button").click();
    await page.getByTestId("toast").getByText("Insufficient Balance").waitFor();
    expect(await toastText(page)).toContain("You only have 10000.00 DEGEN");
    expect(await balance(page)).toBe(10000);

    await setBet(page, "10");
    const seen = { win: false, loss: false };
    for (let spin = 1; spin <= 30 && !(seen.win && seen.loss); spin++) {
      const before = await balance(page);
      await page.getByTestId("spin-button").click();
      await page.getByTestId("spin-button").getByText("Spinning…").waitFor();
      expect(await balance(page)).toBeCloseTo(before - 10, 2);
      await page
        .getByTestId("spin-history-entry")
        .nth(Math.min(spin, 10) - 1)
        .waitFor();
      await page.getByTestId("spin-button").getByText("SPIN", { exact: true }).waitFor();
      const toast = await toastText(page);
      const after = await balance(page);
      if (toast.includes("YOU WON!")) {
        seen.win = true;
        expect(toast).toContain("Won 20.40 DEGEN (2.04x)");
        expect(after).toBeCloseTo(before - 10 + 20.4, 2);
        expect(await page.getByTestId("spin-history-entry").first().innerText()).toMatch(/Won\s+\+10\.40 DEGEN/);
        if (!seen.loss) await screenshot(page, "roulette-win-desktop");
      } else {
        expect(toast).toContain("Better Luck Next Time");
        expect(toast).toContain("Lost 10.00 DEGEN");
        seen.loss = true;
        expect(after).toBeCloseTo(before - 10, 2);
        expect(await page.getByTestId("spin-history-entry").first().innerText()).toMatch(/Lost\s+-10\.00 DEGEN/);
      }
      // The wheel stopped on the colour the round reported.
      const label = (await page.getByTestId("spin-history-entry").first().innerText()).split(/\s/)[0];
      expect(await page.getByTestId("wheel-result").innerText()).toContain(label);
    }
    expect(seen).toEqual({ win: true, loss: true });
    await screenshot(page, "roulette-desktop");
    await page.context().close();
  }, 240_000);

  it("remembers the stake of each token, the colours and auto-bet's settings on this device, and never starts auto-bet by itself", async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/roulette");
    await page.getByTestId("colour-pink").click();
    await page.getByTestId("colour-violet").click();
    await setBet(page, "25");
    await page.getByTestId("token-switch-BNB").click();
    await setBet(page, "0.05");
    await page.getByTestId("auto-bet").locator("summary").click();
    await page.getByTestId("auto-bet-count").fill("7");
    await page.getByTestId("auto-bet-stop-loss").fill("0.2");
    await page.getByTestId("auto-bet-on-loss").getByText("Multiply the stake by").click();

    await page.reload();
    expect(await page.getByTestId("colour-pink").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("colour-violet").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("colour-gold").getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByTestId("token-switch-BNB").getAttribute("aria-checked")).toBe("true");
    expect(await page.getByTestId("bet-input").inputValue()).toBe("0.05");
    await page.getByTestId("auto-bet").locator("summary").click();
    expect(await page.getByTestId("auto-bet-count").inputValue()).toBe("7");
    expect(await page.getByTestId("auto-bet-stop-loss").inputValue()).toBe("0.2");
    expect(await page.getByTestId("auto-bet-on-loss").getByLabel("Multiply the stake by", { exact: true }).isChecked()).toBe(true);
    expect(await page.getByTestId("auto-bet-start").isVisible()).toBe(true);
    expect(await page.getByTestId("spin-history-entry").count()).toBe(0);
    // The DEGEN stake is DEGEN's own.
    await page.getByTestId("token-switch-DEGEN").click();
    expect(await page.getByTestId("bet-input").inputValue()).toBe("25");
    await page.context().close();
  }, 60_000);

  it("fits and plays on a phone", async () => {
    const page = await openPage(browser(), "phone");
    await page.goto(appUrl + "/roulette");
    await page.getByTestId("colour-gold").click();
    // The largest potential win of a demo balance stays on one line.
    await setBet(page, "10000");
    expect(await page.getByTestId("potential-win").innerText()).toBe("102000.00 DEGEN (10.2x)");
    expect(await lines(page.getByTestId("potential-win"))).toBe(1);
    expect(await lines(page.getByText("Potential win", { exact: true }))).toBe(1);
    await setBet(page, "10");
    await page.getByTestId("colour-cyan").click();
    await page.getByTestId("spin-button").click();
    await page.getByTestId("spin-history-entry").first().waitFor();
    await screenshot(page, "roulette-phone");
    expect(await overflowing(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
