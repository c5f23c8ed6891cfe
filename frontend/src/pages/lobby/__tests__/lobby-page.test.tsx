import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { renderRoute } from "@/test/render-route";

/** Tailwind classes that re-case text on `element` or, as text-transform inherits, its ancestors. */
function recasingClasses(element: Element): string[] {
  const found: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    found.push(...[...node.classList].filter((name) => /(^|:)(uppercase|lowercase|capitalize|small-caps)$/.test(name)));
  }
  return found;
}

describe("Lobby", () => {
  // The crash page is a lazy chunk: load its module once here, so that a busy machine's first
  // transform of it does not count against the click's wait below.
  beforeAll(async () => {
    await import("@/games/crash/crash-page");
    await import("@/pages/whitepaper/whitepaper-page");
  }, 60_000);

  it.each(["/", "/lobby"])("shows the headline, demo badge and starting balances at %s", async (path) => {
    renderRoute(path);
    expect(await screen.findByRole("heading", { level: 1, name: "DEGEN Casino" })).toBeInTheDocument();
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Demo Mode");
    expect(screen.getByTestId("balance-DEGEN")).toHaveTextContent(/^10000\.00$/);
    expect(screen.getByTestId("balance-BNB")).toHaveTextContent(/^5\.0000$/);
  });

  it("shows 'Web3 Mode' as written, not re-cased, when the wallet is in web3 mode", async () => {
    useWalletStore.setState({ mode: "web3" });
    renderRoute("/");
    const badge = await screen.findByTestId("mode-badge");
    expect(badge).toHaveTextContent(/^Web3 Mode$/);
    expect(recasingClasses(badge)).toEqual([]);
  });

  it("links the five game cards to their routes", async () => {
    renderRoute("/");
    const expected = [
      ["Wheel of Fortune", "/roulette"],
      ["Blackjack", "/blackjack"],
      ["Slots", "/slots"],
      ["Kickboxing", "/kickboxing"],
      ["Crash", "/crash"],
    ];
    const cards = await screen.findAllByTestId(/^game-card-/);
    expect(cards).toHaveLength(5);
    cards.forEach((card, index) => {
      expect(within(card).getByRole("heading")).toHaveTextContent(expected[index][0]);
      expect(card).toHaveAttribute("href", expected[index][1]);
    });
  });

  it("opens a game from its card", async () => {
    const { user, router } = renderRoute("/");
    await user.click(await screen.findByTestId("game-card-crash"));
    expect(await screen.findByRole("heading", { level: 1, name: "Crash" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/crash");
  });

  it("shows balances after payouts with 2 and 4 decimals", async () => {
    useWalletStore.getState().applyPayout("DEGEN", -12.346);
    useWalletStore.getState().applyPayout("BNB", 0.0015);
    renderRoute("/");
    expect(await screen.findByTestId("balance-DEGEN")).toHaveTextContent("9987.65");
    expect(screen.getByTestId("balance-BNB")).toHaveTextContent("5.0015");
  });

  it("navigates to the whitepaper", async () => {
    const { user } = renderRoute("/");
    await user.click(await screen.findByRole("link", { name: /whitepaper/i }));
    expect(await screen.findByRole("heading", { level: 2, name: /Executive Summary/ })).toBeInTheDocument();
  });

  it("expands the two footer panels with the tokenomics figures", async () => {
    const { user } = renderRoute("/");
    const mechanicsToggle = await screen.findByRole("button", { name: "Smart Contract Mechanics" });
    const tokenomicsToggle = screen.getByRole("button", { name: "Tokenomics" });
    expect(mechanicsToggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("1,000,000,000 DEGEN")).not.toBeVisible();

    await user.click(tokenomicsToggle);
    expect(tokenomicsToggle).toHaveAttribute("aria-expanded", "true");
    const tokenomics = screen.getByTestId("panel-tokenomics");
    expect(within(tokenomics).getByText("1,000,000,000 DEGEN")).toBeVisible();
    expect(within(tokenomics).getByText("1% (10,000,000)")).toBeVisible();
    expect(within(tokenomics).getByText("25% → 21% → 17% → 13% → 9% every 5 min")).toBeVisible();
    expect(within(tokenomics).getByText(/5%: 2% development\/marketing, 2% burn, 1% jackpot/)).toBeVisible();
    expect(within(tokenomics).getByText("6 months")).toBeVisible();
    expect(within(tokenomics).getByText("3 months")).toBeVisible();

    await user.click(mechanicsToggle);
    expect(within(screen.getByTestId("panel-mechanics")).getByText(/DEGEN bets win 5% of the pool, at a chance of stake × 0.5% ÷ prize/)).toBeVisible();
    expect(screen.getByTestId("contact-line")).toHaveTextContent(/Open an issue/);
  });
});
