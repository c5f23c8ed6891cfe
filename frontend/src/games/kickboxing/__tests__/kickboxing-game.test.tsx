import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fightFromWord } from "@engine/kickboxing";
import { useWalletStore } from "@/features/wallet";
import { KickboxingGame } from "../components/kickboxing-game";
import { createDemoKickboxingSource, type KickboxingRoundSource } from "../round-source";
import { drawnFight, scriptedSource, wordFor } from "./fixtures";

const balance = () => useWalletStore.getState().demoBalances;
const applyPayout = (token: "DEGEN" | "BNB", amount: number) => useWalletStore.getState().applyPayout(token, amount);

function renderGame(source: KickboxingRoundSource) {
  return render(
    <MemoryRouter>
      <KickboxingGame source={source} />
    </MemoryRouter>,
  );
}

const demoSource = (word: string) => createDemoKickboxingSource({ applyPayout, nextWord: () => word });

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

describe("kickboxing screen", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows the idle screen of SPEC §2 and the help text of §9", async () => {
    renderGame(demoSource(wordFor("RED")));
    expect(screen.getByRole("link", { name: "Lobby" })).toHaveAttribute("href", "/lobby");
    expect(screen.getByRole("heading", { level: 1, name: "Kickboxing" })).toBeInTheDocument();
    expect(screen.getByText("Jackpot: 1.2M")).toBeInTheDocument();
    expect(screen.getByTestId("kickboxing-countdown")).toHaveTextContent("30s");
    for (const label of ["Bet on Red x2.0", "Bet on Blue x2.0", "Bet on Tie x4.0", "START MATCH"]) {
      expect(screen.getByRole("button", { name: label })).toBeEnabled();
    }
    expect(screen.getByTestId("bet-input")).toHaveValue("10");
    expect(screen.getByRole("meter", { name: "Red health" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByRole("meter", { name: "Blue health" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.queryByTestId("stats-RED")).not.toBeInTheDocument();
    for (const text of [
      /one exchange every 0.6 s/,
      /reduce damage by 70%/,
      /with 60% damage/,
      /Punches deal 12-23 HP, kicks 15-29 HP/,
      /The first fighter to 0 HP loses/,
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    // The jackpot badge is for DEGEN only.
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    expect(screen.queryByText("Jackpot: 1.2M")).not.toBeInTheDocument();
  });

  it("shows the chosen bet's return beside each token, alike in both: the token does not change the payout", async () => {
    renderGame(demoSource(wordFor("RED")));
    // No bet chosen: no figure a bet does not have.
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent(/^DEGEN$/);
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent(/^BNB$/);
    await click("Bet on Red x2.0");
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent(/^DEGENRTP 98%$/);
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent(/^BNBRTP 98%$/);
    await click("Bet on Tie x4.0");
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent(/^DEGENRTP 8%$/);
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent(/^BNBRTP 8%$/);
  });

  it("alerts when no bet option is chosen and takes no stake", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    renderGame(demoSource(wordFor("RED")));
    await click("START MATCH");
    expect(alert).toHaveBeenCalledExactlyOnceWith("Please select a bet option first (Red, Blue, or Tie)!");
    expect(balance().DEGEN).toBe(10000);
    expect(screen.queryByTestId("stats-RED")).not.toBeInTheDocument();
  });

  it("refuses a stake above the playable balance", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    useWalletStore.setState({ demoBalances: { DEGEN: 5, BNB: 5 } });
    renderGame(demoSource(wordFor("RED")));
    await click("Bet on Red x2.0");
    await click("START MATCH");
    expect(alert).toHaveBeenCalledExactlyOnceWith("Insufficient DEGEN balance! You have 5.00 but need 10.00");
    expect(balance().DEGEN).toBe(5);
  });

  it("plays a whole match on the engine's timeline and pays a winning bet x2", async () => {
    const word = wordFor("RED", "KO");
    const fight = fightFromWord(word);
    renderGame(demoSource(word));
    await click("Bet on Red x2.0");
    expect(screen.getByRole("button", { name: "Bet on Red x2.0" })).toHaveAttribute("aria-pressed", "true");
    await click("START MATCH");
    expect(balance().DEGEN).toBe(9990);

    // Fighting: controls locked, stats shown, the timeline revealed every 600 ms.
    for (const label of ["Bet on Red x2.0", "Bet on Blue x2.0", "Bet on Tie x4.0", "START MATCH"]) {
      expect(screen.getByRole("button", { name: label })).toBeDisabled();
    }
    const startMatch = screen.getByRole("button", { name: "START MATCH" });
    expect(screen.getByTestId("bet-input")).toBeDisabled();
    expect(screen.getByTestId("token-switch-BNB")).toBeDisabled();
    for (const label of ["Blocks", "Counters", "Combos"]) expect(within(screen.getByTestId("stats-RED")).getByText(label)).toBeInTheDocument();
    // The first frame starts the clock; frames land every 16 ms, so allow one frame of slack.
    await advance(16);
    await advance(600 + 20);
    expect(screen.getByRole("meter", { name: "Red health" })).toHaveAttribute("aria-valuenow", String(fight.timeline[0].redHp));
    expect(screen.getByRole("meter", { name: "Blue health" })).toHaveAttribute("aria-valuenow", String(fight.timeline[0].blueHp));
    expect(screen.getByTestId("kickboxing-countdown")).toHaveTextContent("30s");
    await advance(1200);
    expect(screen.getByTestId("kickboxing-countdown")).toHaveTextContent("29s");
    expect(screen.getByRole("meter", { name: "Blue health" })).toHaveAttribute("aria-valuenow", String(fight.timeline[2].blueHp));
    expect(screen.queryByTestId("kickboxing-result")).not.toBeInTheDocument();

    await advance(fight.durationMs + 500);
    const banner = screen.getByTestId("kickboxing-result");
    expect(banner).toHaveTextContent("RED WINS!");
    expect(banner).toHaveTextContent("Knockout Victory!");
    expect(banner).toHaveTextContent("You Won the Bet!");
    expect(screen.getByTestId("kickboxing-payout")).toHaveTextContent("+20.00 DEGEN (x2.0)");
    expect(balance().DEGEN).toBe(10010);
    // The START MATCH a click waited on is gone, not relabelled NEW MATCH.
    expect(startMatch).not.toBeInTheDocument();
    expect(screen.getByRole("meter", { name: "Blue health" })).toHaveAttribute("aria-valuenow", "0");
    const stats = fight.stats;
    expect(screen.getByTestId("stats-RED")).toHaveTextContent(`Blocks${stats.redBlocks}Counters${stats.redCounters}Combos${stats.redCombos}`);
    expect(screen.getByTestId("stats-BLUE")).toHaveTextContent(`Blocks${stats.blueBlocks}Counters${stats.blueCounters}Combos${stats.blueCombos}`);

    // Paid once, however long the screen stays up; NEW MATCH returns to idle.
    await advance(5000);
    expect(balance().DEGEN).toBe(10010);
    await click("NEW MATCH");
    expect(screen.getByRole("button", { name: "START MATCH" })).toBeEnabled();
    expect(screen.getByTestId("kickboxing-countdown")).toHaveTextContent("30s");
    expect(screen.queryByTestId("kickboxing-result")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Bet on Red x2.0" })).toHaveAttribute("aria-pressed", "false");
  });

  it("takes the stake of a losing bet", async () => {
    const word = wordFor("BLUE");
    const fight = fightFromWord(word);
    renderGame(demoSource(word));
    await click("Bet on Red x2.0");
    await click("START MATCH");
    await advance(16);
    await advance(31_000);
    const banner = screen.getByTestId("kickboxing-result");
    expect(banner).toHaveTextContent("BLUE WINS!");
    expect(banner).toHaveTextContent(fight.endReason === "KO" ? "Knockout Victory!" : "Time's Up!");
    expect(banner).toHaveTextContent("You Lost the Bet!");
    expect(screen.queryByTestId("kickboxing-payout")).not.toBeInTheDocument();
    expect(balance().DEGEN).toBe(9990);
  });

  it("pays a Tie bet x4 on a draw at the bell", async () => {
    renderGame(scriptedSource(drawnFight(), applyPayout));
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    fireEvent.change(screen.getByTestId("bet-input"), { target: { value: "0.5" } });
    await click("Bet on Tie x4.0");
    await click("START MATCH");
    expect(balance().BNB).toBe(4.5);
    await advance(16);
    await advance(29_000 + 20);
    expect(screen.getByTestId("kickboxing-countdown")).toHaveTextContent("1s");
    expect(screen.queryByTestId("kickboxing-result")).not.toBeInTheDocument();
    await advance(1000);
    const banner = screen.getByTestId("kickboxing-result");
    expect(banner).toHaveTextContent("MATCH ENDS IN A DRAW!");
    expect(banner).toHaveTextContent("Time's Up!");
    expect(screen.getByTestId("kickboxing-payout")).toHaveTextContent("+2.0000 BNB (x4.0)");
    expect(screen.getByTestId("kickboxing-countdown")).toHaveTextContent("0s");
    expect(balance().BNB).toBe(6.5);
  });

  it("marks blocked and countered damage numbers", async () => {
    const word = wordFor("RED", "KO");
    const fight = fightFromWord(word);
    const exchange = fight.timeline.find((candidate) => candidate.counter) ?? fight.timeline.find((candidate) => candidate.blocked);
    if (!exchange) throw new Error("fixture fight has no block");
    renderGame(demoSource(word));
    await click("Bet on Red x2.0");
    await click("START MATCH");
    await advance(16);
    await advance(exchange.timeMs);
    const kinds = screen.getAllByTestId("damage-popup").map((popup) => popup.dataset.kind);
    expect(kinds).toContain("block");
    expect(screen.getByText(`BLOCK -${exchange.damage}`)).toBeInTheDocument();
    if (exchange.counter) expect(screen.getByText(`COUNTER -${exchange.counterDamage}`)).toBeInTheDocument();
  });

  it("pays a fight that is already decided when the player leaves mid-fight", async () => {
    const word = wordFor("RED", "KO");
    const { unmount } = renderGame(demoSource(word));
    await click("Bet on Red x2.0");
    await click("START MATCH");
    await advance(1000);
    unmount();
    expect(balance().DEGEN).toBe(10010);
  });
});
