// Issue #20, deliver 3 and "Tests": the server relays signed bets, and can delay one, but never
// forge, change, replay or reorder it. Each refusal names its custom error and leaves every balance,
// nonce and budget as it was. A bet signed by a revoked key: grants.test.ts ("revoking"); past a
// self-set limit or during a cool-off: limits.test.ts.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash, type BaseContract } from "ethers";
import { GAME, NATIVE } from "../helpers";
import { eventsOf } from "../findings/support";
import {
  deploySessions,
  keyOf,
  ledgerOf,
  openSession,
  countersign,
  place,
  play,
  playSkippingOne,
  playSkipping,
  PLAYERS_OWN_REFUSALS,
  recoverBetKey,
  relaySeedOf,
  signBatch,
  signBet,
  type BetOptions,
  type Outcome,
  type RelayedBet,
  type Session,
  type SessionsFixture,
  type SignedBet,
  walletBet,
} from "./support";

/** Alice with a session (1,000 DEGEN a bet, a budget of 5,000) and Bob with his own. */
async function twoSessionsFixture() {
  const f = await deploySessions();
  const [alice, bob] = f.players;
  return { ...f, alice, bob, aliceSession: await openSession(f, alice), bobSession: await openSession(f, bob) };
}

/** Runs `refusal` (an expected revert) and checks that it left Alice's ledger, and her session's, as it was. */
async function nothingMoves(f: Awaited<ReturnType<typeof twoSessionsFixture>>, refusal: () => Promise<unknown>) {
  const before = await ledgerOf(f, f.alice.address, f.aliceSession.key.address);
  await refusal();
  expect(await ledgerOf(f, f.alice.address, f.aliceSession.key.address)).to.deep.equal(before);
}

/**
 * Sends `bet` alone with play: it is skipped with `error` (BetSkipped), and only its nonce moves,
 * spent when `nonceSpent`: Alice's vault, her session's budget and the house are as they were.
 */
async function skippedAlone(
  f: Awaited<ReturnType<typeof twoSessionsFixture>>,
  bet: RelayedBet,
  contract: BaseContract,
  error: string,
  nonceSpent = PLAYERS_OWN_REFUSALS.has(error),
) {
  const before = await ledgerOf(f, f.alice.address, f.aliceSession.key.address);
  await playSkipping(f, [bet], bet, contract, error, nonceSpent);
  const after = await ledgerOf(f, f.alice.address, f.aliceSession.key.address);
  const [commit, nextNonce, remaining, root, resolved, length] = before.commitment as bigint[];
  const spent = nonceSpent && bet.signed.bet.player === f.alice.address ? 1n : 0n;
  expect(after).to.deep.equal({ ...before, commitment: [commit, nextNonce + spent, remaining - spent, root, resolved + spent, length] });
}

/** Outcomes a test picks its client seeds for (support.ts clientSeedFor). */
const win: Outcome = async (pay) => (await pay())! > 0n;
const lose: Outcome = async (pay) => (await pay()) === 0n;

describe("CasinoSessions: the relay cannot forge, change, replay or reorder a bet (issue #20)", function () {
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
      await playSkipping(f, [garbage], garbage, f.sessions, "ECDSAInvalidSignature");
    });
  });

  describe("a key that may not sign this bet", function () {
    it("refuses a bet signed by an expired key, from the second of its expiry (SessionExpired)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { expiresAt } = f.aliceSession.grant;
      const bet = await signBet(f, f.aliceSession, { deadline: expiresAt + 3600n });
      await time.setNextBlockTimestamp(expiresAt);
      await skippedAlone(f, bet, f.sessions, "SessionExpired");
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.sessions, "SessionExpired").withArgs(expiresAt);
    });

    it("takes the same bet in the last second before the expiry", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { expiresAt } = f.aliceSession.grant;
      const bet = await signBet(f, f.aliceSession, { deadline: expiresAt + 3600n });
      await time.setNextBlockTimestamp(expiresAt - 1n);
      await expect(play(f, [bet])).to.emit(f.casino, "BetSettled");
    });

    it("refuses a bet of Alice signed by Bob's session key (NotSessionPlayer)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession, { signer: f.bobSession.key });
      await skippedAlone(f, bet, f.sessions, "NotSessionPlayer");
    });
  });

  describe("the session's per-bet maximum and budget", function () {
    it("refuses a stake above the per-bet maximum by one wei (AboveSessionMaxBet), takes the maximum", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const maxBet = f.aliceSession.grant.maxBetDegen;
      const over = await signBet(f, f.aliceSession, { amount: maxBet + 1n, params: 0b111111111n });
      await skippedAlone(f, over, f.sessions, "AboveSessionMaxBet");
      await expect(play(f, [await signBet(f, f.aliceSession, { amount: maxBet, params: 0b111111111n })])).to.emit(f.casino, "BetSettled");
    });

    it("counts stakes less payouts against the budget: losses up to it pass, one wei more is refused (SessionBudgetExceeded)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { budgetDegen, maxBetDegen } = f.aliceSession.grant;
      await play(
        f,
        await signBatch(
          f,
          Array.from({ length: 5 }, (): [Session, BetOptions] => [f.aliceSession, { amount: maxBetDegen, wanted: lose }]),
        ),
      );
      expect((await f.sessions.sessionOf(f.alice.address, f.aliceSession.key.address)).lost[0]).to.equal(budgetDegen);
      await skippedAlone(f, await signBet(f, f.aliceSession, { amount: parseEther("1") }), f.sessions, "SessionBudgetExceeded");
    });

    it("gives a win's payout back to the budget: after a 10.2x win, 14,000 DEGEN of losses fit a budget of 5,000", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { budgetDegen, maxBetDegen } = f.aliceSession.grant;
      await play(f, [await signBet(f, f.aliceSession, { amount: maxBetDegen, wanted: win })]);
      const payout = (maxBetDegen * 10n * 10_200n) / 10_000n; // one wheel colour of ten at 102 %
      expect((await f.sessions.sessionOf(f.alice.address, f.aliceSession.key.address)).lost[0]).to.equal(maxBetDegen - payout);
      await play(
        f,
        await signBatch(
          f,
          Array.from({ length: 14 }, (): [Session, BetOptions] => [f.aliceSession, { amount: maxBetDegen, wanted: lose }]),
        ),
      );
      const lost = 15n * maxBetDegen - payout;
      expect((await f.sessions.sessionOf(f.alice.address, f.aliceSession.key.address)).lost[0]).to.equal(lost);
      const room = budgetDegen - lost;
      // CasinoSessions keeps amounts in units of 10^9 wei, a stake rounded up: one wei over is a unit over.
      await playSkippingOne(f, await signBet(f, f.aliceSession, { amount: room + 1n }), f.sessions, "SessionBudgetExceeded");
      await expect(play(f, [await signBet(f, f.aliceSession, { amount: room })])).to.emit(f.casino, "BetSettled");
    });

    // contracts/README.md "Trust assumptions": a session's budget is counted conservatively.
    // CasinoSessions.play accepts every bet of the batch (counting its stake) before Casino.playFor
    // settles any: a win early in a batch gives no room to the bets after it in that batch, and the
    // batch is refused (the relay takes such a bet out and sends the others).
    it("counts every stake of a relay transaction before any payout: a win early in the batch makes no room for the bets after it", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { maxBetDegen } = f.aliceSession.grant;
      const bets = await signBatch(f, [
        [f.aliceSession, { amount: maxBetDegen, wanted: win }],
        ...Array.from({ length: 5 }, (): [Session, BetOptions] => [f.aliceSession, { amount: maxBetDegen, wanted: lose }]),
      ]);
      const receipt = await playSkipping(f, bets, bets[5], f.sessions, "SessionBudgetExceeded");
      expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal(bets.slice(0, 5).map((b) => b.betId));
    });
  });

  describe("a replayed nonce", function () {
    it("refuses the same signed bet sent a second time (WrongNonce), by play or by place", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      await play(f, [bet]);
      const replayed = { ...bet, seed: relaySeedOf(f.alice.address, 1n) };
      await nothingMoves(f, () => playSkipping(f, [replayed], replayed, f.casino, "WrongNonce"));
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.casino, "WrongNonce").withArgs(1n);
      // Countersigned, placed by the player: refused alike.
      await expect(place(f, bet.signed, f.alice))
        .to.be.revertedWithCustomError(f.casino, "WrongNonce")
        .withArgs(1n);
    });

    it("refuses a bet naming a past or a future nonce (WrongNonce with the next one)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      await play(
        f,
        await signBatch(f, [
          [f.aliceSession, {}],
          [f.aliceSession, {}],
        ]),
      );
      for (const nonce of [0n, 1n, 3n, 100n]) {
        const bet = await signBet(f, f.aliceSession, { nonce });
        await skippedAlone(f, bet, f.casino, "WrongNonce");
      }
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
      ["expectedCommit", (s) => ({ ...s, bet: { ...s.bet, expectedCommit: ethers.id("another commitment") } })],
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
    it("refuses a bet signed under terms the owner changed since (TermsChanged with the new terms), by play and by place", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
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
    it("skips a bet of a player out of nonce order (WrongNonce, the nonce left alone), whatever the other players' bets", async function () {
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
      await playSkipping(f, [manualCrash], manualCrash, f.casino, "InteractiveBet");
    });

    it("refuses a bet in play while the player has an open bet, whose seed comes first (OpenBetExists)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      await (await walletBet(f, f.alice)).send();
      const bet = await signBet(f, f.aliceSession);
      expect(bet.signed.bet.nonce).to.equal(1n);
      await skippedAlone(f, bet, f.casino, "OpenBetExists");
    });

    it("is not all or none: a forged bet is skipped (NotSessionPlayer, the nonce left alone), the other players' bets settle", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const [bob0] = await signBatch(f, [[f.bobSession, {}]]);
      const forged = await signBet(f, f.aliceSession, { signer: keyOf("forger") });
      const receipt = await playSkipping(f, [bob0, forged], forged, f.sessions, "NotSessionPlayer");
      expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal([bob0.betId]);
      expect((await f.casino.commitmentOf(f.alice.address)).nextNonce).to.equal(0n);
    });
  });
});
