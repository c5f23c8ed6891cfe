// The random word, jackpot roll, odds and prize of the contracts must equal the engine's byte for
// byte: engine/vectors/random.json and engine/vectors/jackpot.json are written by the engine
// (docs/decisions.md §9) and read here.
import { expect } from "chai";
import { ethers } from "hardhat";
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { HashChain, jackpotOdds, jackpotPrizeOf, jackpotRoll, randomWord, betIdOf, settleAt, GAME, ODDS_ONE } from "./helpers";
import { bettingFixture } from "./betting";
import type { FairRandomHarness } from "../typechain-types";

interface RandomVector {
  seed: string;
  clientSeed: string;
  player: string;
  nonce: string;
  chainId: string;
  casino: string;
  word: string;
}

interface JackpotVectors {
  rolls: { casino: string; betId: string; entropy: string; roll: string }[];
  odds: { stake: string; edgeBps: number; prize: string; odds: string }[];
  prizes: { pool: string; shareBps: number; prize: string }[];
  betPrizes: { stake: string; edgeBps: number; pool: string; shareBps: number; prize: string }[];
}

const VECTORS = path.join(__dirname, "..", "engine", "vectors");
const readVectors = <T>(file: string) => JSON.parse(readFileSync(path.join(VECTORS, file), "utf8")) as T;

async function harnessFixture() {
  const f = await bettingFixture();
  const harness = (await (await ethers.getContractFactory("FairRandomHarness")).deploy()) as unknown as FairRandomHarness;
  return { ...f, harness };
}

describe("FairRandom matches the engine", function () {
  it("reproduces every random word of engine/vectors/random.json", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const vectors = readVectors<RandomVector[]>("random.json");
    expect(vectors.length).to.be.greaterThan(0);
    for (const v of vectors) {
      const word = await harness.word(v.seed, v.clientSeed, v.player, BigInt(v.nonce), BigInt(v.chainId), v.casino);
      expect(word, `word of ${JSON.stringify(v)}`).to.equal(v.word);
    }
  });

  it("reproduces every jackpot roll of engine/vectors/jackpot.json", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const { rolls } = readVectors<JackpotVectors>("jackpot.json");
    expect(rolls.length).to.be.greaterThan(0);
    for (const v of rolls) {
      const roll = await harness.jackpotRoll(v.casino, BigInt(v.betId), v.entropy);
      expect(roll, `roll of ${JSON.stringify(v)}`).to.equal(BigInt(v.roll));
      expect(roll < ODDS_ONE).to.equal(true);
    }
  });

  it("reproduces every jackpot odds and prize of engine/vectors/jackpot.json", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const { odds } = readVectors<JackpotVectors>("jackpot.json");
    expect(odds.length).to.be.greaterThan(0);
    // The vectors cover no prize, a certain hit (odds capped at 2^47) and a zero edge.
    expect(odds.some((v) => v.prize === "0") && odds.some((v) => BigInt(v.odds) === ODDS_ONE) && odds.some((v) => v.edgeBps === 0)).to.equal(true);
    for (const v of odds) {
      const [stake, prize] = [BigInt(v.stake), BigInt(v.prize)];
      expect(await harness.jackpotOdds(stake, v.edgeBps, prize), `odds of ${JSON.stringify(v)}`).to.equal(BigInt(v.odds));
    }
  });

  it("reproduces every jackpot prize of engine/vectors/jackpot.json (rounding and cap included)", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const { prizes } = readVectors<JackpotVectors>("jackpot.json");
    expect(prizes.length).to.be.greaterThan(0);
    for (const v of prizes) {
      expect(await harness.jackpotPrizeOf(BigInt(v.pool), v.shareBps), `prize of ${JSON.stringify(v)}`).to.equal(BigInt(v.prize));
    }
  });

  it("reproduces every bet prize of engine/vectors/jackpot.json (0 without odds)", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const { betPrizes } = readVectors<JackpotVectors>("jackpot.json");
    expect(betPrizes.some((v) => v.prize === "0") && betPrizes.some((v) => v.prize !== "0")).to.equal(true);
    for (const v of betPrizes) {
      const prize = await harness.betJackpotPrize(BigInt(v.stake), v.edgeBps, BigInt(v.pool), v.shareBps);
      expect(prize, `bet prize of ${JSON.stringify(v)}`).to.equal(BigInt(v.prize));
    }
  });

  it("agrees with an independent ethers computation of the word, the roll, the odds, the prize and the chain step", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const chain = new HashChain("vectors", 4);
    const casino = ethers.getAddress(`0x${"cd".repeat(20)}`);
    for (let i = 1; i <= 4; i++) {
      const seed = chain.seed(i);
      expect(await harness.hashLink(seed)).to.equal(chain.links[i - 1]);
      const clientSeed = ethers.id(`client ${i}`);
      const player = ethers.getAddress(`0x${"ab".repeat(19)}${i.toString(16).padStart(2, "0")}`);
      for (const [nonce, chainId] of [
        [BigInt(i), 97n],
        [2n ** 40n, 31337n],
      ] as const) {
        expect(await harness.word(seed, clientSeed, player, nonce, chainId, casino)).to.equal(randomWord(seed, clientSeed, player, nonce, chainId, casino));
        const betId = betIdOf(player, nonce);
        const entropy = ethers.id(`block ${i} ${nonce}`);
        expect(await harness.jackpotRoll(casino, betId, entropy)).to.equal(jackpotRoll(casino, betId, entropy));
      }
      const stake = ethers.parseEther(String(10 ** i)) + BigInt(i);
      for (const edgeBps of [0n, 1n, 50n, 200n]) {
        for (const prize of [0n, 1n, ethers.parseEther("60000") + 7n]) {
          const odds = jackpotOdds(stake, edgeBps, prize);
          expect(await harness.jackpotOdds(stake, edgeBps, prize)).to.equal(odds);
          // The odds never promise more than the edge: odds × prize / 2^47 ≤ stake × edge / 10000.
          expect((odds * prize) / ODDS_ONE <= (stake * edgeBps) / 10_000n).to.equal(true);
          expect(await harness.jackpotPrizeOf(prize, edgeBps)).to.equal(jackpotPrizeOf(prize, edgeBps));
        }
      }
    }
  });

  it("settles bets with the engine's hash chain (engine/vectors/hashchain.json), one link a bet; a lane's chain steps alike", async function () {
    const { links, length, laneLinks } = readVectors<{ links: string[]; length: number; laneLinks: string[] }>("hashchain.json");
    const { casino, casinoAddress, tokenAddress, settler, players, harness, chainId } = await loadFixture(harnessFixture);
    const player = players[3];
    await casino.connect(settler).setCommitment(player.address, links[0], length);
    const terms = await casino.terms();
    for (let i = 1; i < links.length; i++) expect(await harness.hashLink(links[i])).to.equal(links[i - 1]);
    for (let i = 1; i < laneLinks.length; i++) expect(await harness.hashLink(laneLinks[i])).to.equal(laneLinks[i - 1]);
    // wallet bets: bet k settles with links[k] (engine/src/hashChain.ts)
    for (let k = 1; k <= length; k++) {
      await casino.connect(player).playGame(tokenAddress, ethers.parseEther("1"), GAME.SLOTS, 0, ethers.ZeroHash, links[0], terms);
      const nonce = BigInt(k - 1);
      await expect(settleAt({ casino, settler }, betIdOf(player.address, nonce), links[k]))
        .to.emit(casino, "BetSettled")
        .withArgs(betIdOf(player.address, nonce), links[k], randomWord(links[k], ethers.ZeroHash, player.address, nonce, chainId, casinoAddress));
    }
  });
});
