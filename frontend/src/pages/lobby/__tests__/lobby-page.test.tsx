import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetAppConfig } from "@/features/chain/app-config";
import { useWalletStore } from "@/features/wallet";
import { fakeServer, TEST_CONFIG } from "@/test/fake-wallet";
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

  it("links the game cards to their routes: the product's five, then Dice (issue #41), Plinko and Mines", async () => {
    renderRoute("/");
    const expected = [
      ["Wheel of Fortune", "/roulette"],
      ["Blackjack", "/blackjack"],
      ["Slots", "/slots"],
      ["Kickboxing", "/kickboxing"],
      ["Crash", "/crash"],
      ["Dice", "/dice"],
      ["Plinko", "/plinko"],
      ["Mines", "/mines"],
    ];
    const cards = await screen.findAllByTestId(/^game-card-/);
    expect(cards).toHaveLength(8);
    cards.forEach((card, index) => {
      expect(within(card).getByRole("heading")).toHaveTextContent(expected[index][0]);
      expect(card).toHaveAttribute("href", expected[index][1]);
    });
  });

  it("lays the eight cards out in a row of two wide cards, then two rows of three, two by two on a tablet", async () => {
    renderRoute("/");
    const items = (await screen.findAllByTestId(/^game-card-/)).map((card) => card.closest("li")!);
    expect(items.map((item) => (item.classList.contains("lg:col-span-3") ? 3 : item.classList.contains("lg:col-span-2") ? 2 : 0))).toEqual([
      3, 3, 2, 2, 2, 2, 2, 2,
    ]);
    expect(items.some((item) => item.classList.contains("sm:col-span-2"))).toBe(false);
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

  describe("what each token pays, where it pays it (issue #39 item 1)", () => {
    it("qualifies the token multiplier with its games and gives the other games' returns", async () => {
      renderRoute("/");
      expect(await screen.findByTestId("token-terms-DEGEN")).toHaveTextContent(
        /^Player-friendly · jackpot eligible1\.02x · 51% player on wheel, slots, crash, dice, plinko and minesRTP: blackjack 98\.5% · kickboxing 98% \(Tie 8%\)$/,
      );
      expect(screen.getByTestId("token-terms-BNB")).toHaveTextContent(
        /^Standard odds0\.98x · 49% player on wheel, slots, crash, dice, plinko and minesRTP: blackjack 97\.6% · kickboxing 98% \(Tie 8%\)$/,
      );
    });

    it("says the same in the footer's mechanics panel", async () => {
      const { user } = renderRoute("/");
      await user.click(await screen.findByRole("button", { name: "Smart Contract Mechanics" }));
      const mechanics = screen.getByTestId("panel-mechanics");
      expect(within(mechanics).getByText("1.02x · 51% player on wheel, slots, crash, dice, plinko and mines")).toBeVisible();
      expect(within(mechanics).getByText("0.98x · 49% player on wheel, slots, crash, dice, plinko and mines")).toBeVisible();
      expect(within(mechanics).getByText("RTP: blackjack 98.5% · kickboxing 98% (Tie 8%)")).toBeVisible();
      expect(within(mechanics).getByText("RTP: blackjack 97.6% · kickboxing 98% (Tie 8%)")).toBeVisible();
    });
  });

  describe("the footer's network and contracts (issue #39 item 2)", () => {
    beforeEach(() => forgetAppConfig());
    afterEach(() => {
      vi.unstubAllGlobals();
      forgetAppConfig();
    });

    it("names the chain the server settles on and the contracts the app uses, unlinked where the chain has no explorer", async () => {
      vi.stubGlobal("fetch", fakeServer().fetch);
      const { user } = renderRoute("/");
      await user.click(await screen.findByRole("button", { name: "Smart Contract Mechanics" }));
      const mechanics = screen.getByTestId("panel-mechanics");
      expect(await within(mechanics).findByText("Hardhat Local (chain 31337) · testnet only")).toBeVisible();
      const degen = within(mechanics).getByTestId("contract-address-DegenToken");
      const casino = within(mechanics).getByTestId("contract-address-Casino");
      expect(degen).toHaveTextContent(TEST_CONFIG.contracts.DegenToken);
      expect(casino).toHaveTextContent(TEST_CONFIG.contracts.Casino);
      // The contracts unlinked; the one link is to the house's books.
      expect(
        within(mechanics)
          .getAllByRole("link")
          .map((link) => link.getAttribute("href")),
      ).toEqual(["/house"]);
      expect(mechanics).not.toHaveTextContent(/Coming soon|BSC Testnet/);
      expect(screen.getByText(/^Provably fair games on/)).toHaveTextContent(
        /^Provably fair games on Hardhat Local\. Play right away with virtual funds, or connect your wallet to play on chain\.$/,
      );
    });

    it("says the contracts are not known when the server's configuration cannot be read", async () => {
      vi.stubGlobal("fetch", fakeServer({ "GET /api/config": () => ({ status: 503, body: { error: "down" } }) }).fetch);
      const { user } = renderRoute("/");
      await user.click(await screen.findByRole("button", { name: "Smart Contract Mechanics" }));
      const mechanics = screen.getByTestId("panel-mechanics");
      expect(await within(mechanics).findByTestId("contract-address-DegenToken")).toHaveTextContent(
        /^Not known: the server's configuration could not be read$/,
      );
      expect(within(mechanics).getByTestId("network-name")).toHaveTextContent(/^Not known: the server's configuration could not be read$/);
      expect(screen.getByTestId("headline-chain")).toHaveTextContent(/^a test chain$/);
    });
  });
});
