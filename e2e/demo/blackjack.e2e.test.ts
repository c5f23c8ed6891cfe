import { describe, expect, inject, it } from "vitest";
import type { Page, Response } from "playwright-core";
import { openPage, screenshot } from "../support/browser";
import { balance, overflowing, useBrowser } from "../support/page";

interface HandAnswer {
  status: string;
  canSplit: boolean;
  payout: string;
  playerScore: number;
  splitScore: number | null;
  activeSplit: "first" | "second" | null;
  dealerScore: number | "?";
}

const FINAL = ["PLAYER_WIN", "DEALER_WIN", "PUSH", "BLACKJACK"];

/** Clicks a button and returns the blackjack route's JSON answer it caused. */
async function act(page: Page, testId: string, route: string): Promise<HandAnswer> {
  const answer = page.waitForResponse((response: Response) => response.url().endsWith(`/api/blackjack/${route}`));
  await page.getByTestId(testId).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as HandAnswer;
}

/** docs/product.md §8 banner text for a finished hand. */
function expectedBanner(hand: HandAnswer): RegExp {
  const payout = Number(hand.payout).toFixed(2);
  if (hand.status === "BLACKJACK") return new RegExp(`^BLACKJACK! Win ${payout} DEGEN!$`);
  if (hand.status === "PLAYER_WIN") return new RegExp(`^Win ${payout} DEGEN!$`);
  if (hand.status === "PUSH") return /^Push - Tie$/;
  const scores = hand.splitScore === null ? [hand.playerScore] : [hand.playerScore, hand.splitScore];
  return scores.every((score) => score > 21) ? /^Bust! Dealer wins$/ : /^Dealer wins$/;
}

describe("blackjack in demo mode", () => {
  const appUrl = inject("appUrl");
  const browser = useBrowser();

  it("refuses an uncovered bet, then plays hands until a win, a loss and a split", async () => {
    const page = await openPage(browser(), "desktop");
    await page.goto(appUrl + "/blackjack");
    expect(await page.getByTestId("payout-badges").innerText()).toBe("BJ 2.5x\nWin 2x\nPush 1x\nDemo Mode");

    await page.getByTestId("bet-input").fill("20000");
    await page.getByTestId("bet-input").blur();
    await page.getByTestId("deal-button").click();
    expect(await page.getByTestId("result-banner").innerText()).toBe("Insufficient DEGEN: 10000.00/20000.00");
    await page.getByTestId("bet-input").fill("10");
    await page.getByTestId("bet-input").blur();

    const seen = { win: false, loss: false, split: false };
    for (let handNo = 1; handNo <= 80 && !(seen.win && seen.loss && seen.split); handNo++) {
      const before = await balance(page);
      let hand = await act(page, "deal-button", "start");
      let staked = 10;
      if (!FINAL.includes(hand.status)) {
        expect(await balance(page)).toBeCloseTo(before - 10, 2);
        expect(await page.getByTestId("card-hidden").count()).toBe(1);
        expect(await page.getByTestId("dealer-hand-score").innerText()).toBe("?");
        if (hand.canSplit && !seen.split) {
          hand = await act(page, "split-button", "split");
          staked = 20;
          seen.split = true;
          expect(await balance(page)).toBeCloseTo(before - 20, 2);
          expect(await page.getByTestId("split-hand").count()).toBe(1);
          if (hand.status === "SPLIT_PLAYING") {
            const active = hand.activeSplit === "first" ? 1 : 2;
            expect(await page.getByTestId("result-banner").innerText()).toBe(`Playing hand ${active}`);
            const marked = active === 1 ? "player-hand" : "split-hand";
            expect(await page.getByTestId(marked).getAttribute("data-active")).toBe("true");
            await screenshot(page, "blackjack-split-desktop");
            if (active === 1) {
              hand = await act(page, "stand-button", "stand");
              if (hand.status === "SPLIT_PLAYING") {
                expect(await page.getByTestId("result-banner").innerText()).toBe("Playing hand 2");
                expect(await page.getByTestId("split-hand").getAttribute("data-active")).toBe("true");
              }
            }
          }
        }
        // Simple play: hit below 12, then stand.
        while (!FINAL.includes(hand.status)) {
          const score = hand.activeSplit === "second" ? hand.splitScore! : hand.playerScore;
          hand = score < 12 ? await act(page, "hit-button", "hit") : await act(page, "stand-button", "stand");
        }
      }
      const payout = Number(hand.payout);
      expect(await page.getByTestId("result-banner").innerText()).toMatch(expectedBanner(hand));
      expect(await balance(page)).toBeCloseTo(before - staked + payout, 2);
      if (payout > staked) {
        if (!seen.win) await screenshot(page, "blackjack-win-desktop");
        seen.win = true;
      }
      if (payout === 0) seen.loss = true;
      await page.getByTestId("new-round-button").click();
      await page.getByTestId("deal-button").waitFor();
    }
    expect(seen).toEqual({ win: true, loss: true, split: true });
    await page.context().close();
  }, 300_000);

  it("fits and plays on a phone", async () => {
    const page = await openPage(browser(), "phone");
    await page.goto(appUrl + "/blackjack");
    const hand = await act(page, "deal-button", "start");
    await screenshot(page, "blackjack-phone-dealt");
    if (!FINAL.includes(hand.status)) {
      let current = hand;
      while (!FINAL.includes(current.status)) current = await act(page, "stand-button", "stand");
    }
    await page.getByTestId("new-round-button").waitFor();
    await screenshot(page, "blackjack-phone");
    expect(await overflowing(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
