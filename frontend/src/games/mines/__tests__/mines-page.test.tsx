import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cashOutMines, minesView, revealTile, startMines, type MinesState } from "@engine/mines";
import { toBaseUnits, type Token } from "@engine/tokens";
import { demoDegen, renderGamePage, toastText } from "@/test/game-page";
import MinesPage from "../mines-page";

const WORD = "0x" + "1".repeat(64);

/** The server's demo routes in miniature: the engine behind /api/mines (docs/product.md §7), one round at a time. */
function fakeServer(refusal?: { status: number; error: string }) {
  let round: MinesState | null = null;
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const answer = (state: MinesState) => new Response(JSON.stringify({ roundId: "round-1", betId: null, token: state.token, ...minesView(state) }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const path = String(url);
      const body = JSON.parse(String(init.body));
      calls.push({ path, body });
      if (refusal) return new Response(JSON.stringify({ error: refusal.error }), { status: refusal.status });
      if (path === "/api/mines/start") round = startMines(WORD, toBaseUnits(body.betAmount), body.token as Token, body.mines);
      else if (path === "/api/mines/reveal") round = revealTile(round!, body.tile);
      else round = cashOutMines(round!);
      return answer(round);
    }),
  );
  return { calls, mines: () => [...startMines(WORD, 1n, "DEGEN", 3).mineTiles] };
}

const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));
const tile = (t: number) => screen.getByTestId(`mines-tile-${t}`);
const safeTiles = (mines: number[]) => Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t));

describe("mines page", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("names each tile by its place for a screen reader, and starts with 3 mines, a first gem paying 1.1591x with DEGEN", () => {
    fakeServer();
    renderGamePage(<MinesPage />);
    expect(screen.getByRole("button", { name: "Tile 3, row 1 column 4, hidden" })).toBe(tile(3));
    expect(screen.getByRole("button", { name: "Tile 24, row 5 column 5, hidden" })).toBeDisabled();
    expect(screen.getByTestId("mines-count")).toHaveValue("3");
    // 1.02 × 25 ÷ 22 = 1.15909…: the first gem among 22 safe tiles of 25.
    expect(screen.getByTestId("mines-next-multiplier")).toHaveTextContent("1.1591x");
    expect(screen.getByTestId("mines-multiplier")).toHaveTextContent("—");
    fireEvent.change(screen.getByTestId("mines-count"), { target: { value: "24" } });
    // One safe tile of 25: 1.02 × 25 = 25.5x, 4 % to find it.
    expect(screen.getByTestId("mines-next-multiplier")).toHaveTextContent("25.5x");
    expect(screen.getByTestId("mines-next-payout")).toHaveTextContent("255.00 DEGEN · 4% safe");
    expect(screen.getByTestId("mines-payouts").querySelectorAll("tbody tr")).toHaveLength(1);
  });

  it("starts a demo round with the stake and the mine count, and a safe tile raises the cash-out", async () => {
    const server = fakeServer();
    renderGamePage(<MinesPage />);
    const before = demoDegen();
    await click("mines-start-button");
    expect(server.calls[0]).toEqual({ path: "/api/mines/start", body: { token: "DEGEN", action: "START", betAmount: "10", mines: 3 } });
    expect(demoDegen()).toBe(before - 10);
    expect(screen.getByTestId("mines-result")).toHaveAttribute("data-status", "PLAYING");
    expect(screen.getByTestId("mines-cashout-button")).toBeDisabled();

    const [first] = safeTiles(server.mines());
    await click(`mines-tile-${first}`);
    expect(server.calls[1]).toEqual({ path: "/api/mines/reveal", body: { token: "DEGEN", roundId: "round-1", tile: first } });
    expect(tile(first!)).toHaveAttribute("data-state", "safe");
    expect(tile(first!)).toHaveAccessibleName(new RegExp(`^Tile ${first}, row \\d column \\d, safe$`));
    expect(screen.getByTestId("mines-multiplier")).toHaveTextContent("1.1591x");
    // 10 × 1.02 × 25 ÷ 22 = 11.5909…, rounded down once by the engine.
    expect(screen.getByTestId("mines-cashout-button")).toHaveTextContent("Cash out 11.59 DEGEN");
    expect(screen.getByTestId("mines-cashout-button")).toBeEnabled();
    // 1.02 × 25 × 24 ÷ (22 × 21) = 1.3246…
    expect(screen.getByTestId("mines-next-multiplier")).toHaveTextContent("1.3247x");
  });

  it("cashes out two gems: 'YOU WON!' with the exact payout and multiplier, and the balance takes the payout", async () => {
    const server = fakeServer();
    renderGamePage(<MinesPage />);
    const before = demoDegen();
    await click("mines-start-button");
    const [first, second] = safeTiles(server.mines());
    await click(`mines-tile-${first}`);
    await click(`mines-tile-${second}`);
    await click("mines-cashout-button");
    expect(server.calls.at(-1)).toEqual({ path: "/api/mines/cashout", body: { token: "DEGEN", roundId: "round-1" } });
    // 10 × 1.02 × 600 ÷ 462 = 13.2467532…
    expect(toastText()).toBe("YOU WON!Won 13.25 DEGEN (1.3247x)");
    expect(screen.getByTestId("mines-result")).toHaveAttribute("data-status", "CASHED_OUT");
    expect(screen.getByTestId("mines-result")).toHaveAttribute("data-payout", "13.246753246753246753");
    expect(screen.getByTestId("mines-result")).toHaveTextContent("Cashed out 2 gems at 1.3247x — WIN +3.25 DEGEN");
    // The wallet store keeps a demo balance to its token's two decimals.
    expect(demoDegen()).toBeCloseTo(before + 3.25, 9);
    // Every mine shows once the round is over; Start plays again.
    for (const mine of server.mines()) expect(tile(mine)).toHaveAttribute("data-state", "mine");
    expect(screen.getByTestId("mines-start-button")).toBeEnabled();
  });

  it("a mine ends the round: every mine shows, 'Better Luck Next Time', and the stake is lost", async () => {
    const server = fakeServer();
    renderGamePage(<MinesPage />);
    const before = demoDegen();
    await click("mines-start-button");
    const [safe] = safeTiles(server.mines());
    const [mine, ...others] = server.mines();
    await click(`mines-tile-${safe}`);
    await click(`mines-tile-${mine}`);
    expect(toastText()).toBe("Better Luck Next TimeLost 10.00 DEGEN");
    expect(screen.getByTestId("mines-result")).toHaveAttribute("data-status", "BUSTED");
    expect(screen.getByTestId("mines-result")).toHaveAttribute("data-payout", "0");
    expect(screen.getByTestId("mines-result")).toHaveTextContent("Hit a mine after 1 gem — no luck -10.00 DEGEN");
    for (const t of [mine!, ...others]) expect(tile(t)).toHaveAttribute("data-state", "mine");
    expect(tile(safe!)).toHaveAttribute("data-state", "safe");
    expect(tile(safe!)).toBeDisabled();
    expect(demoDegen()).toBe(before - 10);
  });

  it("shows the server's refusal and takes nothing from the balance", async () => {
    const server = fakeServer({ status: 400, error: "Minimum bet is 1 DEGEN" });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderGamePage(<MinesPage />);
    const before = demoDegen();
    await click("mines-start-button");
    expect(server.calls).toHaveLength(1);
    expect(toastText()).toBe("Error starting gameMinimum bet is 1 DEGEN");
    expect(demoDegen()).toBe(before);
    expect(screen.getByTestId("mines-start-button")).toBeEnabled();
    expect(screen.queryByTestId("mines-result")).not.toHaveAttribute("data-status");
  });

  it("refuses a stake above the balance with the wheel's alert, and asks nothing of the server", async () => {
    const server = fakeServer();
    renderGamePage(<MinesPage />);
    const input = screen.getByTestId("bet-input");
    fireEvent.change(input, { target: { value: "20000" } });
    fireEvent.blur(input);
    await click("mines-start-button");
    expect(toastText()).toContain("Insufficient Balance");
    expect(toastText()).toContain("You only have 10000.00 DEGEN");
    expect(server.calls).toEqual([]);
  });

  it("Space starts a round and cashes it out; on a tile it is the tile's own key", async () => {
    const server = fakeServer();
    renderGamePage(<MinesPage />);
    await act(async () => fireEvent.keyDown(document.body, { code: "Space", key: " " }));
    expect(server.calls.map((call) => call.path)).toEqual(["/api/mines/start"]);
    const [first] = safeTiles(server.mines());
    await act(async () => fireEvent.keyDown(tile(first!), { code: "Space", key: " " }));
    expect(server.calls).toHaveLength(1);
    await click(`mines-tile-${first}`);
    await act(async () => fireEvent.keyDown(document.body, { code: "Space", key: " " }));
    expect(server.calls.map((call) => call.path).at(-1)).toBe("/api/mines/cashout");
    expect(screen.getByTestId("hotkeys")).toHaveTextContent(/^HotkeysSpace start, or cash outH halve the stakeD double the stake\(off while you type\)$/);
  });
});
