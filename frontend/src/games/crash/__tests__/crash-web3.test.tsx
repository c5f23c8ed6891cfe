import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { crashMultiplierAt, crashRound, crashTimeToReach, settleCrash } from "@engine/crash";
import { GameType } from "@engine/gameTypes";
import { toBaseUnits } from "@engine/tokens";
import type { BetRequest, ChainBet, SettledBet, WhilePlaced } from "@/features/bets/onchain";
import { useWalletStore } from "@/features/wallet";
import { CrashGame } from "../components/crash-game";
import { formatMultiplier } from "../flight-machine";
import { createWeb3CrashSource } from "../web3-round-source";
import { wordWhere } from "./fixtures";

// The lifecycle (wallet, chain) is mocked: it runs the game's server calls and settles with a
// fixed word and the action log they return, as the server and the chain would.
const BET_ID = "123456789";
let word = "";
const playOnChain = vi.fn(async (request: BetRequest, whilePlaced?: WhilePlaced): Promise<SettledBet> => {
  const actions = (await whilePlaced?.({ betId: BigInt(BET_ID) } as ChainBet)) ?? null;
  const { payout, outcome } = settleCrash(request.token, toBaseUnits(request.stake), request.params, word, typeof actions === "number" ? actions : null);
  return {
    bet: {} as ChainBet,
    settlement: { kind: "settled", seed: null, random: word, payout, totalStake: toBaseUnits(request.stake), jackpot: null, txHash: "0x", block: 2 },
    check: { ok: true, problems: [], outcome: { gameType: GameType.CRASH, crash: outcome } },
  };
});
vi.mock("@/features/bets/onchain", () => ({
  playOnChain: (...args: Parameters<typeof playOnChain>) => playOnChain(...args),
  settledOutcome: (settled: SettledBet) => settled.check.outcome,
  // The terms by the bet button: an hour's settle window, jackpot edge 0.5 %, share 5 %.
  readCasinoTerms: async () => 3_600n | (50n << 32n) | (500n << 48n),
}));

/** The player's key: one-click play's, or one named for the round by a wallet signature; here a fixed signature per log. */
vi.mock("@/features/bets/onchain/action-signer", () => ({
  actionSignerFor: async () => ({ viaSession: true, sign: (actions: string) => `signed:${actions}` }),
}));

/**
 * The server of a manual round: started at `startedAtMs`, over when told, cashing out at `cashOut`,
 * its clock `skewMs` ahead of the browser's; it publishes the round's curve.
 */
const server = { startedAtMs: 0, skewMs: 0, finished: false, cashOut: null as number | null, posts: [] as unknown[] };
function answer(url: string, init?: RequestInit): Response {
  if (url === `/api/crash/${BET_ID}`) {
    return Response.json({
      betId: BET_ID,
      startedAt: new Date(server.startedAtMs + server.skewMs).toISOString(),
      serverTime: new Date(Date.now() + server.skewMs).toISOString(),
      curve: crashRound(word, "DEGEN").curve,
      finished: server.finished,
      cashOut: server.cashOut,
    });
  }
  if (url === "/api/crash/cashout") {
    server.posts.push(JSON.parse(String(init?.body)));
    return Response.json({ betId: BET_ID, crashed: server.cashOut === null, cashOut: server.cashOut });
  }
  return new Response("{}", { status: 503 });
}

function renderWeb3() {
  return render(
    <MemoryRouter>
      <CrashGame source={createWeb3CrashSource()} />
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

describe("crash in web3 mode", () => {
  // The cash-out's signer loads while the bet is placed: loaded once here, as a page would have it by take-off.
  beforeAll(async () => {
    await Promise.all([import("@/features/bets/onchain/action-signer"), import("@engine/session")]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance", "Date"] });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => answer(url, init)),
    );
    useWalletStore.setState({ mode: "web3", account: "0x1234567890abcdef1234567890abcdef12345678", onChainBalances: { DEGEN: "500", BNB: "1" } });
    Object.assign(server, { startedAtMs: Date.now(), skewMs: 0, finished: false, cashOut: null, posts: [] });
    playOnChain.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("flies a manual round on the server's clock along the round's own curve, and shows the cash-out the server fixed", async () => {
    word = wordWhere((round) => round.crashPoint >= 300 && round.crashTimeSec > 8);
    const round = crashRound(word, "DEGEN");
    // The server recorded the bet 400 ms before the browser learnt of it, and its clock is 7 s ahead.
    server.startedAtMs = Date.now() - 400;
    server.skewMs = 7_000;
    renderWeb3();
    await click("START GAME");
    expect(playOnChain.mock.calls[0][0]).toEqual({ game: "crash", gameType: GameType.CRASH, token: "DEGEN", stake: 10, params: 0n });
    await advance(16);
    await advance(3000);
    // t = 3.4 s into the round, whatever the clocks say: the round's curve, by 50 ms ticks.
    const exact = [67, 68, 69].map((tick) => Math.floor(100 * crashMultiplierAt(round.curve, tick * 0.05)));
    expect(exact).toContain(shownHundredths());

    server.cashOut = 1.19;
    await click(/^CASH OUT @/);
    // The multiplier shown at the click, and the key's signature of its two bytes (engine crashCashOutBytes).
    const [posted] = server.posts as { multiplier: number; signature: string }[];
    expect(posted).toEqual({
      token: "DEGEN",
      betId: BET_ID,
      multiplier: posted!.multiplier,
      signature: `signed:0x${posted!.multiplier.toString(16).padStart(4, "0")}`,
    });
    expect(exact).toContain(posted!.multiplier);
    await advance(0);
    expect(screen.getByTestId("crash-multiplier")).toHaveTextContent("1.19x");
    expect(screen.getByTestId("crash-multiplier")).toHaveAttribute("data-cash-out", "119");
    expect(screen.getByTestId("crash-multiplier")).toHaveAttribute("data-crash-point", String(round.crashPoint));
    expect(screen.getByTestId("crash-win")).toHaveTextContent("WIN +11.90 DEGEN");
    expect(screen.getByText("Cashed out @ 1.19x")).toBeInTheDocument();
  });

  it("holds when the server ends the round first, then shows the settled crash point", async () => {
    word = wordWhere((round) => round.crashPoint > 100 && round.crashTimeSec < 5);
    const round = crashRound(word, "DEGEN");
    renderWeb3();
    await click("START GAME");
    await advance(16);
    await advance(round.crashTimeSec * 1000 + 500);
    // The curve flies on: the browser does not know the crash point.
    expect(screen.getByRole("button", { name: /^CASH OUT @/ })).toBeEnabled();
    server.finished = true;
    await advance(300);
    expect(screen.getByText(`CRASHED @ ${formatMultiplier(round.crashPoint)}`)).toBeInTheDocument();
    expect(screen.getByTestId("crash-multiplier")).toHaveAttribute("data-phase", "crashed");
    expect(server.posts).toEqual([]);
  });

  it("replays a round settled with its auto target, with CASH OUT locked", async () => {
    word = wordWhere((round) => round.crashPoint >= 200);
    const round = crashRound(word, "BNB");
    renderWeb3();
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    fireEvent.change(screen.getByTestId("bet-input"), { target: { value: "0.5" } });
    fireEvent.change(screen.getByTestId("auto-cash-out"), { target: { value: "1.5" } });
    await click("START GAME");
    expect(playOnChain.mock.calls[0][0]).toMatchObject({ token: "BNB", stake: 0.5, params: 150n });
    await advance(16);
    expect(screen.getByRole("button", { name: /^CASH OUT @/ })).toBeDisabled();
    await advance(crashTimeToReach(round.curve, 1.5) * 1000 + 50);
    expect(screen.getByTestId("crash-win")).toHaveTextContent("WIN +0.7500 BNB");
    expect(screen.getByText("Cashed out @ 1.50x")).toBeInTheDocument();
  });

  it("goes quietly back to idle when the player refuses in the wallet", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    playOnChain.mockRejectedValueOnce(Object.assign(new Error("Cancelled in the wallet"), { name: "TxCancelled" }));
    renderWeb3();
    await click("START GAME");
    expect(screen.getByRole("button", { name: "START GAME" })).toBeEnabled();
    expect(screen.getByText("LAUNCH SEQUENCE")).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it("checks SPEC §5's alert against the Casino balance", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    useWalletStore.setState({ onChainBalances: { DEGEN: "7.5", BNB: "1" } });
    renderWeb3();
    await click("START GAME");
    expect(alert).toHaveBeenCalledExactlyOnceWith("Insufficient DEGEN balance! You have 7.50 but need 10.00");
    expect(playOnChain).not.toHaveBeenCalled();
  });
});
