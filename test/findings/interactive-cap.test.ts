// contracts/README.md, "The invariant": at every moment, interactive reserved (Σ the maximum payouts
// of open blackjack and manual-crash bets) ≤ interactiveRiskBps × bankroll, so that open hands never
// hold more than that share of the bankroll ("It cannot lock up the bankroll with open hands").
// The Casino admits a hand only within that share, but executeBankrollWithdrawal checks only that
// the withdrawal leaves bankroll ≥ reserved: the owner can take the bankroll down to what open
// hands reserve, 100 % of it (found by the invariant fuzz, test/Casino.invariant.test.ts).
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { bettingFixture } from "../betting";
import { GAME } from "../helpers";

describe("Finding: a bankroll withdrawal and the open hands' share of the bankroll", function () {
  // BUG: executeBankrollWithdrawal (contracts/casino/HouseAdmin.sol) lets the bankroll fall below
  // interactiveReserved × BPS / interactiveRiskBps; it should cap the withdrawal there (or the
  // README should call the share an admission limit only).
  it.skip("keeps the open hands within interactiveRiskBps of the bankroll after the owner's withdrawal [BUG: only bankroll ≥ reserved is checked]", async function () {
    const { casino, tokenAddress, players, place } = await loadFixture(bettingFixture);
    const [alice] = players;
    await place(alice, { amount: parseEther("100"), game: GAME.BLACKJACK, params: 0 });
    const [bankroll, reserved] = await casino.house(tokenAddress);
    const [bps, interactive] = await casino.interactiveRisk(tokenAddress);
    expect([bps, interactive, reserved]).to.deep.equal([5_000n, parseEther("250"), parseEther("250")]);
    // The owner announces the whole free bankroll, and executes it after the delay.
    await casino.announceBankrollWithdrawal(tokenAddress, bankroll - reserved);
    await time.increase(await casino.withdrawalDelay());
    await casino.executeBankrollWithdrawal(tokenAddress);
    const [left] = await casino.house(tokenAddress);
    expect(interactive * 10_000n, "interactive reserved × BPS ≤ interactiveRiskBps × bankroll").to.be.at.most(bps * left);
  });
});
