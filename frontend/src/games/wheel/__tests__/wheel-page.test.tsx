import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settleWheel, encodeWheelParams } from "@engine/wheel";
import { toBaseUnits } from "@engine/tokens";
import { useWalletStore } from "@/features/wallet";
import { demoDegen, renderGamePage, toastText } from "@/test/game-page";
import WheelPage from "../wheel-page";
import { segmentAtPointer } from "./pointer";

/** A random word whose spin lands on `segment` (found by the engine itself, not assumed). */
function wordLandingOn(segment: number): string {
  for (let i = 1; ; i++) {
    const word = "0x" + i.toString(16).padStart(64, "0");
    if (settleWheel("DEGEN", toBaseUnits(1), encodeWheelParams([0]), word).outcome.segment === segment) return word;
  }
}

const words = vi.hoisted(() => ({ next: "" }));
vi.mock("@engine/random", async (importOriginal) => {
  const original = await importOriginal<typeof import("@engine/random")>();
  return { ...original, randomBytes32: () => words.next || original.randomBytes32() };
});

const renderPage = () => renderGamePage(<WheelPage />);

describe("wheel of fortune page", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    words.next = "";
  });
  afterEach(() => vi.useRealTimers());

  it("shows the token badges 10.2x / 9.8x, then the multiplier of the selection", () => {
    renderPage();
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent("10.2x");
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent("9.8x");
    for (const colour of ["gold", "pink", "cyan", "violet", "red"]) fireEvent.click(screen.getByTestId(`colour-${colour}`));
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent("2.04x");
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent("1.96x");
  });

  it("disables the spin button with no colour; tapping the wheel says why", () => {
    renderPage();
    expect(screen.getByTestId("spin-button")).toBeDisabled();
    fireEvent.click(screen.getByTestId("wheel-hub"));
    expect(toastText()).toContain("No Colors Selected");
    expect(toastText()).toContain("Please select at least one color to bet on!");
  });

  it("refuses a tenth colour and shows the reason", () => {
    renderPage();
    const buttons = ["gold", "pink", "cyan", "violet", "red", "blue", "green", "orange", "silver", "white"];
    for (const colour of buttons) fireEvent.click(screen.getByTestId(`colour-${colour}`));
    expect(screen.getByTestId("colour-white")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("colour-count")).toHaveTextContent("9 / 9 selected");
    expect(screen.getByTestId("colour-limit")).toHaveTextContent("At most 9 colours: a bet on all ten could never lose.");
  });

  it("refuses a bet above the balance", () => {
    useWalletStore.setState({ demoBalances: { DEGEN: 5, BNB: 5 } });
    renderPage();
    fireEvent.click(screen.getByTestId("colour-gold"));
    fireEvent.click(screen.getByTestId("spin-button"));
    expect(toastText()).toContain("Insufficient Balance");
    expect(toastText()).toContain("You only have 5.00 DEGEN");
    expect(demoDegen()).toBe(5);
  });

  it("spins 3.5 s onto the engine's segment and pays a win", async () => {
    words.next = wordLandingOn(0);
    renderPage();
    fireEvent.click(screen.getByTestId("colour-gold"));
    await act(async () => fireEvent.click(screen.getByTestId("spin-button")));
    expect(screen.getByTestId("spin-button")).toBeDisabled();
    expect(demoDegen()).toBe(9990);
    const rotation = Number(screen.getByTestId("wheel-rotor").getAttribute("data-rotation"));
    expect(segmentAtPointer(rotation)).toBe(0);
    expect(rotation).toBeGreaterThanOrEqual(5 * 360);
    expect(rotation).toBeLessThan(8 * 360);

    await act(async () => vi.advanceTimersByTime(3499));
    expect(screen.queryByTestId("toast")).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(toastText()).toContain("YOU WON!");
    expect(toastText()).toContain("Won 102.00 DEGEN (10.2x)");
    expect(demoDegen()).toBe(9990 + 102);
    const entry = within(screen.getByTestId("spin-history")).getByTestId("spin-history-entry");
    expect(entry).toHaveTextContent("Gold");
    expect(entry).toHaveTextContent("Won");
    expect(entry).toHaveTextContent("+92.00 DEGEN");
    expect(screen.getByTestId("confetti")).toBeInTheDocument();
  });

  it("takes the stake on a loss and keeps the last 10 spins", async () => {
    words.next = wordLandingOn(3);
    renderPage();
    fireEvent.click(screen.getByTestId("colour-gold"));
    fireEvent.click(screen.getByTestId("colour-pink"));
    for (let spin = 0; spin < 11; spin++) {
      await act(async () => fireEvent.click(screen.getByTestId("spin-button")));
      await act(async () => vi.advanceTimersByTime(3500));
    }
    expect(toastText()).toContain("Better Luck Next Time");
    expect(toastText()).toContain("Lost 10.00 DEGEN");
    expect(demoDegen()).toBe(10000 - 110);
    const entries = screen.getAllByTestId("spin-history-entry");
    expect(entries).toHaveLength(10);
    expect(entries[0]).toHaveTextContent("Violet");
    expect(entries[0]).toHaveTextContent("-10.00 DEGEN");
  });
});
