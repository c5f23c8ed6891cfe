import { act, render, screen } from "@testing-library/react";
import { parseEther } from "ethers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JackpotAnnouncement } from "../components/jackpot-announcement";
import { useLiveBetsStore } from "../live-bets-store";

afterEach(() => {
  vi.useRealTimers();
  useLiveBetsStore.setState({ jackpot: null });
});

describe("jackpot announcement", () => {
  it("names the winner and the exact prize, then goes after 8 s", () => {
    vi.useFakeTimers();
    render(<JackpotAnnouncement />);
    expect(screen.queryByTestId("jackpot-announcement")).toBeNull();
    act(() =>
      useLiveBetsStore.setState({
        jackpot: {
          seq: 9,
          betId: "77",
          player: "0xAbCdEf0000000000000000000000000000009999",
          username: null,
          amount: (parseEther("1234.567") + 1n).toString(),
        },
      }),
    );
    expect(screen.getByTestId("jackpot-announcement").textContent).toBe("JACKPOT!0xAbCd…9999 won 1234.56 DEGEN×");
    act(() => vi.advanceTimersByTime(7_999));
    expect(screen.queryByTestId("jackpot-announcement")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("jackpot-announcement")).toBeNull();
  });

  it("a username stands for the address", () => {
    render(<JackpotAnnouncement />);
    act(() => useLiveBetsStore.setState({ jackpot: { seq: 1, betId: "1", player: "0x1", username: "whale_77", amount: parseEther("50").toString() } }));
    expect(screen.getByRole("status").textContent).toContain("whale_77 won 50.00 DEGEN");
  });
});
