import { AbiCoder, getAddress, getBytes, keccak256, toUtf8Bytes } from "ethers";
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
  // js-sha3 hashes a link in a quarter of ethers' time, and a chain is a thousand links.
  return "0x" + sha3.keccak256(getBytes(assertBytes32(link, "link")));
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

/** One player's chain for one epoch and `length` bets, every link computed once (2 × length hashes) and kept. */
export class HashChain {
  /** How many bets the chain settles (setCommitment's length). */
  readonly length: number;
  /** links[i] = s_i. */
  private readonly links: string[];

  constructor(masterSecret: string, player: string, epoch: bigint | number, length: number = HASH_CHAIN.DEFAULT_LENGTH) {
    if (!Number.isInteger(length) || length < 1) throw new RangeError(`Chain length must be ≥ 1, got ${length}`);
    this.length = length;
    const top = 2 * length;
    this.links = new Array<string>(top + 1);
    this.links[top] = hashChainTip(masterSecret, player, epoch);
    for (let i = top; i > 0; i--) this.links[i - 1] = previousLink(this.links[i]);
  }

  /** s_0, posted on chain with setCommitment. */
  get commitment(): string {
    return this.links[0];
  }

  /** The seed of the k-th bet after the commitment (1 ≤ k ≤ length): s_(2k-1) relayed, s_2k from the wallet. */
  seed(k: number, relayed = false): string {
    if (!Number.isInteger(k) || k < 1 || k > this.length) {
      throw new RangeError(`This chain has seeds for bets 1..${this.length}, not ${k}`);
    }
    return this.links[chainPosition(k, relayed)];
  }

  /** s_i, any link of the chain (0 ≤ i ≤ 2 × length). */
  link(i: number): string {
    if (!Number.isInteger(i) || i < 0 || i > 2 * this.length) throw new RangeError(`This chain has links 0..${2 * this.length}, not ${i}`);
    return this.links[i];
  }
}
