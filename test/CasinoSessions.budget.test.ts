// A session's budget is its lane's funds (docs/decisions.md §4, "lanes"): the vault puts it in when
// the session opens, the session's own bets stake from it and pay into it, and nothing else moves it.
// The first form of this test pinned a bug found on play20 (fixed in 90d0fbf): a hand's payout was
// credited to whichever session key signed the hand's actions, so a key that signed a wallet hand's
// stand took its win as budget, and its own bets then lost more than the budget the wallet signed.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { GAME, NATIVE } from "./helpers";
import { deploySessions, laneFunds, openSession, play, playSkippingOne, seedOf, signActions, signBatch, walletBet } from "./sessions/support";

describe("CasinoSessions: a session's budget is its lane's funds", function () {
  it("a wallet hand whose actions the key signed pays into the vault, and the key's own bets lose at most the budget", async function () {
    const f = await loadFixture(deploySessions);
    const [alice] = f.players;
    const budget = parseEther("10");
    const vaultBefore = await f.casino.getBalance(alice.address, f.tokenAddress);
    const session = await openSession(f, alice, { tokens: 1n, maxBetDegen: budget, budgetDegen: budget, budgetNative: 0n });
    expect(await laneFunds(f, session)).to.deep.equal([budget, 0n]);
    expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(vaultBefore - budget);

    // A 100 DEGEN hand from the wallet that standing wins; the session key signs its stand.
    const stand = "0x53";
    const hand = await walletBet(f, alice, {
      amount: parseEther("100"),
      game: GAME.BLACKJACK,
      params: 0n,
      wanted: async (payout) => (await payout(stand))! > parseEther("100"),
    });
    await hand.send();
    const vaultWithHand = await f.casino.getBalance(alice.address, f.tokenAddress);
    await f.sessions
      .connect(f.settler)
      .settle(hand.betId, seedOf(alice.address, hand.bet.nonce), stand, await signActions(f, session.key, hand.betId, stand), "0x");
    const won = (await f.casino.getBalance(alice.address, f.tokenAddress)) - vaultWithHand;
    expect(won, "the hand's payout, in the vault").to.be.greaterThan(parseEther("100"));
    expect(await laneFunds(f, session), "the lane, untouched by the wallet's hand").to.deep.equal([budget, 0n]);

    // The key's own bets: two losing 10 DEGEN spins. The first takes the whole budget; the second
    // finds the lane empty and is skipped, its nonce left as it was.
    const [first, second] = await signBatch(f, [
      [session, { amount: budget, wanted: async (payout) => (await payout()) === 0n }],
      [session, { amount: budget, wanted: async (payout) => (await payout()) === 0n }],
    ]);
    await play(f, [first]);
    expect(await laneFunds(f, session)).to.deep.equal([0n, 0n]);
    await playSkippingOne(f, second, f.casino, "InsufficientBalance");
    expect((await f.casino.laneOf(alice.address, session.lane)).nextNonce).to.equal(second.signed.bet.nonce);
    expect(await f.casino.getBalance(alice.address, f.tokenAddress), "the vault lost nothing to the session's bets").to.equal(vaultWithHand + won);
    expect(await f.casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("10"));
  });
});
