// Findings R1-1, R1-2 and R1-3 (round 1, docs/findings.md): the jackpot.
//  1. The house could win its own jackpot: knowing the seed, it ground client seeds until
//     keccak256(abi.encode(DOMAIN, random)) % 10000 < chance. Now the roll is drawn from the hash of
//     the bet's block, which nobody knows when the bet is sent, and the seed is not an input.
//  2. Minimum bets farmed the jackpot (a 1 DEGEN bet had the chance and prize of any bet). Now a
//     bet's odds are stake-proportional: its expected jackpot win is at most edgeBps of its stake.
//  3. Withholding a jackpot-hitting settlement was cheaper for the house (claimExpired drew no
//     jackpot). Now a claim draws exactly as the settlement would have.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { AbiCoder, getBytes, hexlify, keccak256, parseEther, ZeroHash } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import {
  betIdOf,
  deployCasino,
  GAME,
  HashChain,
  JACKPOT_DOMAIN,
  JACKPOT_SEED,
  jackpotOdds,
  jackpotRoll,
  maxPayout,
  ODDS_ONE,
  randomWord,
  rulesPayout,
  rulesPayouts,
  hangDetector,
} from "../helpers";
import type { CasinoFixture } from "../helpers";
import {
  blockHashOf,
  emulateHistoryContract,
  eventsOf,
  fmt,
  mineBlocks,
  mineTogether,
  placeBet,
  placeHittingBet as placeHitting,
  postChain,
  removeHistoryContract,
  revertDataOf,
} from "./support";
import { expectJackpotDraw } from "../support";

const abi = AbiCoder.defaultAbiCoder();

/** The pre-fix roll (commit 2c923c2, FairRandom.jackpotRoll): uint256(keccak256(abi.encode(DOMAIN, random))) % 10000. */
function oldJackpotRoll(random: string): bigint {
  return BigInt(keccak256(abi.encode(["bytes32", "bytes32"], [JACKPOT_DOMAIN, random]))) % 10_000n;
}
/** The pre-fix default chance: 100 bps. */
const OLD_CHANCE_BPS = 100n;

/**
 * What the house can do offline when it knows the seed that will settle a bet: try client seeds
 * until the old roll hits. Returns the first client seed that does (about 100 tries on average).
 */
function grindOldJackpot(seed: string, player: string, nonce: bigint, chainId: bigint, casino: string): { clientSeed: string; tries: number } {
  const word = getBytes(abi.encode(["bytes32", "bytes32", "address", "uint256", "uint256", "address"], [seed, ZeroHash, player, nonce, chainId, casino]));
  const roll = new Uint8Array(64);
  roll.set(getBytes(JACKPOT_DOMAIN), 0);
  for (let tries = 1; ; tries++) {
    // client seed = "grind" ‖ nonce ‖ attempt, in the word's second 32 bytes
    const view = new DataView(word.buffer, word.byteOffset + 32, 32);
    view.setUint32(0, 0x6772696e); // "grin"
    view.setUint32(20, Number(nonce));
    view.setUint32(28, tries);
    roll.set(getBytes(keccak256(word)), 32);
    if (BigInt(keccak256(roll)) % 10_000n < OLD_CHANCE_BPS) return { clientSeed: hexlify(word.slice(32, 64)), tries };
  }
}

/** The house's own account, funded with DEGEN in its vault; jackpot terms set so that p is large. */
async function houseAccountFixture() {
  const f = await deployCasino();
  const house = (await ethers.getSigners())[12];
  // edge 2 % (the maximum), prize 0.01 % of the pool: 120 DEGEN of 1.2M, so a 600 DEGEN bet has p = 10 %.
  await f.casino.setJackpotTerms(200, 1);
  await f.token.transfer(house.address, parseEther("800000"));
  await f.token.connect(house).approve(f.casinoAddress, ethers.MaxUint256);
  await f.casino.connect(house).deposit(f.tokenAddress, parseEther("800000"));
  return { ...f, house };
}

interface Draw {
  betId: bigint;
  entropy: string;
  prize: bigint;
  hit: boolean;
}

function drawsOf(f: CasinoFixture, receipt: import("ethers").TransactionReceipt): Draw[] {
  return eventsOf(receipt, f.casino, "JackpotDrawn").map((e) => ({
    betId: e.args.betId as bigint,
    entropy: e.args.entropy as string,
    prize: e.args.prize as bigint,
    hit: e.args.hit as boolean,
  }));
}

describe("Findings R1-1 to R1-3: the jackpot", function () {
  describe("finding R1-1: the house cannot win its own jackpot at will", function () {
    it("a settler-controlled account grinding client seeds with every seed known hits at the published chance over 600 bets (|hits − Σp| ≤ 3σ)", async function () {
      // The block hashes differ from run to run, so a fair draw leaves the 3σ band in 0.27 % of runs:
      // only then are 600 more bets drawn, and the 1,200 together must be inside it (false alarm ~1e-5).
      hangDetector(this, 300_000);
      const f = await loadFixture(houseAccountFixture);
      const { casino, settler, house, tokenAddress, casinoAddress, chainId } = f;
      const BETS = 600;
      const MAX_BETS = 2 * BETS;
      const CHUNK = 100; // settled within 256 blocks of placement, where BLOCKHASH answers everywhere
      const STAKE = parseEther("600");
      // The house holds the hash chain: it knows the seed of every bet before placing it.
      const chain = await postChain(f, house.address, "the house's own account", MAX_BETS);
      const terms = await casino.terms();
      const vaultBefore = await casino.getBalance(house.address, tokenAddress);
      const poolBefore = await casino.jackpotPool();

      let oldHits = 0;
      let tries = 0;
      let hits = 0;
      let sumP = 0;
      let sumVar = 0;
      let prizesWon = 0n;
      let paid = 0n;
      let placedBets = 0;
      const outsideBand = () => Math.abs(hits - sumP) > 3 * Math.sqrt(sumVar);
      for (let first = 0; first < BETS || (first < MAX_BETS && outsideBand()); first += CHUNK) {
        placedBets = first + CHUNK;
        const placed: { betId: bigint; seed: string; word: string; odds: bigint; prize: bigint; block: number }[] = [];
        for (let nonce = BigInt(first); nonce < BigInt(first + CHUNK); nonce++) {
          const seed = chain.seed(Number(nonce) + 1);
          const ground = grindOldJackpot(seed, house.address, nonce, chainId, casinoAddress);
          tries += ground.tries;
          // The ground client seed wins under the old formula, every time.
          const random = randomWord(seed, ground.clientSeed, house.address, nonce, chainId, casinoAddress);
          if (oldJackpotRoll(random) < OLD_CHANCE_BPS) oldHits++;
          const receipt = (await (await casino.connect(house).playGame(tokenAddress, STAKE, GAME.CRASH, 101, ground.clientSeed, chain.commit, terms)).wait())!;
          const [event] = eventsOf(receipt, casino, "BetPlaced");
          placed.push({
            betId: betIdOf(house.address, nonce),
            seed,
            word: random,
            odds: event.args.jackpotOdds as bigint,
            prize: event.args.jackpotPrize as bigint,
            block: receipt.blockNumber,
          });
        }
        // The crash rounds pay what the rules give for their words, nothing the settler chooses.
        const payouts = (await rulesPayouts(
          casino,
          placed.map((b) => ({ gameType: GAME.CRASH, params: 101n, isNative: false, stake: STAKE, word: b.word })),
        )) as bigint[];
        paid += payouts.reduce((sum, payout) => sum + payout, 0n);
        const receipt = (await (
          await casino.connect(settler).settleBatch(
            placed.map((b) => b.betId),
            placed.map((b) => b.seed),
            payouts,
          )
        ).wait())!;
        // Only hits are published (JackpotDrawn); a miss is recomputed from the bet's block hash.
        const draws = drawsOf(f, receipt);
        const expectedHits: Draw[] = [];
        for (const bet of placed) {
          const entropy = await blockHashOf(bet.block);
          // The draw uses the bet's block hash and nothing the house chose: not the seed, not the client seed.
          const hit = jackpotRoll(casinoAddress, bet.betId, entropy) < bet.odds;
          const p = Number(bet.odds) / Number(ODDS_ONE);
          sumP += p;
          sumVar += p * (1 - p);
          if (hit) {
            hits++;
            prizesWon += bet.prize;
            expectedHits.push({ betId: bet.betId, entropy, prize: bet.prize, hit: true });
          }
        }
        expect(draws).to.deep.equal(expectedHits);
        expect(eventsOf(receipt, casino, "JackpotWon").map((e) => e.args.amount as bigint)).to.deep.equal(draws.filter((d) => d.hit).map((d) => d.prize));
      }
      const sigma = Math.sqrt(sumVar);
      console.log(
        `      grinding: ${oldHits}/${placedBets} old-formula hits (${(tries / placedBets).toFixed(1)} client seeds tried per bet); ` +
          `on chain ${hits} hits vs Σp = ${sumP.toFixed(2)} ± σ ${sigma.toFixed(2)} (3σ band ${(sumP - 3 * sigma).toFixed(1)}..${(sumP + 3 * sigma).toFixed(1)}), ` +
          `${fmt(prizesWon, 2)} DEGEN won of a ${fmt(poolBefore, 0)} pool`,
      );
      expect(oldHits).to.equal(placedBets); // what the old code paid: a hit on every bet
      expect(Math.abs(hits - sumP)).to.be.at.most(3 * sigma);
      // Every wei accounted for: stakes, the rules' payouts, prizes won from the pool.
      expect(await casino.getBalance(house.address, tokenAddress)).to.equal(vaultBefore - BigInt(placedBets) * STAKE + paid + prizesWon);
      expect(await casino.jackpotPool()).to.equal(poolBefore - prizesWon);
    });

    it("the roll takes no seed and no client seed: only (casino, bet id, block hash), and the settler's timing and payout do not move it", async function () {
      const f = await loadFixture(houseAccountFixture);
      const { casino, settler, house, casinoAddress } = f;
      const harness = await (await ethers.getContractFactory("FairRandomHarness")).deploy();
      // The roll's only inputs are these three: there is no place for a seed.
      expect(harness.interface.getFunction("jackpotRoll")!.format("sighash")).to.equal("jackpotRoll(address,uint256,bytes32)");
      const chain = await postChain(f, house.address, "timing", 4);
      const bet = await placeBet(f, house, { amount: parseEther("600"), game: GAME.CRASH, params: 101n, clientSeed: ethers.id("any client seed") });
      const entropy = await blockHashOf(bet.block);
      const roll = jackpotRoll(casinoAddress, bet.betId, entropy);
      expect(await harness.jackpotRoll(casinoAddress, bet.betId, entropy)).to.equal(roll);
      const hit = roll < bet.odds;

      // Settled at once or 200 blocks later: the same draw. The settler has no payout to choose
      // either: the rules fix it, and any other is refused.
      const payout = await rulesPayout(casino, bet.betId, chain.seed(1));
      const other = payout === 0n ? maxPayout(GAME.CRASH, 101n, false, bet.amount) : 0n;
      await expect(casino.connect(settler).settle(bet.betId, chain.seed(1), other))
        .to.be.revertedWithCustomError(casino, "PayoutMismatch")
        .withArgs(bet.betId, other, payout);
      const snapshot = await network.provider.send("evm_snapshot", []);
      await expectJackpotDraw(casino.connect(settler).settle(bet.betId, chain.seed(1), payout), casino, bet.betId, { entropy, prize: bet.prize, hit });
      await network.provider.send("evm_revert", [snapshot]);
      await mineBlocks(200);
      await expectJackpotDraw(casino.connect(settler).settle(bet.betId, chain.seed(1), payout), casino, bet.betId, { entropy, prize: bet.prize, hit });
    });
  });

  describe("finding R1-2: minimum bets no longer farm the jackpot", function () {
    it("300 bets of 1 DEGEN at a 1.2M pool expect at most 0.5 % of their 300 DEGEN from the jackpot (Σ odds × prize / 2^47 ≤ 1.5 DEGEN)", async function () {
      hangDetector(this, 120_000);
      const f = await loadFixture(deployCasino);
      const { casino, settler, players, tokenAddress, chainId, casinoAddress } = f;
      const [farmer] = players;
      expect(await casino.jackpotTerms()).to.deep.equal([50n, 500n]); // the defaults: edge 0.5 %, prize 5 % of the pool
      expect(await casino.jackpotPool()).to.equal(JACKPOT_SEED);
      const BETS = 300;
      const STAKE = parseEther("1");
      const chain = await postChain(f, farmer.address, "farmer", BETS);
      const terms = await casino.terms();
      let expectedWin = 0n; // Σ odds_i × prize_i, in wei × 2^47
      let hits = 0;
      let prize0 = 0n;
      for (let first = 0; first < BETS; first += 100) {
        const bets: { betId: bigint; odds: bigint; prize: bigint }[] = [];
        for (let nonce = first; nonce < first + 100; nonce++) {
          const receipt = (await (
            await casino.connect(farmer).playGame(tokenAddress, STAKE, GAME.WHEEL, 1, ethers.id(`farm ${nonce}`), chain.commit, terms)
          ).wait())!;
          const [placed] = eventsOf(receipt, casino, "BetPlaced");
          bets.push({ betId: placed.args.betId as bigint, odds: placed.args.jackpotOdds as bigint, prize: placed.args.jackpotPrize as bigint });
        }
        const seeds = bets.map((_, i) => chain.seed(first + i + 1));
        const words = seeds.map((seed, i) => randomWord(seed, ethers.id(`farm ${first + i}`), farmer.address, BigInt(first + i), chainId, casinoAddress));
        const payouts = (await rulesPayouts(
          casino,
          words.map((word) => ({ gameType: GAME.WHEEL, params: 1n, isNative: false, stake: STAKE, word })),
        )) as bigint[];
        const receipt = (await (
          await casino.connect(settler).settleBatch(
            bets.map((b) => b.betId),
            seeds,
            payouts,
          )
        ).wait())!;
        for (const [i, draw] of drawsOf(f, receipt).entries()) {
          expect(draw.betId).to.equal(bets[i].betId);
          const pool = await casino.jackpotPool();
          // Odds for the prize a hit would win at placement: 5 % of the pool = 60,000 DEGEN.
          expect(bets[i].odds).to.equal(jackpotOdds(STAKE, 50n, (JACKPOT_SEED * 500n) / 10_000n));
          expect(bets[i].prize).to.equal((JACKPOT_SEED * 500n) / 10_000n);
          expect(draw.prize).to.equal(bets[i].prize);
          expectedWin += bets[i].odds * draw.prize;
          if (draw.hit) hits++;
          prize0 ||= draw.prize;
          expect(pool).to.be.greaterThan(0n);
        }
      }
      const budget = (BigInt(BETS) * STAKE * 50n) / 10_000n; // 0.5 % of 300 DEGEN = 1.5 DEGEN
      const oldExpectation = (BigInt(BETS) * 100n * ((JACKPOT_SEED * 500n) / 10_000n)) / 10_000n; // 300 × 1 % × 60,000
      console.log(
        `      farm: 300 × 1 DEGEN, p = ${(Number(jackpotOdds(STAKE, 50n, parseEther("60000"))) / Number(ODDS_ONE)).toExponential(4)} each, prize ${fmt(prize0, 4)}; ` +
          `expected jackpot winnings ${fmt(expectedWin / ODDS_ONE, 6)} DEGEN ≤ ${fmt(budget, 1)} (old code: ${fmt(oldExpectation, 0)}); hits ${hits}`,
      );
      expect(expectedWin).to.be.at.most(budget * ODDS_ONE);
      expect(oldExpectation).to.equal(parseEther("180000"));
    });

    it("the odds grow with the stake and the prize does not: a 1,000 DEGEN bet has 1,000 times the odds of a 1 DEGEN bet, for the same prize", async function () {
      const f = await loadFixture(deployCasino);
      const [alice, bob] = f.players;
      await postChain(f, alice.address, "small", 1);
      await postChain(f, bob.address, "large", 1);
      const small = await placeBet(f, alice, { amount: parseEther("1") });
      const large = await placeBet(f, bob, { amount: parseEther("1000") });
      const prize = (JACKPOT_SEED * 500n) / 10_000n;
      expect(small.odds).to.equal((parseEther("1") * 50n * ODDS_ONE) / (prize * 10_000n));
      expect(large.odds).to.equal((parseEther("1000") * 50n * ODDS_ONE) / (prize * 10_000n));
      expect(large.odds / small.odds).to.equal(1_000n);
      // each bet's expected jackpot win ≤ 0.5 % of its stake
      for (const bet of [small, large]) {
        expect(bet.prize).to.equal(prize);
        expect(bet.odds * bet.prize).to.be.at.most(((bet.amount * 50n) / 10_000n) * ODDS_ONE);
        expect((await f.casino.getBet(bet.betId)).jackpotOdds).to.equal(bet.odds);
      }
    });
  });

  describe("finding R1-3: withholding a jackpot-hitting settlement never costs the house less", function () {
    const STAKE = parseEther("600");
    const PARAMS = 200n; // crash, auto cash-out at 2x: best payout 1,200
    const MAX_PAYOUT = maxPayout(GAME.CRASH, PARAMS, false, STAKE);
    /**
     * Links of the house account's chain: one a bet, as many as placeBetWhoseRoll's tries. With 64,
     * 63 misses in a row (0.9^63 = 0.13 % a test, four tests) ended a CI run with ChainExhausted
     * instead of a hit; 199 misses are 8 in 10^10.
     */
    const LINKS = 200;

    /** A 600 DEGEN crash 2x bet of the house's account (p = 10 %) whose settlement would hit. */
    async function placeHittingBet(f: CasinoFixture & { house: HardhatEthersSigner }, chain: HashChain) {
      return placeHitting(f, f.house, chain, { amount: STAKE, game: GAME.CRASH, params: PARAMS });
    }

    async function credited(f: CasinoFixture & { house: HardhatEthersSigner }, send: () => Promise<import("ethers").ContractTransactionResponse>) {
      const before = await f.casino.getBalance(f.house.address, f.tokenAddress);
      const receipt = (await (await send()).wait())!;
      return { credit: (await f.casino.getBalance(f.house.address, f.tokenAddress)) - before, draws: drawsOf(f, receipt), receipt };
    }

    it("a claim after the window credits the payout bound plus the same jackpot the settlement would have (to the wei)", async function () {
      const f = await loadFixture(houseAccountFixture);
      const chain = await postChain(f, f.house.address, "withhold", LINKS);
      const bet = await placeHittingBet(f, chain);
      const entropy = await blockHashOf(bet.block);
      const expectedDraw: Draw = { betId: bet.betId, entropy, prize: bet.prize, hit: true };

      // Settled at the rules' payout (a loss or the 2x), or withheld: the player claims once the
      // bet's own window (1 h) is over.
      const snapshot = await network.provider.send("evm_snapshot", []);
      const settled = await credited(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
      await network.provider.send("evm_revert", [snapshot]);
      await time.increaseTo(bet.timestamp + 3600);
      const claimed = await credited(f, () => f.casino.connect(f.house).claimExpired(bet.betId));

      for (const path of [settled, claimed]) expect(path.draws).to.deep.equal([expectedDraw]);
      expect(eventsOf(claimed.receipt, f.casino, "JackpotWon").map((e) => [e.args.player, e.args.amount])).to.deep.equal([[f.house.address, bet.prize]]);
      expect(eventsOf(claimed.receipt, f.casino, "ExpiredBetClaimed").map((e) => e.args.payout)).to.deep.equal([MAX_PAYOUT]);
      expect(settled.credit).to.equal(bet.payout + bet.prize);
      expect(claimed.credit).to.equal(MAX_PAYOUT + bet.prize);
      expect(claimed.credit).to.be.at.least(settled.credit);
      console.log(`      withholding: settle credits ${fmt(settled.credit)}, claim credits ${fmt(claimed.credit)} (jackpot ${fmt(bet.prize)} in each)`);
    });

    it("past 256 and past 8191 blocks (EIP-2935 as on BSC): a bet locked in time draws the same jackpot on claim or settlement; unlocked, the draw is void", async function () {
      const f = await loadFixture(houseAccountFixture);
      const chain = await postChain(f, f.house.address, "late", LINKS);
      const bet = await placeHittingBet(f, chain);
      const entropy = await blockHashOf(bet.block);
      await time.increaseTo(bet.timestamp + 3600);
      // 300 blocks on: BLOCKHASH no longer answers, EIP-2935's history contract does.
      await mineBlocks(300);
      await emulateHistoryContract([bet.block]);

      const noLock = await network.provider.send("evm_snapshot", []);
      await expect(f.casino.connect(f.stranger).lockJackpotEntropy([bet.betId]))
        .to.emit(f.casino, "JackpotEntropyLocked")
        .withArgs(bet.betId, entropy);
      expect(await f.casino.lockedEntropy(bet.betId)).to.equal(entropy);
      // A second lock changes nothing.
      await expect(f.casino.lockJackpotEntropy([bet.betId])).not.to.emit(f.casino, "JackpotEntropyLocked");
      await mineBlocks(9_000); // beyond EIP-2935's 8191 blocks too
      const locked = await network.provider.send("evm_snapshot", []);
      const claimed = await credited(f, () => f.casino.connect(f.house).claimExpired(bet.betId));
      expect(claimed.draws).to.deep.equal([{ betId: bet.betId, entropy, prize: bet.prize, hit: true }]);
      expect(claimed.credit).to.equal(MAX_PAYOUT + bet.prize);
      expect(await f.casino.lockedEntropy(bet.betId)).to.equal(ZeroHash);
      await network.provider.send("evm_revert", [locked]);
      const settled = await credited(f, () => f.casino.connect(f.settler).settle(bet.betId, bet.seed, bet.payout));
      expect(settled.draws).to.deep.equal([{ betId: bet.betId, entropy, prize: bet.prize, hit: true }]);
      expect(settled.credit).to.equal(bet.payout + bet.prize);

      // Nobody locked it: 9,300 blocks later its hash is gone and the draw is void (entropy 0): it
      // wins nothing, and the house's free bankroll puts its fair value in the pool (R3-6).
      await network.provider.send("evm_revert", [noLock]);
      await mineBlocks(9_000);
      await expect(f.casino.lockJackpotEntropy([bet.betId])).not.to.emit(f.casino, "JackpotEntropyLocked");
      const pool = await f.casino.jackpotPool();
      const voided = await credited(f, () => f.casino.connect(f.house).claimExpired(bet.betId));
      expect(voided.draws).to.deep.equal([{ betId: bet.betId, entropy: ZeroHash, prize: 0n, hit: false }]);
      expect(eventsOf(voided.receipt, f.casino, "JackpotWon")).to.deep.equal([]);
      expect(voided.credit).to.equal(MAX_PAYOUT);
      const fair = (bet.prize * bet.odds) / ODDS_ONE;
      expect(eventsOf(voided.receipt, f.casino, "JackpotFunded").map((e) => e.args.toArray())).to.deep.equal([[f.casinoAddress, fair]]);
      expect(await f.casino.jackpotPool()).to.equal(pool + fair);
    });

    it("on a chain without EIP-2935 (BLOCKHASH's 256 blocks only): locked within 256 blocks, the claim 300 blocks later draws the same; unlocked, void", async function () {
      const f = await loadFixture(houseAccountFixture);
      await removeHistoryContract();
      const chain = await postChain(f, f.house.address, "no history", LINKS);
      const bet = await placeHittingBet(f, chain);
      const entropy = await blockHashOf(bet.block);
      const noLock = await network.provider.send("evm_snapshot", []);
      await mineBlocks(250);
      await expect(f.casino.lockJackpotEntropy([bet.betId]))
        .to.emit(f.casino, "JackpotEntropyLocked")
        .withArgs(bet.betId, entropy);
      await mineBlocks(50);
      await time.increaseTo(bet.timestamp + 3600);
      const claimed = await credited(f, () => f.casino.connect(f.house).claimExpired(bet.betId));
      expect(claimed.draws).to.deep.equal([{ betId: bet.betId, entropy, prize: bet.prize, hit: true }]);
      expect(claimed.credit).to.equal(MAX_PAYOUT + bet.prize);

      await network.provider.send("evm_revert", [noLock]);
      await mineBlocks(300);
      await expect(f.casino.lockJackpotEntropy([bet.betId])).not.to.emit(f.casino, "JackpotEntropyLocked");
      await time.increaseTo(bet.timestamp + 3600);
      const voided = await credited(f, () => f.casino.connect(f.house).claimExpired(bet.betId));
      expect(voided.draws).to.deep.equal([{ betId: bet.betId, entropy: ZeroHash, prize: 0n, hit: false }]);
      expect(voided.credit).to.equal(MAX_PAYOUT);
    });

    it("on Hardhat's own chain (no EIP-2935, a stub at its address that reverts with data) a bet locked in time draws its locked hash 300 blocks later", async function () {
      // Hardhat 2.29 puts a contract at EIP-2935's address that reverts with Error("EIP2935 is not
      // supported in Hardhat yet: ..."). OZ Blockhash read that revert data's first word as the
      // hash (a constant 0x08c379a0…00 for every old block); FairRandom.blockHash takes only a
      // 32-byte answer of a call that succeeded, so the locked hash is used.
      const f = await loadFixture(houseAccountFixture);
      const chain = await postChain(f, f.house.address, "hardhat stub", LINKS);
      const bet = await placeHittingBet(f, chain);
      const entropy = await blockHashOf(bet.block);
      await expect(f.casino.lockJackpotEntropy([bet.betId]))
        .to.emit(f.casino, "JackpotEntropyLocked")
        .withArgs(bet.betId, entropy);
      await mineBlocks(300);
      await time.increaseTo(bet.timestamp + 3600);
      const claimed = await credited(f, () => f.casino.connect(f.house).claimExpired(bet.betId));
      expect(claimed.draws[0].entropy, "entropy of the draw").to.equal(entropy);
      expect(claimed.draws).to.deep.equal([{ betId: bet.betId, entropy, prize: bet.prize, hit: true }]);
    });

    it("a settlement in the bet's own block reverts EntropyNotReady; the next block settles it", async function () {
      const f = await loadFixture(houseAccountFixture);
      const { casino, settler, house, tokenAddress } = f;
      const chain = await postChain(f, house.address, "same block", 4);
      const betId = betIdOf(house.address, 0n);
      const terms = await casino.terms();
      const [placed, settled] = await mineTogether([
        () => casino.connect(house).playGame(tokenAddress, STAKE, GAME.CRASH, PARAMS, ethers.id("same block"), chain.commit, terms, { gasLimit: 500_000 }),
        () => casino.connect(settler).settle(betId, chain.seed(1), 0, { gasLimit: 500_000 }),
      ]);
      expect([placed.status, settled.status]).to.deep.equal([1, 0]);
      expect(settled.blockNumber).to.equal(placed.blockNumber);
      const error = casino.interface.parseError(await revertDataOf(settled.hash))!;
      expect([error.name, ...error.args]).to.deep.equal(["EntropyNotReady", betId]);
      expect((await casino.getBet(betId)).open).to.equal(true);
      const [placedEvent] = eventsOf(placed, casino, "BetPlaced");
      const entropy = await blockHashOf(placed.blockNumber);
      const draw = {
        entropy,
        prize: placedEvent.args.jackpotPrize as bigint,
        hit: jackpotRoll(f.casinoAddress, betId, entropy) < (placedEvent.args.jackpotOdds as bigint),
      };
      const settledNext = casino.connect(settler).settle(betId, chain.seed(1), await rulesPayout(casino, betId, chain.seed(1)));
      await expect(settledNext).to.emit(casino, "BetSettled");
      await expectJackpotDraw(settledNext, casino, betId, draw);
    });
  });

  describe("odds of exactly 1 (2^47) fit the bet record's uint48", function () {
    it("a bet whose stake × edge covers the prize (BetPlaced odds 2^47) keeps odds 2^47 and hits", async function () {
      // Odds were first P × 2^48: certainty truncated to 0 in the bet's uint48 (found by this test).
      const f = await loadFixture(houseAccountFixture);
      const chain = await postChain(f, f.house.address, "certain", 4);
      // edge 2 %, prize 120 DEGEN: 6,000 DEGEN × 2 % = 120, so P(hit) = 1.
      const bet = await placeBet(f, f.house, { amount: parseEther("6000"), game: GAME.CRASH, params: 101n });
      expect(bet.odds).to.equal(ODDS_ONE);
      expect((await f.casino.getBet(bet.betId)).jackpotOdds, "stored odds").to.equal(ODDS_ONE);
      await expect(f.casino.connect(f.settler).settle(bet.betId, chain.seed(1), await rulesPayout(f.casino, bet.betId, chain.seed(1))))
        .to.emit(f.casino, "JackpotDrawn")
        .withArgs(bet.betId, await blockHashOf(bet.block), parseEther("120"), true);
    });

    it("a blackjack split keeps the odds of the first stake (finding R2-2: a split comes after the roll is public)", async function () {
      const f = await loadFixture(houseAccountFixture);
      await postChain(f, f.house.address, "split", 4);
      const bet = await placeBet(f, f.house, { amount: parseEther("3000"), game: GAME.BLACKJACK, params: 0n });
      expect(bet.odds).to.equal(ODDS_ONE / 2n);
      await f.casino.connect(f.house).addStake(bet.betId);
      expect((await f.casino.getBet(bet.betId)).jackpotOdds, "odds after the split").to.equal(ODDS_ONE / 2n);
    });
  });
});
