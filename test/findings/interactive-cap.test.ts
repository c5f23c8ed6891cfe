// contracts/README.md, "The invariant": the open hands' share of the bankroll (interactive reserved ≤
// interactiveRiskBps × bankroll) is a cap on what players may reserve, checked when they reserve. An
// announced bankroll withdrawal keeps only bankroll ≥ reserved, so it may leave the open hands above
// that share (found by the invariant fuzz, test/Casino.invariant.test.ts); no new hand is admitted
// then until bets resolve, and the hands already open keep their reservations whole.
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { bettingFixture } from "../betting";
import { GAME } from "../helpers";

describe("Finding: a bankroll withdrawal and the open hands' share of the bankroll", function () {
  it("may leave open hands above interactiveRiskBps of the bankroll, and then admits no new hand while the open ones keep their reservations", async function () {
    const { casino, tokenAddress, players, place } = await loadFixture(bettingFixture);
    const [alice, bob] = players;
    await place(alice, { amount: parseEther("100"), game: GAME.BLACKJACK, params: 0 });
    const [bankroll, reserved] = await casino.house(tokenAddress);
    const [bps, interactive] = await casino.interactiveRisk(tokenAddress);
    expect([bps, interactive, reserved]).to.deep.equal([5_000n, parseEther("250"), parseEther("250")]);
    expect(await casino.maxBet(tokenAddress, GAME.BLACKJACK, 0, bob.address)).to.be.greaterThan(0n);

    // The owner announces the whole free bankroll and executes it after the delay.
    await casino.announceBankrollWithdrawal(tokenAddress, bankroll - reserved);
    await time.increase(await casino.announcementDelay());
    await casino.executeBankrollWithdrawal(tokenAddress);
    const [left, stillReserved] = await casino.house(tokenAddress);
    expect([left, stillReserved]).to.deep.equal([reserved, reserved]);
    expect(interactive * 10_000n).to.be.greaterThan(bps * left); // above the cap: 100 % of the bankroll

    expect(await casino.maxBet(tokenAddress, GAME.BLACKJACK, 0, bob.address)).to.equal(0n);
    await expect(place(bob, { amount: parseEther("1"), game: GAME.BLACKJACK, params: 0 })).to.be.revertedWithCustomError(casino, "BetTooLarge");
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(parseEther("250"));
  });
});
