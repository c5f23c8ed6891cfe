import { AbiCoder, keccak256 } from "ethers";
import { HASH_CHAIN, HashChain, randomWord } from "../engine";

/**
 * Chains kept. Each keeps 65 of its links (engine/src/hashChain.ts), so thousands of players cost
 * a few MB; 256 made a round of 300 players rebuild a chain (2,048 hashes) for every seed it
 * derived (the relay bench's profile, issue #40).
 */
const CACHED_CHAINS = 4096;

/**
 * The house's hash chains (docs/decisions.md §3). One chain per player and commitment, keyed by the
 * commitment's first nonce; the master secret is first bound to this chain and contract so a
 * secret reused elsewhere never reveals these seeds. Chains are cached: a seed is at most 31
 * hashes from a link its chain keeps.
 */
export class SeedVault {
  readonly chainLength = HASH_CHAIN.DEFAULT_LENGTH;
  private readonly secret: string;
  private readonly cache = new Map<string, HashChain>();

  constructor(
    masterSecret: string,
    readonly chainId: number,
    readonly casino: string,
  ) {
    this.secret = keccak256(AbiCoder.defaultAbiCoder().encode(["bytes32", "uint256", "address"], [masterSecret, chainId, casino]));
  }

  private chain(player: string, firstNonce: bigint): HashChain {
    const key = `${player}:${firstNonce}`;
    let chain = this.cache.get(key);
    if (chain) {
      this.cache.delete(key); // re-insert: most recently used last
    } else {
      chain = new HashChain(this.secret, player, firstNonce, this.chainLength);
      if (this.cache.size >= CACHED_CHAINS) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, chain);
    return chain;
  }

  /** s_0 of the chain that starts at firstNonce. */
  root(player: string, firstNonce: bigint): string {
    return this.chain(player, firstNonce).commitment;
  }

  /**
   * The seed of the bet with this nonce, the k-th of its chain (k = nonce − firstNonce + 1): link
   * 2k−1 when the bet is relayed (placed through CasinoSessions: play or place), link 2k when it
   * came from the wallet (engine/src/hashChain.ts). The flag must be the bet's own: a relay seed
   * is seen by anyone once a play transaction carrying it is broadcast, even one that fails.
   */
  seed(player: string, firstNonce: bigint, nonce: bigint, relayed: boolean): string {
    return this.chain(player, firstNonce).seed(Number(nonce - firstNonce) + 1, relayed);
  }

  word(bet: { player: string; chainFirstNonce: bigint; nonce: bigint; clientSeed: string; relayed: boolean }): { seed: string; word: string } {
    const seed = this.seed(bet.player, bet.chainFirstNonce, bet.nonce, bet.relayed);
    return { seed, word: randomWord({ seed, clientSeed: bet.clientSeed, player: bet.player, nonce: bet.nonce, chainId: this.chainId, casino: this.casino }) };
  }
}
