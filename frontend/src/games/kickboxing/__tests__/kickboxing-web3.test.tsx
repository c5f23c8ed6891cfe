import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { settleKickboxing } from "@engine/kickboxing";
import { toBaseUnits } from "@engine/tokens";
import type { BetRequest, SettledBet } from "@/features/bets/onchain";
import { useWalletStore } from "@/features/wallet";
import { KickboxingGame } from "../components/kickboxing-game";
import { web3KickboxingSource } from "../round-source";
import { wordFor } from "./fixtures";

// The lifecycle (wallet, chain, server) is mocked: these tests are about what the game does with
// a settled bet, a refusal and a cancel.
const playOnChain = vi.fn<(request: BetRequest) => Promise<SettledBet>>();
vi.mock("@/features/bets/onchain", () => ({
  playOnChain: (request: BetRequest) => playOnChain(request),
  settledOutcome: (settled: SettledBet) => settled.check.outcome,
  // The terms by the bet button: an hour's settle window, jackpot edge 0.5 %, share 5 %.
  readCasinoTerms: async () => 3_600n | (50n << 32n) | (500n << 48n),
}));

/** What the lifecycle returns for a bet settled with `word`: the chain's payout and the engine's outcome. */
function settledWith(request: BetRequest, word: string): SettledBet {
  const { payout, outcome } = settleKickboxing(toBaseUnits(request.stake), request.params, word);
  return {
    bet: {} as SettledBet["bet"],
    settlement: { kind: "settled", seed: null, random: word, payout, totalStake: toBaseUnits(request.stake), jackpot: null, txHash: "0x", block: 2 },
    check: { ok: true, problems: [], outcome: { gameType: GameType.KICKBOXING, kickboxing: outcome } },
  };
}

function renderWeb3() {
  return render(
    <MemoryRouter>
      <KickboxingGame source={web3KickboxingSource} />
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

describe("kickboxing in web3 mode", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance", "Date"] });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 503 })),
    );
    useWalletStore.setState({ mode: "web3", account: "0x1234567890abcdef1234567890abcdef12345678", onChainBalances: { DEGEN: "500", BNB: "1" } });
    playOnChain.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("places the bet on chain with the controls locked, then plays the settled fight to its end", async () => {
    const word = wordFor("BLUE", "KO");
    let settle!: () => void;
    playOnChain.mockImplementation((request) => new Promise((resolve) => (settle = () => resolve(settledWith(request, word)))));
    renderWeb3();
    await click("Bet on Blue x2.0");
    await click("START MATCH");
    expect(playOnChain).toHaveBeenCalledExactlyOnceWith({ game: "kickboxing", gameType: GameType.KICKBOXING, token: "DEGEN", stake: 10, params: 1n });
    // In flight: nothing can change the bet, and the fight has not started.
    for (const label of ["Bet on Red x2.0", "Bet on Blue x2.0", "Bet on Tie x4.0", "START MATCH"]) {
      expect(screen.getByRole("button", { name: label })).toBeDisabled();
    }
    expect(screen.getByTestId("bet-input")).toBeDisabled();
    expect(screen.getByTestId("token-switch-BNB")).toBeDisabled();
    expect(screen.queryByTestId("stats-RED")).not.toBeInTheDocument();

    await act(async () => settle());
    expect(screen.getByTestId("stats-RED")).toBeInTheDocument();
    const { outcome } = settleKickboxing(toBaseUnits(10), 1n, word);
    await advance(16);
    await advance(outcome.fight.durationMs + 600);
    const banner = screen.getByTestId("kickboxing-result");
    expect(banner).toHaveAttribute("data-winner", "BLUE");
    expect(banner).toHaveTextContent("BLUE WINS!");
    expect(banner).toHaveTextContent("Knockout Victory!");
    expect(banner).toHaveTextContent("You Won the Bet!");
    expect(screen.getByTestId("kickboxing-payout")).toHaveTextContent("+20.00 DEGEN (x2.0)");
  });

  it("shows each bet's chance and RTP beside its payout: the house keeps 2 % on a side, a Tie wins 1 fight in 50", () => {
    renderWeb3();
    expect(screen.getByRole("button", { name: "Bet on Red x2.0" })).toHaveAccessibleDescription("Chance 49% · RTP 98%");
    expect(screen.getByRole("button", { name: "Bet on Blue x2.0" })).toHaveAccessibleDescription("Chance 49% · RTP 98%");
    expect(screen.getByRole("button", { name: "Bet on Tie x4.0" })).toHaveAccessibleDescription("Chance 2% · RTP 8%");
  });

  it("places a TIE bet at once (params 2) and pays it x4 when the fight ends in a draw", async () => {
    const word = wordFor("DRAW");
    playOnChain.mockImplementation(async (request) => settledWith(request, word));
    renderWeb3();
    await click("Bet on Tie x4.0");
    await click("START MATCH");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(playOnChain.mock.calls[0][0].params).toBe(2n);
    await advance(16);
    await advance(31_000);
    const banner = screen.getByTestId("kickboxing-result");
    expect(banner).toHaveTextContent("MATCH ENDS IN A DRAW!");
    expect(banner).toHaveTextContent("You Won the Bet!");
    expect(screen.getByTestId("kickboxing-payout")).toHaveTextContent("+40.00 DEGEN (x4.0)");
  });

  it("gives the stake's and the win's dollar value with a fresh price, beside the product's texts", async () => {
    const prices = { quotes: { DEGEN: { usd: 0.0123, lastUpdated: new Date().toISOString(), ageMs: 0 }, BNB: null }, freshForMs: 60_000 };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url === "/api/prices" ? new Response(JSON.stringify(prices)) : new Response("{}", { status: 503 }))),
    );
    playOnChain.mockImplementation(async (request) => settledWith(request, wordFor("DRAW")));
    renderWeb3();
    await click("Bet on Tie x4.0");
    // 10 DEGEN at $0.0123: $0.123.
    expect(screen.getByTestId("usd-value")).toHaveTextContent("≈ $0.12");
    await click("START MATCH");
    await advance(16);
    await advance(31_000);
    expect(screen.getByTestId("kickboxing-payout")).toHaveTextContent("+40.00 DEGEN (x4.0)");
    expect(within(screen.getByTestId("kickboxing-result")).getByTestId("usd-value")).toHaveTextContent("≈ $0.49");
  });

  it("shows a TIE bet lost when a fighter wins", async () => {
    const word = wordFor("RED", "KO");
    playOnChain.mockImplementation(async (request) => settledWith(request, word));
    renderWeb3();
    await click("Bet on Tie x4.0");
    await click("START MATCH");
    await advance(16);
    await advance(31_000);
    expect(screen.getByTestId("kickboxing-result")).toHaveTextContent("You Lost the Bet!");
    expect(screen.queryByTestId("kickboxing-payout")).not.toBeInTheDocument();
  });

  it("goes quietly back to idle when the player refuses in the wallet", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    playOnChain.mockRejectedValue(Object.assign(new Error("Cancelled in the wallet"), { name: "TxCancelled" }));
    renderWeb3();
    await click("Bet on Red x2.0");
    await click("START MATCH");
    expect(screen.getByRole("button", { name: "START MATCH" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Bet on Red x2.0" })).toBeEnabled();
    expect(logged).not.toHaveBeenCalled();
  });

  it("stays idle when the chain refuses the bet (the bet status says why)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    playOnChain.mockRejectedValue(new Error("Your Casino balance is too low for this bet"));
    renderWeb3();
    await click("Bet on Red x2.0");
    await click("START MATCH");
    expect(screen.getByRole("button", { name: "START MATCH" })).toBeEnabled();
    expect(screen.queryByTestId("stats-RED")).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledOnce();
  });

  it("checks SPEC §5's alerts against the Casino balance", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    useWalletStore.setState({ onChainBalances: { DEGEN: "5", BNB: "1" } });
    renderWeb3();
    await click("START MATCH");
    expect(alert).toHaveBeenLastCalledWith("Please select a bet option first (Red, Blue, or Tie)!");
    await click("Bet on Red x2.0");
    await click("START MATCH");
    expect(alert).toHaveBeenLastCalledWith("Insufficient DEGEN balance! You have 5.00 but need 10.00");
    expect(playOnChain).not.toHaveBeenCalled();
  });
});
