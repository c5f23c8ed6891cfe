import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { useBetStore, type ActiveBet } from "../../bet-store";
import { BetStatus } from "../bet-status";

/** The wheel's current bet, as the lifecycle leaves it after `patch`. */
function showBet(patch: Partial<ActiveBet>): void {
  const id = useBetStore.getState().begin("wheel");
  act(() => useBetStore.getState().update(id, { betId: "1", placedBlock: 10, ...patch }));
}

beforeEach(() => {
  useWalletStore.setState({ mode: "web3" });
  render(
    <MemoryRouter>
      <BetStatus game="wheel" />
    </MemoryRouter>,
  );
});
afterEach(() => useBetStore.getState().clear());

describe("BetStatus: a late settlement", () => {
  it("says the settlement is late and offers the claim only once the chain's clock reaches the bet's claim time", () => {
    showBet({ stage: "settling", token: "BNB", blocksWaited: 21, claimableAt: 1_000, chainTime: 999 });
    expect(screen.getByTestId("late-settlement")).toHaveTextContent(
      "The settlement is late: 21 blocks since your bet. Your stake is safe in the Casino contract. If it is not settled by",
    );
    expect(screen.queryByTestId("claim-bet")).toBeNull();

    act(() => useBetStore.getState().update(useBetStore.getState().bet!.id, { chainTime: 1_000 }));
    expect(screen.getByTestId("late-settlement")).toHaveTextContent("Its settle window has passed: you can claim your bet back now, at its maximum payout.");
    expect(screen.getByTestId("claim-bet")).toHaveTextContent("Claim");
    expect(screen.getByTestId("late-settlement")).not.toHaveTextContent("jackpot"); // a BNB bet has no jackpot draw
  });

  it("tells a late DEGEN bet that its jackpot draw is kept, and asks nothing of the player for it", () => {
    showBet({ stage: "settling", token: "DEGEN", jackpotDraw: true, blocksWaited: 300 });
    expect(screen.getByTestId("late-settlement")).toHaveTextContent(
      "Your jackpot draw is kept: if it comes too late to read your bet's block, it counts as a win.",
    );
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("says a bet claimed back was, with what the claim paid, not that the house settled it", () => {
    showBet({ stage: "result", token: "BNB", payout: "0.098", claimed: true, verdict: { ok: true, problems: [] } });
    expect(screen.getByTestId("bet-stage")).toHaveTextContent("Claimed back at its maximum payout: 0.0980 BNB");
    showBet({ stage: "result", token: "DEGEN", payout: "102.0", claimed: false, verdict: { ok: true, problems: [] } });
    expect(screen.getByTestId("bet-stage")).toHaveTextContent("Settled on chain");
  });
});
