// docs/protocol.md §4: the server relays signed bets, and can delay one, but never forge, change,
// replay or reorder it. Each refusal names its custom error and leaves every balance, nonce and
// lane as it was: a skip never spends a nonce (docs/decisions.md §4, "lanes"). A bet signed by a
// revoked key: grants.test.ts ("revoking"); past a self-set limit or during a cool-off:
// limits.test.ts.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash, type BaseContract } from "ethers";
import { betIdOf, GAME, laneNonce, NATIVE } from "../helpers";
import { eventsOf } from "../findings/support";
import {
  deploySessions,
  keyOf,
  laneFunds,
  laneSeedOf,
  ledgerOf,
  openSession,
  countersign,
  place,
  play,
  playSkipping,
  recoverBetKey,
  seedOf,
  signBatch,
  signBet,
  VAULT_DEGEN,
  ACCEPTANCE_WINDOW,
  type BetOptions,
  type Outcome,
  type RelayedBet,
  type Session,
  type SessionsFixture,
  type SignedBet,
  walletBet,
} from "./support";

/** Alice with a session (1,000 DEGEN a bet, a budget of 5,000 in its lane) and Bob with his own. */
async function twoSessionsFixture() {
  const f = await deploySessions();
  const [alice, bob] = f.players;
  return { ...f, alice, bob, aliceSession: await openSession(f, alice), bobSession: await openSession(f, bob) };
}

type Fixture = Awaited<ReturnType<typeof twoSessionsFixture>>;

/** Runs `refusal` (an expected revert or skip) and checks that it left Alice's ledger, and her session's lane, as it was. */
async function nothingMoves(f: Fixture, refusal: () => Promise<unknown>) {
  const before = await ledgerOf(f, f.alice.address, f.aliceSession);
  await refusal();
  expect(await ledgerOf(f, f.alice.address, f.aliceSession)).to.deep.equal(before);
}

/** Sends `bet` alone with play: it is skipped with `error` (BetSkipped), and nothing moves, its nonce included. */
async function skippedAlone(f: Fixture, bet: RelayedBet, contract: BaseContract, error: string) {
  await nothingMoves(f, () => playSkipping(f, [bet], bet, contract, error));
}

/** Outcomes a test picks its client seeds for (support.ts clientSeedFor). */
const win: Outcome = async (pay) => (await pay())! > 0n;
const lose: Outcome = async (pay) => (await pay()) === 0n;

describe("CasinoSessions: the relay cannot forge, change, replay or reorder a bet", function () {
  describe("a forged bet", function () {
    it("refuses a bet signed by a key that holds no session of its player (NotSessionPlayer)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const forger = keyOf("forger");
      const bet = await signBet(f, f.aliceSession, { signer: forger });
      await skippedAlone(f, bet, f.sessions, "NotSessionPlayer");
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer").withArgs(forger.address, f.alice.address);
    });

    it("refuses a bet signed by the session key but naming another player (NotSessionPlayer)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.bobSession, { player: f.alice.address });
      await skippedAlone(f, bet, f.sessions, "NotSessionPlayer");
    });

    it("refuses a signature that recovers no key at all (ECDSAInvalidSignature)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      const garbage = { ...bet, signed: { ...bet.signed, r: ZeroHash, vs: ZeroHash } };
      await skippedAlone(f, garbage, f.sessions, "ECDSAInvalidSignature");
    });
  });

  describe("a key that may not sign this bet", function () {
    it("refuses a bet whose deadline is a second past the session's end (SessionExpired), whenever it lands", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { expiresAt } = f.aliceSession.grant;
      const bet = await signBet(f, f.aliceSession, { deadline: expiresAt + 1n });
      await skippedAlone(f, bet, f.sessions, "SessionExpired");
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.sessions, "SessionExpired").withArgs(expiresAt);
    });

    it("takes a bet whose deadline is the session's end, landing in that very second", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { expiresAt } = f.aliceSession.grant;
      const bet = await signBet(f, f.aliceSession, { deadline: expiresAt });
      await time.setNextBlockTimestamp(expiresAt);
      await expect(play(f, [bet]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(bet.betId, bet.seed, bet.word);
    });

    it("refuses a bet of Alice signed by Bob's session key (NotSessionPlayer)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession, { signer: f.bobSession.key });
      await skippedAlone(f, bet, f.sessions, "NotSessionPlayer");
    });

    it("refuses a bet of the key on a nonce of another lane, the wallet's or another session's (NotBetSession(betId, key))", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const other = await openSession(f, f.alice, {}, "tab 2");
      const key = f.aliceSession.key.address;
      for (const nonce of [0n, laneNonce(other.lane, 0n)]) {
        const bet = await signBet(f, f.aliceSession, { nonce });
        await skippedAlone(f, bet, f.sessions, "NotBetSession");
        await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.sessions, "NotBetSession").withArgs(betIdOf(f.alice.address, nonce), key);
      }
    });
  });

  describe("the session's per-bet maximum and its lane's funds", function () {
    it("refuses a stake above the per-bet maximum by one wei (AboveSessionMaxBet), takes the maximum", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const maxBet = f.aliceSession.grant.maxBetDegen;
      const over = await signBet(f, f.aliceSession, { amount: maxBet + 1n, params: 0b111111111n });
      await skippedAlone(f, over, f.sessions, "AboveSessionMaxBet");
      await expect(play(f, [await signBet(f, f.aliceSession, { amount: maxBet, params: 0b111111111n })])).to.emit(f.casino, "BetSettled");
    });

    it("stakes from the lane: losses up to its funds pass, then a bet finds it empty (InsufficientBalance), the vault untouched", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { budgetDegen, maxBetDegen } = f.aliceSession.grant;
      await play(
        f,
        await signBatch(
          f,
          Array.from({ length: 5 }, (): [Session, BetOptions] => [f.aliceSession, { amount: maxBetDegen, wanted: lose }]),
        ),
      );
      expect(await laneFunds(f, f.aliceSession)).to.deep.equal([0n, parseEther("5")]);
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(VAULT_DEGEN - budgetDegen);
      await skippedAlone(f, await signBet(f, f.aliceSession, { amount: parseEther("1") }), f.casino, "InsufficientBalance");
    });

    it("pays a win into the lane: after a 10.2x win, 14,000 DEGEN of losses fit a budget of 5,000, and the lane takes exactly what it holds, not a wei more", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { budgetDegen, maxBetDegen } = f.aliceSession.grant;
      await play(f, [await signBet(f, f.aliceSession, { amount: maxBetDegen, wanted: win })]);
      const payout = (maxBetDegen * 10n * 10_200n) / 10_000n; // one wheel colour of ten at 102 %
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(budgetDegen - maxBetDegen + payout);
      await play(
        f,
        await signBatch(
          f,
          Array.from({ length: 14 }, (): [Session, BetOptions] => [f.aliceSession, { amount: maxBetDegen, wanted: lose }]),
        ),
      );
      const left = budgetDegen - 15n * maxBetDegen + payout;
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(left);
      await skippedAlone(f, await signBet(f, f.aliceSession, { amount: left + 1n }), f.casino, "InsufficientBalance");
      await expect(play(f, [await signBet(f, f.aliceSession, { amount: left })])).to.emit(f.casino, "BetSettled");
      expect(await f.casino.getBalance(f.alice.address, f.tokenAddress), "the vault untouched by the lane's bets").to.equal(VAULT_DEGEN - budgetDegen);
    });

    it("pays a win early in a relay transaction into the lane before the bets after it: six 1,000 DEGEN bets on a 5,000 budget all settle", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { budgetDegen, maxBetDegen } = f.aliceSession.grant;
      const bets = await signBatch(f, [
        [f.aliceSession, { amount: maxBetDegen, wanted: win }],
        ...Array.from({ length: 5 }, (): [Session, BetOptions] => [f.aliceSession, { amount: maxBetDegen, wanted: lose }]),
      ]);
      const receipt = (await (await play(f, bets)).wait())!;
      expect(eventsOf(receipt, f.casino, "BetSkipped")).to.have.length(0);
      expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal(bets.map((b) => b.betId));
      const payout = (maxBetDegen * 10n * 10_200n) / 10_000n;
      expect((await laneFunds(f, f.aliceSession))[0]).to.equal(budgetDegen - 6n * maxBetDegen + payout);
    });
  });

  describe("a replayed nonce, a seed of another chain", function () {
    it("refuses the same signed bet sent a second time (WrongNonce), by play or by place", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      await play(f, [bet]);
      const next = laneNonce(f.aliceSession.lane, 1n);
      const replayed = { ...bet, seed: laneSeedOf(f.aliceSession, next) };
      await nothingMoves(f, () => playSkipping(f, [replayed], replayed, f.casino, "WrongNonce"));
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.casino, "WrongNonce").withArgs(next);
      // Countersigned, placed by the player: refused alike.
      await expect(place(f, bet.signed, f.alice))
        .to.be.revertedWithCustomError(f.casino, "WrongNonce")
        .withArgs(next);
    });

    it("refuses a bet naming a past or a future nonce of its lane (WrongNonce)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      await play(
        f,
        await signBatch(f, [
          [f.aliceSession, {}],
          [f.aliceSession, {}],
        ]),
      );
      for (const n of [0n, 1n, 3n, 100n]) {
        const bet = await signBet(f, f.aliceSession, { nonce: laneNonce(f.aliceSession.lane, n) });
        await skippedAlone(f, bet, f.casino, "WrongNonce");
      }
    });

    it("skips a bet sent with a seed of another chain, the wallet's or another lane's (WrongSeed), its nonce left: with its own seed it then settles", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      for (const seed of [seedOf(f.alice.address, 0n), laneSeedOf(f.bobSession, bet.signed.bet.nonce)]) {
        await skippedAlone(f, { ...bet, seed }, f.casino, "WrongSeed");
      }
      await expect(play(f, [bet]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(bet.betId, bet.seed, bet.word);
    });
  });

  describe("an altered field", function () {
    // The relay sends the signed bet with one field changed and the signature kept: the signature
    // then recovers to another key, which holds no session of the bet's player. A countersignature
    // of the bet as signed does not cover the altered one either.
    const alterations: [string, (signed: SignedBet, f: SessionsFixture) => SignedBet][] = [
      ["player", (s, f) => ({ ...s, bet: { ...s.bet, player: f.players[1].address } })],
      ["token", (s) => ({ ...s, bet: { ...s.bet, token: NATIVE, amount: parseEther("0.01") } })],
      ["amount", (s) => ({ ...s, bet: { ...s.bet, amount: s.bet.amount + 1n } })],
      ["game", (s) => ({ ...s, bet: { ...s.bet, gameType: GAME.KICKBOXING } })],
      ["params", (s) => ({ ...s, bet: { ...s.bet, params: 0b11n } })],
      ["clientSeed", (s) => ({ ...s, bet: { ...s.bet, clientSeed: ethers.id("the relay's client seed") } })],
      ["nonce", (s) => ({ ...s, bet: { ...s.bet, nonce: s.bet.nonce + 1n } })],
      ["terms", (s) => ({ ...s, bet: { ...s.bet, terms: s.bet.terms + 1n } })],
      ["deadline", (s) => ({ ...s, deadline: s.deadline + 1n })],
    ];

    for (const [field, alter] of alterations) {
      it(`refuses the bet with its ${field} changed after signing (NotSessionPlayer of the key it recovers to); the bet as signed then passes`, async function () {
        const f = await loadFixture(twoSessionsFixture);
        const bet = await signBet(f, f.aliceSession);
        const altered = alter(bet.signed, f);
        const recovered = recoverBetKey(f, altered.bet, altered.deadline, altered.r, altered.vs);
        expect(recovered).to.not.equal(f.aliceSession.key.address);
        await nothingMoves(f, () => playSkipping(f, [{ ...bet, signed: altered }], { ...bet, signed: altered }, f.sessions, "NotSessionPlayer"));
        await expect(place(f, altered)).to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer").withArgs(recovered, altered.bet.player);
        await expect(f.sessions.connect(f.alice).place(altered, await countersign(f, bet.signed)))
          .to.be.revertedWithCustomError(f.sessions, "NotRelayer")
          .withArgs(f.alice.address);
        await expect(play(f, [bet]))
          .to.emit(f.casino, "BetSettled")
          .withArgs(bet.betId, bet.seed, bet.word);
      });
    }
  });

  describe("the terms and the deadline", function () {
    // Terms changed within the window of a bet the server accepted are its own: test/findings/terms.test.ts.
    it("refuses a bet signed under terms replaced since, its deadline past the change's window (TermsChanged with the new terms), by play and by place", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession, { deadline: BigInt(await time.latest()) + 2n * ACCEPTANCE_WINDOW });
      await f.casino.connect(f.owner).setSettleWindow(2 * 3600);
      const terms = await f.casino.terms();
      expect(terms).to.not.equal(bet.signed.bet.terms);
      await skippedAlone(f, bet, f.casino, "TermsChanged");
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.casino, "TermsChanged").withArgs(terms);
    });

    it("refuses a bet after its deadline (BetExpiredDeadline), takes it at the deadline's second", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      const { deadline } = bet.signed;
      await time.setNextBlockTimestamp(deadline + 1n);
      await skippedAlone(f, bet, f.sessions, "BetExpiredDeadline");
      const onTime = await signBet(f, f.aliceSession, { deadline: deadline + 10n });
      await time.setNextBlockTimestamp(deadline + 10n);
      await expect(play(f, [onTime])).to.emit(f.casino, "BetSettled");
    });
  });

  describe("order", function () {
    it("skips a bet of a lane out of nonce order (WrongNonce, the nonce left alone), whatever the other lanes' bets", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const [alice0, bob0, alice1] = await signBatch(f, [
        [f.aliceSession, {}],
        [f.bobSession, {}],
        [f.aliceSession, {}],
      ]);
      const receipt = await playSkipping(f, [bob0, alice1, alice0], alice1, f.casino, "WrongNonce");
      expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal([bob0.betId, alice0.betId]);
      await expect(play(f, [alice1]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(alice1.betId, alice1.seed, alice1.word);
    });

    it("refuses an interactive game in play, which settles at once: blackjack, crash with a manual cash-out (InteractiveBet)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const blackjack = await signBet(f, f.aliceSession, { game: GAME.BLACKJACK, params: 0n });
      await skippedAlone(f, blackjack, f.casino, "InteractiveBet");
      const manualCrash = await signBet(f, f.aliceSession, { game: GAME.CRASH, params: 0n });
      await skippedAlone(f, manualCrash, f.casino, "InteractiveBet");
    });

    it("refuses a bet in play while its lane has an open bet, whose seed comes first (OpenBetExists); an open wallet bet holds no lane", async function () {
      const f = await loadFixture(twoSessionsFixture);
      await (await walletBet(f, f.alice)).send();
      const hand = await signBet(f, f.aliceSession, { game: GAME.BLACKJACK, params: 0n });
      await place(f, hand.signed);
      const bet = await signBet(f, f.aliceSession);
      expect(bet.signed.bet.nonce).to.equal(laneNonce(f.aliceSession.lane, 1n));
      await skippedAlone(f, bet, f.casino, "OpenBetExists");
      const bobBet = await signBet(f, f.bobSession);
      await expect(play(f, [bobBet])).to.emit(f.casino, "BetSettled");
      // Alice's other session is a lane of its own: her open hand and wallet bet do not hold it.
      const other = await openSession(f, f.alice, {}, "tab 2");
      const otherBet = await signBet(f, other);
      await expect(play(f, [otherBet]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(otherBet.betId, otherBet.seed, otherBet.word);
    });

    it("is not all or none: a forged bet is skipped (NotSessionPlayer, the nonce left alone), the other players' bets settle", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const [bob0] = await signBatch(f, [[f.bobSession, {}]]);
      const forged = await signBet(f, f.aliceSession, { signer: keyOf("forger") });
      const receipt = await playSkipping(f, [bob0, forged], forged, f.sessions, "NotSessionPlayer");
      expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal([bob0.betId]);
      expect((await f.casino.laneOf(f.alice.address, f.aliceSession.lane)).nextNonce).to.equal(laneNonce(f.aliceSession.lane, 0n));
    });
  });
});
