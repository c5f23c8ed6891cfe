import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { plinkoMultiplier } from "@engine/plinko";
import { fromBaseUnits, toBaseUnits } from "@engine/tokens";
import type { PlinkoDropRequest, PlinkoDropResult } from "../round-source";
import { demoDegen, renderGamePage, toastText } from "@/test/game-page";
import PlinkoPage from "../plinko-page";

/** A fake round source: each drop lands where the test says, and pays what the engine pays for that slot. */
const fake = vi.hoisted(() => ({ paths: [] as boolean[][], requests: [] as PlinkoDropRequest[] }));
vi.mock("../round-source", () => {
  const source = {
    async drop(request: PlinkoDropRequest): Promise<PlinkoDropResult> {
      fake.requests.push(request);
      const bounces = fake.paths.shift()!;
      const slot = bounces.filter(Boolean).length;
      const { num, den } = plinkoMultiplier(request.token, request.bet, slot);
      return { bounces, slot, payout: fromBaseUnits((toBaseUnits(request.stake) * num) / den) };
    },
  };
  return { demoPlinkoSource: source, web3PlinkoSource: source };
});

const renderPage = () => renderGamePage(<PlinkoPage />);
const slotLabels = () =>
  within(screen.getByTestId("plinko-slots"))
    .getAllByRole("listitem")
    .map((slot) => slot.textContent);

async function dropAndLand() {
  fireEvent.click(screen.getByTestId("drop-button"));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(3_000);
  });
}

describe("plinko page", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fake.paths = [];
    fake.requests = [];
  });
  afterEach(() => vi.useRealTimers());

  it("starts at 12 rows, medium risk: 13 slots labelled with what each pays in the chosen token", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Plinko" })).toBeInTheDocument();
    expect(screen.getByLabelText("Rows")).toHaveValue("12");
    expect(screen.getByTestId("plinko-risk-MEDIUM")).toHaveAttribute("aria-pressed", "true");
    expect(slotLabels()).toEqual([
      "38.5356x",
      "9.282x",
      "4.488x",
      "2.244x",
      "1.122x",
      "0.5712x",
      "0.306x",
      "0.5712x",
      "1.122x",
      "2.244x",
      "4.488x",
      "9.282x",
      "38.5356x",
    ]);
    expect(screen.getByTestId("potential-win")).toHaveTextContent("385.36 DEGEN (38.5356x)");
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    expect(slotLabels()[0]).toBe("37.0244x");
    expect(slotLabels()[6]).toBe("0.294x");
  });

  it("redraws the board for the rows and risk chosen", () => {
    renderPage();
    fireEvent.change(screen.getByLabelText("Rows"), { target: { value: "16" } });
    fireEvent.click(screen.getByRole("button", { name: "High" }));
    expect(screen.getByTestId("plinko-board")).toHaveAttribute("data-rows", "16");
    const labels = slotLabels();
    expect(labels).toHaveLength(17);
    expect(labels[0]).toBe("1058.8008x");
    expect(labels[8]).toBe("0.204x");
    expect(screen.getByTestId("plinko-payouts").querySelectorAll("tbody tr")).toHaveLength(9);
  });

  it("an edge slot wins: the toast gives the payout and multiplier, the balance moves by payout − stake", async () => {
    renderPage();
    const before = demoDegen();
    fake.paths.push(Array(12).fill(false));
    await dropAndLand();
    expect(fake.requests).toEqual([{ token: "DEGEN", stake: 10, bet: { rows: 12, risk: "MEDIUM" } }]);
    expect(toastText()).toContain("YOU WON!");
    expect(toastText()).toContain("Won 385.36 DEGEN (38.5356x)");
    expect(demoDegen()).toBeCloseTo(before + 375.36, 6);
    expect(screen.getByTestId("plinko-result")).toHaveAttribute("data-slot", "0");
    expect(screen.getByTestId("plinko-result")).toHaveTextContent("Landed on 38.5356x — WIN +375.36 DEGEN");
    expect(screen.getByTestId("plinko-slot-0")).toHaveAttribute("data-landed", "true");
    // The ball rests in slot 0: one peg spacing (40 units) in from the board's edge.
    expect(screen.getByTestId("plinko-ball")).toHaveAttribute("cx", "40");
    expect(screen.getAllByTestId("drop-history-entry")[0]).toHaveTextContent(/^38\.5356x12 rows · MediumWon\+375\.36 DEGEN$/);
  });

  it("a slot under 1x returns part of the stake: 'Better Luck Next Time', and the loss is the stake less that return", async () => {
    renderPage();
    const before = demoDegen();
    // Six right bounces of twelve: the centre slot, 0.3 × 1.02 = 0.306x.
    fake.paths.push([true, false, true, false, true, false, true, false, true, false, true, false]);
    await dropAndLand();
    expect(toastText()).toContain("Better Luck Next Time");
    expect(toastText()).toContain("Lost 6.94 DEGEN");
    expect(demoDegen()).toBeCloseTo(before - 6.94, 6);
    expect(screen.getByTestId("plinko-result")).toHaveTextContent("Landed on 0.306x — no luck -6.94 DEGEN");
    expect(screen.getByTestId("plinko-slot-6")).toHaveAttribute("data-landed", "true");
    expect(screen.getByTestId("plinko-ball")).toHaveAttribute("cx", String(40 * 7));
    expect(screen.getAllByTestId("drop-history-entry")[0]).toHaveTextContent(/Lost-6\.94 DEGEN$/);
  });

  it("refuses a stake above the balance with the wheel's alert, and plays nothing", async () => {
    renderPage();
    const input = screen.getByTestId("bet-input");
    fireEvent.change(input, { target: { value: "20000" } });
    fireEvent.blur(input);
    const before = demoDegen();
    await dropAndLand();
    expect(toastText()).toContain("Insufficient Balance");
    expect(toastText()).toContain("You only have 10000.00 DEGEN");
    expect(demoDegen()).toBe(before);
    expect(fake.requests).toEqual([]);
    expect(screen.queryAllByTestId("drop-history-entry")).toHaveLength(0);
  });
});
