import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settleDice } from "@engine/dice";
import { toBaseUnits } from "@engine/tokens";
import { demoDegen, renderGamePage, toastText } from "@/test/game-page";
import DicePage from "../dice-page";

/** A random word whose roll passes `fits` (found by the engine itself, not assumed). */
function wordRolling(fits: (roll: number) => boolean): string {
  for (let i = 1; ; i++) {
    const word = "0x" + i.toString(16).padStart(64, "0");
    if (fits(settleDice("DEGEN", toBaseUnits(1), 5_000n, word).outcome.roll)) return word;
  }
}

const words = vi.hoisted(() => ({ next: "" }));
vi.mock("@engine/random", async (importOriginal) => {
  const original = await importOriginal<typeof import("@engine/random")>();
  return { ...original, randomBytes32: () => words.next || original.randomBytes32() };
});

const renderPage = () => renderGamePage(<DicePage />);

async function rollAndLand() {
  fireEvent.click(screen.getByTestId("roll-button"));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  });
}

describe("dice page", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    words.next = "";
  });
  afterEach(() => vi.useRealTimers());

  it("starts at roll under 50.00: a 50 % chance paying 2.04x with DEGEN, 1.96x with BNB", () => {
    renderPage();
    expect(screen.getByTestId("dice-target")).toHaveValue("50.00");
    expect(screen.getByTestId("dice-chance")).toHaveValue("50");
    expect(screen.getByTestId("dice-multiplier")).toHaveValue("2.04");
    expect(screen.getByTestId("potential-win")).toHaveTextContent("20.40 DEGEN (2.04x)");
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    expect(screen.getByTestId("dice-multiplier")).toHaveValue("1.96");
  });

  it("sets the target from the chance, the multiplier or the slider, and keeps the chance when the side flips", () => {
    renderPage();
    const chance = screen.getByTestId("dice-chance");
    fireEvent.change(chance, { target: { value: "25" } });
    fireEvent.blur(chance);
    expect(screen.getByTestId("dice-target")).toHaveValue("25.00");
    expect(screen.getByTestId("dice-multiplier")).toHaveValue("4.08");
    fireEvent.click(screen.getByTestId("dice-side-OVER"));
    expect(screen.getByTestId("dice-target")).toHaveValue("74.99");
    expect(screen.getByTestId("dice-chance")).toHaveValue("25");
    const multiplier = screen.getByTestId("dice-multiplier");
    fireEvent.change(multiplier, { target: { value: "10" } });
    fireEvent.keyDown(multiplier, { key: "Enter" });
    expect(screen.getByTestId("dice-chance")).toHaveValue("10.2");
    fireEvent.change(screen.getByTestId("dice-slider"), { target: { value: "100" } });
    // Roll over 1.00 would win 98.99 %: the slider stops at the 98 % target.
    expect(screen.getByTestId("dice-target")).toHaveValue("1.99");
    expect(screen.getByTestId("dice-chance")).toHaveValue("98");
  });

  it("a roll under the target wins stake × 2.04 and marks the roll; one above it loses the stake", async () => {
    renderPage();
    const before = demoDegen();
    words.next = wordRolling((roll) => roll < 5_000);
    await rollAndLand();
    const won = Number(screen.getByTestId("dice-result").getAttribute("data-roll"));
    expect(won).toBeLessThan(5_000);
    expect(screen.getByTestId("dice-roll-marker").getAttribute("data-roll")).toBe(String(won));
    expect(toastText()).toContain("YOU WON!");
    expect(toastText()).toContain("Won 20.40 DEGEN (2.04x)");
    expect(demoDegen()).toBeCloseTo(before + 10.4, 6);

    words.next = wordRolling((roll) => roll >= 5_000);
    await rollAndLand();
    expect(Number(screen.getByTestId("dice-result").getAttribute("data-roll"))).toBeGreaterThanOrEqual(5_000);
    expect(screen.getByTestId("dice-result")).toHaveTextContent("no luck -10.00 DEGEN");
    expect(demoDegen()).toBeCloseTo(before + 0.4, 6);
    expect(screen.getAllByTestId("roll-history-entry")).toHaveLength(2);
  });

  it("refuses a stake above the balance with the wheel's alert, and plays nothing", async () => {
    renderPage();
    const input = screen.getByTestId("bet-input");
    fireEvent.change(input, { target: { value: "20000" } });
    fireEvent.blur(input);
    const before = demoDegen();
    await rollAndLand();
    expect(toastText()).toContain("Insufficient Balance");
    expect(toastText()).toContain("You only have 10000.00 DEGEN");
    expect(demoDegen()).toBe(before);
    expect(screen.queryAllByTestId("roll-history-entry")).toHaveLength(0);
  });
});
