import { ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Casino } from "../../typechain-types";

/** A settled bet as the chain's events tell it. */
export interface ChainBet {
  betId: string;
  player: string;
  stake: bigint;
  paid: bigint;
}

/**
 * Every BNB bet settled up to a block, as the chain's events tell it: BetPlaced's token, and the
 * GamePlayed that follows each BetSettled in its transaction (its stake and payout; BNB bets have
 * no jackpot draw).
 */
export async function settledBnbBets(casino: Casino, toBlock: number): Promise<ChainBet[]> {
  const bnb = new Set(
    (await casino.queryFilter(casino.filters.BetPlaced(), 0, toBlock)).filter((log) => log.args.token === ZeroAddress).map((log) => log.args.betId.toString()),
  );
  const played = await casino.queryFilter(casino.filters.GamePlayed(), 0, toBlock);
  const bets: ChainBet[] = [];
  for (const settled of await casino.queryFilter(casino.filters.BetSettled(), 0, toBlock)) {
    if (!bnb.has(settled.args.betId.toString())) continue;
    const game = played.find((log) => log.transactionHash === settled.transactionHash && log.index > settled.index)!;
    bets.push({ betId: settled.args.betId.toString(), player: game.args.player, stake: game.args.betAmount, paid: game.args.payout });
  }
  return bets;
}

/** The block a page says its numbers are read up to ("… up to block N."). */
export const readUpTo = async (page: Page, testId: string) => Number(/block (\d+)/.exec(await page.getByTestId(testId).innerText())![1]);

/**
 * The leaderboards page, showing all time in BNB, against the chain: each board holds exactly the
 * top ten that the chain's events add up to, up to the block the page names, each amount to the wei.
 */
export async function expectBoardsAsTheChainSays(page: Page, casino: Casino): Promise<void> {
  const bets = await settledBnbBets(casino, await readUpTo(page, "leaderboards-read-up-to"));
  const totals = new Map<string, { wagered: bigint; profit: bigint }>();
  for (const bet of bets) {
    const total = totals.get(bet.player) ?? { wagered: 0n, profit: 0n };
    totals.set(bet.player, { wagered: total.wagered + bet.stake, profit: total.profit + bet.paid - bet.stake });
  }
  const board = (testId: string) =>
    page.locator(`[data-testid="${testId}"] [data-testid="board-entry"]`).evaluateAll((entries) =>
      entries.map((entry) => ({
        key: entry.getAttribute("data-player") ?? entry.getAttribute("data-bet-id"),
        wei: BigInt(entry.querySelector("[data-testid=board-amount]")!.getAttribute("data-wei")!),
      })),
    );
  const byAmount = (a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0);
  const top = (values: bigint[]) => values.sort(byAmount).slice(0, 10);

  const wagered = await board("board-wagered");
  expect(wagered.map((entry) => entry.wei)).toEqual(top([...totals.values()].map((total) => total.wagered)));
  for (const entry of wagered) expect(entry.wei).toBe(totals.get(entry.key!)!.wagered);

  const profit = await board("board-profit");
  expect(profit.map((entry) => entry.wei)).toEqual(top([...totals.values()].map((total) => total.profit).filter((value) => value > 0n)));
  for (const entry of profit) expect(entry.wei).toBe(totals.get(entry.key!)!.profit);

  const wins = await board("board-wins");
  const chainWins = bets.filter((bet) => bet.paid > bet.stake);
  expect(wins.map((entry) => entry.wei)).toEqual(top(chainWins.map((bet) => bet.paid)));
  for (const entry of wins) expect(entry.wei).toBe(chainWins.find((bet) => bet.betId === entry.key)!.paid);
}
