import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseEther } from "ethers";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GameType } from "@engine/gameTypes";
import { BetHistory } from "../components/bet-history";
import { PlayerSummary } from "../components/player-summary";
import type { GameStats, PlayerBet, PlayerBetsPage } from "../stats-api";

const PLAYER = "0x1234567890AbcdEF1234567890aBcdef12345678";

function game(fields: Partial<GameStats>): GameStats {
  return { gameType: GameType.WHEEL, game: "WHEEL", token: "DEGEN", bets: 1, wagered: "0", paid: "0", profit: "0", biggestWin: "0", ...fields };
}

function bet(seq: number, fields: Partial<PlayerBet> = {}): PlayerBet {
  return {
    seq,
    betId: String(500 + seq),
    gameType: GameType.WHEEL,
    game: "WHEEL",
    token: "DEGEN",
    stake: parseEther("10").toString(),
    paid: "0",
    jackpotWin: "0",
    settledBlock: 40 + seq,
    settledAt: 1_790_000_000 + seq,
    settleTxHash: "0x" + "cd".repeat(32),
    ...fields,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("a player's summary", () => {
  it("adds up the games of each token, with the profit signed and coloured", () => {
    render(
      <PlayerSummary
        games={[
          game({
            bets: 3,
            wagered: parseEther("30").toString(),
            paid: parseEther("51").toString(),
            profit: parseEther("21").toString(),
            biggestWin: parseEther("51").toString(),
          }),
          game({ gameType: GameType.SLOTS, game: "SLOTS", bets: 2, wagered: parseEther("20").toString(), paid: "0", profit: parseEther("-20").toString() }),
          game({ token: "BNB", bets: 1, wagered: parseEther("0.5").toString(), profit: parseEther("-0.5").toString() }),
        ]}
      />,
    );
    const degen = within(screen.getByTestId("player-summary-DEGEN"));
    expect(degen.getByTestId("total-bets")).toHaveTextContent("5");
    expect(degen.getByTestId("total-wagered")).toHaveTextContent("50.00 DEGEN");
    expect(degen.getByTestId("total-paid")).toHaveTextContent("51.00 DEGEN");
    expect(degen.getByTestId("total-profit")).toHaveTextContent("+1.00 DEGEN");
    expect(degen.getByTestId("total-profit").className).toContain("text-cyan");
    expect(degen.getByTestId("total-biggest-win")).toHaveTextContent("51.00 DEGEN");
    expect(degen.getAllByTestId("game-stats").map((row) => row.textContent)).toEqual(["Wheel of Fortune330.00+21.00 DEGEN", "Slots220.00-20.00 DEGEN"]);
    const bnb = within(screen.getByTestId("player-summary-BNB"));
    expect(bnb.getByTestId("total-profit")).toHaveTextContent("-0.5000 BNB");
    expect(bnb.getByTestId("total-profit").className).toContain("text-pink");
  });

  it("says so when the player has no settled bet", () => {
    render(<PlayerSummary games={[]} />);
    expect(screen.getByText("No bets settled on chain yet.")).toBeInTheDocument();
  });
});

describe("a player's bet history", () => {
  function serve(pages: Record<string, PlayerBetsPage>) {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        const page = pages[url];
        return page ? new Response(JSON.stringify(page), { status: 200 }) : new Response(JSON.stringify({ error: "no such page" }), { status: 400 });
      }),
    );
    return asked;
  }

  it("asks for each filter's bets, pages on with Show more, and offers the same selection as CSV", async () => {
    const base = `/api/players/${PLAYER}/bets`;
    const asked = serve({
      [base]: { bets: [bet(9), bet(8)], next: 8, readUpTo: 60 },
      [`${base}?before=8`]: { bets: [bet(7, { paid: parseEther("20").toString() })], next: null, readUpTo: 60 },
      [`${base}?game=${GameType.SLOTS}&result=won`]: { bets: [], next: null, readUpTo: 60 },
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <BetHistory player={PLAYER} />
      </MemoryRouter>,
    );
    const ids = () => screen.queryAllByTestId("history-bet").map((row) => row.getAttribute("data-bet-id"));
    await waitFor(() => expect(ids()).toEqual(["509", "508"]));
    await user.click(screen.getByTestId("history-more"));
    await waitFor(() => expect(ids()).toEqual(["509", "508", "507"]));
    expect(screen.queryByTestId("history-more")).toBeNull();
    expect(within(screen.getAllByTestId("history-bet")[2]!).getByText("2.00x")).toBeInTheDocument();

    await user.selectOptions(screen.getByTestId("history-game"), String(GameType.SLOTS));
    await user.selectOptions(screen.getByTestId("history-result"), "won");
    await waitFor(() => expect(screen.getByText("No settled bet matches.")).toBeInTheDocument());
    expect(asked.at(-1)).toBe(`${base}?game=${GameType.SLOTS}&result=won`);
    expect(screen.getByTestId("history-csv").getAttribute("href")).toBe(`${base}?game=${GameType.SLOTS}&result=won&format=csv`);
  });

  it("shows the server's reason when the history cannot be read", async () => {
    serve({});
    render(
      <MemoryRouter>
        <BetHistory player={PLAYER} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The history could not be read: no such page");
  });
});
