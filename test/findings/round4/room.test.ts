// R4-4 (docs/findings.md): a bet's outcome never decides whether it is placed. Round 3 held a
// one-click bet to the bankroll's room by its payout alone, so a 100 DEGEN dice bet at 0.01 %
// (10,200x; the wallet path's maxBet was about 24.5 DEGEN) was taken by chain and server: its
// losing copy settled (−100 DEGEN), its winning copy (1,020,000 DEGEN) was skipped with
// BetTooLarge, and placing it later with its countersignature reverted too: the bet returned 0 %.
// Now the server accepts a one-click bet only within the wallet path's maxBet (IntakeView.roomMaxBet),
// and the Casino asks only whether the bankroll can pay its maximum payout: both copies are treated
// alike, whichever wins.
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { getBytes, parseEther, toBeHex, zeroPadValue } from "ethers";
import sha3 from "js-sha3";
import { GAME } from "../../helpers";
import { eventsOf } from "../support";
import {
  countersign,
  deploySessions,
  laneFunds,
  laneSeedOf,
  openSession,
  payoutOf,
  play,
  signBet,
  type Session,
  type SessionsFixture,
} from "../../sessions/support";

const DICE_RARE = 1n; // roll under 0.01: 1 winning roll of 10,000, 10,200x with DEGEN

/**
 * A client seed under which the session's next bet at 0.01 % wins (roll 0) or loses. The roll is the
 * rules' (engine/src/dice.ts): the stream's first integer in [0, 10,000), the first 64-bit lane of
 * keccak256(word ‖ 0) modulo 10,000 (the rejection of the top 2^64 mod 10,000 values never matters
 * here), with word = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)):
 * computed here on bytes, to search the ten thousand client seeds a win takes in seconds.
 */
async function rareClientSeed(f: SessionsFixture, session: Session, wins: boolean): Promise<string> {
  const nonce = (await f.casino.laneOf(session.player, session.lane)).nextNonce;
  const input = new Uint8Array(192);
  input.set(getBytes(laneSeedOf(session, nonce)), 0);
  input.set(getBytes(zeroPadValue(session.player, 32)), 64);
  input.set(getBytes(zeroPadValue(toBeHex(nonce), 32)), 96);
  input.set(getBytes(zeroPadValue(toBeHex(f.chainId), 32)), 128);
  input.set(getBytes(zeroPadValue(f.casinoAddress, 32)), 160);
  const stream = new Uint8Array(64);
  for (let i = 0; ; i++) {
    const clientSeed = zeroPadValue(toBeHex(BigInt(i) + 1n), 32);
    input.set(getBytes(clientSeed), 32);
    stream.set(new Uint8Array(sha3.keccak256.arrayBuffer(input)), 0);
    const lane = new DataView(sha3.keccak256.arrayBuffer(stream)).getBigUint64(0);
    if ((lane % 10_000n === 0n) === wins) return clientSeed;
  }
}

/** The session's dice bet at 0.01 % (100 DEGEN by default) whose outcome is `wins`. */
async function rareBet(f: SessionsFixture, session: Session, wins: boolean, amount = parseEther("100")) {
  return signBet(f, session, { amount, game: GAME.DICE, params: DICE_RARE, clientSeed: await rareClientSeed(f, session, wins) });
}

async function diceFixture() {
  const f = await deploySessions();
  const [alice, bob] = f.players;
  const grant = { maxBetDegen: parseEther("100"), budgetDegen: parseEther("1000") };
  return { ...f, alice, bob, aSession: await openSession(f, alice, grant), bSession: await openSession(f, bob, grant) };
}

describe("R4-4: a bet's outcome never decides whether it is placed", function () {
  it("the review's 100 DEGEN dice bet at 0.01 %: four times the wallet path's maxBet, which the server reads; on chain its losing and winning copies both settle, the winner paid 1,020,000 DEGEN", async function () {
    const f = await loadFixture(diceFixture);
    const stake = parseEther("100");
    const room = await f.casino.maxBet(f.tokenAddress, GAME.DICE, DICE_RARE, f.alice.address);
    expect(room, "the wallet path's maxBet: what the server accepts at most").to.be.lessThan(parseEther("25"));
    const [loser, winner] = [await rareBet(f, f.aSession, false), await rareBet(f, f.bSession, true)];
    expect(await payoutOf(f, loser.signed.bet, loser.seed)).to.equal(0n);
    expect(await payoutOf(f, winner.signed.bet, winner.seed)).to.equal(parseEther("1020000"));
    const [aLane, bLane] = [await laneFunds(f, f.aSession), await laneFunds(f, f.bSession)];
    const receipt = (await (await play(f, [loser, winner])).wait())!;
    expect(eventsOf(receipt, f.casino, "BetSkipped")).to.have.length(0);
    expect(await laneFunds(f, f.aSession)).to.deep.equal([aLane[0] - stake, aLane[1]]);
    expect(await laneFunds(f, f.bSession)).to.deep.equal([bLane[0] - stake + parseEther("1020000"), bLane[1]]);
  });

  it("when the free bankroll can no longer pay an accepted bet's maximum payout (the owner's withdrawal), its losing and winning copies are both skipped, nonces kept, and the winner placed later at its outcome", async function () {
    const f = await loadFixture(deploySessions);
    const [alice, bob] = f.players;
    const [bankroll] = await f.casino.house(f.tokenAddress);
    await f.casino.connect(f.owner).announceBankrollWithdrawal(f.tokenAddress, bankroll - parseEther("200000"));
    await time.increase(86_400);
    // Accepted within the wallet path's maxBet while the bankroll is whole: 24 DEGEN, 244,800 at most.
    const stake = parseEther("24");
    expect(await f.casino.maxBet(f.tokenAddress, GAME.DICE, DICE_RARE, alice.address)).to.be.at.least(stake);
    const grant = { maxBetDegen: parseEther("100"), budgetDegen: parseEther("1000") };
    const [aSession, bSession] = [await openSession(f, alice, grant), await openSession(f, bob, grant)];
    const [loser, winner] = [await rareBet(f, aSession, false, stake), await rareBet(f, bSession, true, stake)];
    // The owner's announced withdrawal executes before the play: 200,000 DEGEN free, below the 244,800 either copy may pay.
    await f.casino.connect(f.owner).executeBankrollWithdrawal(f.tokenAddress);
    const receipt = (await (await play(f, [loser, winner])).wait())!;
    const insufficient = f.casino.interface.getError("InsufficientBankroll")!.selector;
    expect(eventsOf(receipt, f.casino, "BetSkipped").map((e) => [e.args.nonce, e.args.reason])).to.deep.equal([
      [loser.signed.bet.nonce, insufficient],
      [winner.signed.bet.nonce, insufficient],
    ]);
    expect((await f.casino.laneOf(bob.address, bSession.lane)).nextNonce, "the winner's nonce, kept").to.equal(winner.signed.bet.nonce);
    // The bankroll back, the winner's player places it with its countersignature: settled at its outcome.
    await f.token.connect(f.owner).approve(f.casinoAddress, bankroll);
    await f.casino.connect(f.owner).fundBankroll(f.tokenAddress, bankroll - parseEther("200000"));
    await f.sessions.connect(bob).place(winner.signed, await countersign(f, winner.signed));
    const bLane = await laneFunds(f, bSession);
    await f.casino.connect(f.settler).settle(winner.betId, winner.seed, parseEther("244800"));
    expect((await laneFunds(f, bSession))[0]).to.equal(bLane[0] + parseEther("244800"));
  });
});
