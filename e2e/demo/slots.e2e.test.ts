import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot } from "../support/browser";
import { balance, overflowing, setBet, useBrowser } from "../support/page";

const LINE_LABEL = /^(Top Row|Middle Row|Bottom Row|Diagonal down|Diagonal up) · (3|4|5)-Match$/;

interface SpinAnswer {
  reels: string[][];
  payout: string;
  winLines: number[][];
  isBigWin: boolean;
}

/** Spins 10 DEGEN on `page` until `seen` holds a win and a loss (this page's or another's), at most 40 times. */
async function spinUntilWinAndLoss(page: Page, seen: { win: boolean; loss: boolean }): Promise<void> {
  await setBet(page, "10");
  expect(await page.getByTestId("max-display").innerText()).toBe("1500.00");
  for (let spin = 1; spin <= 40 && !(seen.win && seen.loss); spin++) {
    const before = await balance(page);
    const clickedAt = Date.now();
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/slots/spin"));
    const request = page.waitForRequest((candidate) => candidate.url().endsWith("/api/slots/spin"));
    await page.getByTestId("spin-button").click();
    const sentAt = await request.then((sent) => {
      expect(sent.postDataJSON()).toEqual({ token: "DEGEN", betAmount: "10" });
      return Date.now();
    });
    expect(sentAt - clickedAt).toBeGreaterThanOrEqual(1700);
    expect(await balance(page)).toBeCloseTo(before - 10, 2);
    const response = await answer;
    const body = (await response.json()) as SpinAnswer;
    // When the browser had the answer, from its own network timing: this process hears of it
    // later (by as much as the machine is busy), which would shorten the gap measured below.
    const timing = response.request().timing();
    const answeredAt = timing.startTime + timing.responseEnd;
    await page.getByTestId("spin-button").getByText("SPIN", { exact: true }).waitFor({ timeout: 10_000 });
    // Last reel at 1000 + 4 × 200 ms, spinning ends 500 ms later.
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(2200);
    const payout = Number(body.payout);
    expect(await balance(page)).toBeCloseTo(before - 10 + payout, 2);
    if (payout > 0) {
      seen.win = true;
      expect(await page.getByTestId("win-display").innerText()).toBe(payout.toFixed(2));
      const labels = await page.getByTestId("win-line").allInnerTexts();
      expect(labels).toHaveLength(body.winLines.length);
      labels.forEach((label) => expect(label.trim()).toMatch(LINE_LABEL));
      const cells = new Set(body.winLines.flatMap((rows) => rows.map((row, reel) => `${reel}-${row}`)));
      expect(await page.locator("[data-testid=reel-grid] [data-highlighted]").count()).toBe(cells.size);
      await screenshot(page, "slots-win-desktop");
    } else {
      seen.loss = true;
      expect(await page.getByTestId("win-line").count()).toBe(0);
    }
    // The grid shows the server's reels, top to bottom.
    for (let reel = 0; reel < 5; reel++) {
      const symbols = await page
        .getByTestId(`reel-${reel}`)
        .locator("[data-symbol]")
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-symbol")));
      expect(symbols).toEqual(body.reels[reel]);
    }
  }
}

describe("slots in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  it("alerts on an uncovered bet, then spins until a win and a loss with SPEC timing and exact balances", async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/slots");
    expect(await page.getByTestId("jackpot-badge").innerText()).toBe("Jackpot 1.2M");
    await expect(page.getByTestId("token-switch-DEGEN").innerText()).resolves.toContain("1.02x");
    await expect(page.getByTestId("token-switch-BNB").innerText()).resolves.toContain("0.98x");

    await setBet(page, "20000");
    // The alert is shown inside the click handler: answer it from a listener, or the click never ends.
    const alerted = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByTestId("spin-button").click();
    expect(await alerted).toBe("Insufficient DEGEN balance! You have 10000.00 but need 20000.00");
    expect(await balance(page)).toBe(10000);

    // About one spin in eight wins, and a spin takes 4 s of SPEC timing: three players spin side by
    // side (each its own browser context, so its own demo balance) until one has won and one lost.
    const seen = { win: false, loss: false };
    const others = await Promise.all([openPage(browser(), "desktop"), openPage(browser(), "desktop")]);
    for (const other of others) await other.goto(appUrl + "/slots");
    await Promise.all([page, ...others].map((player) => spinUntilWinAndLoss(player, seen)));
    expect(seen).toEqual({ win: true, loss: true });
    await page.getByRole("button", { name: "Paytable" }).click();
    await screenshot(page, "slots-desktop");
    await Promise.all([page, ...others].map((player) => player.context().close()));
  }, 400_000);

  it("fits and spins on a phone", async () => {
    const page = await openPage(browser(), "phone");
    await page.goto(appUrl + "/slots");
    await page.getByTestId("spin-button").click();
    await page.getByTestId("spin-button").getByText("Spinning…").waitFor();
    await screenshot(page, "slots-phone-spinning");
    await page.getByTestId("spin-button").getByText("SPIN", { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, "slots-phone");
    // The paytable shows one line's chance under each price, and the spin's RTP.
    await page.getByTestId("paytable").getByRole("button", { name: "Paytable" }).click();
    expect(await page.getByTestId("line-chance-CHERRY-3").innerText()).toBe("1 in 57.9");
    expect(await page.getByTestId("line-chance-DEGEN-5").innerText()).toBe("1 in 14.8M");
    expect(await page.getByTestId("slots-rtp").innerText()).toBe("RTP 102%");
    expect(await overflowing(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
