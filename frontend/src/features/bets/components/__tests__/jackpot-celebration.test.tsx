import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { useBetStore } from "../../bet-store";
import { JackpotCelebration } from "../jackpot-celebration";

afterEach(() => useBetStore.setState({ bet: null }));

describe("JackpotCelebration", () => {
  it("celebrates the settled bet's jackpot win with its amount, once, and re-reads the balances", async () => {
    const refreshBalances = vi.fn(async () => undefined);
    useWalletStore.setState({ refreshBalances });
    render(<JackpotCelebration />);
    expect(screen.queryByTestId("jackpot-celebration")).toBeNull();

    const id = useBetStore.getState().begin("wheel");
    act(() => useBetStore.getState().update(id, { stage: "settling" }));
    expect(screen.queryByTestId("jackpot-celebration")).toBeNull();
    // The result lands with the jackpot the chain paid; later updates of the same bet (a
    // re-render of any kind) must not rebuild what the component selects.
    act(() => useBetStore.getState().update(id, { stage: "result", jackpotWin: "200.0" }));
    act(() => useBetStore.getState().update(id, { settleTxHash: "0x01" }));

    expect(await screen.findByTestId("jackpot-celebration")).toHaveTextContent("JACKPOT!You won 200.00 DEGEN from the jackpot");
    expect(await screen.findByTestId("confetti")).toBeInTheDocument();
    expect(refreshBalances).toHaveBeenCalledTimes(1);
  });

  it("shows nothing for a result without a jackpot win", () => {
    render(<JackpotCelebration />);
    const id = useBetStore.getState().begin("wheel");
    act(() => useBetStore.getState().update(id, { stage: "result", payout: "102.0" }));
    expect(screen.queryByTestId("jackpot-celebration")).toBeNull();
  });
});
