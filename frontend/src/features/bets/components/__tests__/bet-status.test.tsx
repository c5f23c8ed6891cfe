import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { useBetStore, type ActiveBet } from "../../bet-store";
import { BetStatus } from "../bet-status";

/** The wheel's current bet, as the lifecycle leaves it after `patch`. */
function showBet(patch: Partial<ActiveBet>): void {
  const id = useBetStore.getState().begin("wheel");
  act(() => useBetStore.getState().update(id, { betId: "1", ...patch }));
}

beforeEach(() => {
  useWalletStore.setState({ mode: "web3" });
  render(
    <MemoryRouter>
      <BetStatus game="wheel" />
    </MemoryRouter>,
  );
});
afterEach(() => useBetStore.setState({ bet: null }));

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

  it("tells a late DEGEN bet that its jackpot draw goes void unless locked, offers the lock beside the claim, and says when it is locked", () => {
    showBet({ stage: "settling", token: "DEGEN", jackpotDraw: true, blocksWaited: 300, claimableAt: 1_000, chainTime: 1_000 });
    expect(screen.getByTestId("late-settlement")).toHaveTextContent(
      "Your jackpot draw reads your bet block's hash, which the chain keeps only for a while. Lock it now to keep your draw: otherwise, settled or claimed after that hash is gone, the draw is void. It then wins nothing, and the house pays its fair value into the jackpot pool.",
    );
    expect(screen.getByTestId("claim-bet")).toHaveTextContent("Claim");
    expect(screen.getByTestId("lock-jackpot-draw")).toHaveTextContent("Lock my jackpot draw");
    expect(screen.getByTestId("late-settlement")).not.toHaveTextContent("counts as a win");

    act(() => useBetStore.getState().update(useBetStore.getState().bet!.id, { jackpotLocked: true }));
    expect(screen.getByTestId("late-settlement")).toHaveTextContent(
      "Your jackpot draw is locked: it is drawn from your bet block's hash however late the bet is settled or claimed.",
    );
    expect(screen.queryByTestId("lock-jackpot-draw")).toBeNull();
    expect(screen.getByTestId("late-settlement")).not.toHaveTextContent("void");
  });

  it("says a bet claimed back was, with what the claim paid, not that the house settled it", () => {
    showBet({ stage: "result", token: "BNB", payout: "0.098", claimed: true, verdict: { ok: true, problems: [] } });
    expect(screen.getByTestId("bet-stage")).toHaveTextContent("Claimed back at its maximum payout: 0.0980 BNB");
    showBet({ stage: "result", token: "DEGEN", payout: "102.0", claimed: false, verdict: { ok: true, problems: [] } });
    expect(screen.getByTestId("bet-stage")).toHaveTextContent("Settled on chain");
  });
});
