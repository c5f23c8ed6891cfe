// Finding R3-5 (trust, round 3, docs/findings.md): one player could make the settlement of
// everyone else revert. A split (`addStake`) mined just before a settleBatch changed that hand's
// payout, and the whole batch reverted PayoutMismatch with every other player's bet in it. The
// rule now: a batch settles every bet it can and skips the others with SettlementSkipped(betId,
// reason), leaving them and their player's hash chain as they were; the skipped bet settles in
// the settler's next call.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { deployCasino, GAME, NATIVE, rulesPayout } from "../../helpers";
import { expectedDraw } from "../../support";
import { eventsOf, mineTogether, placeBet, postChain } from "../support";

describe("Finding R3-5: a split mined just before a settleBatch", function () {
  it("skips the split hand (and its player's later bet) with SettlementSkipped, settles everyone else, and the hand settles in the next call", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, settler, tokenAddress } = f;
    const [alice, bob, carol] = f.players;
    const chains = {
      alice: await postChain(f, alice.address, "alice", 4),
      bob: await postChain(f, bob.address, "bob", 4),
      carol: await postChain(f, carol.address, "carol", 4),
    };
    for (const player of [alice, bob, carol]) await casino.connect(player).deposit(NATIVE, parseEther("1"), { value: parseEther("1") });

    // Alice's blackjack hand (DEGEN, from her wallet) and a later wheel bet of hers; Bob's and
    // Carol's wheel bets. BNB wheel bets have no jackpot draw: their payouts are the whole credit.
    const hand = await placeBet(f, alice, { game: GAME.BLACKJACK, params: 0n, amount: parseEther("10") });
    const aliceLater = await placeBet(f, alice, { token: NATIVE, game: GAME.WHEEL, params: 0b1111n });
    const bobBet = await placeBet(f, bob, { token: NATIVE, game: GAME.WHEEL, params: 0b1111n });
    const carolBet = await placeBet(f, carol, { token: NATIVE, game: GAME.WHEEL, params: 0b11n });
    const seeds = {
      hand: chains.alice.seed(1),
      aliceLater: chains.alice.seed(2),
      bob: chains.bob.seed(1),
      carol: chains.carol.seed(1),
    };

    // The settler fixes the payouts of the hand as it stands, and of the others.
    const handStood = await rulesPayout(casino, hand.betId, seeds.hand);
    const aliceLaterPayout = await rulesPayout(casino, aliceLater.betId, seeds.aliceLater);
    const bobPayout = await rulesPayout(casino, bobBet.betId, seeds.bob);
    const carolPayout = await rulesPayout(casino, carolBet.betId, seeds.carol);
    const vaults = async () =>
      Promise.all([
        casino.getBalance(alice.address, NATIVE),
        casino.getBalance(bob.address, NATIVE),
        casino.getBalance(carol.address, NATIVE),
        casino.getBalance(alice.address, tokenAddress),
      ]);
    const [aliceBnb, bobBnb, carolBnb, aliceDegen] = await vaults();
    const [commitBefore, , , , resolvedBefore] = await casino.commitmentOf(alice.address);

    // Alice's split is mined first in the block, then the batch.
    const [split, batch] = await mineTogether([
      () => casino.connect(alice).addStake(hand.betId, { gasLimit: 300_000 }),
      () =>
        casino
          .connect(settler)
          .settleBatch(
            [hand.betId, aliceLater.betId, bobBet.betId, carolBet.betId],
            [seeds.hand, seeds.aliceLater, seeds.bob, seeds.carol],
            [handStood, aliceLaterPayout, bobPayout, carolPayout],
            { gasLimit: 2_000_000 },
          ),
    ]);
    expect(split.status, "the split is mined").to.equal(1);
    expect(batch.status, "the batch is mined, not reverted").to.equal(1);
    expect(batch.blockNumber).to.equal(split.blockNumber);

    // Alice's hand is skipped for its payout, her later bet for its order; both stay open.
    const skipped = eventsOf(batch, casino, "SettlementSkipped").map((e) => [e.args.betId, e.args.reason]);
    expect(skipped).to.deep.equal([
      [hand.betId, casino.interface.getError("PayoutMismatch")!.selector],
      [aliceLater.betId, casino.interface.getError("OutOfOrder")!.selector],
    ]);
    const settled = eventsOf(batch, casino, "BetSettled").map((e) => e.args.betId);
    expect(settled).to.deep.equal([bobBet.betId, carolBet.betId]);
    expect((await casino.getBet(hand.betId)).open).to.equal(true);
    expect((await casino.getBet(aliceLater.betId)).open).to.equal(true);
    // Alice's chain is as it was: nothing of hers was revealed as settled.
    const [commitAfter, , , , resolvedAfter] = await casino.commitmentOf(alice.address);
    expect([commitAfter, resolvedAfter]).to.deep.equal([commitBefore, resolvedBefore]);

    // Bob and Carol are paid to the wei; Alice's BNB vault is untouched and her DEGEN one paid the split.
    const [aliceBnbAfter, bobBnbAfter, carolBnbAfter, aliceDegenAfter] = await vaults();
    expect(bobBnbAfter).to.equal(bobBnb + bobPayout);
    expect(carolBnbAfter).to.equal(carolBnb + carolPayout);
    expect(aliceBnbAfter).to.equal(aliceBnb);
    expect(aliceDegenAfter).to.equal(aliceDegen);

    // The settler computes the split hand's payout again and settles it, then her later bet, in its next call.
    const handSplit = await rulesPayout(casino, hand.betId, seeds.hand);
    expect(handSplit, "the split changed the hand's payout").to.not.equal(handStood);
    const draw = await expectedDraw(casino, hand.betId);
    const next = casino.connect(settler).settleBatch([hand.betId, aliceLater.betId], [seeds.hand, seeds.aliceLater], [handSplit, aliceLaterPayout]);
    await expect(next)
      .to.emit(casino, "BetSettled")
      .withArgs(hand.betId, seeds.hand, await casino.computeRandom(seeds.hand, hand.clientSeed, alice.address, 0n));
    await expect(next)
      .to.emit(casino, "BetSettled")
      .withArgs(aliceLater.betId, seeds.aliceLater, await casino.computeRandom(seeds.aliceLater, aliceLater.clientSeed, alice.address, 1n));
    await expect(next).not.to.emit(casino, "SettlementSkipped");
    const [aliceBnbFinal, , , aliceDegenFinal] = await vaults();
    expect(aliceDegenFinal).to.equal(aliceDegen + handSplit + draw.win);
    expect(aliceBnbFinal).to.equal(aliceBnb + aliceLaterPayout);
    const [commitFinal, , , , resolvedFinal] = await casino.commitmentOf(alice.address);
    expect([commitFinal, resolvedFinal]).to.deep.equal([seeds.aliceLater, 2n]);
  });

  it("a lone settle of the split hand reverts PayoutMismatch and changes nothing; the next settle at the rules' payout succeeds", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, settler, tokenAddress } = f;
    const [alice] = f.players;
    const chain = await postChain(f, alice.address, "alice", 2);
    const hand = await placeBet(f, alice, { game: GAME.BLACKJACK, params: 0n, amount: parseEther("10") });
    const seed = chain.seed(1);
    const stood = await rulesPayout(casino, hand.betId, seed);
    const [split, settle] = await mineTogether([
      () => casino.connect(alice).addStake(hand.betId, { gasLimit: 300_000 }),
      () => casino.connect(settler).settle(hand.betId, seed, stood, { gasLimit: 500_000 }),
    ]);
    expect([split.status, settle.status]).to.deep.equal([1, 0]);
    const vault = await casino.getBalance(alice.address, tokenAddress);
    const payout = await rulesPayout(casino, hand.betId, seed);
    const draw = await expectedDraw(casino, hand.betId);
    await expect(casino.connect(settler).settle(hand.betId, seed, payout)).to.emit(casino, "BetSettled");
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(vault + payout + draw.win);
  });

  it("still reverts a batch from anyone but the settler, and arrays of different lengths", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, settler, stranger } = f;
    const [alice] = f.players;
    const chain = await postChain(f, alice.address, "alice", 2);
    const bet = await placeBet(f, alice);
    await expect(casino.connect(stranger).settleBatch([bet.betId], [chain.seed(1)], [0])).to.be.revertedWithCustomError(casino, "NotSettler");
    await expect(casino.connect(settler).settleBatch([bet.betId], [chain.seed(1)], [])).to.be.revertedWithCustomError(casino, "LengthMismatch");
  });
});
