/**
 * HOW EVERY OUTCOME IS DRAWN — provably fair, in five steps
 *
 * 1. The word. Each bet has one 32-byte random word:
 *      word = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino))
 *    seed is the house's next hash-chain link (committed before you bet, revealed at settlement),
 *    clientSeed is yours, nonce counts your bets. The contract computes the same word on chain.
 * 2. The stream. Block k (k = 0, 1, 2, …) = keccak256(word ‖ k), k written as 32 bytes
 *    big-endian. Each block is read as four 64-bit big-endian numbers, left to right, and the
 *    draws below take these numbers one at a time, never reusing one.
 * 3. A float in [0, 1) = the top 52 bits of the next number ÷ 2^52.
 * 4. An integer in [0, n) = u mod n for the next number u, but only if u < 2^64 − (2^64 mod n);
 *    otherwise u is thrown away and the next number is tried (rejection sampling, so every
 *    integer is exactly equally likely).
 * 5. Each game reads the stream in a fixed order (engine/README.md lists it per game). The
 *    jackpot is drawn apart from the game, from the hash of the bet's block (engine/src/jackpot.ts).
 *
 * Anyone can recompute a settled bet: the events give seed, clientSeed, player, nonce, chain
 * and casino; keccak256(seed) must equal the previous commitment.
 */
import { getAddress, getBytes, hexlify } from "ethers";
// js-sha3 is CommonJS: its default import works under Node ESM, vitest and Vite alike.
import sha3 from "js-sha3";

/** A source of draws. Games take this so the bench can replay the rules with a faster PRNG. */
export interface Draws {
  /** A float in [0, 1). */
  float(): number;
  /** An integer in [0, n), 1 ≤ n ≤ 2^32. */
  int(n: number): number;
}

export interface RandomWordInput {
  seed: string;
  clientSeed: string;
  player: string;
  nonce: bigint | number;
  chainId: bigint | number;
  casino: string;
}

/**
 * The random word of a bet, byte for byte as the contract computes it. abi.encode of these six
 * static values is simply six 32-byte words (addresses and numbers left-padded with zeros), so
 * the words are written directly: ethers' general encoder costs far more than the hash.
 */
export function randomWord(input: RandomWordInput): string {
  return hashWords([
    assertBytes32(input.seed, "seed"),
    assertBytes32(input.clientSeed, "clientSeed"),
    addressWord(input.player),
    uint256Word(input.nonce, "nonce"),
    uint256Word(input.chainId, "chainId"),
    addressWord(input.casino),
  ]);
}

/** keccak256 of 32-byte words laid end to end: abi.encode of static values, without ethers' encoder. */
export function hashWords(words: readonly string[]): string {
  const encoded = new Uint8Array(words.length * 32);
  words.forEach((word, i) => writeHex(encoded, 32 * i, word));
  return "0x" + sha3.keccak256(encoded);
}

const checksummed = new Map<string, string>();
const CHECKSUMS_KEPT = 10_000;

/**
 * ethers' getAddress (validated, EIP-55 checksummed), remembered: checksumming hashes the address,
 * and the same few players, tokens and casino come back in every bet and every block.
 */
export function checksumAddress(address: string): string {
  let checked = checksummed.get(address);
  if (checked === undefined) {
    checked = getAddress(address);
    if (checksummed.size >= CHECKSUMS_KEPT) checksummed.clear();
    checksummed.set(address, checked);
  }
  return checked;
}

/** An address as a 32-byte word. */
export function addressWord(address: string): string {
  return "0x" + checksumAddress(address).slice(2).toLowerCase().padStart(64, "0");
}

const TWO_POW_256 = 1n << 256n;

/** A uint256 as a 32-byte word. */
export function uint256Word(value: bigint | number, what = "value"): string {
  const n = BigInt(value);
  if (n < 0n || n >= TWO_POW_256) throw new RangeError(`${what} must be a uint256, got ${n}`);
  return "0x" + n.toString(16).padStart(64, "0");
}

/** Writes 32 bytes given as 0x-prefixed hex into target at offset. */
function writeHex(target: Uint8Array, offset: number, word: string): void {
  for (let i = 0; i < 32; i++) target[offset + i] = parseInt(word.slice(2 + 2 * i, 4 + 2 * i), 16);
}

/** Throws unless value is a 0x-prefixed 32-byte hex string; returns it lower-cased. */
export function assertBytes32(value: string, what = "value"): string {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw new TypeError(`${what} must be 32 bytes as 0x-prefixed hex, got ${String(value)}`);
  }
  return value.toLowerCase();
}

const POOLED_WORDS = 64;
let entropy = new Uint8Array(0);
let entropyUsed = 0;

/**
 * 32 fresh random bytes from the platform's CSPRNG (browser and Node): client seeds, demo words.
 * Drawn 64 words at a time, as Node's randomUUID does: each getRandomValues call has a fixed cost
 * (3 % of a demo spin's server CPU when made per word). Every word is still used once only.
 */
export function randomBytes32(): string {
  if (entropyUsed === entropy.length) {
    entropy = globalThis.crypto.getRandomValues(new Uint8Array(32 * POOLED_WORDS));
    entropyUsed = 0;
  }
  return hexlify(entropy.subarray(entropyUsed, (entropyUsed += 32)));
}

const TWO_POW_32 = 2 ** 32;
const TWO_POW_16 = 2 ** 16;
const LANES_PER_BLOCK = 4;
const BYTES_PER_LANE = 8;
const MAX_INT_RANGE = TWO_POW_32;

/** (hi · 2^32 + lo) mod n in doubles: every intermediate stays below 2^49, so it is exact for n ≤ 2^32. */
function mod64(hi: number, lo: number, n: number): number {
  const high = ((hi % n) * TWO_POW_16) % n;
  return (high * TWO_POW_16 + lo) % n;
}

/**
 * Step 4 on the lane hi · 2^32 + lo: u mod n, or undefined when u ≥ 2^64 − (2^64 mod n). Since
 * 2^64 mod n < n ≤ 2^32, only lanes with hi = 2^32 − 1 can reach that limit.
 */
export function uniformInt(hi: number, lo: number, n: number): number | undefined {
  const remainder = mod64(TWO_POW_32 % n, 0, n);
  if (remainder !== 0 && hi === TWO_POW_32 - 1 && lo >= TWO_POW_32 - remainder) return undefined;
  return mod64(hi, lo, n);
}

/** The counter-mode keccak stream of a word (steps 2–4 above). */
export class RandomStream implements Draws {
  private readonly input = new Uint8Array(64);
  private nextBlock = 0;
  private block = new DataView(new ArrayBuffer(32));
  private lane = LANES_PER_BLOCK;

  constructor(word: string) {
    this.input.set(getBytes(assertBytes32(word, "word")), 0);
  }

  /** How many keccak blocks the draws so far consumed. */
  get blocksUsed(): number {
    return this.nextBlock;
  }

  /** The next 64-bit number of the stream. */
  next64(): bigint {
    const offset = this.nextLaneOffset();
    return this.block.getBigUint64(offset);
  }

  /** The top 52 bits of the next 64-bit number, as an integer in [0, 2^52). */
  next52(): number {
    const offset = this.nextLaneOffset();
    return this.block.getUint32(offset) * 2 ** 20 + (this.block.getUint32(offset + 4) >>> 12);
  }

  float(): number {
    return this.next52() / 2 ** 52;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > MAX_INT_RANGE) {
      throw new RangeError(`int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
    }
    for (;;) {
      const offset = this.nextLaneOffset();
      const drawn = uniformInt(this.block.getUint32(offset), this.block.getUint32(offset + 4), n);
      if (drawn !== undefined) return drawn;
    }
  }

  /** Byte offset of the next lane; it may hash the next block into this.block, so read that after. */
  private nextLaneOffset(): number {
    if (this.lane === LANES_PER_BLOCK) {
      this.writeCounter(this.nextBlock++);
      this.block = new DataView(sha3.keccak256.arrayBuffer(this.input));
      this.lane = 0;
    }
    return BYTES_PER_LANE * this.lane++;
  }

  /** Bytes 32..63 hold k big-endian; k stays far below 2^53, so 7 low bytes are enough. */
  private writeCounter(k: number): void {
    let rest = k;
    for (let i = 63; i >= 57; i--) {
      this.input[i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
  }
}
