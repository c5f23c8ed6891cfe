import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crashHundredthsAt, crashRound, crashTimeToReach } from "@engine/crash";
import { useWalletStore } from "@/features/wallet";
import { CrashGame, PLAY_AGAIN_GUARD_MS } from "../components/crash-game";
import { formatMultiplier } from "../flight-machine";
import { createDemoCrashSource } from "../round-source";
import { wordWhere } from "./fixtures";

const balance = () => useWalletStore.getState().demoBalances;
const applyPayout = (token: "DEGEN" | "BNB", amount: number) => useWalletStore.getState().applyPayout(token, amount);

export function renderCrash(word: string) {
  return render(
    <MemoryRouter>
      <CrashGame source={createDemoCrashSource({ applyPayout, nextWord: () => word })} />
    </MemoryRouter>,
  );
}

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

const shownHundredths = () => Math.round(Number(screen.getByTestId("crash-multiplier").textContent?.replace("x", "")) * 100);

describe("crash screen", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows the idle screen and the crash distribution in How to play", () => {
    renderCrash(wordWhere((round) => round.crashPoint > 300));
    expect(screen.getByRole("link", { name: "Lobby" })).toHaveAttribute("href", "/lobby");
    expect(screen.getByRole("heading", { level: 1, name: "Crash" })).toBeInTheDocument();
    expect(screen.getByTestId("crash-multiplier")).toHaveTextContent("1.00x");
    expect(screen.getByText("LAUNCH SEQUENCE")).toBeInTheDocument();
    expect(screen.getByText("Cash out before the spaceship crashes")).toBeInTheDocument();
    expect(screen.getByTestId("crash-potential-win")).toHaveClass("invisible");
    expect(screen.getByRole("button", { name: "START GAME" })).toBeEnabled();
    expect(screen.getByTestId("bet-input")).toHaveValue("10");
    expect(screen.getByTestId("auto-cash-out")).toHaveValue("");
    expect(screen.getByText("1% of rounds bust instantly at 1.00x.")).toBeInTheDocument();
    expect(
      screen.getByText(/chance the spaceship reaches a multiplier m is RTP \/ m: 1.02 \/ m with DEGEN \(RTP 102%\), 0.98 \/ m with BNB \(RTP 98%\)/),
    ).toBeInTheDocument();
    expect(screen.getByText("The crash point is capped at 100x.")).toBeInTheDocument();
    expect(screen.getByText(/from 1.04x \(DEGEN\) or 1.01x \(BNB\) up returns exactly the token's RTP/)).toBeInTheDocument();
    // Audio is not blocked in this environment: no enable-sound button.
    expect(screen.queryByRole("button", { name: "Aktivera ljud" })).not.toBeInTheDocument();
  });

  it("refuses a stake above the balance with the SPEC alert", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    useWalletStore.setState({ demoBalances: { DEGEN: 7.5, BNB: 5 } });
    renderCrash(wordWhere((round) => round.crashPoint > 300));
    await click("START GAME");
    expect(alert).toHaveBeenCalledExactlyOnceWith("Insufficient DEGEN balance! You have 7.50 but need 10.00");
    expect(balance().DEGEN).toBe(7.5);
    expect(screen.getByText("LAUNCH SEQUENCE")).toBeInTheDocument();
  });

  it("flies along the engine's curve in 50 ms ticks and pays stake × multiplier once on a double click", async () => {
    const word = wordWhere((round) => round.crashTimeSec > 6);
    const round = crashRound(word, "DEGEN");
    renderCrash(word);
    await click("START GAME");
    expect(balance().DEGEN).toBe(9990);
    expect(screen.getByTestId("bet-input")).toBeDisabled();
    expect(screen.getByTestId("auto-cash-out")).toBeDisabled();
    expect(screen.getByTestId("token-switch-BNB")).toBeDisabled();
    expect(screen.getByTestId("crash-potential-win")).not.toHaveClass("invisible");

    await advance(16);
    await advance(3000);
    // The readout is the curve at a whole 50 ms tick near 3 s, never between ticks.
    const shown = shownHundredths();
    const ticks = [58, 59, 60, 61].map((tick) => crashHundredthsAt(round, (tick * 50) / 1000));
    expect(ticks).toContain(shown);
    expect(screen.getByTestId("crash-potential-win")).toHaveTextContent(`Potential Win ${(shown / 10).toFixed(2)} DEGEN`);
    const cashOutButton = screen.getByRole("button", { name: `CASH OUT @ ${formatMultiplier(shown)}` });

    await act(async () => {
      fireEvent.click(cashOutButton);
      fireEvent.click(cashOutButton);
    });
    const expected = 9990 + (10 * shown) / 100;
    expect(balance().DEGEN).toBeCloseTo(expected, 9);
    expect(screen.getByTestId("crash-win")).toHaveTextContent(`WIN +${((10 * shown) / 100).toFixed(2)} DEGEN`);
    expect(screen.getByText(`Cashed out @ ${formatMultiplier(shown)}`)).toBeInTheDocument();
    expect(screen.getByTestId("crash-multiplier")).toHaveTextContent(formatMultiplier(shown));

    // The flight is over: no more frames, no second payout, PLAY AGAIN after a short guard.
    await advance(round.crashTimeSec * 1000);
    expect(balance().DEGEN).toBeCloseTo(expected, 9);
    expect(screen.queryByText(/CRASHED/)).not.toBeInTheDocument();
    const playAgain = screen.getByRole("button", { name: "PLAY AGAIN" });
    expect(playAgain).toBeEnabled();
    await click("PLAY AGAIN");
    expect(screen.getByTestId("crash-multiplier")).toHaveTextContent("1.00x");
    expect(screen.getByRole("button", { name: "START GAME" })).toBeEnabled();
  });

  it("loses the stake when the spaceship crashes", async () => {
    const word = wordWhere((round) => round.crashPoint > 100 && round.crashTimeSec < 8);
    const round = crashRound(word, "DEGEN");
    renderCrash(word);
    await click("START GAME");
    await advance(16);
    await advance(round.crashTimeSec * 1000 - 100);
    expect(screen.queryByText(/CRASHED/)).not.toBeInTheDocument();
    const cashOutButton = screen.getByRole("button", { name: /^CASH OUT @/ });
    await advance(150);
    expect(screen.getByText(`CRASHED @ ${formatMultiplier(round.crashPoint)}`)).toBeInTheDocument();
    expect(screen.getByTestId("crash-multiplier")).toHaveTextContent(formatMultiplier(round.crashPoint));
    expect(balance().DEGEN).toBe(9990);
    expect(screen.queryByRole("button", { name: /CASH OUT/ })).not.toBeInTheDocument();
    // The button a late double click aimed at is gone, not relabelled: clicks held on it cannot start a round.
    expect(cashOutButton).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "PLAY AGAIN" })).toBeDisabled();
    await advance(PLAY_AGAIN_GUARD_MS);
    expect(screen.getByRole("button", { name: "PLAY AGAIN" })).toBeEnabled();
  });

  it("busts at once at 1.00x in an instant-bust round", async () => {
    const word = wordWhere((round) => round.crashPoint === 100);
    renderCrash(word);
    await click("START GAME");
    await advance(20);
    expect(screen.getByText("CRASHED @ 1.00x")).toBeInTheDocument();
    expect(balance().DEGEN).toBe(9990);
  });

  it("cashes out by itself at the auto target", async () => {
    const word = wordWhere((round) => round.crashPoint >= 200);
    const round = crashRound(word, "DEGEN");
    renderCrash(word);
    fireEvent.change(screen.getByTestId("auto-cash-out"), { target: { value: "1.5" } });
    await click("START GAME");
    await advance(16);
    await advance(crashTimeToReach(round.curve, 1.5) * 1000 - 60);
    expect(screen.getByRole("button", { name: /CASH OUT/ })).toBeInTheDocument();
    await advance(80);
    expect(screen.getByTestId("crash-win")).toHaveTextContent("WIN +15.00 DEGEN");
    expect(screen.getByText("Cashed out @ 1.50x")).toBeInTheDocument();
    expect(balance().DEGEN).toBe(10005);
  });

  it("blocks START GAME on an invalid auto target", () => {
    renderCrash(wordWhere((round) => round.crashPoint >= 200));
    fireEvent.change(screen.getByTestId("auto-cash-out"), { target: { value: "1" } });
    expect(screen.getByText("Enter a target from 1.01x to 100x, or leave it empty.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "START GAME" })).toBeDisabled();
  });

  it("stops every frame and timer when the player leaves mid-flight", async () => {
    const word = wordWhere((round) => round.crashTimeSec > 6);
    const { unmount } = renderCrash(word);
    await click("START GAME");
    await advance(500);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(balance().DEGEN).toBe(9990);
  });
});
