// Trust, round 2 (docs/findings.md), findings R2-1 to R2-3: the jackpot.
//  1. Settling late could void a jackpot hit: the settler sees the bet's block hash first, and a
//     draw whose hash had left the EVM's window (256 blocks, 8,191 with EIP-2935) and was never
//     locked drew nothing. Round 2 made such a draw a hit paid by the bankroll, which round 3
//     found farmable while the house is down (R3-6, test/findings/round3/void-jackpot.test.ts).
//     Now a void draw wins the player nothing and the house's free bankroll pays its fair value,
//     prize × odds, into the pool: withholding a settlement costs the house the draw's expected
//     value, and the house's own accounts gain nothing by leaving their own bets unsettled.
//  2. A blackjack split after the bet's block doubled the odds of a roll already public: a player
//     split only when the roll fell in [odds, 2·odds). Now the split changes nothing in the draw.
//  3. The odds cap inflated the prize: with stake × edge above the prize, the odds were capped at 1
//     and the prize recomputed as stake × edge (4,950 DEGEN where the published share was 120).
//     Now the prize is fixed at placement and a hit never pays more than it.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash } from "ethers";
import {
  deployCasino,
  GAME,
  jackpotOdds,
  jackpotPrizeOf,
  jackpotRoll,
  maxPayout,
  NATIVE,
  ODDS_ONE,
  rulesPayout,
  SPLIT,
  type CasinoFixture,
} from "../../helpers";
import { settleWithWalletLog } from "../../support";
import { emulateHistoryContract, eventsOf, fmt, mineBlocks, placeBet, placeBetWhoseRoll, placeMissingBet, postChain, removeHistoryContract } from "../support";
import { ACCEPTANCE_WINDOW } from "../../sessions/support";

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
    /** What the bankroll paid out: the payout less the stake, and a void draw's fair value. */
    bankrollPaid: bankroll - (await f.casino.house(f.tokenAddress))[0],
    /** JackpotFunded by the Casino itself: a void draw's fair value moved from the bankroll to the pool. */
    fundedByHouse: eventsOf(receipt, f.casino, "JackpotFunded")
      .filter((e) => e.args.funder === f.casinoAddress)
      .map((e) => e.args.amount as bigint),
    // Only a hit is published; null: no JackpotDrawn, a miss (recomputed from the bet's block hash).
    draw: drawn === undefined ? null : { entropy: drawn.args.entropy as string, prize: drawn.args.prize as bigint, hit: drawn.args.hit as boolean },
    won,
  };
}

/** A draw's fair value, prize × odds (odds as P × 2^47): what the bankroll pays into the pool for a void draw. */
function fairValue(bet: { prize: bigint; odds: bigint }): bigint {
  return (bet.prize * bet.odds) / ODDS_ONE;
}

/** What the rules pay a split hand whose player signed its P (GameRules.splitStakedPayout). */
async function splitPayout(f: HouseFixture, betId: bigint, seed: string): Promise<bigint> {
  const bet = await f.casino.getBet(betId);
  const rules = await ethers.getContractAt("GameRules", await f.casino.rules());
  return rules.splitStakedPayout(bet.token === NATIVE, bet.stake, await f.casino.computeRandom(seed, bet.clientSeed, bet.player, bet.nonce), SPLIT);
}

describe("Findings R2-1 to R2-3: the jackpot", function () {
  describe("finding R2-1: a late or missing settlement never pays the house", function () {
    const VOID = { entropy: ZeroHash, prize: 0n, hit: false };

    it("at 257 blocks on a chain without EIP-2935, a draw settled late is void: no win, and the house's bankroll pays its fair value into the pool", async function () {
      const f = await loadFixture(houseFixture);
      await removeHistoryContract();
      const chain = await postChain(f, f.house.address, "257", 64);
      const bet = await placeMissingBet(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
      expect(bet.prize).to.be.greaterThan(0n); // 0.01 % of the pool at placement: 120 DEGEN less any earlier hit of this fixture
      // The settler settles 257 blocks later without locking the hash.
      await mineBlocks(256);
      const late = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
      expect(late.draw).to.deep.equal(VOID);
      expect(late.won).to.deep.equal([]);
      expect(late.credit).to.equal(bet.payout);
      const fair = fairValue(bet);
      // p = 10 % of 120 DEGEN: 12 DEGEN, less the rounding of the odds down to a 2^-47.
      expect(fair <= parseEther("12") && fair > parseEther("11.999")).to.equal(true);
      expect(late.fundedByHouse).to.deep.equal([fair]);
      expect(late.poolPaid).to.equal(-fair);
      expect(late.bankrollPaid).to.equal(bet.payout - STAKE + fair);
      console.log(
        `      257 blocks (${(257 * BSC_BLOCK_SECONDS).toFixed(0)} s at BSC's 0.75 s): the late draw won nothing; the bankroll put its fair value, ${fmt(fair, 2)} DEGEN, in the pool`,
      );
    });

    it("at 8,192 blocks with EIP-2935 (as on BSC), a draw settled late is void the same way", async function () {
      const f = await loadFixture(houseFixture);
      const chain = await postChain(f, f.house.address, "8192", 64);
      const missing = await placeMissingBet(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
      await mineBlocks(300);
      await emulateHistoryContract([missing.block]);
      // Within EIP-2935's 8,191 blocks the draw reads the true hash: a miss.
      expect(await f.casino.lockedEntropy(missing.betId)).to.equal(ZeroHash);
      await mineBlocks(8_192 - 301);
      const late = await resolve(f, () => f.casino.connect(f.settler).settle(missing.betId, missing.seed, missing.payout));
      expect(late.draw).to.deep.equal(VOID);
      expect(late.credit).to.equal(missing.payout);
      expect([late.poolPaid, late.fundedByHouse]).to.deep.equal([-fairValue(missing), [fairValue(missing)]]);
    });

    it("with the settle window at its maximum (one day), the claim opens after the hash is gone: void unless someone locked the hash in time", async function () {
      const f = await loadFixture(houseFixture);
      await time.increase(ACCEPTANCE_WINDOW); // one change of terms per window: the fixture's was the last
      await f.casino.setSettleWindow(86_400);
      const chain = await postChain(f, f.house.address, "one day", 64);
      const missing = await placeMissingBet(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
      await emulateHistoryContract([missing.block]);
      // One day at BSC's 0.75 s blocks is 115,200 blocks, far past EIP-2935's 8,191.
      const dayInBlocks = 86_400 / BSC_BLOCK_SECONDS;
      expect(dayInBlocks).to.be.greaterThan(8_191);
      const snapshot = await ethers.provider.send("evm_snapshot", []);

      // Never settled, never locked: the claim after a day is void.
      await mineBlocks(8_200);
      await time.increaseTo(missing.timestamp + 86_400);
      const claimed = await resolve(f, () => f.casino.connect(f.house).claimExpired(missing.betId));
      expect(claimed.draw).to.deep.equal(VOID);
      expect(claimed.credit).to.equal(MAX_PAYOUT);
      expect([claimed.poolPaid, claimed.bankrollPaid]).to.deep.equal([-fairValue(missing), MAX_PAYOUT - STAKE + fairValue(missing)]);

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

    it("withholding never pays: for a hit and for a miss, a late resolution costs the house its fair value more than settling in time", async function () {
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
        expect(late.draw).to.deep.equal(VOID);
        // In time a hit is the pool's; late, the bankroll pays the draw's fair value into the pool.
        expect(late.bankrollPaid).to.equal(inTime.bankrollPaid + fairValue(bet));
        expect(late.poolPaid).to.equal(-fairValue(bet));
      }
    });

    it("the house's own account gains nothing by leaving its own bets unsettled: no void draw wins, the pool gains each one's fair value from the bankroll", async function () {
      const f = await loadFixture(houseFixture);
      await removeHistoryContract();
      const chain = await postChain(f, f.house.address, "farm", 64);
      const poolBefore = await f.casino.jackpotPool();
      let funded = 0n;
      for (let i = 0; i < 3; i++) {
        // 1 DEGEN: odds of about 1 in 6,000 for a prize of about 120 DEGEN (the pool grows by each
        // void draw), withheld past BLOCKHASH's window.
        const bet = await placeBetWhoseRoll(f, f.house, chain, { amount: parseEther("1"), game: GAME.CRASH, params: PARAMS }, () => true);
        expect(bet.odds).to.equal(jackpotOdds(parseEther("1"), 200n, bet.prize));
        await mineBlocks(257);
        const late = await resolve(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
        expect(late.draw).to.deep.equal(VOID);
        expect(late.won).to.deep.equal([]);
        expect(late.credit).to.equal(bet.payout);
        expect(late.fundedByHouse).to.deep.equal([fairValue(bet)]);
        funded += fairValue(bet);
      }
      expect(await f.casino.jackpotPool()).to.equal(poolBefore + funded);
      console.log(
        `      3 withheld 1 DEGEN bets of the house's own account: won nothing from the jackpot; the bankroll put ${fmt(funded, 4)} DEGEN in the pool`,
      );
    });
  });

  describe("finding R2-2: a split after the roll is public does not buy the jackpot", function () {
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

  describe("finding R2-3: a hit never pays more than the share of the pool published at placement", function () {
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
