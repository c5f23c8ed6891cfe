// Trust, round 2 (docs/findings.md), finding R2-6: limits of the design, stated in contracts/README.md
// "Trust assumptions", each shown here as it is.
//  - The house's own accounts know the seeds: they can win the free bankroll (bet by bet, within
//    maxBet), but nothing reserved and nothing owed, without an announced withdrawal. The
//    announcement delay protects the free bankroll from the owner key only.
//  - One account can use up the swap desk's shared daily room.
//  - After a bet's claim time, a late settlement can be pre-empted by the player's claim.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { AbiCoder, getBytes, keccak256, parseEther, ZeroHash } from "ethers";
import { deployCasino, GAME, maxPayout, NATIVE, randomWord } from "../../helpers";
import { eventsOf, fmt, mineTogether, placeBet, postChain, revertDataOf } from "../support";
import { expectedDraw } from "../../support";

const abi = AbiCoder.defaultAbiCoder();

/** The wheel's segment of a random word (engine/README.md): int(10) on the first 64-bit number of keccak256(word ‖ 0). */
function wheelSegment(word: string): number {
  const block = getBytes(keccak256(abi.encode(["bytes32", "uint256"], [word, 0n])));
  const first = block.slice(0, 8).reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
  if (first >= 2n ** 64n - (2n ** 64n % 10n)) throw new Error("rejected draw: pick another client seed");
  return Number(first % 10n);
}

describe("Finding R2-6: the limits of the design", function () {
  it("the house's own account, knowing every seed, wins the free bankroll bet by bet; reserved funds, vaults and the jackpot stay whole", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, settler, chainId, casinoAddress } = f;
    const [alice] = f.players;
    const insider = (await ethers.getSigners())[13];
    // Alice has money in her vault and an open BNB bet: what is owed to her.
    await postChain(f, alice.address, "alice", 4);
    await casino.connect(alice).deposit(NATIVE, parseEther("3"), { value: parseEther("3") });
    await placeBet(f, alice, { token: NATIVE, amount: parseEther("1"), game: GAME.WHEEL, params: 0b111n });
    const owedToAlice = parseEther("2");
    const aliceReserve = maxPayout(GAME.WHEEL, 0b111n, true, parseEther("1"));
    const [bankrollBefore, reservedBefore] = await casino.house(NATIVE);
    const jackpotBefore = await casino.jackpotPool();
    expect(reservedBefore).to.equal(aliceReserve);

    // The insider knows the seeds (the house's master secret) and picks a client seed that wins.
    const BETS = 10;
    const chain = await postChain(f, insider.address, "the house's master secret", BETS);
    await casino.connect(insider).deposit(NATIVE, parseEther("100"), { value: parseEther("100") });
    let won = 0n;
    for (let nonce = 0n; nonce < BigInt(BETS); nonce++) {
      const seed = chain.seed(Number(nonce) + 1);
      let clientSeed = ZeroHash;
      for (let attempt = 0; ; attempt++) {
        clientSeed = ethers.id(`insider ${nonce} ${attempt}`);
        if (wheelSegment(randomWord(seed, clientSeed, insider.address, nonce, chainId, casinoAddress)) === 0) break;
      }
      const stake = await casino.maxBet(NATIVE, GAME.WHEEL, 1, insider.address);
      const bet = await placeBet(f, insider, { token: NATIVE, amount: stake, game: GAME.WHEEL, params: 1n, clientSeed });
      const payout = maxPayout(GAME.WHEEL, 1n, true, stake);
      await casino.connect(settler).settle(bet.betId, seed, payout);
      won += payout - stake;
    }
    const [bankrollAfter, reservedAfter] = await casino.house(NATIVE);
    expect(bankrollAfter).to.equal(bankrollBefore - won);
    // Nothing reserved or owed moved: Alice's open bet is still covered, her vault intact, the jackpot intact.
    expect(reservedAfter).to.equal(aliceReserve);
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(owedToAlice);
    expect(await casino.jackpotPool()).to.equal(jackpotBefore);
    expect(await casino.accounted(NATIVE)).to.equal(await ethers.provider.getBalance(casinoAddress));
    console.log(
      `      ${BETS} chosen wins took ${fmt(won, 2)} of ${fmt(bankrollBefore - reservedBefore, 2)} BNB of free bankroll ` +
        `(${((Number(won) / Number(bankrollBefore - reservedBefore)) * 100).toFixed(1)} %), with no announced withdrawal`,
    );
  });

  it("one account can use up the swap desk's daily room, which every account shares", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, swapDesk, tokenAddress } = f;
    const [whale, other] = f.players;
    await casino.connect(whale).deposit(tokenAddress, parseEther("1000000"));
    await casino.connect(other).deposit(tokenAddress, parseEther("1000"));
    let swaps = 0;
    for (;;) {
      const [, room] = await swapDesk.quote(tokenAddress, parseEther("100000"));
      if (room === 0n) break;
      const amountIn = room * 10_000n < parseEther("100000") ? room * 10_000n : parseEther("100000");
      await swapDesk.connect(whale).swap(tokenAddress, amountIn, 0);
      swaps++;
    }
    expect(swaps).to.be.greaterThan(1);
    await expect(swapDesk.connect(other).swap(tokenAddress, parseEther("10"), 0)).to.be.revertedWithCustomError(swapDesk, "SwapAboveDailyCap");
    console.log(`      one account swapped ${swaps} times and left no room for the others until the bucket leaks`);
  });

  it("after its claim time, a late settlement is pre-empted by the player's claim in the same block: the claim pays, the settlement reverts", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, settler, tokenAddress } = f;
    const [alice] = f.players;
    const chain = await postChain(f, alice.address, "late", 4);
    await casino.connect(alice).deposit(tokenAddress, parseEther("100"));
    const bet = await placeBet(f, alice, { amount: parseEther("10"), game: GAME.CRASH, params: 150n });
    await time.increaseTo(bet.timestamp + 3600);
    const before = await casino.getBalance(alice.address, tokenAddress);
    const draw = await expectedDraw(casino, bet.betId);
    const [claim, settle] = await mineTogether([
      () => casino.connect(alice).claimExpired(bet.betId, { gasLimit: 500_000 }),
      () => casino.connect(settler).settle(bet.betId, chain.seed(1), 0, { gasLimit: 500_000 }),
    ]);
    expect([claim.status, settle.status]).to.deep.equal([1, 0]);
    expect(casino.interface.parseError(await revertDataOf(settle.hash))!.name).to.equal("BetNotOpen");
    const [claimed] = eventsOf(claim, casino, "ExpiredBetClaimed");
    expect(claimed.args.payout).to.equal(parseEther("15"));
    // The claim draws the jackpot as a settlement would: a hit is published, a miss is not.
    const drawn = eventsOf(claim, casino, "JackpotDrawn").map((e) => e.args.toArray());
    expect(drawn).to.deep.equal(draw.hit ? [[bet.betId, draw.entropy, draw.prize, true]] : []);
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(before + parseEther("15") + draw.win);
  });
});
