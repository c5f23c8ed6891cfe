// Finding R3-4 (trust, round 3, docs/findings.md): a player could undo the actions they signed once they saw the
// hand. After a lost blackjack hand they revoked the session key; CasinoSessions.settle refused the
// signed log, and the hand fell back to the auto-stand (200 where the signed hit paid 0). Revoking
// on every lost hand took blackjack's RTP from 95.7 % to 118.8 %. The rule now: revoking a key
// never changes how a hand already open settles; only hands placed from the revocation's block on
// refuse the key's actions (contracts/README.md "Trust assumptions").
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { GAME } from "../../helpers";
import { eventsOf } from "../support";
import {
  blackjackLog,
  deploySessions,
  laneFunds,
  openBetPayout,
  openSession,
  place,
  signActions,
  signBet,
  type Outcome,
  walletBet,
} from "../../sessions/support";

const STAKE = parseEther("100");

/** A hand the signed hit loses and the auto-stand would not: the case where revoking paid. */
const hitLosesStandWins: Outcome = async (pay) => {
  const [stand, hit] = [await pay(), await pay(blackjackLog("H"))];
  return hit === 0n && stand !== null && stand > 0n;
};

async function revokeFixture() {
  const f = await deploySessions();
  const [alice] = f.players;
  return { ...f, alice, session: await openSession(f, alice) };
}

describe("Finding R3-4: revoking a key never changes how a hand already open settles", function () {
  it("a hand lost on a signed hit, then the key revoked: the hit is settled and pays 0, not the auto-stand's payout", async function () {
    const f = await loadFixture(revokeFixture);
    const hand = await signBet(f, f.session, { game: GAME.BLACKJACK, params: 0n, amount: STAKE, wanted: hitLosesStandWins });
    await place(f, hand.signed);
    const hit = blackjackLog("H");
    const signature = await signActions(f, f.session.key, hand.betId, hit);
    const standPayout = await openBetPayout(f, hand.betId, hand.seed);
    expect(standPayout).to.be.greaterThan(0n);

    // The player saw the hit lose, and revokes before the settler sends the signed log.
    await f.sessions.connect(f.alice).revokeSession(f.session.key.address);
    const [vaultBefore, [laneBefore]] = await Promise.all([f.casino.getBalance(f.alice.address, f.tokenAddress), laneFunds(f, f.session)]);
    const receipt = (await (await f.sessions.connect(f.settler).settle(hand.betId, hand.seed, hit, signature, "0x")).wait())!;
    const [played] = eventsOf(receipt, f.casino, "GamePlayed");
    const jackpot = eventsOf(receipt, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
    expect(played.args.payout).to.equal(0n);
    expect((await laneFunds(f, f.session))[0]).to.equal(laneBefore);
    expect((await f.casino.getBalance(f.alice.address, f.tokenAddress)) - vaultBefore).to.equal(jackpot);
    // The auto-stand is refused: the signed log is the hand's settlement.
    expect((await f.casino.getBet(hand.betId)).open).to.equal(false);
  });

  it("the revoked key still acts on none of the hands placed from its revocation's block on: a wallet hand placed after it, or in the same block", async function () {
    const f = await loadFixture(revokeFixture);
    const stand = blackjackLog("S");
    await f.sessions.connect(f.alice).revokeSession(f.session.key.address);
    const later = await walletBet(f, f.alice, { game: GAME.BLACKJACK, params: 0n, amount: STAKE });
    await later.send();
    await expect(f.sessions.connect(f.settler).settle(later.betId, later.seed, stand, await signActions(f, f.session.key, later.betId, stand), "0x"))
      .to.be.revertedWithCustomError(f.sessions, "SessionRevokedError")
      .withArgs(f.session.key.address);

    // Revoked in the hand's own block (after it): the player saw no card of it, and the key counts not.
    const bob = f.players[1];
    const bobSession = await openSession(f, bob);
    const sameBlock = await walletBet(f, bob, { game: GAME.BLACKJACK, params: 0n, amount: STAKE });
    await network.provider.send("evm_setAutomine", [false]);
    try {
      await sameBlock.send();
      await f.sessions.connect(bob).revokeSession(bobSession.key.address);
      await network.provider.send("evm_mine", []);
    } finally {
      await network.provider.send("evm_setAutomine", [true]);
    }
    expect((await f.casino.getBet(sameBlock.betId)).open).to.equal(true);
    await expect(
      f.sessions.connect(f.settler).settle(sameBlock.betId, sameBlock.seed, stand, await signActions(f, bobSession.key, sameBlock.betId, stand), "0x"),
    )
      .to.be.revertedWithCustomError(f.sessions, "SessionRevokedError")
      .withArgs(bobSession.key.address);
  });

  it("the revoked key places nothing once the acceptance window has passed (SessionExpired): its bets signed before land in it, none after", async function () {
    const f = await loadFixture(revokeFixture);
    // Signed and accepted before the revocation: it lands within the window (docs/decisions.md §4, "lanes").
    const before = await signBet(f, f.session, { game: GAME.BLACKJACK, params: 0n, amount: STAKE });
    await f.sessions.connect(f.alice).revokeSession(f.session.key.address);
    const revokedAt = BigInt((await ethers.provider.getBlock("latest"))!.timestamp);
    const [, expiresAt] = await f.sessions.sessionOf(f.alice.address, f.session.key.address);
    expect(expiresAt).to.equal(revokedAt + (await f.sessions.BET_ACCEPTANCE_WINDOW()));
    await place(f, before.signed);
    expect((await f.casino.getBet(before.betId)).open).to.equal(true);

    await time.increaseTo(expiresAt);
    const next = await signBet(f, f.session, { game: GAME.BLACKJACK, params: 0n, amount: STAKE });
    await expect(place(f, next.signed)).to.be.revertedWithCustomError(f.sessions, "SessionExpired").withArgs(expiresAt);
  });
});
