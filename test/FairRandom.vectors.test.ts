// The random word and jackpot roll of the contracts must equal the engine's byte for byte:
// engine/vectors/random.json is written by the engine (notes/interop.md) and read here.
import { expect } from "chai";
import { ethers } from "hardhat";
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { HashChain, jackpotRoll, randomWord, betIdOf, GAME } from "./helpers";
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
  jackpotRoll: number;
}

const VECTORS = path.join(__dirname, "..", "engine", "vectors", "random.json");
const CHAIN_VECTOR = path.join(__dirname, "..", "engine", "vectors", "hashchain.json");

async function harnessFixture() {
  const f = await bettingFixture();
  const harness = (await (await ethers.getContractFactory("FairRandomHarness")).deploy()) as unknown as FairRandomHarness;
  return { ...f, harness };
}

describe("FairRandom matches the engine", function () {
  it("reproduces every vector of engine/vectors/random.json", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as RandomVector[];
    expect(vectors.length).to.be.greaterThan(0);
    for (const v of vectors) {
      const word = await harness.word(v.seed, v.clientSeed, v.player, BigInt(v.nonce), BigInt(v.chainId), v.casino);
      expect(word, `word of ${JSON.stringify(v)}`).to.equal(v.word);
      expect(await harness.jackpotRoll(word), `roll of ${v.word}`).to.equal(BigInt(v.jackpotRoll));
    }
  });

  it("agrees with an independent ethers computation of the word, the roll and the chain step", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const chain = new HashChain("vectors", 4);
    for (let i = 1; i <= 4; i++) {
      const seed = chain.seed(i);
      expect(await harness.hashLink(seed)).to.equal(chain.links[i - 1]);
      const clientSeed = ethers.id(`client ${i}`);
      const player = ethers.getAddress(`0x${"ab".repeat(19)}${i.toString(16).padStart(2, "0")}`);
      const casino = ethers.getAddress(`0x${"cd".repeat(20)}`);
      for (const [nonce, chainId] of [[BigInt(i), 97n], [2n ** 40n, 31337n]] as const) {
        const expected = randomWord(seed, clientSeed, player, nonce, chainId, casino);
        const word = await harness.word(seed, clientSeed, player, nonce, chainId, casino);
        expect(word).to.equal(expected);
        expect(await harness.jackpotRoll(word)).to.equal(BigInt(jackpotRoll(expected)));
      }
    }
  });

  it("settles bets with the engine's hash chain (engine/vectors/hashchain.json)", async function () {
    const { links, length } = JSON.parse(readFileSync(CHAIN_VECTOR, "utf8")) as { links: string[]; length: number };
    const { casino, tokenAddress, settler, players, harness } = await loadFixture(harnessFixture);
    const player = players[3];
    await casino.connect(settler).setCommitment(player.address, links[0], length);
    for (let k = 1; k <= length; k++) {
      expect(await harness.hashLink(links[k])).to.equal(links[k - 1]);
      await casino.connect(player).playGame(tokenAddress, ethers.parseEther("1"), GAME.SLOTS, 0, ethers.ZeroHash, links[0]);
      await expect(casino.connect(settler).settle(betIdOf(player.address, BigInt(k - 1)), links[k], 0)).to.emit(casino, "BetSettled");
    }
  });
});
