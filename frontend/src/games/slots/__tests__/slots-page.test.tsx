import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { evaluateReels, type SlotSymbol } from "@engine/slots";
import { useWalletStore } from "@/features/wallet";
import SlotsPage from "../slots-page";
import { describeWinLines } from "../slots-display";

const C: SlotSymbol = "CHERRY";
const D: SlotSymbol = "DEGEN";
/** Middle row: three Chads from the left; nothing else lines up. */
const CHERRY_MIDDLE: SlotSymbol[][] = [
  ["LEMON", C, "BELL"],
  ["STAR", C, "GRAPES"],
  ["BELL", C, "LEMON"],
  ["GRAPES", "DIAMOND", "STAR"],
  ["LEMON", "BELL", "GRAPES"],
];
const NOTHING: SlotSymbol[][] = [
  ["LEMON", C, "BELL"],
  ["STAR", "BELL", "GRAPES"],
  ["BELL", C, "LEMON"],
  ["GRAPES", "DIAMOND", "STAR"],
  ["LEMON", "BELL", "GRAPES"],
];
const DEGEN_TOP: SlotSymbol[][] = NOTHING.map((reel, index) => (index < 4 ? [D, reel[1], reel[2]] : reel));

function answer(reels: SlotSymbol[][], payout: string) {
  const outcome = evaluateReels(reels);
  return new Response(JSON.stringify({ reels, payout, winLines: outcome.winLines, isBigWin: outcome.isBigWin }), { status: 200 });
}

const degen = () => useWalletStore.getState().demoBalances.DEGEN;
const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe("slots page", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("follows the SPEC timing and pays a win with its line badge and highlighted cells", async () => {
    fetchMock.mockResolvedValue(answer(CHERRY_MIDDLE, "51"));
    render(<SlotsPage />);
    fireEvent.click(screen.getByTestId("spin-button"));
    expect(degen()).toBe(9990);
    expect(screen.getByTestId("spin-button")).toBeDisabled();
    await advance(1799);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/slots/spin");
    expect(JSON.parse(init.body)).toEqual({ token: "DEGEN", betAmount: "10" });

    // Reel i stops 1000 + 200·i ms after the answer.
    expect(screen.getByTestId("reel-0")).toHaveAttribute("data-spinning");
    await advance(999);
    expect(screen.getByTestId("reel-0")).toHaveAttribute("data-spinning");
    await advance(1);
    expect(screen.getByTestId("reel-0")).not.toHaveAttribute("data-spinning");
    expect(screen.getByTestId("reel-1")).toHaveAttribute("data-spinning");
    await advance(800);
    expect(screen.getByTestId("reel-4")).not.toHaveAttribute("data-spinning");
    expect(screen.getByTestId("spin-button")).toBeDisabled();
    expect(degen()).toBe(9990);

    await advance(500);
    expect(screen.getByTestId("spin-button")).toBeEnabled();
    expect(degen()).toBe(9990 + 51);
    expect(screen.getByTestId("win-display")).toHaveTextContent("51.00");
    expect(screen.getByTestId("win-line")).toHaveTextContent("Middle Row · 3-Match");
    const highlighted = screen.getAllByTestId("reel-grid")[0].querySelectorAll("[data-highlighted]");
    expect(highlighted).toHaveLength(3);
    highlighted.forEach((cell) => expect(cell).toHaveAttribute("data-symbol", "CHERRY"));
    expect(screen.getByTestId("confetti")).toBeInTheDocument();
    await advance(3000);
    expect(screen.queryByTestId("confetti")).toBeNull();
    expect(screen.queryByTestId("big-win")).toBeNull();
  });

  it("takes the stake on a loss and shows no win", async () => {
    fetchMock.mockResolvedValue(answer(NOTHING, "0"));
    render(<SlotsPage />);
    fireEvent.click(screen.getByTestId("spin-button"));
    await advance(1800);
    await advance(1800 + 500);
    expect(screen.getByTestId("spin-button")).toBeEnabled();
    expect(screen.getByTestId("reel-4")).not.toHaveAttribute("data-spinning");
    expect(degen()).toBe(9990);
    expect(screen.getByTestId("win-display")).toHaveTextContent("0.00");
    expect(screen.queryByTestId("win-line")).toBeNull();
    expect(screen.queryByTestId("confetti")).toBeNull();
  });

  it("shows the big-win overlay for 4 s", async () => {
    fetchMock.mockResolvedValue(answer(DEGEN_TOP, "1020"));
    render(<SlotsPage />);
    fireEvent.click(screen.getByTestId("spin-button"));
    await advance(1800);
    await advance(1800 + 500);
    expect(screen.getByTestId("big-win")).toHaveTextContent("+1020.00 DEGEN");
    expect(screen.getByTestId("win-line")).toHaveTextContent("Top Row · 4-Match");
    await advance(3999);
    expect(screen.getByTestId("big-win")).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId("big-win")).toBeNull();
  });

  it("ends a failed spin silently and gives the demo stake back", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: "boom" }), { status: 500 }));
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<SlotsPage />);
    fireEvent.click(screen.getByTestId("spin-button"));
    await advance(1800);
    expect(screen.getByTestId("spin-button")).toBeEnabled();
    expect(screen.getByTestId("reel-0")).not.toHaveAttribute("data-spinning");
    expect(degen()).toBe(10000);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("alerts when the balance does not cover the bet", () => {
    useWalletStore.setState({ demoBalances: { DEGEN: 4.5, BNB: 5 } });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    render(<SlotsPage />);
    fireEvent.click(screen.getByTestId("spin-button"));
    expect(alert).toHaveBeenCalledWith("Insufficient DEGEN balance! You have 4.50 but need 10.00");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(degen()).toBe(4.5);
  });

  it("shows the token badges, the max of bet × 150 and the jackpot badge for DEGEN only", () => {
    render(<SlotsPage />);
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent("1.02x");
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent("0.98x");
    expect(screen.getByTestId("max-display")).toHaveTextContent("1500.00");
    expect(screen.getByTestId("jackpot-badge")).toHaveTextContent("Jackpot 1.2M");
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    expect(screen.queryByTestId("jackpot-badge")).toBeNull();
    expect(screen.getByTestId("max-display")).toHaveTextContent("1.5000");
  });
});

describe("win-line names", () => {
  it("names every line and match length from winLines", () => {
    const reels: SlotSymbol[][] = [
      [D, D, D],
      [D, D, D],
      [D, D, D],
      [D, D, D],
      [D, D, D],
    ];
    const lines = describeWinLines(evaluateReels(reels).winLines);
    expect(lines.map((line) => `${line.line} ${line.match}`)).toEqual([
      "Top Row 5-Match",
      "Middle Row 5-Match",
      "Bottom Row 5-Match",
      "Diagonal down 5-Match",
      "Diagonal up 5-Match",
    ]);
    expect(lines[4].cells).toEqual([
      [0, 2],
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 2],
    ]);
  });
});
