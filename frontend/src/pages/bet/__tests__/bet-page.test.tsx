import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "@/test/render-route";
import type { PublicBet } from "@/features/bets";

// The chain reading is the browser test's (e2e/fairness.e2e.test.ts); here, what each answer shows.
const answer = vi.hoisted(() => ({ current: null as PublicBet | Error | null }));
vi.mock("@/features/bets/onchain/public-bet", async (actual) => ({
  ...(await actual<typeof import("@/features/bets/onchain/public-bet")>()),
  readPublicBet: async () => {
    if (answer.current instanceof Error) throw answer.current;
    return answer.current;
  },
}));

const BET_ID = ((0xabcdn << 64n) | 7n).toString();

describe("the bet page", () => {
  it("says an id that is not a bet id is not one, without reading the chain", async () => {
    renderRoute("/bet/0x12");
    expect(await screen.findByRole("alert")).toHaveTextContent("“0x12” is not a bet id. A bet id is the number the Casino's BetPlaced event gives the bet.");
  });

  it("says an unsettled bet is not settled yet, with its stake, block and when its player may claim it", async () => {
    answer.current = {
      status: "open",
      claimableAt: 1_800_000_000,
      bet: { betId: BigInt(BET_ID), amount: 10n ** 19n, token: "DEGEN", gameType: 5, placedBlock: 42 } as never,
    };
    renderRoute(`/bet/${BET_ID}`);
    const text = (await screen.findByTestId("bet-page-open")).textContent;
    expect(text).toContain("This bet is not settled yet: 10.00 DEGEN staked in block 42.");
    expect(text).toContain(`or its player claims it back after ${new Date(1_800_000_000_000).toLocaleString()}.`);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Dice bet");
  });

  it("says when no bet has the id, and when the node fails", async () => {
    answer.current = { status: "unknown" };
    const { unmount } = renderRoute(`/bet/${BET_ID}`);
    expect(await screen.findByTestId("bet-page-unknown")).toHaveTextContent("No bet with this id was placed on this Casino.");
    unmount();
    answer.current = new Error("connection refused");
    renderRoute(`/bet/${BET_ID}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Reading the chain failed: connection refused");
  });
});
