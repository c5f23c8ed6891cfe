// R4-1, R4-11 and every way of round 3 again (docs/findings.md): nothing a player does after the
// server accepted their one-click bet, with any number of sessions, tokens and accounts, in the
// same block, makes that bet fail or change. A relay transaction shows its bets' seeds while it
// waits to be mined, so the player may know their bet lost before it lands. Each test mines the
// player's transactions just before the relay's play, in its block, and checks the losing bet
// settled from its session's lane, to the wei. Before, the session held its largest stake in the
// vault, one hold for all the player's sessions: revoking one session dropped the hold of all, and a
// tiny new session then started a hold of nothing, so a withdrawal of the whole vault skipped the
// loser (the review's 1,000 DEGEN loser: vault + wallet 1,000,000 → 1,000,000).
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { GAME, NATIVE } from "../../helpers";
import { signSwap, signWithdraw } from "../../support";
import { eventsOf } from "../support";
import { grantOf, keyOf, laneChainOf, laneFunds, openSession, signGrant, walletBet } from "../../sessions/support";
import { acceptedFixture, aliceLedger, expectSettledLoss, frontRun, lose, play, signBet, STAKE } from "./support";

const hour = async () => BigInt(await time.latest()) + 3_600n;

describe("R4-1, R4-11: a one-click bet the server accepted lands whatever its player does in its block", function () {
  it("R4-1: revoking another session, opening a tiny one, then withdrawing the whole vault: the loser settles from its lane, vault + wallet to the wei", async function () {
    const f = await loadFixture(acceptedFixture);
    const before = await aliceLedger(f);
    const wallet = await f.token.balanceOf(f.alice.address);
    const c = keyOf("C");
    const tiny = await grantOf(f.alice.address, c.address, {
      tokens: 2n,
      maxBetNative: parseEther("0.001"),
      budgetDegen: 0n,
      budgetNative: parseEther("0.001"),
    });
    const tinySignature = await signGrant(f, f.alice, tiny);
    const { fronts, play } = await frontRun(
      f,
      [
        () => f.sessions.connect(f.alice).revokeSession(f.b.key.address),
        () => f.sessions.connect(f.alice).openSession(tiny, tinySignature),
        () => f.casino.connect(f.alice).withdraw(f.tokenAddress, before.vault[0]),
      ],
      [f.accepted],
    );
    expect(
      fronts.map((r) => r.status),
      "all of Alice's transactions went through",
    ).to.deep.equal([1, 1, 1]);
    await expectSettledLoss(f, play, before.a);
    // The vault went to the wallet whole; the lane paid the loss; vault + lane + wallet fell by the stake alone.
    expect(await f.token.balanceOf(f.alice.address)).to.equal(wallet + before.vault[0]);
    expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(0n);
    expect((await aliceLedger(f)).b, "session B's lane, untouched").to.deep.equal(before.b);
    expect((await f.casino.laneOf(f.alice.address, 3n)).commit, "session C, a lane of its own").to.equal(laneChainOf(c.address).commit);
  });

  it("withdrawing the whole vault directly or by a relayed signature, and swapping it: each goes through, the bet settles", async function () {
    for (const how of ["withdraw", "relayed withdraw", "relayed swap"] as const) {
      const f = await loadFixture(acceptedFixture);
      const before = await aliceLedger(f);
      const deadline = await hour();
      let front;
      if (how === "withdraw") front = () => f.casino.connect(f.alice).withdraw(NATIVE, before.vault[1]);
      else if (how === "relayed withdraw") {
        const request = { player: f.alice.address, token: f.tokenAddress, amount: before.vault[0], deadline };
        const signature = await signWithdraw(f.relay, f.alice, request);
        front = () => f.relay.connect(f.settler).withdraw(request, signature);
      } else {
        const request = { player: f.alice.address, fromToken: NATIVE, toToken: f.tokenAddress, amount: parseEther("1"), minAmountOut: 0n, deadline };
        const signature = await signSwap(f.relay, f.alice, request);
        front = () => f.relay.connect(f.settler).swap(request, signature);
      }
      const { fronts, play } = await frontRun(f, [front], [f.accepted]);
      expect(fronts[0].status, how).to.equal(1);
      await expectSettledLoss(f, play, before.a);
    }
  });

  it("revoking the session itself: the bet settles, and its lane's funds come back once the window has passed", async function () {
    const f = await loadFixture(acceptedFixture);
    const before = await aliceLedger(f);
    const { fronts, play } = await frontRun(f, [() => f.sessions.connect(f.alice).revokeSession(f.a.key.address)], [f.accepted]);
    expect(fronts[0].status).to.equal(1);
    await expectSettledLoss(f, play, before.a);
    const { expiresAt } = await f.sessions.sessionOf(f.alice.address, f.a.key.address);
    await expect(f.sessions.closeSession(f.alice.address, f.a.key.address)).to.be.revertedWithCustomError(f.sessions, "SessionNotEnded");
    await time.increaseTo(expiresAt + 1n);
    await f.sessions.closeSession(f.alice.address, f.a.key.address);
    expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(before.vault[0] + before.a[0] - STAKE);
  });

  it("a cool-off, a largest stake below the bet, a lower loss limit, and a losing wallet bet that fills the loss window, all first: the bet settles, counted", async function () {
    const f = await loadFixture(acceptedFixture);
    const before = await aliceLedger(f);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("2000"), 0n, 0n], 0n);
    // A wallet bet of 1,500 DEGEN counts its stake at once: with the accepted 1,000 it would pass the 2,000 limit.
    const wallet = await walletBet(f, f.alice, { amount: parseEther("1500") });
    const cool = (await hour()) + 3_600n;
    const { fronts, play } = await frontRun(
      f,
      [
        wallet.send,
        () => f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("1000"), 0n, 0n], parseEther("1")),
        () => f.limits.connect(f.alice).setCoolOff(cool),
      ],
      [f.accepted],
    );
    expect(fronts.map((r) => r.status)).to.deep.equal([1, 1, 1]);
    await expectSettledLoss(f, play, before.a);
    expect((await f.limits.limitsOf(f.alice.address, f.tokenAddress)).lossUsed[0], "both counted").to.equal(parseEther("2500"));
  });

  it("R4-11: a wallet bet in the play's block takes no nonce of the lane: both settle, nothing forfeited", async function () {
    const f = await loadFixture(acceptedFixture);
    const before = await aliceLedger(f);
    const wallet = await walletBet(f, f.alice, { amount: parseEther("10") });
    const { play } = await frontRun(f, [wallet.send], [f.accepted]);
    await expectSettledLoss(f, play, before.a);
    expect((await f.casino.getBet(wallet.betId)).open, "the wallet bet, open on the wallet's own lane").to.equal(true);
    expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(before.vault[0] - parseEther("10"));
  });

  it("giving up the wallet's hash chain first: it is given up, and the bet, on its lane's own chain, settles", async function () {
    const f = await loadFixture(acceptedFixture);
    const before = await aliceLedger(f);
    const { fronts, play } = await frontRun(f, [() => f.casino.connect(f.alice).abandonCommitment()], [f.accepted]);
    expect(fronts[0].status).to.equal(1);
    await expectSettledLoss(f, play, before.a);
    expect((await f.casino.commitmentOf(f.alice.address)).commit).to.equal(ethers.ZeroHash);
  });

  it("other accounts reserving all they can with 10,200x dice bets and swapping after the server accepted the largest bet the room allowed: the floor keeps its room, and it settles", async function () {
    const f = await loadFixture(acceptedFixture);
    // The owner's widest risk settings: one bet up to 20 % of the free bankroll, one player's open bets up to 50 % of the bankroll.
    await f.casino.connect(f.owner).setRiskBps(2_000);
    await f.casino.connect(f.owner).setPlayerRiskBps(5_000);
    // Session D, and the largest one-colour wheel bet the wallet path's maxBet allows Alice now: what the server accepts.
    const d = await openSession(f, f.alice, { maxBetDegen: parseEther("90000"), budgetDegen: parseEther("90000"), budgetNative: 0n }, "D");
    const room = await f.casino.maxBet(f.tokenAddress, GAME.WHEEL, 1n, f.alice.address);
    const stake = room < parseEther("90000") ? room : parseEther("90000");
    const accepted = await signBet(f, d, { amount: stake, wanted: lose });
    const maxPayout = await f.casino.maxPayout(f.tokenAddress, GAME.WHEEL, 1n, stake, false);
    // Then three other accounts reserve as much as the Casino lets them (0.01 % dice: 10,200 times the stake), and swap.
    const dice = 1n; // roll under 0.01: 1 winning roll of 10,000
    const terms = await f.casino.terms();
    for (const account of f.players.slice(2, 7)) {
      const { commit } = await f.casino.commitmentOf(account.address);
      for (let i = 0; i < 12; i++) {
        const bet = await f.casino.maxBet(f.tokenAddress, GAME.DICE, dice, account.address);
        if (bet < parseEther("1")) break;
        await f.casino.connect(account).playGame(f.tokenAddress, bet, GAME.DICE, dice, ethers.id(`dice ${i}`), commit, terms);
      }
    }
    const [bankroll, reserved] = await f.casino.house(f.tokenAddress);
    const floor = (bankroll * 2_000n) / 10_000n;
    const aboveFloor = bankroll - reserved - floor;
    expect(aboveFloor, "reserved down to the floor, less than one more 1 DEGEN dice bet's reservation").to.be.lessThan(parseEther("10200"));
    const { commit } = await f.casino.commitmentOf(f.players[2].address);
    await expect(
      f.casino.connect(f.players[2]).playGame(f.tokenAddress, parseEther("1"), GAME.DICE, dice, ethers.id("one more"), commit, terms),
    ).to.be.revertedWithCustomError(f.casino, "BetTooLarge");
    // A swap that would pay out one DEGEN more than lies above the floor is refused too (within the
    // swap desk's own caps, at their widest: 5 % a swap, 20 % a day).
    await f.swapDesk.connect(f.owner).setCaps(500, 2_000);
    const swapIn = (aboveFloor + parseEther("1")) / 10_000n + 1n;
    await expect(f.swapDesk.connect(f.players[7]).swap(NATIVE, swapIn, 0n)).to.be.revertedWithCustomError(f.casino, "InsufficientBankroll");
    expect(bankroll - reserved, "the free bankroll, at the floor, covers the accepted bet").to.be.at.least(maxPayout);
    const before = await laneFunds(f, d);
    const receipt = (await (await play(f, [accepted])).wait())!;
    expect(eventsOf(receipt, f.casino, "BetSkipped")).to.have.length(0);
    expect(await laneFunds(f, d)).to.deep.equal([before[0] - stake, before[1]]);
  });
});
