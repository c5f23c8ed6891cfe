// Issue #19 (trust, round 2), findings 1–3: the jackpot.
//  1. Settling late could void a jackpot hit: the settler sees the bet's block hash first, and a
//     draw whose hash had left the EVM's window (256 blocks, 8,191 with EIP-2935) and was never
//     locked drew nothing. Now such a draw counts as a hit, paid by the house's free bankroll and
//     not by the pool: withholding a settlement costs the house the prize, and the house's own
//     accounts cannot farm the pool by leaving their own bets unsettled.
//  2. A blackjack split after the bet's block doubled the odds of a roll already public: a player
//     split only when the roll fell in [odds, 2·odds). Now the split changes nothing in the draw.
//  3. The odds cap inflated the prize: with stake × edge above the prize, the odds were capped at 1
//     and the prize recomputed as stake × edge (4,950 DEGEN where the published share was 120).
//     Now the prize is fixed at placement and a hit never pays more than it.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash } from "ethers";
import { deployCasino, GAME, jackpotOdds, jackpotPrizeOf, jackpotRoll, maxPayout, ODDS_ONE, rulesPayout, SPLIT, type CasinoFixture } from "../../helpers";
import { settleWithWalletLog } from "../../support";
import { emulateHistoryContract, eventsOf, fmt, mineBlocks, placeBet, placeBetWhoseRoll, placeMissingBet, postChain, removeHistoryContract } from "../support";

const STAKE = parseEther("600");
const PARAMS = 200n; // crash with an auto cash-out at 2x
const MAX_PAYOUT = maxPayout(GAME.CRASH, PARAMS, false, STAKE);
const BSC_BLOCK_SECONDS = 0.75;

/** The house's own account with DEGEN in its vault; edge 2 %, prize 0.01 % of the 1.2M pool = 120 DEGEN, so 600 DEGEN has p = 10 %. */
async function houseFixture() {
  const f = await deployCasino();
  const house = (await ethers.getSigners())[12];
  await f.casino.setJackpotTerms(200, 1);
  await f.token.transfer(house.address, parseEther("900000"));
  await f.token.connect(house).approve(f.casinoAddress, ethers.MaxUint256);
  await f.casino.connect(house).deposit(f.tokenAddress, parseEther("900000"));
  return { ...f, house };
}

type HouseFixture = CasinoFixture & Awaited<ReturnType<typeof houseFixture>>;

/** What a resolution (settle or claim) moved: the house account's vault, the pool and the bankroll, and the draw it published (a hit's). */
async function resolve(f: HouseFixture, send: () => Promise<import("ethers").ContractTransactionResponse>) {
  const [vault, pool, [bankroll]] = await Promise.all([
    f.casino.getBalance(f.house.address, f.tokenAddress),
    f.casino.jackpotPool(),
    f.casino.house(f.tokenAddress),
  ]);
  const receipt = (await (await send()).wait())!;
  const [drawn] = eventsOf(receipt, f.casino, "JackpotDrawn");
  const won = eventsOf(receipt, f.casino, "JackpotWon").map((e) => e.args.amount as bigint);
  return {
    credit: (await f.casino.getBalance(f.house.address, f.tokenAddress)) - vault,
    poolPaid: pool - (await f.casino.jackpotPool()),
    /** What the bankroll paid out: the payout less the stake, and a void draw's prize. */
    bankrollPaid: bankroll - (await f.casino.house(f.tokenAddress))[0],
    /** JackpotFunded by the Casino itself: a void draw's prize moved from the bankroll. */
    fundedByHouse: eventsOf(receipt, f.casino, "JackpotFunded")
      .filter((e) => e.args.funder === f.casinoAddress)
      .map((e) => e.args.amount as bigint),
    // Only a hit is published; null: no JackpotDrawn, a miss (recomputed from the bet's block hash).
    draw: drawn === undefined ? null : { entropy: drawn.args.entropy as string, prize: drawn.args.prize as bigint, hit: drawn.args.hit as boolean },
    won,
  };
}

/** What the rules pay a split hand whose player signed its P (GameRules.splitStakedPayout). */
async function splitPayout(f: HouseFixture, betId: bigint, seed: string): Promise<bigint> {
  const bet = await f.casino.getBet(betId);
  const rules = await ethers.getContractAt("GameRules", await f.casino.rules());
  return rules.splitStakedPayout(bet.stake, await f.casino.computeRandom(seed, bet.clientSeed, bet.player, bet.nonce), SPLIT);
}

describe("Issue #19, findings 1–3: the jackpot", function () {
  describe("finding 1: a late or missing settlement never costs the player the draw", function () {
    it("at 257 blocks on a chain without EIP-2935, a bet whose draw would miss is settled as a hit: withholding costs the house the prize", async function () {
      const f = await loadFixture(houseFixture);
      await removeHistoryContract();
      const chain = await postChain(f, f.house.address, "257", 64);
      const bet = await placeMissingBet(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
      expect(bet.prize).to.be.greaterThan(0n); // 0.01 % of the pool at placement: 120 DEGEN less any earlier hit of this fixture
      // The settler, seeing the miss, settles 257 blocks later without locking the hash.
      await mineBlocks(256);
      const late = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
      expect(late.draw).to.deep.equal({ entropy: ZeroHash, prize: bet.prize, hit: true });
      expect(late.won).to.deep.equal([bet.prize]);
      expect(late.credit).to.equal(bet.payout + bet.prize);
      // The house's bankroll pays the prize, not the pool.
      expect(late.poolPaid).to.equal(0n);
      expect(late.fundedByHouse).to.deep.equal([bet.prize]);
      expect(late.bankrollPaid).to.equal(bet.payout - STAKE + bet.prize);
      console.log(
        `      257 blocks (${(257 * BSC_BLOCK_SECONDS).toFixed(0)} s at BSC's 0.75 s): a miss settled late paid the prize, ${fmt(bet.prize, 0)} DEGEN`,
      );
    });

    it("at 8,192 blocks with EIP-2935 (as on BSC), a bet whose draw would miss is settled as a hit", async function () {
      const f = await loadFixture(houseFixture);
      const chain = await postChain(f, f.house.address, "8192", 64);
      const missing = await placeMissingBet(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
      await mineBlocks(300);
      await emulateHistoryContract([missing.block]);
      // Within EIP-2935's 8,191 blocks the draw reads the true hash: a miss.
      expect(await f.casino.lockedEntropy(missing.betId)).to.equal(ZeroHash);
      await mineBlocks(8_192 - 301);
      const late = await resolve(f, () => f.casino.connect(f.settler).settle(missing.betId, missing.seed, missing.payout));
      expect(late.draw).to.deep.equal({ entropy: ZeroHash, prize: missing.prize, hit: true });
      expect(late.credit).to.equal(missing.payout + missing.prize);
      expect([late.poolPaid, late.fundedByHouse]).to.deep.equal([0n, [missing.prize]]);
      console.log(
        `      8,192 blocks (${((8_192 * BSC_BLOCK_SECONDS) / 60).toFixed(0)} min at BSC's 0.75 s): the late draw of a miss paid ${fmt(late.fundedByHouse[0], 0)} DEGEN from the bankroll`,
      );
    });

    it("with the settle window at its maximum (one day), the claim opens after the hash is gone: it draws a hit unless the house locked the hash in time", async function () {
      const f = await loadFixture(houseFixture);
      await f.casino.setSettleWindow(86_400);
      const chain = await postChain(f, f.house.address, "one day", 64);
      const missing = await placeMissingBet(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
      await emulateHistoryContract([missing.block]);
      // One day at BSC's 0.75 s blocks is 115,200 blocks, far past EIP-2935's 8,191.
      const dayInBlocks = 86_400 / BSC_BLOCK_SECONDS;
      expect(dayInBlocks).to.be.greaterThan(8_191);
      const snapshot = await ethers.provider.send("evm_snapshot", []);

      // Never settled, never locked: the player's claim after a day draws a hit.
      await mineBlocks(8_200);
      await time.increaseTo(missing.timestamp + 86_400);
      const claimed = await resolve(f, () => f.casino.connect(f.house).claimExpired(missing.betId));
      expect(claimed.draw).to.deep.equal({ entropy: ZeroHash, prize: missing.prize, hit: true });
      expect(claimed.credit).to.equal(MAX_PAYOUT + missing.prize);
      expect([claimed.poolPaid, claimed.bankrollPaid]).to.deep.equal([0n, MAX_PAYOUT - STAKE + missing.prize]);

      // The house's settler locks the hash at 128 blocks (server/README.md): the claim draws the true miss.
      await ethers.provider.send("evm_revert", [snapshot]);
      await mineBlocks(127);
      await f.casino.connect(f.settler).lockJackpotEntropy([missing.betId]);
      await mineBlocks(8_200);
      await time.increaseTo(missing.timestamp + 86_400);
      const lockedClaim = await resolve(f, () => f.casino.connect(f.house).claimExpired(missing.betId));
      expect(jackpotRoll(f.casinoAddress, missing.betId, missing.entropy)).to.be.at.least(missing.odds);
      expect(lockedClaim.draw, "a miss publishes no draw").to.equal(null);
      expect(lockedClaim.won).to.deep.equal([]);
      expect(lockedClaim.credit).to.equal(MAX_PAYOUT);
    });

    it("withholding never pays: for a hit and for a miss, a late resolution costs the house at least what settling in time costs", async function () {
      const f = await loadFixture(houseFixture);
      await removeHistoryContract();
      // As many links as placeBetWhoseRoll's tries: a hit at p = 10 % may take more than 63.
      const chain = await postChain(f, f.house.address, "compare", 200);
      for (const wanted of ["hit", "miss"] as const) {
        const bet = await placeBetWhoseRoll(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS }, (roll, odds) =>
          wanted === "hit" ? roll < odds : roll >= odds,
        );
        const snapshot = await ethers.provider.send("evm_snapshot", []);
        const inTime = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
        await ethers.provider.send("evm_revert", [snapshot]);
        await mineBlocks(300);
        const late = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
        expect(inTime.draw?.hit ?? false).to.equal(wanted === "hit");
        expect(late.draw).to.deep.equal({ entropy: ZeroHash, prize: bet.prize, hit: true });
        // In time a hit is the pool's; late, every draw is a hit the bankroll pays: the house pays the prize more.
        expect(late.bankrollPaid).to.equal(inTime.bankrollPaid + bet.prize);
        expect(late.poolPaid).to.equal(0n);
      }
    });

    it("the house's own account cannot farm the pool by leaving its own bets unsettled: every void hit is the bankroll's money, the pool pays nothing", async function () {
      const f = await loadFixture(houseFixture);
      await removeHistoryContract();
      const chain = await postChain(f, f.house.address, "farm", 64);
      const poolBefore = await f.casino.jackpotPool();
      let accountGain = 0n;
      let bankrollPaid = 0n;
      for (let i = 0; i < 3; i++) {
        // 1 DEGEN: odds of 1 in 6,000 for a 120 DEGEN prize; withheld past BLOCKHASH's window, a certain hit.
        const bet = await placeBetWhoseRoll(f, f.house, chain, { amount: parseEther("1"), game: GAME.CRASH, params: PARAMS }, () => true);
        expect(bet.odds).to.equal(ODDS_ONE / 6_000n);
        await mineBlocks(257);
        const late = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
        expect(late.draw).to.deep.equal({ entropy: ZeroHash, prize: bet.prize, hit: true });
        expect(late.fundedByHouse).to.deep.equal([bet.prize]);
        accountGain += late.credit - parseEther("1");
        bankrollPaid += late.bankrollPaid;
      }
      expect(await f.casino.jackpotPool()).to.equal(poolBefore);
      expect(accountGain).to.equal(bankrollPaid);
      console.log(
        `      3 withheld 1 DEGEN bets of the house's own account: won ${fmt(accountGain, 0)} DEGEN, all of it from the bankroll; the pool kept ${fmt(poolBefore, 0)}`,
      );
    });
  });

  describe("finding 2: a split after the roll is public does not buy the jackpot", function () {
    it("a hand whose public roll falls in [odds, 2·odds) and is split still misses; the split keeps odds and prize", async function () {
      const f = await loadFixture(houseFixture);
      const chain = await postChain(f, f.house.address, "split", 200);
      // p = 10 %: the player waits for a roll in [odds, 2·odds), where the old doubled odds hit, on a
      // hand dealt a pair (the rules let only a pair split).
      const hand = await placeBetWhoseRoll(
        f,
        f.house,
        chain,
        { amount: STAKE, game: GAME.BLACKJACK, params: 0n },
        (roll, odds) => roll >= odds && roll < 2n * odds,
        { wanted: (payout) => payout !== null, actions: SPLIT },
      );
      await f.casino.connect(f.house).addStake(hand.betId);
      const view = await f.casino.getBet(hand.betId);
      expect([view.split, view.jackpotOdds, view.jackpotPrize]).to.deep.equal([true, hand.odds, hand.prize]);
      // Settled with the player's signed P: the split is played (without it, it would be void).
      const paid = await splitPayout(f, hand.betId, hand.seed);
      const settled = await resolve(f, () => settleWithWalletLog(f.casino, f.settler, f.house, hand.betId, hand.seed, SPLIT));
      expect(jackpotRoll(f.casinoAddress, hand.betId, hand.entropy)).to.be.at.least(hand.odds);
      expect(settled.draw, "a miss publishes no draw").to.equal(null);
      expect(settled.won).to.deep.equal([]);
      expect(settled.credit).to.equal(paid);
    });
  });

  describe("finding 3: a hit never pays more than the share of the pool published at placement", function () {
    it("edge 2 %, share 0.01 %: a 247,524 DEGEN bet hits for certain and wins 120 DEGEN, not 4,950", async function () {
      const f = await loadFixture(houseFixture);
      const chain = await postChain(f, f.house.address, "cap", 4);
      const stake = await f.casino.maxBet(f.tokenAddress, GAME.CRASH, 101, f.house.address);
      expect(stake / 10n ** 18n).to.equal(247_524n);
      const bet = await placeBet(f, f.house, { amount: stake, game: GAME.CRASH, params: 101n });
      const published = jackpotPrizeOf(await f.casino.jackpotPool(), 1n);
      expect([bet.odds, bet.prize, published]).to.deep.equal([ODDS_ONE, parseEther("120"), parseEther("120")]);
      const payout = await rulesPayout(f.casino, bet.betId, chain.seed(1));
      const settled = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, chain.seed(1), payout));
      expect(settled.draw?.hit).to.equal(true);
      expect(settled.won).to.deep.equal([parseEther("120")]);
      console.log(
        `      certain hit of a ${fmt(stake, 0)} DEGEN bet wins ${fmt(settled.poolPaid, 0)} DEGEN from the jackpot (the old code: ${fmt((stake * 200n) / 10_000n, 2)})`,
      );
    });

    it("for every allowed setting of the terms, the prize is at most the share of the pool and the expected win at most the edge of the stake", async function () {
      const harness = await (await ethers.getContractFactory("FairRandomHarness")).deploy();
      const edges = [0n, 1n, 50n, 199n, 200n];
      const shares = [1n, 2n, 500n, 4_999n, 5_000n];
      const pools = [0n, 1n, parseEther("100"), parseEther("1200000"), 10n ** 30n];
      const stakes = [parseEther("1"), parseEther("600"), parseEther("247524"), parseEther("16777215")];
      for (const edge of edges)
        for (const share of shares)
          for (const pool of pools)
            for (const stake of stakes) {
              const prize = await harness.betJackpotPrize(stake, edge, pool, share);
              const odds = jackpotOdds(stake, edge, prize);
              expect(prize <= (pool * share) / 10_000n, `prize of ${[edge, share, pool, stake]}`).to.equal(true);
              expect((odds * prize) / ODDS_ONE <= (stake * edge) / 10_000n).to.equal(true);
            }
    });
  });
});
