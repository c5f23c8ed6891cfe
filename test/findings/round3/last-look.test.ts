// Finding R3-3 (trust, round 3, docs/findings.md): "The house has a last look." The session key
// signed the client seed in clear, and the server holds its own seed, so it knew a bet's outcome
// before it countersigned it: it could decline the winners (the review had a 10,200-for-5,000 bet
// declined), and without its countersignature the player cannot place a signed bet at all. Now
// the key signs keccak256 of the client seed (EIP-712 Bet.clientSeedHash), the server countersigns
// that, and only then does the app reveal the seed: the bet the house committed to is placed with
// that seed and no other, by the house or by its player, at the outcome the seed gives.
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { ethers } from "hardhat";
import { parseEther, Signature } from "ethers";
import { eventsOf } from "../support";
import {
  BET_TYPES,
  deploySessions,
  laneFunds,
  openSession,
  payoutOf,
  signBet,
  type Session,
  type SessionsFixture,
  type SignedBet,
} from "../../sessions/support";
import { clientSeedHash } from "../../support";

/** 5,000 DEGEN on five of the wheel's ten segments: a win pays 2.04 × the stake, 10,200 DEGEN. */
const STAKE = parseEther("5000");
const HALF_THE_WHEEL = 0b11111n;

/** What the server is sent and countersigns: the EIP-712 Bet, with the client seed's hash and not the seed. */
function seenByTheHouse(signed: SignedBet) {
  const { gameType, clientSeed, ...fields } = signed.bet;
  return { ...fields, game: gameType, clientSeedHash: clientSeedHash(clientSeed), deadline: signed.deadline };
}

async function lastLookFixture() {
  const f = await deploySessions();
  const session = await openSession(
    f,
    f.players[0],
    { maxBetDegen: STAKE, budgetDegen: STAKE * 2n, expiresAt: BigInt(await time.latest()) + 3600n },
    "last look",
  );
  return { ...f, session };
}

/** A winning bet of Alice's session: its signed form, and the house's countersignature made from what the server is sent. */
async function countersignedWinner(f: SessionsFixture & { session: Session }) {
  const bet = await signBet(f, f.session, { amount: STAKE, params: HALF_THE_WHEEL, wanted: async (pay) => (await pay())! > STAKE });
  const seen = seenByTheHouse(bet.signed);
  expect(Object.keys(seen)).not.to.include("clientSeed");
  const countersignature = await f.settler.signTypedData(f.domain, BET_TYPES, seen);
  return { bet, seen, countersignature };
}

describe("Finding R3-3: the house countersigns a bet before it can know its outcome", function () {
  it("the key signs, and the settler countersigns, the hash of the client seed: the player places the bet with the seed, and it pays what the seed gives, to the wei", async function () {
    const f = await loadFixture(lastLookFixture);
    const alice = f.players[0];
    const { bet, seen, countersignature } = await countersignedWinner(f);
    // The key's own signature is over the same digest: the server checks it without the seed.
    expect(ethers.verifyTypedData(f.domain, BET_TYPES, seen, Signature.from({ r: bet.signed.r, yParityAndS: bet.signed.vs }))).to.equal(f.session.key.address);
    const promised = await payoutOf(f, bet.signed.bet, bet.seed);
    expect(promised).to.equal(parseEther("10200"));
    const [vault, [lane]] = await Promise.all([f.casino.getBalance(alice.address, f.tokenAddress), laneFunds(f, f.session)]);

    // The house declines the winner after the reveal: its player places it all the same.
    const placed = (await (await f.sessions.connect(alice).place(bet.signed, countersignature)).wait())!;
    const [event] = eventsOf(placed, f.casino, "BetPlaced");
    expect([event.args.betId, event.args.clientSeed]).to.deep.equal([bet.betId, bet.signed.bet.clientSeed]);
    const settled = (await (await f.casino.connect(f.settler).settle(bet.betId, bet.seed, promised)).wait())!;
    const [played] = eventsOf(settled, f.casino, "GamePlayed");
    const [random] = eventsOf(settled, f.casino, "BetSettled");
    const jackpot = eventsOf(settled, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
    expect([played.args.payout, random.args.random]).to.deep.equal([promised, bet.word]);
    expect((await laneFunds(f, f.session))[0]).to.equal(lane - STAKE + promised);
    expect(await f.casino.getBalance(alice.address, f.tokenAddress), "a jackpot hit, in the vault").to.equal(vault + jackpot);
  });

  it("a seed other than the one signed places nothing: not with the countersignature (NotRelayer), not from the settler (NotSessionPlayer of another key)", async function () {
    const f = await loadFixture(lastLookFixture);
    const alice = f.players[0];
    const { bet, countersignature } = await countersignedWinner(f);
    const swapped: SignedBet = { ...bet.signed, bet: { ...bet.signed.bet, clientSeed: ethers.id("another seed, chosen after the countersignature") } };
    await expect(f.sessions.connect(alice).place(swapped, countersignature)).to.be.revertedWithCustomError(f.sessions, "NotRelayer").withArgs(alice.address);
    await expect(f.sessions.connect(f.settler).place(swapped, "0x")).to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer");
    // play skips it (BetSkipped, NotSessionPlayer) and leaves the nonce to the bet as signed.
    await expect(f.sessions.connect(f.settler).play([swapped], [bet.seed]))
      .to.emit(f.casino, "BetSkipped")
      .withArgs(alice.address, bet.signed.bet.nonce, f.sessions.interface.getError("NotSessionPlayer")!.selector);
    // The bet as signed and revealed still goes.
    await expect(f.sessions.connect(f.settler).play([bet.signed], [bet.seed])).to.emit(f.casino, "GamePlayed");
  });
});
