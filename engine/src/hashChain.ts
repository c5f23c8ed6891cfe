import { AbiCoder, getAddress, keccak256, toUtf8Bytes } from "ethers";
import sha3 from "js-sha3";
import { assertBytes32 } from "./random";

/**
 * The house's per-player hash chain (docs/decisions.md §3). The tip s_N is derived from a master secret,
 * the player and an epoch, so nothing secret is stored per player; then s_(i-1) = keccak256(s_i)
 * down to s_0, the commitment posted on chain. A chain for n bets has 2n links: the player's k-th
 * bet after the commitment is settled with s_(2k-1) when it was relayed from a session key, and
 * with s_2k, the link above it, when it came from the wallet (docs/protocol.md). A relay
 * transaction that fails in public thus shows a seed that settles no bet the player could still
 * place from the wallet. Hashing a seed down to the last revealed link takes as many steps as
 * their positions differ.
 */
export const HASH_CHAIN = {
  DOMAIN: keccak256(toUtf8Bytes("DEGEN_CASINO_HASH_CHAIN")),
  DEFAULT_LENGTH: 1024,
} as const;

const abi = AbiCoder.defaultAbiCoder();

/** s_N = keccak256(abi.encode(HASH_CHAIN_DOMAIN, masterSecret, player, epoch)). */
export function hashChainTip(masterSecret: string, player: string, epoch: bigint | number): string {
  return keccak256(
    abi.encode(
      ["bytes32", "bytes32", "address", "uint256"],
      [HASH_CHAIN.DOMAIN, assertBytes32(masterSecret, "masterSecret"), getAddress(player), BigInt(epoch)],
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

/** The position in its chain of the seed of the k-th bet after the commitment (k ≥ 1). */
export function chainPosition(k: number, relayed: boolean): number {
  return relayed ? 2 * k - 1 : 2 * k;
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
 * One player's chain for one epoch and `length` bets. Its links are computed once (2 × length
 * hashes), and every CHECKPOINT_EVERY-th kept: a seed is hashed down from the checkpoint above it
 * (31 hashes at most), so that a server keeps thousands of players' chains in the memory one
 * whole chain of 2,049 links took each.
 */
export class HashChain {
  /** How many bets the chain settles (setCommitment's length). */
  readonly length: number;
  /** checkpoints[j] = s_(j × CHECKPOINT_EVERY), and the last is the tip s_(2 × length). */
  private readonly checkpoints: string[] = [];

  constructor(masterSecret: string, player: string, epoch: bigint | number, length: number = HASH_CHAIN.DEFAULT_LENGTH) {
    if (!Number.isInteger(length) || length < 1) throw new RangeError(`Chain length must be ≥ 1, got ${length}`);
    this.length = length;
    const top = 2 * length;
    let link = assertBytes32(hashChainTip(masterSecret, player, epoch), "tip");
    const kept = new Map<number, string>([[top, link]]);
    for (let i = top; i > 0; i--) {
      link = hashDown(link);
      if ((i - 1) % CHECKPOINT_EVERY === 0) kept.set(i - 1, link);
    }
    for (let j = 0; j * CHECKPOINT_EVERY < top; j++) this.checkpoints.push(kept.get(j * CHECKPOINT_EVERY)!);
    this.checkpoints.push(kept.get(top)!);
  }

  /** s_0, posted on chain with setCommitment. */
  get commitment(): string {
    return this.checkpoints[0];
  }

  /** The seed of the k-th bet after the commitment (1 ≤ k ≤ length): s_(2k-1) relayed, s_2k from the wallet. */
  seed(k: number, relayed = false): string {
    if (!Number.isInteger(k) || k < 1 || k > this.length) {
      throw new RangeError(`This chain has seeds for bets 1..${this.length}, not ${k}`);
    }
    return this.link(chainPosition(k, relayed));
  }

  /** s_i, any link of the chain (0 ≤ i ≤ 2 × length). */
  link(i: number): string {
    const top = 2 * this.length;
    if (!Number.isInteger(i) || i < 0 || i > top) throw new RangeError(`This chain has links 0..${top}, not ${i}`);
    const above = Math.min(Math.ceil(i / CHECKPOINT_EVERY) * CHECKPOINT_EVERY, top);
    let link = above === top ? this.checkpoints[this.checkpoints.length - 1]! : this.checkpoints[above / CHECKPOINT_EVERY]!;
    for (let at = above; at > i; at--) link = hashDown(link);
    return link;
  }
}
