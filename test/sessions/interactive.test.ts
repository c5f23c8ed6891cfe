// Interactive games in a session (docs/protocol.md §4). A blackjack hand or a manual crash round is
// placed with CasinoSessions.place from the session's lane and stays open; the player's actions are
// signed by the session key (or, without a session, by a key the wallet names for that hand:
// ActionKey), a split's second stake comes from the lane on the signed "P" of the hand's own key,
// and the settlement (the settler's alone) pays the rules' payout for the signed log into the lane;
// a split counts only when that log starts with its "P" and the deal is a pair, else it is void (the
// second stake paid back). Without the player's signature the only settlement is the auto-stand. A
// split or a cash-out made once the seed is public buys nothing.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, takeSnapshot } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type ContractTransactionResponse } from "ethers";
import { GAME } from "../helpers";
import { eventsOf, revertDataOf } from "../findings/support";
import {
  ACTION_KEY_TYPES,
  blackjackLog,
  cashOutLog,
  deploySessions,
  keyOf,
  laneFunds,
  openBetPayout,
  openSession,
  place,
  recoverActionsKey,
  signActions,
  signBet,
  type Outcome,
  type RelayedBet,
  type Session,
  type SessionsFixture,
  walletBet,
} from "./support";

const STAKE = parseEther("100");

/** Alice and Bob with a session each. */
async function handsFixture() {
  const f = await deploySessions();
  const [alice, bob] = f.players;
  return { ...f, alice, bob, aliceSession: await openSession(f, alice), bobSession: await openSession(f, bob) };
}

/** A signed hand of `STAKE` whose deal `wanted` accepts, placed by the relay with CasinoSessions.place. */
async function placeHand(f: SessionsFixture, session: Session, wanted: Outcome, game: number = GAME.BLACKJACK): Promise<RelayedBet> {
  const hand = await signBet(f, session, { game, params: 0n, amount: STAKE, wanted });
  await place(f, hand.signed);
  return hand;
}

/**
 * What a settlement moved for `player`: the DEGEN of `session`'s lane (0 without one) and of the
 * vault, and the payout and jackpot win it published. A lane's bet pays into the lane, a wallet
 * bet into the vault, a jackpot win always into the vault.
 */
async function settlement(f: SessionsFixture, player: string, send: () => Promise<ContractTransactionResponse>, session?: Session) {
  const lane = async () => (session === undefined ? 0n : (await laneFunds(f, session))[0]);
  const [vaultBefore, laneBefore] = [await f.casino.getBalance(player, f.tokenAddress), await lane()];
  const receipt = (await (await send()).wait())!;
  const [played] = eventsOf(receipt, f.casino, "GamePlayed");
  const jackpot = eventsOf(receipt, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
  return {
    toLane: (await lane()) - laneBefore,
    toVault: (await f.casino.getBalance(player, f.tokenAddress)) - vaultBefore,
    payout: played.args.payout as bigint,
    jackpot,
    receipt,
  };
}

/** A pair (splittable, no natural) on which a split, a hit on the first hand and a stand are legal. */
const splittable: Outcome = async (pay) => (await pay(blackjackLog("PHS"))) !== null;
/** A hand where a hit (then the auto-stand) pays the player less than standing: what a server playing for the player would choose. */
const hitCostsThePlayer: Outcome = async (pay) => {
  const [stand, hit] = [await pay(), await pay(blackjackLog("H"))];
  return hit !== null && stand !== null && hit < stand;
};

describe("CasinoSessions: interactive games in a session", function () {
  describe("a blackjack hand", function () {
    it("is placed with place(), split on the key's signed P (the second stake from the lane, no wallet transaction), and settled with the signed log to the rules' payout, into the lane", async function () {
      const f = await loadFixture(handsFixture);
      const [vault, [lane], [bankroll]] = await Promise.all([
        f.casino.getBalance(f.alice.address, f.tokenAddress),
        laneFunds(f, f.aliceSession),
        f.casino.house(f.tokenAddress),
      ]);
      const hand = await placeHand(f, f.aliceSession, splittable);
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(lane - STAKE);

      const aliceNonce = await ethers.provider.getTransactionCount(f.alice.address);
      await expect(f.sessions.connect(f.settler).split(hand.betId, await signActions(f, f.aliceSession.key, hand.betId, blackjackLog("P"))))
        .to.emit(f.casino, "StakeAdded")
        .withArgs(hand.betId, f.alice.address, STAKE);
      expect(await ethers.provider.getTransactionCount(f.alice.address)).to.equal(aliceNonce); // no transaction of Alice's wallet
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(lane - 2n * STAKE);
      expect((await f.casino.getBet(hand.betId)).split).to.be.true;

      const log = blackjackLog("PHS");
      const payout = await openBetPayout(f, hand.betId, hand.seed, log);
      const signature = await signActions(f, f.aliceSession.key, hand.betId, log);
      const settled = await settlement(
        f,
        f.alice.address,
        () => f.sessions.connect(f.settler).settle(hand.betId, hand.seed, log, signature, "0x"),
        f.aliceSession,
      );
      expect(settled.payout).to.equal(payout);
      expect([settled.toLane, settled.toVault]).to.deep.equal([payout, settled.jackpot]);
      const [published] = eventsOf(settled.receipt, f.casino, "BetSettled");
      expect(published.args.toArray()).to.deep.equal([hand.betId, hand.seed, hand.word]);
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(lane - 2n * STAKE + payout);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vault + settled.jackpot);
      expect(await f.casino.house(f.tokenAddress)).to.deep.equal([bankroll + 2n * STAKE - payout, 0n]);
    });

    it("refuses a split the hand's own key did not sign: another key's P, the key's signature of another log (NotBetSession(betId, key)), the wallet's addStake (NotBetPlayer)", async function () {
      const f = await loadFixture(handsFixture);
      const hand = await placeHand(f, f.aliceSession, splittable);
      await expect(f.sessions.split(hand.betId, await signActions(f, f.bobSession.key, hand.betId, blackjackLog("P"))))
        .to.be.revertedWithCustomError(f.sessions, "NotBetSession")
        .withArgs(hand.betId, f.bobSession.key.address);
      const standSignature = await signActions(f, f.aliceSession.key, hand.betId, blackjackLog("S"));
      const recovered = recoverActionsKey(f, hand.betId, blackjackLog("P"), standSignature);
      await expect(f.sessions.split(hand.betId, standSignature)).to.be.revertedWithCustomError(f.sessions, "NotBetSession").withArgs(hand.betId, recovered);
      // Alice's other session is another lane: its key splits no hand of this one.
      const other = await openSession(f, f.alice, {}, "tab 2");
      await expect(f.sessions.split(hand.betId, await signActions(f, other.key, hand.betId, blackjackLog("P"))))
        .to.be.revertedWithCustomError(f.sessions, "NotBetSession")
        .withArgs(hand.betId, other.key.address);
      // The wallet's addStake stakes from the vault: it splits the wallet lane's hands alone.
      await expect(f.casino.connect(f.alice).addStake(hand.betId)).to.be.revertedWithCustomError(f.casino, "NotBetPlayer");
      expect((await f.casino.getBet(hand.betId)).split).to.be.false;
    });

    it("refuses a session key's split of a wallet hand (NotBetSession): the wallet splits its own hands", async function () {
      const f = await loadFixture(handsFixture);
      const hand = await walletBet(f, f.alice, { game: GAME.BLACKJACK, params: 0n, amount: STAKE, wanted: splittable });
      await hand.send();
      await expect(f.sessions.split(hand.betId, await signActions(f, f.aliceSession.key, hand.betId, blackjackLog("P"))))
        .to.be.revertedWithCustomError(f.sessions, "NotBetSession")
        .withArgs(hand.betId, f.aliceSession.key.address);
      await expect(f.casino.connect(f.alice).addStake(hand.betId)).to.emit(f.casino, "StakeAdded").withArgs(hand.betId, f.alice.address, STAKE);
    });

    // Casino._addStake cannot see the deal (the seed is not revealed yet), so it takes a second
    // stake on any open hand. Before 90d0fbf the Casino started a split hand's log with "P", which
    // the rules refuse on a hand that is no pair: every settlement reverted and claimExpired paid
    // the split's maximum, 4x the stake. Now such a split is void: the second stake comes back at
    // settlement and the hand plays as dealt, whether the signed log names the split or not.
    it("a second stake on a hand that is no pair is void: the hand settles as dealt, the second stake comes back to the lane, to the wei", async function () {
      const f = await loadFixture(handsFixture);
      const [lane] = await laneFunds(f, f.aliceSession);
      const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
      const [bankroll] = await f.casino.house(f.tokenAddress);
      const noPairLoses: Outcome = async (pay) => (await pay(blackjackLog("P"))) === null && (await pay()) === 0n;
      const hand = await placeHand(f, f.aliceSession, noPairLoses);
      await expect(f.sessions.split(hand.betId, await signActions(f, f.aliceSession.key, hand.betId, blackjackLog("P"))))
        .to.emit(f.casino, "StakeAdded")
        .withArgs(hand.betId, f.alice.address, STAKE);
      expect(await openBetPayout(f, hand.betId, hand.seed)).to.equal(STAKE);
      expect(await openBetPayout(f, hand.betId, hand.seed, blackjackLog("P"))).to.equal(STAKE);
      // By the settler without a log, or with the key's log that names the split: the same.
      for (const settle of [
        () => f.casino.connect(f.settler).settle(hand.betId, hand.seed, STAKE),
        async () =>
          f.sessions
            .connect(f.settler)
            .settle(hand.betId, hand.seed, blackjackLog("P"), await signActions(f, f.aliceSession.key, hand.betId, blackjackLog("P")), "0x"),
      ]) {
        const snapshot = await takeSnapshot();
        const settled = await settlement(f, f.alice.address, settle);
        expect(eventsOf(settled.receipt, f.casino, "GamePlayed").map((e) => e.args.toArray())).to.deep.equal([
          [f.alice.address, 2n * STAKE, STAKE, false, BigInt(GAME.BLACKJACK)],
        ]);
        expect((await laneFunds(f, f.aliceSession))[0]).to.equal(lane - STAKE);
        expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vault + settled.jackpot);
        expect(await f.casino.house(f.tokenAddress)).to.deep.equal([bankroll + STAKE, 0n]);
        expect(await f.casino.reservedBy(f.alice.address, f.tokenAddress)).to.equal(0n);
        await snapshot.restore();
      }
    });

    // The settlement carries the hand's seed: while it is pending the player knows the whole deck,
    // and the Casino still takes a second stake. Before c51ae61 a staked split was played whatever
    // the log settled, so a player with a pair split first exactly when splitting paid more. Now a
    // split counts only when the settled log (signed before the seed was public) starts with "P":
    // a stake added after is void, paid back, and the hand pays what it paid as played.
    const splitPaysMore: Outcome = async (pay) => {
      const [stood, split] = [await pay(), await pay(blackjackLog("P"))];
      return stood !== null && split !== null && split - 2n * STAKE > stood - STAKE;
    };
    const fee = (tip: bigint) => ({ gasLimit: 1_000_000, maxPriorityFeePerGas: tip, maxFeePerGas: 100n * 10n ** 9n });

    /** Sends `settle` (low tip) and, once its seed is readable, `raced` (higher tip) into one block. */
    async function raceSettlement(
      settle: () => Promise<ContractTransactionResponse>,
      raced: (seed: string) => Promise<ContractTransactionResponse>,
      decode: (data: string) => string,
    ) {
      await network.provider.send("evm_setAutomine", [false]);
      try {
        const settling = await settle();
        const seed = decode((await ethers.provider.getTransaction(settling.hash))!.data);
        const racing = await raced(seed);
        await network.provider.send("evm_mine", []);
        return { settling: (await ethers.provider.getTransactionReceipt(settling.hash))!, racing: (await ethers.provider.getTransactionReceipt(racing.hash))! };
      } finally {
        await network.provider.send("evm_setAutomine", [true]);
      }
    }

    it("a split staked by the wallet after the seed is public (read from the pending settlement) is void: the hand pays what it paid as played", async function () {
      const f = await loadFixture(handsFixture);
      const hand = await walletBet(f, f.alice, { game: GAME.BLACKJACK, params: 0n, amount: STAKE, wanted: splitPaysMore });
      await hand.send();
      const stood = await openBetPayout(f, hand.betId, hand.seed);
      const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
      const { settling, racing } = await raceSettlement(
        () => f.casino.connect(f.settler).settle(hand.betId, hand.seed, stood, fee(10n ** 9n)),
        (seed) => {
          expect(seed).to.equal(hand.seed);
          return f.casino.connect(f.alice).addStake(hand.betId, fee(5n * 10n ** 9n));
        },
        (data) => f.casino.interface.decodeFunctionData("settle", data)[1] as string,
      );
      // The split went first: the settlement naming the stand's payout is refused with the void split's.
      expect([racing.status, settling.status]).to.deep.equal([1, 0]);
      expect(await openBetPayout(f, hand.betId, hand.seed)).to.equal(stood + STAKE);
      const settled = await settlement(f, f.alice.address, () => f.casino.connect(f.settler).settle(hand.betId, hand.seed, stood + STAKE));
      expect(eventsOf(settled.receipt, f.casino, "GamePlayed").map((e) => e.args.toArray())).to.deep.equal([
        [f.alice.address, 2n * STAKE, stood + STAKE, stood > STAKE, BigInt(GAME.BLACKJACK)],
      ]);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vault - STAKE + stood + STAKE + settled.jackpot);
    });

    it("a split signed by the session key after the seed is public (read from the pending CasinoSessions.settle) is void: the signed stand is paid", async function () {
      const f = await loadFixture(handsFixture);
      const hand = await placeHand(f, f.aliceSession, async (pay) => (await splittable(pay)) && (await splitPaysMore(pay)));
      const stand = blackjackLog("S");
      const stood = await openBetPayout(f, hand.betId, hand.seed, stand);
      const [vault, [lane]] = await Promise.all([f.casino.getBalance(f.alice.address, f.tokenAddress), laneFunds(f, f.aliceSession)]);
      const standSignature = await signActions(f, f.aliceSession.key, hand.betId, stand);
      const { settling, racing } = await raceSettlement(
        () => f.sessions.connect(f.settler).settle(hand.betId, hand.seed, stand, standSignature, "0x", fee(10n ** 9n)),
        async (seed) => {
          expect(seed).to.equal(hand.seed);
          return f.sessions.connect(f.alice).split(hand.betId, await signActions(f, f.aliceSession.key, hand.betId, blackjackLog("P")), fee(5n * 10n ** 9n));
        },
        (data) => f.sessions.interface.decodeFunctionData("settle", data)[1] as string,
      );
      expect([racing.status, settling.status]).to.deep.equal([1, 1]);
      const logs = eventsOf(settling, f.casino, "GamePlayed").map((e) => e.args.toArray());
      expect(logs).to.deep.equal([[f.alice.address, 2n * STAKE, stood + STAKE, stood > STAKE, BigInt(GAME.BLACKJACK)]]);
      const jackpot = eventsOf(settling, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
      expect((await laneFunds(f, f.aliceSession))[0], "the void split's stake back, and the stand's payout").to.equal(lane + stood);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vault + jackpot);
    });

    describe("a forged or missing action cannot settle it against the player", function () {
      it("refuses a log signed by a key of no session, or by another player's session key (NotSessionPlayer)", async function () {
        const f = await loadFixture(handsFixture);
        const hand = await placeHand(f, f.aliceSession, hitCostsThePlayer);
        const hit = blackjackLog("H");
        for (const key of [keyOf("the server"), f.bobSession.key]) {
          await expect(f.sessions.connect(f.settler).settle(hand.betId, hand.seed, hit, await signActions(f, key, hand.betId, hit), "0x"))
            .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
            .withArgs(key.address, f.alice.address);
        }
        expect((await f.casino.getBet(hand.betId)).open).to.be.true;
      });

      it("refuses a log the key signed for another hand: the signature names its bet", async function () {
        const f = await loadFixture(handsFixture);
        const hit = blackjackLog("H");
        const first = await placeHand(f, f.aliceSession, hitCostsThePlayer);
        const firstSignature = await signActions(f, f.aliceSession.key, first.betId, hit);
        await f.sessions.connect(f.settler).settle(first.betId, first.seed, hit, firstSignature, "0x");
        const second = await placeHand(f, f.aliceSession, hitCostsThePlayer);
        const recovered = recoverActionsKey(f, second.betId, hit, firstSignature);
        await expect(f.sessions.connect(f.settler).settle(second.betId, second.seed, hit, firstSignature, "0x"))
          .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
          .withArgs(recovered, f.alice.address);
      });

      it("without the player's signature only the auto-stand settles: Casino.settle refuses a hit's payout (PayoutMismatch), pays the stand's", async function () {
        const f = await loadFixture(handsFixture);
        const hand = await placeHand(f, f.aliceSession, hitCostsThePlayer);
        const [stand, hit] = [await openBetPayout(f, hand.betId, hand.seed), await openBetPayout(f, hand.betId, hand.seed, blackjackLog("H"))];
        await expect(f.casino.connect(f.settler).settle(hand.betId, hand.seed, hit))
          .to.be.revertedWithCustomError(f.casino, "PayoutMismatch")
          .withArgs(hand.betId, hit, stand);
        const settled = await settlement(f, f.alice.address, () => f.casino.connect(f.settler).settle(hand.betId, hand.seed, stand), f.aliceSession);
        expect([settled.payout, settled.toLane, settled.toVault]).to.deep.equal([stand, stand, settled.jackpot]);
      });

      it("refuses a log that splits a hand whose second stake was never added (SplitNotStaked)", async function () {
        const f = await loadFixture(handsFixture);
        const hand = await placeHand(f, f.aliceSession, splittable);
        const log = blackjackLog("PHS");
        await expect(f.sessions.connect(f.settler).settle(hand.betId, hand.seed, log, await signActions(f, f.aliceSession.key, hand.betId, log), "0x"))
          .to.be.revertedWithCustomError(f.casino, "SplitNotStaked")
          .withArgs(hand.betId);
      });

      it("refuses the key's log on a hand placed after the player revoked the session (SessionRevokedError): that hand is auto-stood", async function () {
        const f = await loadFixture(handsFixture);
        await f.sessions.connect(f.alice).revokeSession(f.aliceSession.key.address);
        const hand = await walletBet(f, f.alice, { game: GAME.BLACKJACK, params: 0n, amount: STAKE, wanted: hitCostsThePlayer });
        await hand.send();
        const hit = blackjackLog("H");
        const signature = await signActions(f, f.aliceSession.key, hand.betId, hit);
        await expect(f.sessions.connect(f.settler).settle(hand.betId, hand.seed, hit, signature, "0x"))
          .to.be.revertedWithCustomError(f.sessions, "SessionRevokedError")
          .withArgs(f.aliceSession.key.address);
        await f.casino.connect(f.settler).settle(hand.betId, hand.seed, await openBetPayout(f, hand.betId, hand.seed));
      });
    });
  });

  describe("a player without a session: a key for one hand (ActionKey)", function () {
    /** Alice's wallet bet on a hand where a hit costs her, and the key her wallet names for it with one signature. */
    async function walletHandFixture() {
      const f = await handsFixture();
      const hand = await walletBet(f, f.alice, { game: GAME.BLACKJACK, params: 0n, amount: STAKE, wanted: hitCostsThePlayer });
      await hand.send();
      const { betId, seed } = hand;
      const handKey = keyOf("one hand");
      const grant = await f.alice.signTypedData(f.domain, ACTION_KEY_TYPES, { player: f.alice.address, betId, key: handKey.address });
      return { ...f, betId, seed, handKey, grant };
    }

    it("settles with the log that key signed, to the rules' payout", async function () {
      const f = await loadFixture(walletHandFixture);
      const hit = blackjackLog("H");
      const payout = await openBetPayout(f, f.betId, f.seed, hit);
      const settled = await settlement(f, f.alice.address, async () =>
        f.sessions.connect(f.settler).settle(f.betId, f.seed, hit, await signActions(f, f.handKey, f.betId, hit), f.grant),
      );
      expect([settled.payout, settled.toVault]).to.deep.equal([payout, payout + settled.jackpot]);
    });

    it("refuses a key grant signed by another wallet, or named for another hand, or a log signed by another key (InvalidSignature)", async function () {
      const f = await loadFixture(walletHandFixture);
      const hit = blackjackLog("H");
      const signature = await signActions(f, f.handKey, f.betId, hit);
      const strangers = await f.stranger.signTypedData(f.domain, ACTION_KEY_TYPES, { player: f.alice.address, betId: f.betId, key: f.handKey.address });
      const otherHand = await f.alice.signTypedData(f.domain, ACTION_KEY_TYPES, { player: f.alice.address, betId: f.betId + 1n, key: f.handKey.address });
      const otherKey = await signActions(f, keyOf("the server"), f.betId, hit);
      for (const [keySignature, grant] of [
        [signature, strangers],
        [signature, otherHand],
        [otherKey, f.grant],
      ]) {
        await expect(f.sessions.connect(f.settler).settle(f.betId, f.seed, hit, keySignature, grant)).to.be.revertedWithCustomError(
          f.sessions,
          "InvalidSignature",
        );
      }
      expect((await f.casino.getBet(f.betId)).open).to.be.true;
    });
  });

  describe("a manual crash round", function () {
    /** Alice's manual round whose crash point is between 2x and 100x, and that point, found with the rules. */
    async function crashFixture() {
      const f = await handsFixture();
      const round = await placeHand(
        f,
        f.aliceSession,
        async (pay) => (await pay(cashOutLog(200n)))! > 0n && (await pay(cashOutLog(10_000n))) === 0n,
        GAME.CRASH,
      );
      let [low, high] = [200n, 10_000n]; // the payout is positive at low, 0 at high
      while (high - low > 1n) {
        const middle = (low + high) / 2n;
        if ((await openBetPayout(f, round.betId, round.seed, cashOutLog(middle))) > 0n) low = middle;
        else high = middle;
      }
      return { ...f, round, crashPoint: low };
    }

    it("pays the signed cash-out at m, stake × m / 100, when m is at or below the crash point, and 0 above it: never more than m", async function () {
      const f = await loadFixture(crashFixture);
      for (const m of [101n, 200n, f.crashPoint, f.crashPoint + 1n, 10_000n]) {
        const snapshot = await takeSnapshot();
        const log = cashOutLog(m);
        const signature = await signActions(f, f.aliceSession.key, f.round.betId, log);
        const settled = await settlement(
          f,
          f.alice.address,
          () => f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, log, signature, "0x"),
          f.aliceSession,
        );
        expect(settled.payout).to.equal(m <= f.crashPoint ? (STAKE * m) / 100n : 0n);
        expect(settled.payout).to.be.at.most((STAKE * m) / 100n);
        expect([settled.toLane, settled.toVault]).to.deep.equal([settled.payout, settled.jackpot]);
        await snapshot.restore();
      }
    });

    // CasinoSessions.settle carries the seed in its calldata. Before c51ae61 it was open to anyone:
    // while the settler's settlement was pending, the player read the crash point, had the key sign
    // a cash-out at it and settled first, for up to 100 times the stake. Now only the settler sends
    // a log: hers is refused, and the round pays the cash-out she asked for when she clicked.
    it("a cash-out signed after the seed is public (read from the pending settlement) is refused (NotRelayer): the asked cash-out is paid", async function () {
      const f = await loadFixture(crashFixture);
      const asked = cashOutLog(150n);
      const best = cashOutLog(f.crashPoint);
      const fee = (tip: bigint) => ({ gasLimit: 1_000_000, maxPriorityFeePerGas: tip, maxFeePerGas: 100n * 10n ** 9n });
      const [vault, [lane]] = await Promise.all([f.casino.getBalance(f.alice.address, f.tokenAddress), laneFunds(f, f.aliceSession)]);
      let settlingHash: string;
      let racingHash: string;
      await network.provider.send("evm_setAutomine", [false]);
      try {
        const askedSignature = await signActions(f, f.aliceSession.key, f.round.betId, asked);
        const settling = await f.sessions.connect(f.settler).settle(f.round.betId, f.round.seed, asked, askedSignature, "0x", fee(10n ** 9n));
        settlingHash = settling.hash;
        const [, seed] = f.sessions.interface.decodeFunctionData("settle", (await ethers.provider.getTransaction(settling.hash))!.data);
        expect(seed).to.equal(f.round.seed); // from which the crash point follows
        const racing = await f.sessions
          .connect(f.alice)
          .settle(f.round.betId, seed, best, await signActions(f, f.aliceSession.key, f.round.betId, best), "0x", fee(5n * 10n ** 9n));
        racingHash = racing.hash;
        await network.provider.send("evm_mine", []);
      } finally {
        await network.provider.send("evm_setAutomine", [true]);
      }
      const racing = (await ethers.provider.getTransactionReceipt(racingHash))!;
      expect(racing.status).to.equal(0);
      const error = f.sessions.interface.parseError(await revertDataOf(racingHash));
      expect([error!.name, ...error!.args]).to.deep.equal(["NotRelayer", f.alice.address]);
      const settling = (await ethers.provider.getTransactionReceipt(settlingHash))!;
      expect(eventsOf(settling, f.casino, "GamePlayed").map((e) => e.args.toArray())).to.deep.equal([
        [f.alice.address, STAKE, (STAKE * 150n) / 100n, true, BigInt(GAME.CRASH)],
      ]);
      const jackpot = eventsOf(settling, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(lane + (STAKE * 150n) / 100n);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vault + jackpot);
    });

    it("without a signed cash-out the round rode to the crash: Casino.settle pays 0 and refuses any cash-out's payout (PayoutMismatch)", async function () {
      const f = await loadFixture(crashFixture);
      const cashOut = (STAKE * 200n) / 100n;
      await expect(f.casino.connect(f.settler).settle(f.round.betId, f.round.seed, cashOut))
        .to.be.revertedWithCustomError(f.casino, "PayoutMismatch")
        .withArgs(f.round.betId, cashOut, 0n);
      const settled = await settlement(f, f.alice.address, () => f.casino.connect(f.settler).settle(f.round.betId, f.round.seed, 0n));
      expect(settled.payout).to.equal(0n);
    });
  });
});
