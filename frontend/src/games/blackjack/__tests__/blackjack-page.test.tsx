import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyBlackjackAction, blackjackView, dealBlackjack, type BlackjackAction, type BlackjackState } from "@engine/blackjack";
import { orderedDeck, type Card, type CardValue } from "@engine/cards";
import { toBaseUnits } from "@engine/tokens";
import { useWalletStore } from "@/features/wallet";
import BlackjackPage from "../blackjack-page";

/** A deck whose first cards are `top` (dealt player, dealer, player, dealer, then draws). */
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

/** The server's demo routes in miniature: the engine behind the docs/product.md §7 paths. */
function fakeServer(decks: Card[][], failing: string[] = []) {
  const hands = new Map<string, BlackjackState>();
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = String(url);
    const body = JSON.parse(String(init.body));
    calls.push({ path, body });
    if (failing.includes(path)) return new Response(JSON.stringify({ error: "nope" }), { status: 500 });
    if (path === "/api/blackjack/start") {
      const state = dealBlackjack(decks.shift()!, toBaseUnits(body.betAmount), body.token);
      const sessionId = `hand-${hands.size + 1}`;
      hands.set(sessionId, state);
      return new Response(JSON.stringify({ sessionId, ...blackjackView(state) }));
    }
    const action = path.split("/").pop()!.toUpperCase() as BlackjackAction;
    const next = applyBlackjackAction(hands.get(body.sessionId)!, action);
    hands.set(body.sessionId, next);
    return new Response(JSON.stringify({ sessionId: body.sessionId, ...blackjackView(next) }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls };
}

const degen = () => useWalletStore.getState().demoBalances.DEGEN;
const banner = () => screen.getByTestId("result-banner");
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

describe("blackjack page", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows blackjack's own return beside each token, not the token multiplier it does not pay", () => {
    fakeServer([]);
    render(<BlackjackPage />);
    // Basic strategy returns 98.48 % of stakes with DEGEN, 97.56 % with BNB (engine/README.md "RTP").
    expect(screen.getByTestId("token-switch-DEGEN")).toHaveTextContent(/^DEGENRTP 98\.5%$/);
    expect(screen.getByTestId("token-switch-BNB")).toHaveTextContent(/^BNBRTP 97\.6%$/);
  });

  it("deals with the hole card face down, then stands to a win that pays 2x", async () => {
    // Player 10 + 9 = 19, dealer 10 + 7 = 17.
    const { calls } = fakeServer([deckStarting(10, "KING", 9, 7)]);
    render(<BlackjackPage />);
    expect(screen.getByTestId("payout-badges")).toHaveTextContent("BJ 2.5x");
    expect(screen.getByTestId("payout-badges")).toHaveTextContent("Win 2x");
    expect(screen.getByTestId("payout-badges")).toHaveTextContent("Push 1x");
    await click("deal-button");
    expect(calls[0]).toEqual({ path: "/api/blackjack/start", body: { token: "DEGEN", action: "START", betAmount: "10" } });
    expect(degen()).toBe(9990);
    expect(screen.getByTestId("card-hidden")).toBeInTheDocument();
    expect(screen.getByTestId("dealer-hand-score")).toHaveTextContent("?");
    expect(screen.getByTestId("player-hand-score")).toHaveTextContent("19");
    expect(screen.getByTestId("split-button")).toBeDisabled();

    await click("stand-button");
    expect(calls[1]).toEqual({ path: "/api/blackjack/stand", body: { token: "DEGEN", action: "STAND", sessionId: "hand-1" } });
    expect(banner()).toHaveTextContent("Win 20.00 DEGEN!");
    expect(screen.getByTestId("dealer-hand-score")).toHaveTextContent("17");
    expect(screen.queryByTestId("card-hidden")).toBeNull();
    expect(degen()).toBe(10010);
    expect(screen.getByTestId("confetti")).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.queryByTestId("result-banner")).toBeNull();
    await click("new-round-button");
    expect(screen.getByTestId("deal-button")).toBeEnabled();
  });

  it("shows the product's header (DEGEN's 2.5x / 2x) word for word, what BNB pays beside it once chosen, and each RTP", () => {
    fakeServer([]);
    render(<BlackjackPage />);
    expect(screen.getByTestId("payout-badges")).toHaveTextContent(/^BJ 2\.5xWin 2xPush 1xDemo Mode$/);
    expect(screen.getByTestId("blackjack-rtp")).toHaveTextContent("RTP about 98.5% with DEGEN");
    fireEvent.click(screen.getByTestId("token-switch-BNB"));
    expect(screen.getByTestId("payout-badges")).toHaveTextContent(/^BJ 2\.5xWin 2xPush 1xWith BNB: BJ 2\.47x, Win 1\.98x/);
    expect(screen.getByTestId("blackjack-rtp")).toHaveTextContent("RTP about 97.6% with BNB");
  });

  it("busts on a hit: 'Bust! Dealer wins' and the stake is gone", async () => {
    const { calls } = fakeServer([deckStarting(10, 9, 6, 8, "KING")]);
    render(<BlackjackPage />);
    await click("deal-button");
    await click("hit-button");
    expect(calls[1].body).toEqual({ token: "DEGEN", action: "HIT", sessionId: "hand-1" });
    expect(banner()).toHaveTextContent("Bust! Dealer wins");
    expect(degen()).toBe(9990);
  });

  it("loses on points: 'Dealer wins'", async () => {
    fakeServer([deckStarting(10, 10, 6, 9)]);
    render(<BlackjackPage />);
    await click("deal-button");
    await click("stand-button");
    expect(banner()).toHaveTextContent(/^Dealer wins$/);
    expect(degen()).toBe(9990);
  });

  it("pays a natural at once: 'BLACKJACK! Win 25.00 DEGEN!'", async () => {
    fakeServer([deckStarting("ACE", 9, "KING", 7)]);
    render(<BlackjackPage />);
    await click("deal-button");
    expect(banner()).toHaveTextContent("BLACKJACK! Win 25.00 DEGEN!");
    expect(degen()).toBe(10015);
    expect(screen.getByTestId("new-round-button")).toBeInTheDocument();
  });

  it("refunds a push: 'Push - Tie'", async () => {
    fakeServer([deckStarting(10, 10, 8, 8)]);
    render(<BlackjackPage />);
    await click("deal-button");
    await click("stand-button");
    expect(banner()).toHaveTextContent("Push - Tie");
    expect(degen()).toBe(10000);
  });

  it("a split that makes 21 on both hands ends the round at once: the dealer's hand shown, the win announced and paid", async () => {
    // Player 10 + KING, dealer 10 + 7 = 17; the split deals an ace to each hand: 21 and 21 win 2x each.
    fakeServer([deckStarting(10, 10, "KING", 7, "ACE", "ACE")]);
    render(<BlackjackPage />);
    await click("deal-button");
    await click("split-button");
    expect(banner()).toHaveTextContent("Win 40.00 DEGEN!");
    expect(degen()).toBe(10020);
    expect(screen.queryByTestId("card-hidden")).toBeNull();
    expect(screen.getByTestId("dealer-hand-score")).toHaveTextContent("17");
    expect(screen.getByTestId("new-round-button")).toBeInTheDocument();
  });

  it("splits: a second bet, hand 1 then hand 2 marked, both stakes settled", async () => {
    // Player 8 + 8, dealer 10 + 9 = 19; hand 1 gets 10 (18), hand 2 gets 3 (11), hand 2 hits a 10 (21).
    const { calls } = fakeServer([deckStarting(8, 10, 8, 9, 10, 3, 10)]);
    render(<BlackjackPage />);
    await click("deal-button");
    expect(screen.getByTestId("split-button")).toBeEnabled();
    await click("split-button");
    expect(calls[1].body).toEqual({ token: "DEGEN", action: "SPLIT", sessionId: "hand-1" });
    expect(degen()).toBe(9980);
    expect(banner()).toHaveTextContent("Playing hand 1");
    expect(screen.getByTestId("player-hand")).toHaveAttribute("data-active");
    expect(screen.getByTestId("split-hand")).not.toHaveAttribute("data-active");
    expect(screen.getByTestId("split-button")).toBeDisabled();
    expect(screen.getByTestId("stake-on-table")).toHaveTextContent("20.00 DEGEN");

    await click("stand-button");
    expect(banner()).toHaveTextContent("Playing hand 2");
    expect(screen.getByTestId("split-hand")).toHaveAttribute("data-active");
    await click("hit-button");
    // Hand 1: 18 vs 19 loses; hand 2: 21 wins 2x → 20 back of 20 staked: a push overall.
    expect(banner()).toHaveTextContent("Push - Tie");
    expect(degen()).toBe(10000);
  });

  it("shows the SPEC failure banners and keeps the table", async () => {
    fakeServer([deckStarting(8, 10, 8, 9)], ["/api/blackjack/hit", "/api/blackjack/stand", "/api/blackjack/split"]);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<BlackjackPage />);
    await click("deal-button");
    await click("hit-button");
    expect(banner()).toHaveTextContent("Error processing hit");
    await click("stand-button");
    expect(banner()).toHaveTextContent("Error processing stand");
    await click("split-button");
    expect(banner()).toHaveTextContent("Error processing split");
    expect(degen()).toBe(9990);
    expect(screen.getByTestId("hit-button")).toBeEnabled();
  });

  it("shows 'Error starting game' and takes no stake when the deal fails", async () => {
    fakeServer([], ["/api/blackjack/start"]);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<BlackjackPage />);
    await click("deal-button");
    expect(banner()).toHaveTextContent("Error starting game");
    expect(degen()).toBe(10000);
  });

  it("refuses a bet or a split the balance does not cover", async () => {
    useWalletStore.setState({ demoBalances: { DEGEN: 5, BNB: 5 } });
    const { calls } = fakeServer([deckStarting(8, 10, 8, 9)]);
    render(<BlackjackPage />);
    await click("deal-button");
    expect(banner()).toHaveTextContent("Insufficient DEGEN: 5.00/10.00");
    expect(calls).toHaveLength(0);

    useWalletStore.setState({ demoBalances: { DEGEN: 15, BNB: 5 } });
    await click("deal-button");
    expect(degen()).toBe(5);
    await click("split-button");
    expect(banner()).toHaveTextContent("Insufficient DEGEN for split: 15.00/20.00");
    expect(calls).toHaveLength(1);
  });
});
