import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cashOutMines, minesView, revealTile, startMines, type MinesState } from "@engine/mines";
import type { Token } from "@engine/tokens";
import { forgetAppConfig } from "@/features/chain/app-config";
import { Toaster } from "@/features/toast";
import { useWalletStore } from "@/features/wallet";
import { TEST_CONFIG } from "@/test/fake-wallet";
import MinesPage from "../mines-page";

const ACCOUNT = "0x00000000000000000000000000000000000000aa";
const WORD = "0x" + "1".repeat(64);

/** The chain in miniature: playOnChain plays the round (whilePlaced), then settles the word with the log it was given. */
const chain = vi.hoisted(() => ({ placed: [] as unknown[], log: null as string | null }));

vi.mock("@/features/bets/onchain", async () => {
  const { GameType } = await import("@engine/gameTypes");
  const { toBaseUnits } = await import("@engine/tokens");
  const engine = await import("@engine/mines");
  return {
    playOnChain: async (request: { stake: number; token: Token; params: bigint }, whilePlaced: (bet: unknown) => Promise<string>) => {
      chain.placed.push(request);
      const bet = { betId: 7n, player: ACCOUNT, token: request.token, amount: toBaseUnits(request.stake) };
      chain.log = await whilePlaced(bet);
      const { payout, outcome } = engine.settleMines(request.token, bet.amount, request.params, WORD, chain.log);
      return { bet, settlement: { kind: "settled", payout }, check: { ok: true, problems: [], outcome: { gameType: GameType.MINES, mines: outcome } } };
    },
    settledOutcome: (settled: { check: { outcome: unknown } }) => settled.check.outcome,
    readCasinoTerms: async () => 3_600n | (50n << 32n) | (500n << 48n),
  };
});
// The payout shown re-reads the balances from the chain; here the test sets them.
vi.mock("@/features/wallet/web3", () => ({ refreshBalances: async () => undefined }));
vi.mock("@/features/bets/onchain/action-signer", () => ({
  actionSignerFor: async () => ({ viaSession: true, sign: (actions: string) => `signed:${actions}` }),
}));

/** The server's web3 routes in miniature; its final answer claims a payout the chain never made. */
function fakeServer(idleMs = 300_000) {
  let round: MinesState | null = null;
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path === "/api/config") return json({ ...TEST_CONFIG, blackjackIdleMs: idleMs });
      if (path === "/api/fairness/commitment")
        return json({ commitment: "0x" + "1".repeat(64), root: "0x" + "2".repeat(64), nextNonce: "0", remaining: 9, chainLength: 9 });
      if (init?.body === undefined) return new Response(null, { status: 404 });
      const body = JSON.parse(String(init.body));
      calls.push({ path, body });
      if (path === "/api/mines/start") round = startMines(WORD, 10n ** 19n, body.token, 3);
      else if (path === "/api/mines/reveal") round = revealTile(round!, body.tile);
      else round = cashOutMines(round!);
      const view = minesView(round);
      return json({ roundId: "round-1", betId: "7", token: body.token, ...view, payout: view.payout === "0" ? "0" : "999" });
    }),
  );
  return { calls, safe: () => Array.from({ length: 25 }, (_, t) => t).filter((t) => !startMines(WORD, 1n, "DEGEN", 3).mineTiles.includes(t)) };
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <MinesPage />
      <Toaster />
    </MemoryRouter>,
  );
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

describe("mines in web3 mode", () => {
  beforeEach(() => {
    forgetAppConfig();
    Object.assign(chain, { placed: [], log: null });
    useWalletStore.setState({ mode: "web3", account: ACCOUNT, onChainBalances: { DEGEN: "1000", BNB: "1" } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stakes on chain with the mine count, signs each action over the whole log, and shows the chain's payout", async () => {
    const server = fakeServer();
    renderPage();
    await click("mines-start-button");
    await screen.findByTestId("mines-cashout-button");
    expect(chain.placed).toEqual([{ game: "mines", gameType: 7, token: "DEGEN", stake: 10, params: 3n }]);
    expect(server.calls[0]).toEqual({ path: "/api/mines/start", body: { token: "DEGEN", action: "START", betId: "7" } });
    expect(screen.getByTestId("mines-idle-notice")).toHaveTextContent(
      "If you don't act within 5 minutes, the server cashes out your safe tiles so your bet can settle (with none revealed, the bet is lost).",
    );

    const [first, second] = server.safe();
    await click(`mines-tile-${first}`);
    await click(`mines-tile-${second}`);
    await click("mines-cashout-button");
    await waitFor(() => expect(screen.getByTestId("mines-result")).toHaveAttribute("data-payout", "13.246753246753246753"));
    const codes = [first!, second!].map((t) => String.fromCharCode(97 + t));
    const hex = (log: string) => "0x" + [...log].map((c) => c.charCodeAt(0).toString(16)).join("");
    // The key signs Actions(betId, log so far + this action): "a", "ab", "abC" as their ASCII bytes.
    expect(server.calls.slice(1).map((call) => call.body.signature)).toEqual([
      `signed:${hex(codes[0]!)}`,
      `signed:${hex(codes.join(""))}`,
      `signed:${hex(codes.join("") + "C")}`,
    ]);
    expect(chain.log).toBe(codes.join("") + "C");
    expect(screen.getByTestId("toast")).toHaveTextContent("YOU WON!Won 13.25 DEGEN (1.3247x)");
    expect(screen.queryByTestId("mines-idle-notice")).toBeNull();
  });

  it("past the server's idle limit, cashes out the gems found as the idle rule does, and shows the settled round", async () => {
    const server = fakeServer(3_000);
    renderPage();
    await click("mines-start-button");
    await screen.findByTestId("mines-cashout-button");
    const [first] = server.safe();
    await click(`mines-tile-${first}`);
    await waitFor(() => expect(screen.getByTestId("mines-note")).toHaveTextContent("No action for 3 seconds: the server cashes out your safe tiles."));
    await waitFor(() => expect(screen.getByTestId("mines-result")).toHaveAttribute("data-status", "CASHED_OUT"));
    // The log ends without a cash-out: the chain's settlement applies the idle rule to it.
    expect(chain.log).toBe(String.fromCharCode(97 + first!));
    // 10 × 1.02 × 25 ÷ 22 = 11.5909…
    expect(screen.getByTestId("toast")).toHaveTextContent("YOU WON!Won 11.59 DEGEN (1.1591x)");
  });
});
