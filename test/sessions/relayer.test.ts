// docs/protocol.md §4, since the session-test review (c51ae61): seeds and action logs travel only in
// the settler's transactions, since a seed or a log sent in public could be raced. CasinoSessions.play
// and CasinoSessions.settle are the settler's alone (NotRelayer(caller)); place is the settler's,
// or anyone's who holds the settler's countersignature of the very Bet the key signed (the player,
// when the server is down after accepting it). A bet placed either way settles with its lane's seed.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { changeSettler, GAME, laneNonce } from "../helpers";
import { eventsOf } from "../findings/support";
import {
  BET_TYPES,
  blackjackLog,
  countersign,
  deploySessions,
  laneFunds,
  nextLaneNonce,
  openSession,
  payoutOf,
  place,
  play,
  signActions,
  signBet,
  typedBet,
} from "./support";

async function aliceSessionFixture() {
  const f = await deploySessions();
  const [alice] = f.players;
  return { ...f, alice, session: await openSession(f, alice) };
}

describe("CasinoSessions: who may send a signed bet or action log", function () {
  it("refuses play from anyone but the settler, the player included (NotRelayer(caller)), with seeds and signatures all valid", async function () {
    const f = await loadFixture(aliceSessionFixture);
    const bet = await signBet(f, f.session);
    for (const caller of [f.stranger, f.alice, f.owner]) {
      await expect(f.sessions.connect(caller).play([bet.signed], [bet.seed]))
        .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
        .withArgs(caller.address);
    }
    expect(await nextLaneNonce(f, f.session)).to.equal(bet.signed.bet.nonce);
    await expect(play(f, [bet]))
      .to.emit(f.casino, "BetSettled")
      .withArgs(bet.betId, bet.seed, bet.word);
  });

  it("refuses CasinoSessions.settle from anyone but the settler (NotRelayer(caller)), with the key's signed log and the right seed", async function () {
    const f = await loadFixture(aliceSessionFixture);
    const stand = blackjackLog("S");
    // A deal that lets the player stand (not one that ends at once, where any action is refused).
    const hand = await signBet(f, f.session, { game: GAME.BLACKJACK, params: 0n, wanted: async (pay) => (await pay(stand)) !== null });
    await place(f, hand.signed);
    const signature = await signActions(f, f.session.key, hand.betId, stand);
    for (const caller of [f.stranger, f.alice]) {
      await expect(f.sessions.connect(caller).settle(hand.betId, hand.seed, stand, signature, "0x"))
        .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
        .withArgs(caller.address);
    }
    expect((await f.casino.getBet(hand.betId)).open).to.equal(true);
    await expect(f.sessions.connect(f.settler).settle(hand.betId, hand.seed, stand, signature, "0x")).to.emit(f.casino, "BetSettled");
  });

  describe("place", function () {
    it("refuses a non-settler whose countersignature is not the settler's over this Bet (NotRelayer(caller)): the player's, the key's, another bet's", async function () {
      const f = await loadFixture(aliceSessionFixture);
      const bet = await signBet(f, f.session);
      const other = await signBet(f, f.session, { amount: parseEther("11") });
      const forged: [string, string][] = [
        ["the player's own", await countersign(f, bet.signed, f.alice)],
        ["the session key's", await f.session.key.signTypedData(f.domain, BET_TYPES, typedBet(bet.signed.bet, bet.signed.deadline))],
        ["the settler's of another bet", await countersign(f, other.signed)],
      ];
      for (const [what, countersignature] of forged) {
        await expect(f.sessions.connect(f.alice).place(bet.signed, countersignature), what)
          .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
          .withArgs(f.alice.address);
      }
      // With no countersignature at all, or a malformed one, a non-settler is refused the same way.
      for (const countersignature of ["0x", "0x1234"]) {
        await expect(f.sessions.connect(f.stranger).place(bet.signed, countersignature))
          .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
          .withArgs(f.stranger.address);
      }
      expect(await nextLaneNonce(f, f.session)).to.equal(bet.signed.bet.nonce);
    });

    it("takes a countersigned bet from anyone, a stranger included, staked from the lane; it settles with the lane's seed to what play would have paid, into the lane", async function () {
      const f = await loadFixture(aliceSessionFixture);
      const stake = parseEther("100");
      const bet = await signBet(f, f.session, { game: GAME.SLOTS, params: 0n, amount: stake });
      const payout = await payoutOf(f, bet.signed.bet, bet.seed);
      const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
      const [lane] = await laneFunds(f, f.session);
      const countersignature = await countersign(f, bet.signed);
      await expect(f.sessions.connect(f.stranger).place(bet.signed, countersignature)).to.emit(f.casino, "BetPlaced");
      const view = await f.casino.getBet(bet.betId);
      expect([view.open, view.player, view.nonce, view.stake]).to.deep.equal([true, f.alice.address, bet.signed.bet.nonce, stake]);
      expect((await laneFunds(f, f.session))[0]).to.equal(lane - stake);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress), "the vault untouched").to.equal(vault);
      // The same countersignature cannot place it twice.
      await expect(f.sessions.connect(f.stranger).place(bet.signed, countersignature))
        .to.be.revertedWithCustomError(f.casino, "WrongNonce")
        .withArgs(laneNonce(f.session.lane, 1n));

      const receipt = (await (await f.casino.connect(f.settler).settle(bet.betId, bet.seed, payout)).wait())!;
      expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.toArray())).to.deep.equal([[bet.betId, bet.seed, bet.word]]);
      expect(eventsOf(receipt, f.casino, "GamePlayed").map((e) => e.args.toArray())).to.deep.equal([
        [f.alice.address, stake, payout, payout > stake, BigInt(GAME.SLOTS)],
      ]);
      const jackpot = eventsOf(receipt, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
      expect((await laneFunds(f, f.session))[0]).to.equal(lane - stake + payout);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress), "a jackpot hit, in the vault").to.equal(vault + jackpot);
    });

    it("follows the settler: after a settler change, the old settler sends nothing and the new one's countersignature places", async function () {
      const f = await loadFixture(aliceSessionFixture);
      const next = f.players[7];
      await changeSettler(f.casino, f.owner, next.address);
      // The session opened before the change has lapsed over the announcement delay: a new one.
      const bet = await signBet(f, await openSession(f, f.alice, {}, "after the change"));
      await expect(f.sessions.connect(f.settler).place(bet.signed, "0x")).to.be.revertedWithCustomError(f.sessions, "NotRelayer").withArgs(f.settler.address);
      await expect(f.sessions.connect(f.settler).play([], [])).to.be.revertedWithCustomError(f.sessions, "NotRelayer").withArgs(f.settler.address);
      await expect(f.sessions.connect(f.alice).place(bet.signed, await countersign(f, bet.signed, next))).to.emit(f.casino, "BetPlaced");
      // The old settler's countersignatures of bets it accepted before the change: test/findings/round3/settler.test.ts.
    });
  });
});
