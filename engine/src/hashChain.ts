import { AbiCoder, getAddress, keccak256, toUtf8Bytes } from "ethers";
import sha3 from "js-sha3";
import { assertBytes32 } from "./random";

/**
 * The house's hash chains (docs/decisions.md §3): one per player's wallet lane and one per one-click
 * session's lane. A chain's tip s_N is derived from a master secret and what names the lane, so
 * nothing secret is stored; then s_(i-1) = keccak256(s_i) down to s_0, the commitment posted on
 * chain (the wallet's by setCommitment, a session's in the grant its player signs). The k-th bet
 * of a lane after the commitment is settled with s_k: one link per bet. A lane's seeds settle its
 * own bets only, so a seed one lane's transaction shows tells nothing about another lane's.
 * Hashing a seed down to the last revealed link takes as many steps as their positions differ.
 */
export const HASH_CHAIN = {
  DOMAIN: keccak256(toUtf8Bytes("DEGEN_CASINO_HASH_CHAIN")),
  LANE_DOMAIN: keccak256(toUtf8Bytes("DEGEN_CASINO_LANE_CHAIN")),
  /** Bets of a wallet chain (setCommitment's length). */
  DEFAULT_LENGTH: 1024,
  /** Bets of a session's lane: a session ends when its chain is spent (a bet a second for four and a half hours). */
  LANE_LENGTH: 16_384,
} as const;

const abi = AbiCoder.defaultAbiCoder();

/** A wallet chain's tip: s_N = keccak256(abi.encode(HASH_CHAIN.DOMAIN, masterSecret, player, epoch)). */
export function hashChainTip(masterSecret: string, player: string, epoch: bigint | number): string {
  return keccak256(
    abi.encode(
      ["bytes32", "bytes32", "address", "uint256"],
      [HASH_CHAIN.DOMAIN, assertBytes32(masterSecret, "masterSecret"), getAddress(player), BigInt(epoch)],
    ),
  );
}

/** A session lane's chain tip: s_N = keccak256(abi.encode(HASH_CHAIN.LANE_DOMAIN, masterSecret, player, key)). */
export function laneChainTip(masterSecret: string, player: string, key: string): string {
  return keccak256(
    abi.encode(
      ["bytes32", "bytes32", "address", "address"],
      [HASH_CHAIN.LANE_DOMAIN, assertBytes32(masterSecret, "masterSecret"), getAddress(player), getAddress(key)],
    ),
  );
}

/** One step down the chain: keccak256 of the 32 raw bytes of the link. */
export function previousLink(link: string): string {
  return hashDown(assertBytes32(link, "link"));
}

/** Each hex digit's value, by its character code (lower case: assertBytes32's). */
const NIBBLE = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) NIBBLE["0123456789abcdef".charCodeAt(digit)] = digit;

/**
 * previousLink of a link known to be 32 bytes of lower-case hex (one of the chain's own): js-sha3
 * hashes a link in a quarter of ethers' time, and reading the hex by table in a fraction of
 * getBytes' (a chain is two thousand links; the relay's profile, issue #40, found most of its
 * time in these two).
 */
function hashDown(link: string): string {
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = (NIBBLE[link.charCodeAt(2 + 2 * i)]! << 4) | NIBBLE[link.charCodeAt(3 + 2 * i)]!;
  return "0x" + sha3.keccak256(bytes);
}

/** True when `hashes` keccak256 steps take seed down to the commitment (the last revealed link). */
export function verifyLink(seed: string, commitment: string, hashes = 1): boolean {
  let link = seed;
  for (let i = 0; i < hashes; i++) link = previousLink(link);
  return link === assertBytes32(commitment, "commitment");
}

/** A chain keeps every this-many-th link: any other is at most this many hashes less one away. */
const CHECKPOINT_EVERY = 32;

/**
 * A chain of `length` bets from its tip (hashChainTip or laneChainTip). Its links are computed once
 * (length hashes), and every CHECKPOINT_EVERY-th kept: a seed is hashed down from the checkpoint
 * above it (31 hashes at most), so that a server keeps thousands of chains in the memory one whole
 * chain took each.
 */
export class HashChain {
  /** How many bets the chain settles. */
  readonly length: number;
  /** checkpoints[j] = s_(j × CHECKPOINT_EVERY), and the last is the tip s_length. */
  private readonly checkpoints: string[] = [];

  constructor(tip: string, length: number) {
    if (!Number.isInteger(length) || length < 1) throw new RangeError(`Chain length must be ≥ 1, got ${length}`);
    this.length = length;
    let link = assertBytes32(tip, "tip");
    const kept = new Map<number, string>([[length, link]]);
    for (let i = length; i > 0; i--) {
      link = hashDown(link);
      if ((i - 1) % CHECKPOINT_EVERY === 0) kept.set(i - 1, link);
    }
    for (let j = 0; j * CHECKPOINT_EVERY < length; j++) this.checkpoints.push(kept.get(j * CHECKPOINT_EVERY)!);
    this.checkpoints.push(kept.get(length)!);
  }

  /** s_0, the commitment posted on chain. */
  get commitment(): string {
    return this.checkpoints[0];
  }

  /** The seed of the k-th bet after the commitment (1 ≤ k ≤ length): s_k. */
  seed(k: number): string {
    if (!Number.isInteger(k) || k < 1 || k > this.length) {
      throw new RangeError(`This chain has seeds for bets 1..${this.length}, not ${k}`);
    }
    return this.link(k);
  }

  /** s_i, any link of the chain (0 ≤ i ≤ length). */
  link(i: number): string {
    const top = this.length;
    if (!Number.isInteger(i) || i < 0 || i > top) throw new RangeError(`This chain has links 0..${top}, not ${i}`);
    const above = Math.min(Math.ceil(i / CHECKPOINT_EVERY) * CHECKPOINT_EVERY, top);
    let link = above === top ? this.checkpoints[this.checkpoints.length - 1]! : this.checkpoints[above / CHECKPOINT_EVERY]!;
    for (let at = above; at > i; at--) link = hashDown(link);
    return link;
  }
}
