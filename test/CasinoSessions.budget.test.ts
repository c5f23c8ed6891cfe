// A session's allowance counts "stakes placed less payouts credited" of the session's own bets
// (CasinoSessions.Allowance, _credit). A regression test of a bug found on play20 and fixed in
// 90d0fbf: CasinoSessions.settle credited a hand's payout to whichever session key signed the
// hand's actions, so a key that signed a wallet hand's stand took its win as budget, and its own
// bets then lost more than the budget the wallet signed.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { keccak256, parseEther, toUtf8Bytes, Wallet } from "ethers";
import { bettingFixture } from "./betting";
import { clientSeedWhere, GAME } from "./helpers";
import { ACTIONS_TYPES, SESSION_TYPES, sessionsDomain, signSessionBet } from "./support";

describe("CasinoSessions: a session's budget", function () {
  it("counts only the session's own bets: a wallet hand's win, whose actions the key signed, does not let the key lose more than its budget", async function () {
    const { casino, tokenAddress, settler, players, chains, chainId, placeWhere, seedOf, relayedSeedOf } = await loadFixture(bettingFixture);
    const [alice] = players;
    const sessions = await ethers.getContractAt("CasinoSessions", await casino.sessions());
    const domain = sessionsDomain(chainId, await sessions.getAddress());
    const key = new Wallet(keccak256(toUtf8Bytes("alice's session key")));
    const budget = parseEther("10");
    const grant = {
      player: alice.address,
      key: key.address,
      expiresAt: BigInt(await time.latest()) + 3_600n,
      tokens: 1n,
      games: 0x1fn,
      maxBetDegen: budget,
      maxBetNative: 0n,
      budgetDegen: budget,
      budgetNative: 0n,
    };
    await sessions.openSession(grant, await alice.signTypedData(domain, SESSION_TYPES, grant));

    // A 100 DEGEN hand from the wallet that standing wins; the session key signs its stand.
    const stand = "0x53";
    const hand = await placeWhere(alice, { amount: parseEther("100"), game: GAME.BLACKJACK, params: 0 }, (paid) => paid! > parseEther("100"), stand);
    const signature = await key.signTypedData(domain, ACTIONS_TYPES, { betId: hand.betId, actions: stand });
    await sessions.connect(settler).settle(hand.betId, seedOf(alice, 0n), stand, signature, "0x");
    const [, , , , , , , lost] = await sessions.sessionOf(alice.address, key.address);
    expect(lost[0], "the hand's payout counted as won back by the session").to.equal(0n);

    // The key's own bets: two losing 10 DEGEN spins lose 20 DEGEN, above the 10 DEGEN budget.
    const terms = await casino.terms();
    const deadline = BigInt(await time.latest()) + 3_600n;
    const bets = [];
    for (const nonce of [1n, 2n]) {
      const planned = { player: alice.address, nonce, seed: relayedSeedOf(alice, nonce), gameType: GAME.WHEEL, params: 1n, isNative: false, stake: budget };
      const { clientSeed } = await clientSeedWhere(casino, planned, (paid) => paid === 0n);
      const bet = {
        player: alice.address,
        token: tokenAddress,
        amount: budget,
        gameType: GAME.WHEEL,
        params: 1n,
        clientSeed,
        nonce,
        expectedCommit: chains.get(alice.address)!.commit,
        terms,
        deadline,
      };
      bets.push(await signSessionBet(key, domain, bet));
    }
    // The first spends the budget; the second is skipped (SessionBudgetExceeded), its nonce spent.
    await expect(sessions.connect(settler).play(bets, [relayedSeedOf(alice, 1n), relayedSeedOf(alice, 2n)]))
      .to.emit(casino, "BetSkipped")
      .withArgs(alice.address, 2n, sessions.interface.getError("SessionBudgetExceeded")!.selector, true);
  });
});
