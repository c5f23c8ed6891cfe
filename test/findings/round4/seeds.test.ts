// R4-8 and R4-11 (docs/findings.md): no seed any transaction shows, mined, reverted or pending,
// tells anything about a seed that decides a bet anyone can still place; the contract enforces it,
// not the server. Before, a relay seed was link 2k − 1 of the player's one chain: the hash of the
// wallet seed of its nonce and the link above the wallet seed of the nonce before. Only the
// server's rule of one bet of a player per transaction kept a relay transaction from showing a seed
// that picks a winning wallet bet (R3-1); the review front-ran a pending three-bet play with a
// wallet bet on its nonce and won 100x: +247,499 DEGEN for a 1 DEGEN forfeit. Now each session's
// lane has a chain of its own, and a wallet bet can never take a lane's nonce.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { keccak256, parseEther } from "ethers";
import { GAME } from "../../helpers";
import { eventsOf } from "../support";
import { deploySessions, laneFunds, openSession, payoutOf, play, seedOf, signBatch, walletBet, type RelayedBet } from "../../sessions/support";
import { frontRun } from "./support";

/** Every seed the shown ones reveal: each, and the links below it down to its lane's commitment. */
function revealed(shown: RelayedBet[]): string[] {
  const seeds = new Set<string>();
  for (const bet of shown) {
    let link = bet.seed;
    for (let i = 0; i < 4; i++) {
      seeds.add(link);
      link = keccak256(link);
    }
  }
  return [...seeds];
}

describe("R4-8, R4-11: a lane's seeds decide its own bets only", function () {
  it("a pending three-bet play of one lane: a wallet bet and another session's bet, chosen to win under every seed it shows and sent first, settle by their own chains", async function () {
    const f = await loadFixture(deploySessions);
    const [alice] = f.players;
    const [a, b] = [await openSession(f, alice, {}, "A"), await openSession(f, alice, {}, "B")];
    const pending = await signBatch(f, [
      [a, { amount: parseEther("1") }],
      [a, { amount: parseEther("1") }],
      [a, { amount: parseEther("1") }],
    ]);
    const shown = revealed(pending);
    // A client seed that wins 100x on dice (roll under 1.00) under the first seed the pending play shows.
    const fields = { player: alice.address, token: f.tokenAddress, amount: parseEther("10"), gameType: GAME.DICE, params: 100n, terms: f.terms, nonce: 0n };
    let chosen = "";
    for (let i = 0; chosen === ""; i++) {
      const candidate = ethers.id(`chosen ${i}`);
      if ((await payoutOf(f, { ...fields, clientSeed: candidate }, pending[0].seed)) > 0n) chosen = candidate;
    }
    const wallet = await walletBet(f, alice, { amount: parseEther("10"), game: GAME.DICE, params: 100n, clientSeed: chosen });
    const [other] = await signBatch(f, [[b, { amount: parseEther("10"), game: GAME.DICE, params: 100n, clientSeed: chosen }]]);
    const { play: receipt } = await frontRun(f, [wallet.send], pending);
    expect(
      eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId),
      "the pending play settled whole",
    ).to.deep.equal(pending.map((p) => p.betId));

    // No shown seed settles the wallet bet; its own wallet seed does, at the outcome that seed gives.
    for (const seed of shown) {
      await expect(f.casino.connect(f.settler).settle(wallet.betId, seed, 0n)).to.be.revertedWithCustomError(f.casino, "WrongSeed");
    }
    expect(shown).to.not.include(seedOf(alice.address, 0n));
    const walletPayout = await payoutOf(f, wallet.bet, wallet.seed);
    await f.casino.connect(f.settler).settle(wallet.betId, wallet.seed, walletPayout);
    // Nor does any settle session B's bet: its lane's chain is its own.
    const bLane = await laneFunds(f, b);
    for (const seed of shown) {
      const skipped = (await (await play(f, [{ ...other, seed }])).wait())!;
      expect(eventsOf(skipped, f.casino, "BetSkipped").map((e) => e.args.reason)).to.deep.equal([f.casino.interface.getError("WrongSeed")!.selector]);
    }
    expect(await laneFunds(f, b)).to.deep.equal(bLane);
    const otherPayout = await payoutOf(f, other.signed.bet, other.seed);
    await play(f, [other]);
    expect(await laneFunds(f, b)).to.deep.equal([bLane[0] - parseEther("10") + otherPayout, bLane[1]]);
  });

  it("R4-8 (R3-1): seeds of a lane's reverted two-bet play settle no wallet bet of the player, whatever its client seed", async function () {
    const f = await loadFixture(deploySessions);
    const [alice] = f.players;
    const a = await openSession(f, alice);
    const shownBets = await signBatch(f, [
      [a, { amount: parseEther("1") }],
      [a, { amount: parseEther("1") }],
    ]);
    await f.casino.connect(f.owner).pause();
    await expect(play(f, shownBets)).to.be.revertedWithCustomError(f.casino, "IsPaused");
    await f.casino.connect(f.owner).unpause();
    const wallet = await walletBet(f, alice, { amount: parseEther("10") });
    await wallet.send();
    for (const seed of revealed(shownBets)) {
      await expect(f.casino.connect(f.settler).settle(wallet.betId, seed, 0n)).to.be.revertedWithCustomError(f.casino, "WrongSeed");
    }
    const payout = await payoutOf(f, wallet.bet, wallet.seed);
    await expect(f.casino.connect(f.settler).settle(wallet.betId, wallet.seed, payout)).to.emit(f.casino, "BetSettled");
  });
});
