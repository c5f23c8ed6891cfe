// Limits a player sets for their own address (contracts/CasinoLimits.sol, docs/protocol.md §5),
// enforced on every bet however it arrives (a session's play and place, the wallet's playGame): a
// net-loss limit per 24 hours, 7 days and 30 days, a per-bet cap, a cool-off. A stricter setting
// applies at once, a looser one 24 hours later; withdrawals are never blocked; the Account dialog
// reads limitsOf. A one-click bet is held to the loss limits by the server when it accepts it, and
// here only counted; a cap or a cool-off set before the server accepted it (deadline > the setting
// + ACCEPTANCE_WINDOW) refuses it (docs/decisions.md §4, "lanes"). The window's edge, at −1, 0 and
// +1 second: test/findings/round4/window.test.ts.
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { NATIVE } from "../helpers";
import {
  deploySessions,
  laneFunds,
  openSession,
  payoutOf,
  place,
  play,
  playSkippingOne,
  playSkipping,
  settleWithRules,
  signBatch,
  signBet,
  VAULT_DEGEN,
  walletBet,
  type BetOptions,
  type Outcome,
  type RelayedBet,
  type Session,
  type SessionsFixture,
} from "./support";

const DAY = 24n * 3600n;
const WINDOWS = [
  { name: "24 hours", period: DAY },
  { name: "7 days", period: 7n * DAY },
  { name: "30 days", period: 30n * DAY },
];
const NONE = [0n, 0n, 0n] as [bigint, bigint, bigint];
const lose: Outcome = async (pay) => (await pay()) === 0n;
const win: Outcome = async (pay) => (await pay())! > 0n;
const BUDGET = parseEther("10000");

/** Alice with a session of 1,000 DEGEN a bet and a budget of 10,000 in its lane. */
async function limitsFixture() {
  const f = await deploySessions();
  const [alice] = f.players;
  return { ...f, alice, session: await openSession(f, alice, { budgetDegen: BUDGET }) };
}

type LimitsFixture = Awaited<ReturnType<typeof limitsFixture>>;

/** Travels to `at` (a session lasts at most a day) and opens a new session of Alice's there, at `at` + 1, with 1,000 DEGEN in its lane. */
async function sessionAt(f: LimitsFixture, at: bigint): Promise<Session> {
  await time.increaseTo(at);
  // Pinned: else the opening's block is stamped by the wall clock, maybe past a time the test pins next.
  await time.setNextBlockTimestamp(at + 1n);
  return openSession(f, f.alice, { budgetDegen: parseEther("1000"), budgetNative: 0n }, `at ${at}`);
}

/** A one-click DEGEN bet of Alice's (a wheel colour), whose outcome `wanted` picks; the payout it got. */
async function sessionBet(f: LimitsFixture, amount: bigint, wanted: Outcome = lose, session: Session = f.session): Promise<bigint> {
  const bet = await signBet(f, session, { amount, wanted });
  await play(f, [bet]);
  return payoutOf(f, bet.signed.bet, bet.seed);
}

/**
 * A bet the server accepted after a setting mined just before: it read a later block (one more
 * second), so its deadline is past the setting's window and the setting holds it.
 */
async function signAfterSetting(f: LimitsFixture, session: Session, options: BetOptions = {}): Promise<RelayedBet> {
  await time.increase(1);
  return signBet(f, session, options);
}

/** What Alice's DEGEN loss windows count now. */
async function lossUsed(f: LimitsFixture): Promise<bigint[]> {
  return [...(await f.limits.limitsOf(f.alice.address, f.tokenAddress)).lossUsed];
}

/** limitsOf as plain values. */
async function limitsView(f: SessionsFixture, player: string, token: string) {
  const v = await f.limits.limitsOf(player, token);
  return {
    lossLimit: [...v.lossLimit],
    lossUsed: [...v.lossUsed],
    windowEnds: [...v.windowEnds],
    betCap: v.betCap,
    pendingLossLimit: [...v.pendingLossLimit],
    pendingBetCap: v.pendingBetCap,
    pendingAt: v.pendingAt,
    pendingMask: v.pendingMask,
    coolOffUntil: v.coolOffUntil,
    pendingCoolOffUntil: v.pendingCoolOffUntil,
    pendingCoolOffAt: v.pendingCoolOffAt,
  };
}

describe("CasinoLimits: limits a player sets for their own address", function () {
  describe("a bet past a limit", function () {
    it("a stake above the per-bet cap set before the bet was accepted (AboveBetCap): play, place and playGame", async function () {
      const f = await loadFixture(limitsFixture);
      const cap = parseEther("50");
      await expect(f.limits.connect(f.alice).setLimits(f.tokenAddress, NONE, cap))
        .to.emit(f.limits, "LimitsSet")
        .withArgs(f.alice.address, f.tokenAddress, NONE, cap);
      const over = await signAfterSetting(f, f.session, { amount: cap + 1n });
      await playSkipping(f, [over], over, f.limits, "AboveBetCap");
      await expect(place(f, over.signed))
        .to.be.revertedWithCustomError(f.limits, "AboveBetCap")
        .withArgs(cap + 1n, cap);
      await expect((await walletBet(f, f.alice, { amount: cap + 1n })).send())
        .to.be.revertedWithCustomError(f.limits, "AboveBetCap")
        .withArgs(cap + 1n, cap);
      // The cap is of DEGEN bets: a BNB bet has no cap of its own.
      await play(f, [await signBet(f, f.session, { token: NATIVE, amount: parseEther("1") })]);
      await sessionBet(f, cap);
      await (await walletBet(f, f.alice, { amount: cap })).send();
    });

    for (const [index, { name }] of WINDOWS.entries()) {
      it(`a net loss past the ${name} limit: playGame refused (LossLimitReached(${index}, used, limit)), a one-click bet counted, never refused`, async function () {
        const f = await loadFixture(limitsFixture);
        const limit = parseEther("100");
        const lossLimit = NONE.map((_, i) => (i === index ? limit : 0n)) as typeof NONE;
        await f.limits.connect(f.alice).setLimits(f.tokenAddress, lossLimit, 0n);
        await sessionBet(f, parseEther("60"));
        await expect((await walletBet(f, f.alice, { amount: parseEther("41") })).send())
          .to.be.revertedWithCustomError(f.limits, "LossLimitReached")
          .withArgs(index, parseEther("60"), limit);
        // The server held this one to the limit when it accepted it; the wallet's bets move the
        // windows while it is on its way, so the Casino counts it and never refuses it.
        await sessionBet(f, parseEther("41"));
        await place(f, (await signAfterSetting(f, f.session, { amount: parseEther("9") })).signed);
        expect((await lossUsed(f))[index]).to.equal(parseEther("110"));
        await expect((await walletBet(f, f.alice, { amount: parseEther("1") })).send())
          .to.be.revertedWithCustomError(f.limits, "LossLimitReached")
          .withArgs(index, parseEther("110"), limit);
      });
    }

    it("any bet during a cool-off set before it was accepted (CoolingOff(until)): play, place and playGame; after it, bets pass again", async function () {
      const f = await loadFixture(limitsFixture);
      const until = BigInt(await time.latest()) + 1800n; // within the session's hour
      await expect(f.limits.connect(f.alice).setCoolOff(until)).to.emit(f.limits, "CoolOffSet").withArgs(f.alice.address, until);
      const bet = await signAfterSetting(f, f.session, { deadline: until + 600n });
      await playSkipping(f, [bet], bet, f.limits, "CoolingOff");
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.limits, "CoolingOff").withArgs(until);
      await expect((await walletBet(f, f.alice)).send())
        .to.be.revertedWithCustomError(f.limits, "CoolingOff")
        .withArgs(until);
      // The skip left its nonce: the same bet lands once the cool-off is over.
      await time.setNextBlockTimestamp(until);
      await expect(play(f, [bet]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(bet.betId, bet.seed, bet.word);
    });

    it("a cap or a cool-off set after the server accepted a bet does not refuse it: it lands, counted", async function () {
      const f = await loadFixture(limitsFixture);
      const [capped, cooled] = await signBatch(f, [
        [f.session, { amount: parseEther("100") }],
        [f.session, { amount: parseEther("100") }],
      ]);
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("50"), 0n, 0n], parseEther("50"));
      await expect(play(f, [capped]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(capped.betId, capped.seed, capped.word);
      await f.limits.connect(f.alice).setCoolOff(BigInt(await time.latest()) + DAY);
      await expect(play(f, [cooled]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(cooled.betId, cooled.seed, cooled.word);
      const paid = (await payoutOf(f, capped.signed.bet, capped.seed)) + (await payoutOf(f, cooled.signed.bet, cooled.seed));
      const used = parseEther("200") - paid;
      expect((await lossUsed(f))[0]).to.equal(used > 0n ? used : 0n);
    });
  });

  describe("stricter at once, looser 24 hours later", function () {
    it("a lower cap applies at once; a higher one is requested and applies 24 h later, not a second earlier", async function () {
      const f = await loadFixture(limitsFixture);
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, NONE, parseEther("50"));
      await expect(f.limits.connect(f.alice).setLimits(f.tokenAddress, NONE, parseEther("20")))
        .to.emit(f.limits, "LimitsSet")
        .withArgs(f.alice.address, f.tokenAddress, NONE, parseEther("20"));
      await playSkippingOne(f, await signAfterSetting(f, f.session, { amount: parseEther("21") }), f.limits, "AboveBetCap");

      const asked = BigInt(await time.latest()) + 1n;
      await time.setNextBlockTimestamp(asked);
      await expect(f.limits.connect(f.alice).setLimits(f.tokenAddress, NONE, parseEther("100")))
        .to.emit(f.limits, "LimitsRequested")
        .withArgs(f.alice.address, f.tokenAddress, NONE, parseEther("100"), 8n, asked + DAY);
      const nextDay = await sessionAt(f, asked + DAY - 100n);
      const bet = await signBet(f, nextDay, { amount: parseEther("60") });
      await time.setNextBlockTimestamp(asked + DAY - 1n);
      await playSkipping(f, [bet], bet, f.limits, "AboveBetCap");
      // The skip left its nonce: the same bet lands at the second the higher cap applies.
      await time.setNextBlockTimestamp(asked + DAY);
      await expect(play(f, [bet])).to.emit(f.casino, "BetSettled");
    });

    it("a loss limit raised or removed waits 24 h; lowered, it applies at once and keeps the loss so far", async function () {
      const f = await loadFixture(limitsFixture);
      const refused = async (stake: bigint, used: bigint, limit: bigint) =>
        expect((await walletBet(f, f.alice, { amount: stake })).send())
          .to.be.revertedWithCustomError(f.limits, "LossLimitReached")
          .withArgs(0n, used, limit);
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("100"), 0n, 0n], 0n);
      await sessionBet(f, parseEther("60"));
      await expect(f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("200"), 0n, 0n], 0n)).to.emit(f.limits, "LimitsRequested");
      await refused(parseEther("41"), parseEther("60"), parseEther("100"));
      // Lower: at once, with the 60 lost so far; it drops the raise that waited.
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("80"), 0n, 0n], 0n);
      await refused(parseEther("21"), parseEther("60"), parseEther("80"));
      expect((await f.limits.limitsOf(f.alice.address, f.tokenAddress)).pendingAt).to.equal(0n);
      // Removed: still 80 until 24 h have passed; then no limit at all (500 is past any 24 h window's 80).
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, NONE, 0n);
      await refused(parseEther("21"), parseEther("60"), parseEther("80"));
      await sessionBet(f, parseEther("500"), lose, await sessionAt(f, BigInt(await time.latest()) + DAY));
      await (await walletBet(f, f.alice, { amount: parseEther("500") })).send();
    });

    it("a later end of a cool-off applies at once; an earlier end, or none, only 24 h later", async function () {
      const f = await loadFixture(limitsFixture);
      const now = BigInt(await time.latest());
      await f.limits.connect(f.alice).setCoolOff(now + 3n * DAY);
      await f.limits.connect(f.alice).setCoolOff(now + 5n * DAY);
      expect((await f.limits.limitsOf(f.alice.address, f.tokenAddress)).coolOffUntil).to.equal(now + 5n * DAY);
      // Read after the two settings: on a slow machine their blocks may be stamped well past `now`.
      const asked = BigInt(await time.latest()) + 10n;
      await time.setNextBlockTimestamp(asked);
      await expect(f.limits.connect(f.alice).setCoolOff(0n))
        .to.emit(f.limits, "CoolOffRequested")
        .withArgs(f.alice.address, 0n, asked + DAY);
      const session = await sessionAt(f, asked + DAY - 10n);
      const bet = await signBet(f, session, {});
      await time.setNextBlockTimestamp(asked + DAY - 1n);
      await playSkipping(f, [bet], bet, f.limits, "CoolingOff");
      await time.setNextBlockTimestamp(asked + DAY);
      await expect(play(f, [bet])).to.emit(f.casino, "BetSettled");
    });
  });

  describe("windows and payouts", function () {
    it("a window rolls when its period is over: the 24 h one opens anew while the 7-day one keeps counting", async function () {
      const f = await loadFixture(limitsFixture);
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("100"), parseEther("150"), 0n], 0n);
      const set = BigInt(await time.latest());
      await sessionBet(f, parseEther("100"));
      await expect((await walletBet(f, f.alice, { amount: parseEther("1") })).send())
        .to.be.revertedWithCustomError(f.limits, "LossLimitReached")
        .withArgs(0n, parseEther("100"), parseEther("100"));
      const nextDay = await sessionAt(f, set + DAY);
      await sessionBet(f, parseEther("50"), lose, nextDay);
      expect(await lossUsed(f)).to.deep.equal([parseEther("50"), parseEther("150"), 0n]);
      await expect((await walletBet(f, f.alice, { amount: parseEther("1") })).send())
        .to.be.revertedWithCustomError(f.limits, "LossLimitReached")
        .withArgs(1n, parseEther("150"), parseEther("150"));
      await sessionAt(f, set + 7n * DAY);
      await (await walletBet(f, f.alice, { amount: parseEther("100") })).send();
      expect(await lossUsed(f)).to.deep.equal([parseEther("100"), parseEther("100"), 0n]);
    });

    it("a payout gives room back: a win takes the used loss down by what it paid, on both paths", async function () {
      const f = await loadFixture(limitsFixture);
      const limit = parseEther("1000");
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, [limit, 0n, 0n], 0n);
      await sessionBet(f, parseEther("900"));
      const payout = await sessionBet(f, parseEther("100"), win);
      expect(payout).to.equal(parseEther("1020")); // 10.2x on one colour of ten
      expect((await lossUsed(f))[0]).to.equal(0n); // below zero reads 0
      const used = parseEther("1000") - payout; // -20: 1,020 of losses fit before the limit
      const loss = await walletBet(f, f.alice, { amount: parseEther("1000"), wanted: lose });
      await loss.send();
      expect((await lossUsed(f))[0]).to.equal(used + parseEther("1000"));
      await settleWithRules(f, loss.betId, loss.seed);
      const won = await walletBet(f, f.alice, { amount: parseEther("20"), wanted: win });
      await won.send();
      const paid = await settleWithRules(f, won.betId, won.seed);
      expect((await lossUsed(f))[0]).to.equal(used + parseEther("1020") - paid);
    });
  });

  it("never blocks a withdrawal: at the loss limit and during a cool-off, the whole vault leaves, and the lane's funds once the session has ended", async function () {
    const f = await loadFixture(limitsFixture);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("100"), 0n, 0n], 0n);
    await sessionBet(f, parseEther("100"));
    await f.limits.connect(f.alice).setCoolOff(BigInt(await time.latest()) + 365n * DAY);
    const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
    expect(vault).to.equal(VAULT_DEGEN - BUDGET);
    await expect(f.casino.connect(f.alice).withdraw(f.tokenAddress, vault)).to.changeTokenBalances(f.token, [f.alice, f.casino], [vault, -vault]);
    const bnb = await f.casino.getBalance(f.alice.address, NATIVE);
    await expect(f.casino.connect(f.alice).withdraw(NATIVE, bnb)).to.changeEtherBalances([f.alice, f.casino], [bnb, -bnb]);
    // The lane's funds are the session's until it ends; then its close gives them to the vault.
    const [lane, laneBnb] = await laneFunds(f, f.session);
    expect(lane).to.equal(BUDGET - parseEther("100"));
    await time.increaseTo(f.session.grant.expiresAt + 1n);
    await f.sessions.closeSession(f.alice.address, f.session.key.address);
    await expect(f.casino.connect(f.alice).withdraw(f.tokenAddress, lane)).to.changeTokenBalances(f.token, [f.alice, f.casino], [lane, -lane]);
    await expect(f.casino.connect(f.alice).withdraw(NATIVE, laneBnb)).to.changeEtherBalances([f.alice, f.casino], [laneBnb, -laneBnb]);
  });

  it("shows the Account dialog each limit, how much of it is used, when its window ends, and what is pending (limitsOf)", async function () {
    const f = await loadFixture(limitsFixture);
    const at = BigInt(await time.latest()) + 10n;
    await time.setNextBlockTimestamp(at);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("100"), parseEther("500"), parseEther("2000")], parseEther("300"));
    await sessionBet(f, parseEther("70"));
    // Each later time is read after the transactions before it, whose blocks the wall clock stamps.
    const raisedAt = BigInt(await time.latest()) + 100n;
    await time.setNextBlockTimestamp(raisedAt);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("100"), parseEther("400"), parseEther("3000")], parseEther("400"));
    const untilCoolOff = at + 10n * DAY;
    await f.limits.connect(f.alice).setCoolOff(untilCoolOff);
    const shortenedAt = BigInt(await time.latest()) + 100n;
    await time.setNextBlockTimestamp(shortenedAt);
    await f.limits.connect(f.alice).setCoolOff(at + 5n * DAY);
    const used = parseEther("70");
    expect(await limitsView(f, f.alice.address, f.tokenAddress)).to.deep.equal({
      lossLimit: [parseEther("100"), parseEther("400"), parseEther("2000")],
      lossUsed: [used, used, used],
      windowEnds: [at + DAY, at + 7n * DAY, at + 30n * DAY],
      betCap: parseEther("300"),
      pendingLossLimit: [0n, 0n, parseEther("3000")],
      pendingBetCap: parseEther("400"),
      pendingAt: raisedAt + DAY,
      pendingMask: 0b1100n,
      coolOffUntil: untilCoolOff,
      pendingCoolOffUntil: at + 5n * DAY,
      pendingCoolOffAt: shortenedAt + DAY,
    });
    // Once due, the view shows the looser values as current, nothing pending, the 24 h window run out.
    await time.increaseTo(raisedAt + DAY);
    const due = await limitsView(f, f.alice.address, f.tokenAddress);
    expect([due.lossLimit, due.betCap, due.pendingAt, due.pendingLossLimit, due.windowEnds[0], due.lossUsed[0]]).to.deep.equal([
      [parseEther("100"), parseEther("400"), parseEther("3000")],
      parseEther("400"),
      0n,
      NONE,
      0n,
      0n,
    ]);
    expect(await limitsView(f, f.alice.address, NATIVE)).to.deep.include({ lossLimit: NONE, betCap: 0n, coolOffUntil: untilCoolOff });
  });

  // Before c51ae61 CasinoLimits.limitsOf copied pendingLoss whatever pendingMask and pendingAt said:
  // a raise that applied, or one a stricter setting dropped, still read as pending.
  it("shows no pending loss limit once the looser one applied, nor one a stricter setting dropped", async function () {
    const f = await loadFixture(limitsFixture);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("100"), 0n, 0n], 0n);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("300"), 0n, 0n], 0n);
    const waiting = await limitsView(f, f.alice.address, f.tokenAddress);
    expect([waiting.lossLimit, waiting.pendingLossLimit, waiting.pendingMask]).to.deep.equal([[parseEther("100"), 0n, 0n], [parseEther("300"), 0n, 0n], 1n]);
    await time.increase(DAY);
    const view = await limitsView(f, f.alice.address, f.tokenAddress);
    expect([view.lossLimit, view.pendingAt, view.pendingMask]).to.deep.equal([[parseEther("300"), 0n, 0n], 0n, 0n]);
    expect(view.pendingLossLimit).to.deep.equal(NONE);
    // A raise to 500 waits; a limit of 50 set before it is due applies at once and drops it.
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("500"), 0n, 0n], 0n);
    await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("50"), 0n, 0n], 0n);
    const dropped = await limitsView(f, f.alice.address, f.tokenAddress);
    expect([dropped.lossLimit, dropped.pendingLossLimit, dropped.pendingAt, dropped.pendingMask]).to.deep.equal([[parseEther("50"), 0n, 0n], NONE, 0n, 0n]);
  });
});
