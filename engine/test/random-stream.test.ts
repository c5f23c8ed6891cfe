import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { cardCode, deckFromWord, randomBytes32, RandomStream } from "../src/index";

/** Step 2 of engine/src/random.ts with js-sha3: block k = keccak256(word ‖ k as 32 bytes). */
function referenceLanes(word: string, blocks: number): bigint[] {
  const lanes: bigint[] = [];
  for (let k = 0; k < blocks; k++) {
    const digest = sha3.keccak256(Buffer.from(word.slice(2) + k.toString(16).padStart(64, "0"), "hex"));
    for (let lane = 0; lane < 4; lane++) lanes.push(BigInt("0x" + digest.slice(16 * lane, 16 * lane + 16)));
  }
  return lanes;
}

describe("random stream", () => {
  it("reads the same 64-bit numbers as keccak256 through js-sha3, over many words and blocks", () => {
    for (let i = 0; i < 300; i++) {
      const word = randomBytes32();
      const stream = new RandomStream(word);
      const drawn = Array.from({ length: 4 * 20 }, () => stream.next64());
      expect(drawn).toEqual(referenceLanes(word, 20));
      expect(stream.blocksUsed).toBe(20);
    }
  });

  it("takes floats and integers from those numbers (steps 3 and 4)", () => {
    for (let i = 0; i < 200; i++) {
      const word = randomBytes32();
      const [a, b] = referenceLanes(word, 1);
      const stream = new RandomStream(word);
      expect(stream.float()).toBe(Number(a! >> 12n) / 2 ** 52);
      expect(stream.int(52)).toBe(Number(b! % 52n));
    }
  });

  it("shuffles the deck of a known word as before", () => {
    // The word 0x00…01: the first cards of its deck, fixed when the stream used js-sha3 directly.
    const deck = deckFromWord("0x" + "0".repeat(63) + "1");
    expect(deck.slice(0, 8).map(cardCode)).toEqual(["9H", "7D", "9C", "3D", "2S", "4D", "6C", "2H"]);
    expect(new Set(deck.map(cardCode)).size).toBe(52);
  });
});
