// Issue #20, deliver 3 and "Tests": the server relays signed bets, and can delay one, but never
// forge, change, replay or reorder it. Each refusal names its custom error and leaves every balance,
// nonce and budget as it was. A bet signed by a revoked key: grants.test.ts ("revoking"); past a
// self-set limit or during a cool-off: limits.test.ts.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash } from "ethers";
import { GAME, NATIVE } from "../helpers";
import {
  deploySessions,
  keyOf,
  ledgerOf,
  openSession,
  countersign,
  place,
  play,
  recoverBetKey,
  relaySeedOf,
  signBatch,
  signBet,
  type BetOptions,
  type Outcome,
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

/** Outcomes a test picks its client seeds for (support.ts clientSeedFor). */
const win: Outcome = async (pay) => (await pay())! > 0n;
const lose: Outcome = async (pay) => (await pay()) === 0n;

describe("CasinoSessions: the relay cannot forge, change, replay or reorder a bet (issue #20)", function () {
  describe("a forged bet", function () {
    it("refuses a bet signed by a key that holds no session of its player (NotSessionPlayer)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const forger = keyOf("forger");
      const bet = await signBet(f, f.aliceSession, { signer: forger });
      await nothingMoves(f, () =>
        expect(play(f, [bet]))
          .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
          .withArgs(forger.address, f.alice.address),
      );
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer").withArgs(forger.address, f.alice.address);
    });

    it("refuses a bet signed by the session key but naming another player (NotSessionPlayer)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.bobSession, { player: f.alice.address });
      await nothingMoves(f, () =>
        expect(play(f, [bet]))
          .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
          .withArgs(f.bobSession.key.address, f.alice.address),
      );
    });

    it("refuses a signature that recovers no key at all (ECDSAInvalidSignature)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      const garbage = { ...bet, signed: { ...bet.signed, r: ZeroHash, vs: ZeroHash } };
      await expect(play(f, [garbage])).to.be.revertedWithCustomError(f.sessions, "ECDSAInvalidSignature");
    });
  });

  describe("a key that may not sign this bet", function () {
    it("refuses a bet signed by an expired key, from the second of its expiry (SessionExpired)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const { expiresAt } = f.aliceSession.grant;
      const bet = await signBet(f, f.aliceSession, { deadline: expiresAt + 3600n });
      await time.setNextBlockTimestamp(expiresAt);
      await nothingMoves(f, () =>
        expect(play(f, [bet]))
          .to.be.revertedWithCustomError(f.sessions, "SessionExpired")
          .withArgs(expiresAt),
      );
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
      await nothingMoves(f, () =>
        expect(play(f, [bet]))
          .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
          .withArgs(f.bobSession.key.address, f.alice.address),
      );
    });
  });

  describe("the session's per-bet maximum and budget", function () {
    it("refuses a stake above the per-bet maximum by one wei (AboveSessionMaxBet), takes the maximum", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const maxBet = f.aliceSession.grant.maxBetDegen;
      const over = await signBet(f, f.aliceSession, { amount: maxBet + 1n, params: 0b111111111n });
      await nothingMoves(f, () =>
        expect(play(f, [over]))
          .to.be.revertedWithCustomError(f.sessions, "AboveSessionMaxBet")
          .withArgs(maxBet + 1n, maxBet),
      );
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
      await nothingMoves(f, async () =>
        expect(play(f, [await signBet(f, f.aliceSession, { amount: parseEther("1") })]))
          .to.be.revertedWithCustomError(f.sessions, "SessionBudgetExceeded")
          .withArgs(budgetDegen + parseEther("1"), budgetDegen),
      );
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
      await expect(play(f, [await signBet(f, f.aliceSession, { amount: room + 1n })]))
        .to.be.revertedWithCustomError(f.sessions, "SessionBudgetExceeded")
        .withArgs(budgetDegen + 10n ** 9n, budgetDegen);
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
      await expect(play(f, bets)).to.be.revertedWithCustomError(f.sessions, "SessionBudgetExceeded");
    });
  });

  describe("a replayed nonce", function () {
    it("refuses the same signed bet sent a second time (WrongNonce), by play or by place", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      await play(f, [bet]);
      await nothingMoves(f, () =>
        expect(play(f, [{ ...bet, seed: relaySeedOf(f.alice.address, 1n) }]))
          .to.be.revertedWithCustomError(f.casino, "WrongNonce")
          .withArgs(1n),
      );
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
        await nothingMoves(f, () =>
          expect(play(f, [bet]))
            .to.be.revertedWithCustomError(f.casino, "WrongNonce")
            .withArgs(2n),
        );
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
        await nothingMoves(f, () =>
          expect(f.sessions.connect(f.settler).play([altered], [bet.seed]))
            .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
            .withArgs(recovered, altered.bet.player),
        );
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
      await nothingMoves(f, () =>
        expect(play(f, [bet]))
          .to.be.revertedWithCustomError(f.casino, "TermsChanged")
          .withArgs(terms),
      );
      await expect(place(f, bet.signed)).to.be.revertedWithCustomError(f.casino, "TermsChanged").withArgs(terms);
    });

    it("refuses a bet after its deadline (BetExpiredDeadline), takes it at the deadline's second", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const bet = await signBet(f, f.aliceSession);
      const { deadline } = bet.signed;
      await time.setNextBlockTimestamp(deadline + 1n);
      await nothingMoves(f, () =>
        expect(play(f, [bet]))
          .to.be.revertedWithCustomError(f.sessions, "BetExpiredDeadline")
          .withArgs(deadline),
      );
      const onTime = await signBet(f, f.aliceSession, { deadline: deadline + 10n });
      await time.setNextBlockTimestamp(deadline + 10n);
      await expect(play(f, [onTime])).to.emit(f.casino, "BetSettled");
    });
  });

  describe("order", function () {
    it("refuses a batch with one player's bets out of nonce order (WrongNonce), whatever the other players' bets", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const [alice0, bob0, alice1] = await signBatch(f, [
        [f.aliceSession, {}],
        [f.bobSession, {}],
        [f.aliceSession, {}],
      ]);
      await nothingMoves(f, () =>
        expect(play(f, [bob0, alice1, alice0]))
          .to.be.revertedWithCustomError(f.casino, "WrongNonce")
          .withArgs(0n),
      );
      await expect(play(f, [alice0, bob0, alice1]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(alice1.betId, alice1.seed, alice1.word);
    });

    it("refuses an interactive game in play, which settles at once: blackjack, crash with a manual cash-out (InteractiveBet)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const blackjack = await signBet(f, f.aliceSession, { game: GAME.BLACKJACK, params: 0n });
      await nothingMoves(f, () =>
        expect(play(f, [blackjack]))
          .to.be.revertedWithCustomError(f.casino, "InteractiveBet")
          .withArgs(GAME.BLACKJACK, 0n),
      );
      const manualCrash = await signBet(f, f.aliceSession, { game: GAME.CRASH, params: 0n });
      await expect(play(f, [manualCrash]))
        .to.be.revertedWithCustomError(f.casino, "InteractiveBet")
        .withArgs(GAME.CRASH, 0n);
    });

    it("refuses a bet in play while the player has an open bet, whose seed comes first (OpenBetExists)", async function () {
      const f = await loadFixture(twoSessionsFixture);
      await (await walletBet(f, f.alice)).send();
      const bet = await signBet(f, f.aliceSession);
      expect(bet.signed.bet.nonce).to.equal(1n);
      await nothingMoves(f, () => expect(play(f, [bet])).to.be.revertedWithCustomError(f.casino, "OpenBetExists"));
    });

    it("is all or none: one refused bet refuses the whole batch, the other players' bets with it", async function () {
      const f = await loadFixture(twoSessionsFixture);
      const [bob0] = await signBatch(f, [[f.bobSession, {}]]);
      const forged = await signBet(f, f.aliceSession, { signer: keyOf("forger") });
      const bobBefore = await ledgerOf(f, f.bob.address);
      await expect(play(f, [bob0, forged]))
        .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
        .withArgs(keyOf("forger").address, f.alice.address);
      expect(await ledgerOf(f, f.bob.address)).to.deep.equal(bobBefore);
    });
  });
});
