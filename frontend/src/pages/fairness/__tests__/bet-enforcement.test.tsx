import { render, within } from "@testing-library/react";
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { encodeCrashParams, GameType } from "@engine/index";
import type { HistoryEntry } from "@/features/bets/use-bet-history";
import { BetEnforcement } from "../bet-enforcement";
import type { SignatureState } from "../use-session-signatures";

function entry(gameType: GameType, params: bigint, settlement: "settled" | "claimed" | null): HistoryEntry {
  const bet = { betId: 7n, nonce: 7n, token: "DEGEN", amount: parseEther("10"), gameType, params, placedBlock: 10, txHash: "0x01" };
  const resolved = settlement && { kind: settlement, seed: null, random: null, payout: 0n, totalStake: bet.amount, jackpot: null, txHash: "0x02", block: 11 };
  return {
    bet,
    settlement: resolved,
    check: null,
    commitment: null,
    actions: undefined,
    claimableAt: null,
    betUrl: null,
    settleUrl: null,
  } as unknown as HistoryEntry;
}

const shown = (item: HistoryEntry, signature: SignatureState = { via: "wallet" }) => {
  const { container } = render(<BetEnforcement entry={item} signature={signature} />);
  const note = within(container);
  return { enforced: note.getByTestId("bet-enforced").textContent, signature: note.getByTestId("bet-signature").textContent };
};

describe("how a bet's payout was enforced", () => {
  it("says which inputs the rules computed a settled payout from: the word, and the moves or cash-out the player signed", () => {
    expect(shown(entry(GameType.SLOTS, 0n, "settled")).enforced).toBe(
      "Payout computed on chain by the rules contract at settlement, from the random word: the Casino pays no other amount.",
    );
    expect(shown(entry(GameType.BLACKJACK, 0n, "settled")).enforced).toContain("from the random word and the moves you signed (a hand without any stands)");
  });

  it("tells a manual crash round, whose cash-out the player signed, from one with an auto cash-out", () => {
    expect(shown(entry(GameType.CRASH, 0n, "settled")).enforced).toContain("the cash-out you signed (without one, the round rides to its crash)");
    expect(shown(entry(GameType.CRASH, encodeCrashParams(200), "settled")).enforced).toContain("from the random word: the Casino");
  });

  it("shows a claimed bet as claimed back at its maximum", () => {
    expect(shown(entry(GameType.WHEEL, 1n, "claimed")).enforced).toBe(
      "Payout claimed back at its maximum: the house did not settle the bet within its settle window.",
    );
  });

  it("shows an open bet with both ways it will end", () => {
    expect(shown(entry(GameType.WHEEL, 1n, null)).enforced).toBe(
      "When it is settled, the rules contract computes its payout on chain; unsettled past its settle window, you can claim it back at its maximum.",
    );
  });

  it("says how the bet was placed: being checked, sent through another contract (left to the verifier), or unreadable and why", () => {
    expect(shown(entry(GameType.WHEEL, 1n, "settled"), "checking").signature).toBe("Checking how the bet was placed…");
    expect(shown(entry(GameType.WHEEL, 1n, "settled"), { via: "unknown" }).signature).toBe(
      "Its transaction went through another contract: npm run verify checks what was signed.",
    );
    expect(shown(entry(GameType.WHEEL, 1n, "settled"), { via: "error", message: "rate limited" }).signature).toBe(
      "The bet's transaction could not be read here (rate limited).",
    );
  });
});
