import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyBlackjackAction, blackjackView, dealBlackjack, type BlackjackAction, type BlackjackState } from "@engine/blackjack";
import { orderedDeck, type Card, type CardValue } from "@engine/cards";
import type { Token } from "@engine/tokens";
import { forgetAppConfig } from "@/features/chain/app-config";
import { useWalletStore } from "@/features/wallet";
import { TEST_CONFIG } from "@/test/fake-wallet";
import BlackjackPage from "../blackjack-page";

const ACCOUNT = "0x00000000000000000000000000000000000000aa";

/**
 * The chain and the wallet in miniature: playOnChain plays the round (whilePlaced), then settles
 * the deck with the engine and the log it was given; addStake goes through a scripted wallet.
 */
const chain = vi.hoisted(() => ({
  deck: [] as Card[],
  stake: 0n,
  stakeAdded: false,
  /** What whilePlaced handed the lifecycle. */
  actions: null as BlackjackAction[] | null,
  placed: [] as unknown[],
  refuse: null as Error | null,
  wallet: [] as (() => Promise<void>)[],
  transactions: [] as unknown[],
}));

vi.mock("@/features/bets/onchain", async () => {
  const { GameType } = await import("@engine/gameTypes");
  const { toBaseUnits } = await import("@engine/tokens");
  const engine = await import("@engine/blackjack");
  return {
    playOnChain: async (request: { stake: number; token: string }, whilePlaced: (bet: unknown) => Promise<BlackjackAction[]>) => {
      chain.placed.push(request);
      if (chain.refuse) throw chain.refuse;
      chain.stake = toBaseUnits(request.stake);
      const bet = { betId: 7n, player: ACCOUNT, token: request.token, amount: chain.stake };
      chain.actions = await whilePlaced(bet);
      const hand = engine.standRemaining(
        chain.actions.reduce(engine.applyBlackjackAction, engine.dealBlackjack(chain.deck, chain.stake, request.token as Token)),
      );
      const outcome = { gameType: GameType.BLACKJACK, blackjack: hand };
      return { bet, settlement: { kind: "settled", payout: hand.payout }, check: { ok: true, problems: [], outcome } };
    },
    settledOutcome: (settled: { check: { outcome: unknown } }) => settled.check.outcome,
    // The terms by the bet button: an hour's settle window, jackpot edge 0.5 %, share 5 %.
    readCasinoTerms: async () => 3_600n | (50n << 32n) | (500n << 48n),
  };
});
vi.mock("@/features/wallet/web3", () => ({
  readyWallet: async () => ({ contracts: { casino: { addStake: { populateTransaction: async (betId: bigint) => ({ to: "casino", betId }) } } } }),
  // The payout shown re-reads the balances from the chain; here the test sets them.
  refreshBalances: async () => undefined,
}));
vi.mock("@/features/wallet/web3/transactions", () => ({
  sendTransaction: async (_wallet: unknown, tx: unknown, report: (update: { phase: string }) => void) => {
    chain.transactions.push(tx);
    report({ phase: "waiting-for-wallet" });
    await chain.wallet.shift()!();
    chain.stakeAdded = true;
  },
}));

/** The hand's key: one-click play's, or without a session one named for the hand (a wallet split then adds the second stake). */
const keys = vi.hoisted(() => ({ viaSession: false }));
vi.mock("@/features/bets/onchain/action-signer", () => ({
  actionSignerFor: async () => ({ viaSession: keys.viaSession, sign: (actions: string) => `signed:${actions}` }),
}));

function deckStarting(...top: CardValue[]): Card[] {
  const rest = orderedDeck();
  const picked = top.map(
    (value) =>
      rest.splice(
        rest.findIndex((card) => card.value === value),
        1,
      )[0],
  );
  return [...picked, ...rest];
}

/** The server's web3 routes in miniature; its final answers claim a payout the chain never made. */
function fakeServer(idleMs: number) {
  let hand: BlackjackState | null = null;
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path === "/api/config") return json({ ...TEST_CONFIG, blackjackIdleMs: idleMs });
      if (path === "/api/fairness/commitment")
        return json({ commitment: "0x" + "1".repeat(64), root: "0x" + "2".repeat(64), nextNonce: "0", remaining: 9, chainLength: 9 });
      const body = JSON.parse(String(init!.body));
      calls.push({ path, body });
      if (path === "/api/blackjack/start") hand = dealBlackjack(chain.deck, chain.stake, body.token);
      else {
        const action = path.split("/").pop()!.toUpperCase() as BlackjackAction;
        if (action === "SPLIT" && !chain.stakeAdded) return json({ error: "Add the second stake on chain (addStake) before splitting" }, 409);
        hand = applyBlackjackAction(hand!, action);
      }
      const view = blackjackView(hand);
      return json({ sessionId: "hand-1", betId: "7", ...view, payout: view.payout === "0" ? "0" : "999" });
    }),
  );
  return { calls };
}

const banner = () => screen.getByTestId("result-banner");
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));
const renderPage = () =>
  render(
    <MemoryRouter>
      <BlackjackPage />
    </MemoryRouter>,
  );
const cards = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('[data-testid="card"]')].map((card) => card.getAttribute("aria-label"));

describe("blackjack in web3 mode", () => {
  beforeEach(() => {
    forgetAppConfig();
    Object.assign(chain, { stakeAdded: false, actions: null, placed: [], refuse: null, wallet: [], transactions: [] });
    keys.viaSession = false;
    useWalletStore.setState({ mode: "web3", account: ACCOUNT, onChainBalances: { DEGEN: "1000", BNB: "1" } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("plays the hand through the server with the bet's id and shows the chain's settlement, not the server's payout", async () => {
    chain.deck = deckStarting(10, "KING", 9, 7); // 19 against 17
    const { calls } = fakeServer(300_000);
    renderPage();
    await click("deal-button");
    await screen.findByTestId("card-hidden");
    expect(chain.placed).toEqual([{ game: "blackjack", gameType: 2, token: "DEGEN", stake: 10, params: 0n }]);
    expect(calls[0]).toEqual({ path: "/api/blackjack/start", body: { token: "DEGEN", action: "START", betId: "7" } });
    expect(screen.getByTestId("dealer-hand-score")).toHaveTextContent("?");
    expect(screen.getByTestId("idle-notice")).toHaveTextContent("If you don't act within 5 minutes, the server stands for you so your bet can settle.");

    await click("stand-button");
    await waitFor(() => expect(banner()).toHaveTextContent("Win 20.00 DEGEN!"));
    expect(chain.actions).toEqual(["STAND"]);
    expect(cards("dealer-hand")).toEqual(["K of hearts", "7 of hearts"]);
    expect(screen.queryByTestId("idle-notice")).toBeNull();
    expect(screen.getByTestId("new-round-button")).toBeEnabled();
  });

  it("splits after the second stake is mined; a refusal in the wallet leaves the hand unsplit and playable", async () => {
    chain.deck = deckStarting(8, 10, 8, 9, 10, 3, 10); // 8 + 8 against 19; hand 1: 18, hand 2: 11
    const { calls } = fakeServer(300_000);
    renderPage();
    await click("deal-button");
    await screen.findByTestId("card-hidden");

    const cancelled = Object.assign(new Error("Cancelled in the wallet"), { name: "TxCancelled" });
    chain.wallet.push(() => Promise.reject(cancelled));
    await click("split-button");
    await waitFor(() => expect(screen.getByTestId("split-button")).toBeEnabled());
    expect(screen.queryByTestId("result-banner")).toBeNull();
    expect(screen.queryByTestId("hand-note")).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(["/api/blackjack/start"]);

    let sign!: () => void;
    chain.wallet.push(() => new Promise<void>((resolve) => (sign = resolve)));
    await click("split-button");
    expect(await screen.findByTestId("hand-note")).toHaveTextContent("Confirm the second stake in your wallet…");
    await act(async () => sign());
    await waitFor(() => expect(banner()).toHaveTextContent("Playing hand 1"));
    expect(chain.transactions).toEqual([
      { to: "casino", betId: 7n },
      { to: "casino", betId: 7n },
    ]);
    expect(screen.getByTestId("stake-on-table")).toHaveTextContent("20.00 DEGEN");

    await click("stand-button");
    await click("hit-button");
    // Hand 1: 18 loses to 19; hand 2: 11 + 10 = 21 wins 2x: 20 back of 20, a push.
    await waitFor(() => expect(banner()).toHaveTextContent("Push - Tie"));
    expect(chain.actions).toEqual(["SPLIT", "STAND", "HIT"]);
    // Each action carries the key's signature of the whole log so far: "P", "PS", "PSH".
    expect(calls.slice(1).map((call) => call.body.signature)).toEqual(["signed:0x50", "signed:0x5053", "signed:0x505348"]);
  });

  it("with one-click play on, splits with no wallet popup: the server takes the second stake from the session on the signed split", async () => {
    keys.viaSession = true;
    chain.deck = deckStarting(8, 10, 8, 9, 10, 3, 10);
    const { calls } = fakeServer(300_000);
    renderPage();
    await click("deal-button");
    await screen.findByTestId("card-hidden");
    chain.stakeAdded = true; // what CasinoSessions.split does on chain when the server sends the signed "P"
    await click("split-button");
    await waitFor(() => expect(banner()).toHaveTextContent("Playing hand 1"));
    expect(chain.transactions).toEqual([]);
    expect(calls[1]).toMatchObject({ path: "/api/blackjack/split", body: { action: "SPLIT", signature: "signed:0x50" } });
    await click("stand-button");
    await click("hit-button");
    await waitFor(() => expect(banner()).toHaveTextContent("Push - Tie"));
  });

  it("checks a split against the vault, and explains the chain's refusal of the second stake", async () => {
    chain.deck = deckStarting(8, 10, 8, 9);
    fakeServer(300_000);
    useWalletStore.setState({ onChainBalances: { DEGEN: "15", BNB: "1" } });
    renderPage();
    await click("deal-button");
    await screen.findByTestId("card-hidden");
    useWalletStore.setState({ onChainBalances: { DEGEN: "5", BNB: "1" } });
    await click("split-button");
    expect(banner()).toHaveTextContent("Insufficient DEGEN for split: 15.00/20.00");
    expect(chain.transactions).toHaveLength(0);

    useWalletStore.setState({ onChainBalances: { DEGEN: "100", BNB: "1" } });
    const refused = Object.assign(new Error("refused"), {
      name: "ExplainedError",
      reason: { message: "The house cannot cover this right now: 5.00 DEGEN is free, 15.00 DEGEN is needed." },
    });
    chain.wallet.push(() => Promise.reject(refused));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await click("split-button");
    await waitFor(() => expect(banner()).toHaveTextContent("Error processing split"));
    expect(screen.getByTestId("hand-note")).toHaveTextContent("The house cannot cover this right now: 5.00 DEGEN is free, 15.00 DEGEN is needed.");
    expect(screen.getByTestId("split-button")).toBeEnabled();
    await click("stand-button");
    await waitFor(() => expect(banner()).toHaveTextContent(/^Dealer wins$/));
  });

  it("stands an idle hand as the server does, and shows the settled result", async () => {
    chain.deck = deckStarting(10, "KING", 9, 7);
    fakeServer(3_000);
    renderPage();
    await click("deal-button");
    expect(await screen.findByTestId("idle-notice")).toHaveTextContent("If you don't act within 3 seconds, the server stands for you so your bet can settle.");
    expect(screen.getByTestId("idle-notice")).toHaveTextContent(/The server stands for you in \d s\./);
    await waitFor(() => expect(screen.getByTestId("hand-note")).toHaveTextContent("No action for 3 seconds: the server stands for you."));
    await waitFor(() => expect(banner()).toHaveTextContent("Win 20.00 DEGEN!"));
    expect(chain.actions).toEqual([]);
  });

  it("takes up a hand left in play when the page comes back", async () => {
    chain.deck = deckStarting(10, "KING", 9, 7);
    fakeServer(300_000);
    const first = renderPage();
    await click("deal-button");
    await screen.findByTestId("card-hidden");
    const dealt = cards("player-hand");
    first.unmount();
    renderPage();
    expect(cards("player-hand")).toEqual(dealt);
    await click("stand-button");
    await waitFor(() => expect(banner()).toHaveTextContent("Win 20.00 DEGEN!"));
  });

  it("a bet cancelled in the wallet is a quiet cancel; one the chain refuses shows 'Error starting game'", async () => {
    chain.deck = deckStarting(10, "KING", 9, 7);
    fakeServer(300_000);
    renderPage();
    chain.refuse = Object.assign(new Error("Cancelled in the wallet"), { name: "TxCancelled" });
    await click("deal-button");
    await waitFor(() => expect(screen.getByTestId("deal-button")).toHaveTextContent("Deal"));
    expect(screen.queryByTestId("result-banner")).toBeNull();
    chain.refuse = Object.assign(new Error("The Casino is paused: no new bets for now. Withdrawals stay open."), { name: "ExplainedError" });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await click("deal-button");
    await waitFor(() => expect(banner()).toHaveTextContent("Error starting game"));
    expect(screen.queryByTestId("card")).toBeNull();
  });
});
