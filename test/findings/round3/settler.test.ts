// Finding R3-7 (trust, round 3, docs/findings.md): "A settler rotation voids every
// countersignature." setSettler took effect at once, and the settler's countersignature of a bet
// the server had accepted then placed nothing (NotRelayer), though the server promises that its
// player can always place it, at the same outcome. Now a settler change is announced and waits the
// announcement delay, and a replaced settler's countersignatures still place bets for
// CasinoSessions.RETIRED_SETTLER_GRACE (MAX_SESSION: every bet it accepted lands within it or
// never), and nothing past it: a leaked old key countersigns nothing for long.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, takeSnapshot, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type ContractTransactionResponse } from "ethers";
import { changeSettler } from "../../helpers";
import { eventsOf, fmt } from "../support";
import { countersign, deploySessions, laneFunds, nextLaneNonce, openSession, payoutOf, play, signBet, type SessionsFixture } from "../../sessions/support";

/** 5,000 DEGEN on five of the wheel's ten segments: a win pays 2.04 × the stake, 10,200 DEGEN. */
const STAKE = parseEther("5000");
const HALF_THE_WHEEL = 0b11111n;

async function settlerChangeFixture() {
  const f = await deploySessions();
  const [alice] = f.players;
  const settlerB = (await ethers.getSigners())[12];
  return { ...f, alice, settlerB };
}

/** A session of Alice opened now for `seconds` (an hour by default) that may stake STAKE. */
async function openAliceSession(f: SessionsFixture, label: string, seconds = 3600n) {
  return openSession(f, f.players[0], { maxBetDegen: STAKE, budgetDegen: STAKE, expiresAt: BigInt(await time.latest()) + seconds }, label);
}

/** What a settlement of Alice's bet paid (its payout into its lane, any jackpot prize into her vault), and its random word. */
async function settledWith(f: SessionsFixture, sent: Promise<ContractTransactionResponse>) {
  const receipt = (await (await sent).wait())!;
  const [played] = eventsOf(receipt, f.casino, "GamePlayed");
  const [settled] = eventsOf(receipt, f.casino, "BetSettled");
  const jackpot = eventsOf(receipt, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
  return { payout: played.args.payout as bigint, word: settled.args.random as string, jackpot };
}

describe("Finding R3-7: a settler change keeps the countersignatures of the settler it replaces", function () {
  it("a bet settler A countersigned just before the change to B is placed by its player after it, and settles to the same outcome, to the wei", async function () {
    const f = await loadFixture(settlerChangeFixture);
    const { alice, settlerB } = f;
    const delay = await f.casino.announcementDelay();
    await f.casino.connect(f.owner).announceSettlerChange(settlerB.address);
    // A is the settler until the change executes: the server accepts a bet in the last minute.
    await time.increase(delay - 60n);
    const session = await openAliceSession(f, "before the change");
    const bet = await signBet(f, session, {
      amount: STAKE,
      params: HALF_THE_WHEEL,
      deadline: session.grant.expiresAt,
      wanted: async (pay) => (await pay())! > STAKE,
    });
    const countersignature = await countersign(f, bet.signed);
    const promised = await payoutOf(f, bet.signed.bet, bet.seed);
    expect(promised).to.equal(parseEther("10200"));
    const vault = await f.casino.getBalance(alice.address, f.tokenAddress);

    // Had the server relayed it, A would have settled it with its lane's seed: this outcome.
    const beforeChange = await takeSnapshot();
    const placedByA = await (await f.sessions.connect(alice).place(bet.signed, countersignature)).wait();
    const relayed = await settledWith(f, f.casino.connect(f.settler).settle(bet.betId, bet.seed, promised));
    await beforeChange.restore();

    await time.increase(60n);
    await expect(f.casino.connect(f.owner).executeSettlerChange()).to.emit(f.casino, "SettlerChanged").withArgs(f.settler.address, settlerB.address);
    // A sends nothing any more; its countersignature of the bet it accepted still places it.
    await expect(f.sessions.connect(f.settler).place(bet.signed, "0x")).to.be.revertedWithCustomError(f.sessions, "NotRelayer").withArgs(f.settler.address);
    const placed = await (await f.sessions.connect(alice).place(bet.signed, countersignature)).wait();
    expect(eventsOf(placed!, f.casino, "BetPlaced").map((e) => e.args.betId)).to.deep.equal([bet.betId]);
    expect(await laneFunds(f, session)).to.deep.equal([0n, parseEther("5")]);
    expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(vault);

    await expect(f.casino.connect(f.settler).settle(bet.betId, bet.seed, promised)).to.be.revertedWithCustomError(f.casino, "NotSettler");
    const settled = await settledWith(f, f.casino.connect(settlerB).settle(bet.betId, bet.seed, promised));
    expect([settled.payout, settled.word]).to.deep.equal([relayed.payout, relayed.word]);
    expect([settled.payout, settled.word]).to.deep.equal([promised, bet.word]);
    expect((await laneFunds(f, session))[0]).to.equal(promised);
    expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(vault + settled.jackpot);
    console.log(
      `      placed after the change, paid ${fmt(settled.payout, 0)} DEGEN as the relay would have; place() gas ` +
        `${placedByA!.gasUsed} with the settler's countersignature, ${placed!.gasUsed} with a replaced settler's`,
    );
  });

  it("the change takes effect only after the announcement delay: until then A alone relays, and B's countersignature places nothing", async function () {
    const f = await loadFixture(settlerChangeFixture);
    const { alice, settlerB } = f;
    // The instant path is gone: no setSettler in the Casino's ABI.
    expect(f.casino.interface.fragments.map((fragment) => (fragment as { name?: string }).name)).not.to.include("setSettler");
    const announced = await (await f.casino.connect(f.owner).announceSettlerChange(settlerB.address)).wait();
    const executableAt = BigInt((await ethers.provider.getBlock(announced!.blockNumber))!.timestamp) + (await f.casino.announcementDelay());
    await expect(announced).to.emit(f.casino, "SettlerChangeAnnounced").withArgs(settlerB.address, executableAt);
    await expect(f.casino.connect(f.owner).executeSettlerChange()).to.be.revertedWithCustomError(f.casino, "NotReady").withArgs(executableAt);

    await time.increaseTo(executableAt - 600n);
    const session = await openAliceSession(f, "during the announcement");
    const bet = await signBet(f, session, { amount: STAKE, params: HALF_THE_WHEEL });
    await expect(f.sessions.connect(alice).place(bet.signed, await countersign(f, bet.signed, settlerB)))
      .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
      .withArgs(alice.address);
    await expect(f.sessions.connect(settlerB).play([bet.signed], [bet.seed]))
      .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
      .withArgs(settlerB.address);
    const payout = await payoutOf(f, bet.signed.bet, bet.seed);
    await play(f, [bet]);
    expect((await laneFunds(f, session))[0]).to.equal(payout);

    await time.setNextBlockTimestamp(executableAt - 1n);
    await expect(f.casino.connect(f.owner).executeSettlerChange()).to.be.revertedWithCustomError(f.casino, "NotReady").withArgs(executableAt);
    expect(await f.casino.settler()).to.equal(f.settler.address);
    await time.setNextBlockTimestamp(executableAt);
    await f.casino.connect(f.owner).executeSettlerChange();
    expect(await f.casino.settler()).to.equal(settlerB.address);
    expect(await f.casino.settlerRetiredAt(f.settler.address)).to.equal(executableAt);
  });

  it("a replaced settler's countersignature is refused past RETIRED_SETTLER_GRACE, even for a bet still within its deadline", async function () {
    const f = await loadFixture(settlerChangeFixture);
    const { alice, settlerB } = f;
    const grace = await f.sessions.RETIRED_SETTLER_GRACE();
    expect(grace).to.equal(await f.sessions.MAX_SESSION());
    await changeSettler(f.casino, f.owner, settlerB.address);
    const retiredAt = await f.casino.settlerRetiredAt(f.settler.address);

    // A bet of a session opened after the change, countersigned with A's key (leaked, say): its
    // session and deadline run past the grace, so only the grace stops it.
    await time.increaseTo(retiredAt + grace - 1800n);
    const session = await openAliceSession(f, "after the change");
    const bet = await signBet(f, session, { amount: STAKE, params: HALF_THE_WHEEL, deadline: session.grant.expiresAt });
    expect(bet.signed.deadline).to.be.greaterThan(retiredAt + grace + 1n);
    const byA = await countersign(f, bet.signed);

    const lastSecond = await takeSnapshot();
    await time.setNextBlockTimestamp(retiredAt + grace);
    await expect(f.sessions.connect(alice).place(bet.signed, byA)).to.emit(f.casino, "BetPlaced");
    await lastSecond.restore();

    await time.setNextBlockTimestamp(retiredAt + grace + 1n);
    await expect(f.sessions.connect(alice).place(bet.signed, byA)).to.be.revertedWithCustomError(f.sessions, "NotRelayer").withArgs(alice.address);
    expect((await laneFunds(f, session))[0]).to.equal(STAKE);
    expect(await nextLaneNonce(f, session)).to.equal(bet.signed.bet.nonce);
    // The same bet with the current settler's countersignature is placed: the refusal is the grace's.
    await expect(f.sessions.connect(alice).place(bet.signed, await countersign(f, bet.signed, settlerB))).to.emit(f.casino, "BetPlaced");
    expect((await laneFunds(f, session))[0]).to.equal(0n);
  });

  it("a second change within the grace keeps the first replaced settler's countersignatures", async function () {
    const f = await loadFixture(settlerChangeFixture);
    const { alice, settlerB } = f;
    const settlerC = (await ethers.getSigners())[13];
    await f.casino.connect(f.owner).setAnnouncementDelay(3600);
    // The app signs a bet until its session's expiry: a day, longer than both changes take.
    const session = await openAliceSession(f, "before both changes", await f.sessions.MAX_SESSION());
    const bet = await signBet(f, session, { amount: STAKE, params: HALF_THE_WHEEL, deadline: session.grant.expiresAt });
    const byA = await countersign(f, bet.signed);
    await changeSettler(f.casino, f.owner, settlerB.address);
    await changeSettler(f.casino, f.owner, settlerC.address);
    expect(await f.casino.settler()).to.equal(settlerC.address);
    await expect(f.sessions.connect(alice).place(bet.signed, byA)).to.emit(f.casino, "BetPlaced");
    expect((await laneFunds(f, session))[0]).to.equal(0n);
  });
});
