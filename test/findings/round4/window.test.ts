// R4-3 (docs/findings.md): every window of one-click play has one bound, ACCEPTANCE_WINDOW, and the
// same comparison everywhere (docs/decisions.md §9): the server accepts a bet whose deadline is at
// most T + 300 s, T the time of the block it read, so any change mined later, at t ≥ T, honours
// every bet with deadline ≤ t + 300 s. The waiver of round 3 was `deadline < t + 300`: a cool-off
// mined in the very second the server accepted a bet with deadline now + 300 cancelled the loser.
// Each rule is tested one second inside, at, and one second past its bound.
import { expect } from "chai";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { eventsOf } from "../support";
import { ACCEPTANCE_WINDOW, deploySessions, openSession, play, signBatch, type RelayedBet, type SessionsFixture } from "../../sessions/support";
import { lose } from "./support";

/** Alice with a session, and a time t a minute ahead at which a change of hers or the owner's will be mined. */
async function edgeFixture() {
  const f = await deploySessions();
  const [alice] = f.players;
  const session = await openSession(f, alice);
  return { ...f, alice, session, t: BigInt(await time.latest()) + 60n };
}

/** A losing 10 DEGEN bet of the session's lane, signed on its next nonce with deadline t + 300 + `offset`. */
async function edgeBet(f: Awaited<ReturnType<typeof edgeFixture>>, offset: bigint, terms?: bigint): Promise<RelayedBet> {
  const [bet] = await signBatch(f, [[f.session, { amount: parseEther("10"), deadline: f.t + ACCEPTANCE_WINDOW + offset, wanted: lose, terms }]]);
  return bet;
}

/** Plays each bet alone: "settled", or the reason it was skipped for. */
async function playEach(f: SessionsFixture, bets: RelayedBet[]) {
  const outcomes: string[] = [];
  for (const bet of bets) {
    const receipt = (await (await play(f, [bet])).wait())!;
    const skipped = eventsOf(receipt, f.casino, "BetSkipped").map((e) => e.args.reason as string);
    outcomes.push(skipped.length === 0 ? "settled" : skipped[0]);
  }
  return outcomes;
}

describe("R4-3: every window honours the bets accepted before a change, at its very second", function () {
  it("a revocation mined at t: deadlines t + 299 and t + 300 land, t + 301 is refused (SessionExpired)", async function () {
    const f = await loadFixture(edgeFixture);
    await time.setNextBlockTimestamp(f.t);
    await f.sessions.connect(f.alice).revokeSession(f.session.key.address);
    expect((await f.sessions.sessionOf(f.alice.address, f.session.key.address)).expiresAt).to.equal(f.t + ACCEPTANCE_WINDOW);
    const outcomes = [];
    for (const offset of [-1n, 0n, 1n]) outcomes.push(...(await playEach(f, [await edgeBet(f, offset)])));
    expect(outcomes).to.deep.equal(["settled", "settled", f.sessions.interface.getError("SessionExpired")!.selector]);
  });

  it("a cool-off mined at t: deadlines t + 299 and t + 300 are counted, t + 301 is refused (CoolingOff)", async function () {
    const f = await loadFixture(edgeFixture);
    await time.setNextBlockTimestamp(f.t);
    await f.limits.connect(f.alice).setCoolOff(f.t + 86_400n);
    const outcomes = [];
    for (const offset of [-1n, 0n, 1n]) outcomes.push(...(await playEach(f, [await edgeBet(f, offset)])));
    expect(outcomes).to.deep.equal(["settled", "settled", f.limits.interface.getError("CoolingOff")!.selector]);
  });

  it("new terms mined at t: a bet signed under the replaced ones with deadline t + 299 or t + 300 lands under them, t + 301 is refused (TermsChanged)", async function () {
    const f = await loadFixture(edgeFixture);
    const old = f.terms;
    await time.setNextBlockTimestamp(f.t);
    await f.casino.connect(f.owner).setJackpotTerms(60, 500);
    const fresh = await f.casino.terms();
    expect(fresh).to.not.equal(old);
    const outcomes = [];
    for (const offset of [-1n, 0n, 1n]) {
      const bet = await edgeBet(f, offset, old);
      const receipt = (await (await play(f, [bet])).wait())!;
      const placed = eventsOf(receipt, f.casino, "BetPlaced").map((e) => e.args.terms as bigint);
      const skipped = eventsOf(receipt, f.casino, "BetSkipped").map((e) => e.args.reason as string);
      outcomes.push(placed.length > 0 ? `placed under ${placed[0] === old ? "the replaced terms" : "other terms"}` : skipped[0]);
    }
    expect(outcomes).to.deep.equal([
      "placed under the replaced terms",
      "placed under the replaced terms",
      f.casino.interface.getError("TermsChanged")!.selector,
    ]);
  });

  it("a second change of the terms within the window is refused (NotReady): it would drop the terms the first replaced, and void every bet accepted under them", async function () {
    const f = await loadFixture(edgeFixture);
    await time.setNextBlockTimestamp(f.t);
    await f.casino.connect(f.owner).setJackpotTerms(60, 500);
    await time.setNextBlockTimestamp(f.t + ACCEPTANCE_WINDOW - 1n);
    await expect(f.casino.connect(f.owner).setSettleWindow(7_200))
      .to.be.revertedWithCustomError(f.casino, "NotReady")
      .withArgs(f.t + ACCEPTANCE_WINDOW);
    await time.setNextBlockTimestamp(f.t + ACCEPTANCE_WINDOW);
    await expect(f.casino.connect(f.owner).setSettleWindow(7_200)).to.emit(f.casino, "SettleWindowChanged");
  });

  it("the review's case: a cool-off mined in the second the server read the chain at, with the bet's deadline that second + 300: the loser settles", async function () {
    const f = await loadFixture(edgeFixture);
    // The server read the chain at block time T and accepted a deadline of T + 300 (IntakeView.blockTimestamp).
    const T = BigInt(await time.latest());
    const accepted = await edgeBet({ ...f, t: T }, 0n);
    // The player's cool-off is mined in the next block, whose time is T + 1 at the earliest; its play after.
    await f.limits.connect(f.alice).setCoolOff(T + 86_400n);
    expect(await playEach(f, [accepted])).to.deep.equal(["settled"]);
  });
});
