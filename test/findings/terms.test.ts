// Finding R1-4 (round 1, docs/findings.md): terms could change under an open bet. The jackpot chance and prize, the
// settle window and the game's maximum multiplier were read at settlement: setJackpotParams(0, 1)
// removed a win, setSettleWindow(1 day) stretched a claim from 1 h to 24 h, and a front-run
// setMaxMultiplier made a 100 DEGEN slots bet reserve 100 instead of 76,500 and a 2x win
// unsettleable. Now every term is recorded with the bet, and playGame names the terms it accepts.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type Interface } from "ethers";
import { clientSeedWhere, deployCasino, GAME, jackpotOdds, jackpotRoll, maxPayout, packTerms, rulesPayout } from "../helpers";
import { eventsOf, placeBet, placeHittingBet, postChain } from "./support";
import { expectedDraw } from "../support";
import { ACCEPTANCE_WINDOW, deploySessions, openSession, place, play, playSkippingOne, signBet } from "../sessions/support";

async function termsFixture() {
  const f = await deployCasino();
  const [alice, bob, carol] = f.players;
  const chains = {
    alice: await postChain(f, alice.address, "alice", 200),
    bob: await postChain(f, bob.address, "bob", 8),
    carol: await postChain(f, carol.address, "carol", 8),
  };
  return { ...f, alice, bob, carol, chains };
}

describe("Finding R1-4: the terms of an open bet are the ones it was placed under", function () {
  it("setJackpotTerms(0, 1) before settlement does not remove the win of a bet placed under the old terms", async function () {
    const f = await loadFixture(termsFixture);
    const { casino, owner, settler, alice, chains, casinoAddress, tokenAddress } = f;
    // edge 2 %, prize 0.01 % of 1.2M = 120 DEGEN: a 600 DEGEN bet has p = 10 %. Bets are placed
    // (misses settled at once) until the settler, seeing the block hash, knows one would hit.
    await casino.connect(owner).setJackpotTerms(200, 1);
    const bet = await placeHittingBet(f, alice, chains.alice, { amount: parseEther("600"), game: GAME.CRASH, params: 101n });
    expect(bet.odds).to.equal(jackpotOdds(parseEther("600"), 200n, (await casino.jackpotPool()) / 10_000n));
    expect(bet.terms).to.equal(packTerms(3600n, 200n, 1n));
    // The owner changes the jackpot terms before the settlement (once the window of the last change has passed) ...
    await time.increase(ACCEPTANCE_WINDOW);
    await expect(casino.connect(owner).setJackpotTerms(0, 1)).to.emit(casino, "JackpotTermsChanged").withArgs(0, 1);
    const view = await casino.getBet(bet.betId);
    expect([view.jackpotOdds, view.jackpotPrize, view.jackpotEdgeBps]).to.deep.equal([bet.odds, bet.prize, 200n]);
    // ... and the bet still wins what it was placed for: the 120 DEGEN fixed when it was placed.
    const prize = bet.prize;
    expect(prize / 10n ** 15n).to.equal(120_000n);
    expect(jackpotRoll(casinoAddress, bet.betId, bet.entropy)).to.be.lessThan(bet.odds);
    const before = await casino.getBalance(alice.address, tokenAddress);
    const pool = await casino.jackpotPool();
    await expect(casino.connect(settler).settle(bet.betId, bet.seed, bet.payout))
      .to.emit(casino, "JackpotDrawn")
      .withArgs(bet.betId, bet.entropy, prize, true)
      .and.to.emit(casino, "JackpotWon")
      .withArgs(alice.address, prize);
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(before + bet.payout + prize);
    expect(await casino.jackpotPool()).to.equal(pool - prize);
    // A bet placed under the new terms (edge 0) has no jackpot chance at all.
    const after = await placeBet(f, alice, { amount: parseEther("600"), game: GAME.CRASH, params: 101n });
    expect(after.odds).to.equal(0n);
    const afterSeed = chains.alice.seed(Number(after.nonce) + 1);
    const afterSettled = casino.connect(settler).settle(after.betId, afterSeed, await rulesPayout(casino, after.betId, afterSeed));
    await expect(afterSettled).to.emit(casino, "BetSettled");
    await expect(afterSettled).not.to.emit(casino, "JackpotDrawn");
  });

  it("setSettleWindow(1 day) does not stretch an open bet's claim (still at placement + 1 h), and a shorter window does not shorten it", async function () {
    const f = await loadFixture(termsFixture);
    const { casino, owner, alice, bob } = f;
    const stretched = await placeBet(f, alice, { amount: parseEther("10"), game: GAME.KICKBOXING, params: 0n });
    const claimableAt = BigInt(stretched.timestamp) + 3600n;
    await expect(casino.connect(owner).setSettleWindow(86_400)).to.emit(casino, "SettleWindowChanged").withArgs(86_400);
    expect((await casino.getBet(stretched.betId)).claimableAt).to.equal(claimableAt);
    await time.setNextBlockTimestamp(claimableAt - 1n);
    await expect(casino.connect(alice).claimExpired(stretched.betId)).to.be.revertedWithCustomError(casino, "NotExpired").withArgs(claimableAt);
    await time.setNextBlockTimestamp(claimableAt);
    await expect(casino.connect(alice).claimExpired(stretched.betId))
      .to.emit(casino, "ExpiredBetClaimed")
      .withArgs(stretched.betId, alice.address, parseEther("20"));

    // Placed under the 1-day window, then the window is shortened to 10 minutes: still 1 day.
    const long = await placeBet(f, bob, { amount: parseEther("10"), game: GAME.KICKBOXING, params: 0n });
    expect(long.terms).to.equal(packTerms(86_400n, 50n, 500n));
    await casino.connect(owner).setSettleWindow(600);
    const longClaimableAt = BigInt(long.timestamp) + 86_400n;
    expect((await casino.getBet(long.betId)).claimableAt).to.equal(longClaimableAt);
    await time.setNextBlockTimestamp(BigInt(long.timestamp) + 600n);
    await expect(casino.connect(bob).claimExpired(long.betId)).to.be.revertedWithCustomError(casino, "NotExpired").withArgs(longClaimableAt);
    await time.setNextBlockTimestamp(longClaimableAt - 1n);
    await expect(casino.connect(bob).claimExpired(long.betId)).to.be.revertedWithCustomError(casino, "NotExpired").withArgs(longClaimableAt);
    await time.setNextBlockTimestamp(longClaimableAt);
    await expect(casino.connect(bob).claimExpired(long.betId)).to.emit(casino, "ExpiredBetClaimed").withArgs(long.betId, bob.address, parseEther("20"));

    // Bets placed under the shorter window are claimable 10 minutes after placement.
    const short = await placeBet(f, alice, { amount: parseEther("10"), game: GAME.KICKBOXING, params: 0n });
    expect((await casino.getBet(short.betId)).claimableAt).to.equal(BigInt(short.timestamp) + 600n);
  });

  it("there is no setMaxMultiplier: a 100 DEGEN slots bet reserves 100 × 765 = 76,500 whatever the owner does, and a winning spin settles", async function () {
    const f = await loadFixture(termsFixture);
    const { casino, owner, settler, alice, chains, tokenAddress } = f;
    const abi: Interface = casino.interface; // the plain Interface: the typed one refuses unknown names
    expect(abi.getFunction("setMaxMultiplier")).to.equal(null);
    expect(abi.getFunction("maxMultiplierBps")).to.equal(null);
    // A spin whose lines win: the rules pay it `won`, at DEGEN's 102 %.
    const planned = {
      player: alice.address,
      nonce: 0n,
      seed: chains.alice.seed(1),
      gameType: GAME.SLOTS,
      params: 0n,
      isNative: false,
      stake: parseEther("100"),
    };
    const { clientSeed, payout } = await clientSeedWhere(casino, planned, (paid) => paid! > 0n);
    const won = payout!;
    const bet = await placeBet(f, alice, { amount: parseEther("100"), game: GAME.SLOTS, params: 0n, clientSeed });
    const reservation = parseEther("76500");
    expect((await casino.house(tokenAddress))[1]).to.equal(reservation);
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(reservation);
    // Every setting the owner still has, turned as far against the open bet as it goes.
    await casino.connect(owner).setRiskBps(1);
    await casino.connect(owner).setPlayerRiskBps(1);
    await casino.connect(owner).setMaxBetLimit(tokenAddress, parseEther("1"));
    await casino.connect(owner).setJackpotTerms(0, 1);
    await time.increase(ACCEPTANCE_WINDOW); // one change of terms per window
    await casino.connect(owner).setSettleWindow(600);
    await casino.connect(owner).pause();
    const view = await casino.getBet(bet.betId);
    expect([view.maxPayout, view.params, view.gameType, view.open]).to.deep.equal([reservation, 0n, BigInt(GAME.SLOTS), true]);
    expect((await casino.house(tokenAddress))[1]).to.equal(reservation);

    // The best slots outcome (750 line units at 102 %) is exactly what stays reserved, so it still
    // settles; the rules pay this spin its win, which settles too.
    expect(maxPayout(GAME.SLOTS, 0n, false, parseEther("100"))).to.equal((parseEther("100") * 750n * 10_200n) / 10_000n);
    const before = await casino.getBalance(alice.address, tokenAddress);
    const draw = await expectedDraw(casino, bet.betId);
    const receipt = (await (await casino.connect(settler).settle(bet.betId, chains.alice.seed(1), won)).wait())!;
    const [played] = eventsOf(receipt, casino, "GamePlayed");
    expect(played.args.toArray()).to.deep.equal([alice.address, parseEther("100"), won, true, BigInt(GAME.SLOTS)]);
    // The jackpot was drawn on the terms fixed at placement (edge 0.5 %), not setJackpotTerms(0, 1): a hit is published, a miss is not.
    expect(eventsOf(receipt, casino, "JackpotDrawn").map((e) => e.args.toArray())).to.deep.equal(draw.hit ? [[bet.betId, draw.entropy, draw.prize, true]] : []);
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(before + won + draw.win);
    expect(await casino.house(tokenAddress)).to.deep.equal([parseEther("5000000") + parseEther("100") - won, 0n]);
    expect(await casino.reservedBy(alice.address, tokenAddress)).to.equal(0n);
  });

  it("playGame with stale expectedTerms reverts TermsChanged(current): the bet is refused, not changed", async function () {
    const f = await loadFixture(termsFixture);
    const { casino, owner, alice, tokenAddress } = f;
    const seen = await casino.terms();
    expect(seen).to.equal(packTerms(3600n, 50n, 500n));
    const [commit] = await casino.commitmentOf(alice.address);
    const wallet = await f.token.balanceOf(alice.address);
    const play = (terms: bigint) => casino.connect(alice).playGame(tokenAddress, parseEther("10"), GAME.WHEEL, 1, ethers.id("stale"), commit, terms);

    for (const change of [
      async () => casino.connect(owner).setJackpotTerms(0, 1),
      async () => casino.connect(owner).setJackpotTerms(50, 5000),
      async () => casino.connect(owner).setSettleWindow(86_400),
    ]) {
      const snapshot = await network.provider.send("evm_snapshot", []);
      await change();
      const current = await casino.terms();
      expect(current).to.not.equal(seen);
      await expect(play(seen)).to.be.revertedWithCustomError(casino, "TermsChanged").withArgs(current);
      expect((await casino.commitmentOf(alice.address))[1]).to.equal(0n);
      expect(await f.token.balanceOf(alice.address)).to.equal(wallet);
      expect(await casino.house(tokenAddress)).to.deep.equal([parseEther("5000000"), 0n]);
      await expect(play(current)).to.emit(casino, "BetPlaced");
      await network.provider.send("evm_revert", [snapshot]);
    }
    // Unchanged terms: the bet goes through with them.
    const bet = await placeBet(f, alice, { terms: seen });
    expect(bet.terms).to.equal(seen);
  });

  // A one-click bet the server accepted before the change may have shown its outcome in a relay
  // transaction: refusing it would let the owner cancel it. So the terms a change replaces stay a
  // bet's own while its deadline is within ACCEPTANCE_WINDOW of the change (docs/decisions.md §4,
  // "lanes"); the edge at −1, 0 and +1 second: test/findings/round4/window.test.ts.
  it("a one-click bet signed under terms the owner replaced since is placed under its own terms while its deadline is within the change's window, refused past it (TermsChanged)", async function () {
    const f = await loadFixture(deploySessions);
    const session = await openSession(f, f.players[0]);
    const window = await f.sessions.BET_ACCEPTANCE_WINDOW();
    expect(window).to.equal(ACCEPTANCE_WINDOW);
    const changedAt = BigInt(await time.latest()) + 10n;
    const spin = await signBet(f, session, { deadline: changedAt + window });
    const late = await signBet(f, session, { deadline: changedAt + window + 1n, clientSeed: ethers.id("late") });
    await time.setNextBlockTimestamp(changedAt);
    await f.casino.connect(f.owner).setSettleWindow(7_200);
    const current = await f.casino.terms();
    expect(current).to.not.equal(f.terms);
    await playSkippingOne(f, late, f.casino, "TermsChanged");
    await expect(place(f, late.signed)).to.be.revertedWithCustomError(f.casino, "TermsChanged").withArgs(current);
    const [placed] = eventsOf((await (await play(f, [spin])).wait())!, f.casino, "BetPlaced");
    expect([placed.args.betId, placed.args.terms]).to.deep.equal([spin.betId, f.terms]);
    // Placed to be settled later, it keeps the replaced settle window: claimable an hour on, not two.
    const hand = await signBet(f, session, { game: GAME.BLACKJACK, params: 0n, deadline: changedAt + window });
    const receipt = (await (await place(f, hand.signed)).wait())!;
    const { timestamp } = (await ethers.provider.getBlock(receipt.blockNumber))!;
    expect((await f.casino.getBet(hand.betId)).claimableAt).to.equal(BigInt(timestamp) + 3_600n);
  });
});
