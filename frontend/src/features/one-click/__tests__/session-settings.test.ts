// @vitest-environment node
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { GAME_TYPES, type GameType } from "@engine/gameTypes";
import { budgetRefusal, initialForm, settingsOf, vaultCanFund } from "../session-settings";

// A session's budget moves from the vault into its lane (docs/decisions.md §4, "lanes"): the
// dialog starts within the vault and refuses a budget above it, saying so.
describe("the one-click dialog's budgets and the vault", () => {
  it("starts at the defaults, each budget and largest bet capped at the vault, a token it cannot stake unchecked", () => {
    const form = initialForm({ DEGEN: parseEther("250.559"), BNB: parseEther("0.0009") });
    expect(form.budget).toEqual({ DEGEN: "250.55", BNB: "1" });
    expect(form.maxBet.DEGEN).toBe("100");
    expect(form.tokens).toEqual({ DEGEN: true, BNB: false });
    expect(initialForm({ DEGEN: parseEther("50"), BNB: parseEther("5") })).toMatchObject({
      budget: { DEGEN: "50.00", BNB: "1" },
      maxBet: { DEGEN: "50.00", BNB: "0.1" },
      tokens: { DEGEN: true, BNB: true },
    });
    expect(vaultCanFund({ DEGEN: parseEther("0.99"), BNB: parseEther("0.0009") })).toBe(false);
    expect(vaultCanFund({ DEGEN: parseEther("1"), BNB: 0n })).toBe(true);
  });

  it("refuses a budget above the vault with the sentence that says where the budget comes from", () => {
    const settings = settingsOf({
      hours: 4,
      tokens: { DEGEN: true, BNB: true },
      games: Object.fromEntries(GAME_TYPES.map((game) => [game, true])) as Record<GameType, boolean>,
      maxBet: { DEGEN: "100", BNB: "0.1" },
      budget: { DEGEN: "1000", BNB: "0.5" },
    });
    if (typeof settings === "string") throw new Error(settings);
    expect(budgetRefusal(settings, { DEGEN: parseEther("999.999"), BNB: parseEther("1") })).toBe(
      "Your Casino vault holds 999.99 DEGEN: the DEGEN budget moves from it into the session, so it can be at most that. Lower the budget, or deposit first.",
    );
    expect(budgetRefusal(settings, { DEGEN: parseEther("1000"), BNB: parseEther("0.5") })).toBeNull();
  });
});
