// @vitest-environment node
import { describe, expect, it } from "vitest";
import { outcomeBanner } from "../blackjack-display";
import type { BlackjackTable } from "../round-source";

const table = (status: BlackjackTable["status"], payout: number): BlackjackTable => ({
  sessionId: "s",
  playerHand: [],
  dealerHand: [],
  playerScore: 20,
  dealerScore: 18,
  status,
  canSplit: false,
  payout,
  splitHand: null,
  splitScore: null,
  activeSplit: null,
});

describe("blackjack outcome banner", () => {
  it("keeps the product's text and gives a won hand's payout for its USD value beneath", () => {
    expect(outcomeBanner(table("PLAYER_WIN", 0.02), "BNB")).toEqual({ text: "Win 0.0200 BNB!", tone: "win", win: { token: "BNB", amount: 0.02 } });
    expect(outcomeBanner(table("BLACKJACK", 25), "DEGEN")).toEqual({ text: "BLACKJACK! Win 25.00 DEGEN!", tone: "win", win: { token: "DEGEN", amount: 25 } });
  });

  it("gives no amount to value for a push or a loss", () => {
    expect(outcomeBanner(table("PUSH", 10), "DEGEN")).toEqual({ text: "Push - Tie", tone: "push" });
    expect(outcomeBanner(table("DEALER_WIN", 0), "DEGEN")).toEqual({ text: "Dealer wins", tone: "lose" });
  });
});
