// R4-6 (docs/findings.md): shutting every interactive game for everyone must cost at least what it
// costs with blackjack hands. A mines round reserves up to 1,000 times its stake where a hand
// reserves 2.5 times: in the review, 14 accounts' largest 3-mine rounds, 2,500 DEGEN staked in all,
// reserved 2.5M of a 5M DEGEN bankroll, and every other player's largest blackjack hand, mines round
// and manual crash round dropped to 0, about 400 times cheaper than with hands. Now the long shots
// (mines rounds, manual crash rounds) have a room of their own, half the hands' (Payouts.roomOf):
// they never take the hands' room, so shutting every interactive game still takes the hands' room
// filled with hands.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ethers } from "hardhat";
import { formatEther, parseEther } from "ethers";
import { GAME } from "../../helpers";
import { deploySessions } from "../../sessions/support";

describe("R4-6: long shots cannot shut the blackjack tables", function () {
  it("every account's largest 3-mine rounds fill the long shots' room, never the hands': another player's largest hand is as it was", async function () {
    const f = await loadFixture(deploySessions);
    const [bystander, ...accounts] = f.players;
    const terms = await f.casino.terms();
    const handBefore = await f.casino.maxBet(f.tokenAddress, GAME.BLACKJACK, 0n, bystander.address);
    let staked = 0n;
    let rounds = 0;
    for (const account of accounts) {
      const { commit } = await f.casino.commitmentOf(account.address);
      for (let i = 0; i < 4; i++) {
        const stake = await f.casino.maxBet(f.tokenAddress, GAME.MINES, 3n, account.address);
        if (stake < parseEther("1")) break;
        await f.casino.connect(account).playGame(f.tokenAddress, stake, GAME.MINES, 3n, ethers.id(`round ${i}`), commit, terms);
        staked += stake;
        rounds++;
      }
    }
    const [bankroll] = await f.casino.house(f.tokenAddress);
    const [handBps, handsReserved] = await f.casino.interactiveRisk(f.tokenAddress);
    const [longShotBps, longShotsReserved] = await f.casino.longShotRisk(f.tokenAddress);
    expect(longShotBps).to.equal(handBps / 2n);
    expect(handsReserved, "the hands' room, untouched").to.equal(0n);
    expect(await f.casino.maxBet(f.tokenAddress, GAME.MINES, 3n, bystander.address), "the long shots' room, full").to.be.lessThan(parseEther("1"));
    expect(longShotsReserved).to.be.at.most((bankroll * longShotBps) / 10_000n);
    // The bystander's largest hand is bound by riskBps of the free bankroll alone, as every bet is: not by the room, which the long shots left whole.
    const [, reserved] = await f.casino.house(f.tokenAddress);
    const [riskBps] = await f.casino.riskBps();
    const byRisk = ((((bankroll - reserved) * riskBps) / 10_000n) * 10_000n) / 25_000n;
    expect(await f.casino.maxBet(f.tokenAddress, GAME.BLACKJACK, 0n, bystander.address), "the bystander's largest hand").to.equal(byRisk);
    expect(byRisk).to.be.greaterThan(handBefore / 2n);
    // What shutting the hands takes: their room filled with hands, each reserving 2.5 times its stake (DEGEN's natural).
    const handsRoom = (bankroll * handBps) / 10_000n;
    console.log(
      `      ${rounds} rounds of 3 mines, ${formatEther(staked)} DEGEN staked, fill the long shots' room (${formatEther(longShotsReserved)} of ${formatEther(bankroll)} DEGEN);`,
      `shutting the blackjack tables still takes ${formatEther((handsRoom * 2n) / 5n)} DEGEN in hands`,
    );
  });
});
