import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { settleSlots } from "@engine/slots";
import { formatAmount, toBaseUnits } from "@engine/tokens";
import type { BetRequest, ChainBet, CrossCheck, SettledBet, WhilePlaced } from "@/features/bets/onchain";
import { useWalletStore } from "@/features/wallet";
import { answerProblems } from "../cross-check";
import SlotsPage from "../slots-page";

// The lifecycle (wallet, chain) is mocked: it runs the game's server call and cross-check as the
// real one does, around a settlement made with a fixed word.
const BET_ID = 0xabcn;
let word = "";
let problems: string[] = [];
const playOnChain = vi.fn(async (request: BetRequest, whilePlaced?: WhilePlaced, crossCheck?: CrossCheck): Promise<SettledBet> => {
  await whilePlaced?.({ betId: BET_ID } as ChainBet);
  const settled = settledWith(request, word);
  problems = crossCheck?.(settled) ?? [];
  return settled;
});
vi.mock("@/features/bets/onchain", () => ({
  playOnChain: (...args: Parameters<typeof playOnChain>) => playOnChain(...args),
  settledOutcome: (settled: SettledBet) => settled.check.outcome,
  // The terms by the bet button: an hour's settle window, jackpot edge 0.5 %, share 5 %.
  readCasinoTerms: async () => 3_600n | (50n << 32n) | (500n << 48n),
}));

function settledWith(request: BetRequest, settledWord: string): SettledBet {
  const { payout, outcome } = settleSlots(request.token, toBaseUnits(request.stake), request.params, settledWord);
  return {
    bet: {} as ChainBet,
    settlement: { kind: "settled", seed: null, random: settledWord, payout, totalStake: toBaseUnits(request.stake), jackpot: null, txHash: "0x", block: 2 },
    check: { ok: true, problems: [], outcome: { gameType: GameType.SLOTS, slots: outcome } },
  };
}

/** The first fixed word whose spin wins (or loses) as asked. */
function wordWhere(win: boolean): string {
  for (let i = 1; ; i++) {
    const candidate = "0x" + i.toString(16).padStart(64, "0");
    if (settleSlots("DEGEN", 10n, 0n, candidate).payout > 0n === win) return candidate;
  }
}

/** The server's answer for a word, as docs/product.md §3 shapes it. */
function answerFor(answerWord: string, stake = 10) {
  const { payout, outcome } = settleSlots("DEGEN", toBaseUnits(stake), 0n, answerWord);
  return { reels: outcome.reels, payout: formatAmount(payout), winLines: outcome.winLines, isBigWin: outcome.isBigWin };
}

const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));
/** Clicks SPIN and lets the call go out (the product's delay is 0 for an on-chain bet). */
async function spin() {
  await act(async () => fireEvent.click(screen.getByTestId("spin-button")));
  await advance(0);
}

describe("slots in web3 mode", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn(async (url: string) =>
      url === "/api/slots/spin" ? new Response(JSON.stringify(answerFor(word)), { status: 200 }) : new Response("{}", { status: 503 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    useWalletStore.setState({ mode: "web3", account: "0x1234567890abcdef1234567890abcdef12345678", onChainBalances: { DEGEN: "500", BNB: "1" } });
    playOnChain.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("places the bet at once, names it in the spin call and stops the reels on the settled outcome in SPEC's cadence", async () => {
    word = wordWhere(true);
    const { outcome } = settleSlots("DEGEN", toBaseUnits(10), 0n, word);
    render(<SlotsPage />, { wrapper: MemoryRouter });
    await spin();
    expect(playOnChain).toHaveBeenCalledOnce();
    expect(playOnChain.mock.calls[0][0]).toEqual({ game: "slots", gameType: GameType.SLOTS, token: "DEGEN", stake: 10, params: 0n });
    const spinCall = fetchMock.mock.calls.find(([url]) => url === "/api/slots/spin")!;
    expect(JSON.parse(spinCall[1].body)).toEqual({ token: "DEGEN", betId: BET_ID.toString() });
    expect(problems).toEqual([]);

    expect(screen.getByTestId("reel-0")).toHaveAttribute("data-spinning");
    await advance(999);
    expect(screen.getByTestId("reel-0")).toHaveAttribute("data-spinning");
    await advance(1);
    expect(screen.getByTestId("reel-0")).not.toHaveAttribute("data-spinning");
    await advance(800 + 500);
    expect(screen.getByTestId("reel-grid")).toHaveAttribute("data-reels", outcome.reels.map((reel) => reel.join(",")).join("|"));
    expect(screen.getByTestId("spin-button")).toBeEnabled();
    expect(screen.getAllByTestId("win-line").length).toBe(outcome.lines.length);
  });

  it("shows the reels the chain settled when the server answers other ones, and reports the disagreement", async () => {
    word = wordWhere(false);
    const lying = answerFor(wordWhere(true));
    fetchMock.mockImplementation(async (url: string) => new Response(JSON.stringify(lying), { status: url === "/api/slots/spin" ? 200 : 503 }));
    render(<SlotsPage />, { wrapper: MemoryRouter });
    await spin();
    await advance(1800 + 500);
    const { outcome } = settleSlots("DEGEN", toBaseUnits(10), 0n, word);
    expect(screen.getByTestId("reel-grid")).toHaveAttribute("data-reels", outcome.reels.map((reel) => reel.join(",")).join("|"));
    expect(screen.queryByTestId("win-line")).toBeNull();
    expect(problems).toEqual([
      "the server's spin answer shows other reels than the settled word gives",
      `the server's spin answer pays ${lying.payout}, the chain paid 0`,
    ]);
  });

  it("waits for the chain when the spin call fails", async () => {
    word = wordWhere(true);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ error: "The bet is not settled yet; try again shortly" }), { status: 409 }));
    render(<SlotsPage />, { wrapper: MemoryRouter });
    await spin();
    await advance(1800 + 500);
    expect(problems).toEqual([]);
    expect(screen.getAllByTestId("win-line").length).toBeGreaterThan(0);
  });

  it("stops the reels quietly when the player refuses in the wallet", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    playOnChain.mockRejectedValueOnce(Object.assign(new Error("Cancelled in the wallet"), { name: "TxCancelled" }));
    render(<SlotsPage />, { wrapper: MemoryRouter });
    await spin();
    expect(screen.getByTestId("spin-button")).toBeEnabled();
    expect(screen.getByTestId("reel-0")).not.toHaveAttribute("data-spinning");
    expect(logged).not.toHaveBeenCalled();
  });

  it("checks SPEC §5's alert against the Casino balance", () => {
    useWalletStore.setState({ onChainBalances: { DEGEN: "4.5", BNB: "1" } });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    render(<SlotsPage />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByTestId("spin-button"));
    expect(alert).toHaveBeenCalledWith("Insufficient DEGEN balance! You have 4.50 but need 10.00");
    expect(playOnChain).not.toHaveBeenCalled();
  });
});

describe("the spin answer against the settlement", () => {
  it("has nothing to say without an answer", () => {
    const settled = settledWith({ game: "slots", gameType: GameType.SLOTS, token: "DEGEN", stake: 10, params: 0n }, "0x" + "01".padStart(64, "0"));
    expect(answerProblems(null, settled)).toEqual([]);
  });
});
