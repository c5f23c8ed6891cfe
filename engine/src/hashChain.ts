import { AbiCoder, getAddress, getBytes, keccak256, toUtf8Bytes } from "ethers";
import sha3 from "js-sha3";
import { assertBytes32 } from "./random";

/**
 * The house's per-player hash chain (DESIGN.md §3). The tip s_N is derived from a master secret,
 * the player and an epoch, so nothing secret is stored per player; then s_(i-1) = keccak256(s_i)
 * down to s_0, the commitment posted on chain. The player's k-th bet after the commitment is
 * settled with s_k, and keccak256(s_k) must equal the previous link.
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

/** True when seed is the link right after commitment, i.e. keccak256(seed) == commitment. */
export function verifyLink(seed: string, commitment: string): boolean {
  return previousLink(seed) === assertBytes32(commitment, "commitment");
}

/** One player's chain for one epoch, every link computed once (N hashes) and kept. */
export class HashChain {
  readonly length: number;
  /** links[i] = s_i. */
  private readonly links: string[];

  constructor(masterSecret: string, player: string, epoch: bigint | number, length: number = HASH_CHAIN.DEFAULT_LENGTH) {
    if (!Number.isInteger(length) || length < 1) throw new RangeError(`Chain length must be ≥ 1, got ${length}`);
    this.length = length;
    this.links = new Array<string>(length + 1);
    this.links[length] = hashChainTip(masterSecret, player, epoch);
    for (let i = length; i > 0; i--) this.links[i - 1] = previousLink(this.links[i]);
  }

  /** s_0, posted on chain with setCommitment. */
  get commitment(): string {
    return this.links[0];
  }

  /** s_k, the seed of the k-th bet after the commitment (1 ≤ k ≤ length). */
  seed(k: number): string {
    if (!Number.isInteger(k) || k < 1 || k > this.length) {
      throw new RangeError(`This chain has seeds 1..${this.length}, not ${k}`);
    }
    return this.links[k];
  }
}
