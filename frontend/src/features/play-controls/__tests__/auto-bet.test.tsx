import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { nextStep, type AutoBetSettings } from "../auto-bet-rules";
import { useAutoBet } from "../use-auto-bet";
import { HotkeyList } from "../components/hotkey-list";
import { useHotkeys } from "../use-hotkeys";

const settings = (patch: Partial<AutoBetSettings> = {}): AutoBetSettings => ({
  count: 10,
  stopOnProfit: null,
  stopOnLoss: null,
  onWin: { kind: "reset" },
  onLoss: { kind: "reset" },
  ...patch,
});

describe("auto-bet's rules", () => {
  it("stops at the count, at the total profit or at the total loss, whichever comes first", () => {
    expect(nextStep(settings({ count: 3 }), "DEGEN", 10, 10, { played: 3, profit: 0 }, -10)).toEqual({ stop: "Done: 3 bets played." });
    expect(nextStep(settings({ stopOnProfit: 50 }), "DEGEN", 10, 10, { played: 2, profit: 92 }, 92)).toEqual({
      stop: "Stopped: the total profit reached 50 DEGEN.",
    });
    expect(nextStep(settings({ stopOnLoss: 30 }), "DEGEN", 10, 10, { played: 3, profit: -30 }, -10)).toEqual({
      stop: "Stopped: the total loss reached 30 DEGEN.",
    });
    expect(nextStep(settings({ stopOnLoss: 30 }), "DEGEN", 10, 10, { played: 2, profit: -20 }, -10)).toEqual({ stake: 10 });
  });

  it("resets or multiplies the stake after a win and after a loss, keeps it after a push, never below the minimum", () => {
    const martingale = settings({ onLoss: { kind: "multiply", factor: 2 }, onWin: { kind: "reset" } });
    expect(nextStep(martingale, "DEGEN", 10, 40, { played: 3, profit: -70 }, -40)).toEqual({ stake: 80 });
    expect(nextStep(martingale, "DEGEN", 10, 80, { played: 4, profit: 12 }, 82)).toEqual({ stake: 10 });
    expect(nextStep(martingale, "DEGEN", 10, 80, { played: 4, profit: 0 }, 0)).toEqual({ stake: 80 });
    expect(nextStep(settings({ onWin: { kind: "multiply", factor: 0.1 } }), "BNB", 0.002, 0.002, { played: 1, profit: 0.01 }, 0.01)).toEqual({ stake: 0.001 });
  });
});

describe("an auto-bet run", () => {
  it("plays one round after another at the stakes the rules give, and stops where they say", async () => {
    const profits = [-10, -20, 82, -10];
    const stakes: number[] = [];
    const play = vi.fn(async (stake: number) => {
      stakes.push(stake);
      return profits.shift() ?? 0;
    });
    const { result } = renderHook(() => {
      const [stake, setStake] = useState(10);
      return { stake, auto: useAutoBet({ token: "DEGEN", stake, setStake, play }) };
    });
    await act(() => result.current.auto.start(settings({ onLoss: { kind: "multiply", factor: 2 }, stopOnProfit: 50 })));
    expect(stakes).toEqual([10, 20, 40]);
    expect(result.current.auto.run).toEqual({ running: false, progress: { played: 3, profit: 52 }, message: "Stopped: the total profit reached 50 DEGEN." });
  });

  it("stops at the first bet that does not go through, and when asked to", async () => {
    const play = vi.fn(async () => null);
    const { result } = renderHook(() => useAutoBet({ token: "DEGEN", stake: 10, setStake: () => undefined, play }));
    await act(() => result.current.start(settings()));
    expect(play).toHaveBeenCalledTimes(1);
    expect(result.current.run.message).toBe("Stopped: the last bet did not go through.");

    let release: (profit: number) => void = () => undefined;
    const slow = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const stopped = renderHook(() => useAutoBet({ token: "DEGEN", stake: 10, setStake: () => undefined, play: slow }));
    let running!: Promise<void>;
    act(() => {
      running = stopped.result.current.start(settings());
    });
    act(() => stopped.result.current.stop());
    await act(async () => {
      release(-10);
      await running;
    });
    expect(slow).toHaveBeenCalledTimes(1);
    expect(stopped.result.current.run).toMatchObject({ running: false, progress: { played: 1, profit: -10 }, message: "Stopped." });
  });
});

function HotkeyPage({ actions }: { actions: Parameters<typeof useHotkeys>[0] }) {
  useHotkeys(actions);
  return (
    <>
      <input data-testid="field" />
      <HotkeyList bet="start, or cash out" />
    </>
  );
}

describe("hotkeys", () => {
  it("bet, halve, double and stop from the keyboard, off while typing in a field, and listed on the page", () => {
    const actions = { bet: vi.fn(), halve: vi.fn(), double: vi.fn(), stopAutoBet: vi.fn() };
    render(<HotkeyPage actions={actions} />);
    fireEvent.keyDown(document.body, { code: "Space" });
    fireEvent.keyDown(document.body, { code: "KeyH" });
    fireEvent.keyDown(document.body, { code: "KeyD" });
    fireEvent.keyDown(document.body, { code: "KeyS" });
    expect([actions.bet, actions.halve, actions.double, actions.stopAutoBet].map((action) => action.mock.calls.length)).toEqual([1, 1, 1, 1]);
    fireEvent.keyDown(screen.getByTestId("field"), { code: "Space" });
    fireEvent.keyDown(screen.getByTestId("field"), { code: "KeyD" });
    expect(actions.bet).toHaveBeenCalledTimes(1);
    expect(actions.double).toHaveBeenCalledTimes(1);
    const listed = [...screen.getByTestId("hotkeys").children].map((item) => item.textContent);
    expect(listed).toEqual(["Hotkeys", "Space start, or cash out", "H halve the stake", "D double the stake", "S stop auto-bet", "(off while you type)"]);
  });
});
