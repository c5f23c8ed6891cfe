import { AbiCoder, keccak256 } from "ethers";
import { HASH_CHAIN, HashChain, hashChainTip, laneChainTip, randomWord } from "../engine";

/**
 * Wallet chains kept. Each keeps 33 of its links (engine/src/hashChain.ts), so thousands of
 * players cost a few MB; 256 made a round of 300 players rebuild a chain for every seed it derived
 * (the relay bench's profile, issue #40).
 */
const CACHED_WALLET_CHAINS = 4096;
/**
 * Session lanes' chains kept. A lane's chain is 16,384 links, which take about 80 ms of CPU to
 * compute (js-sha3, 5 µs a hash) and keep 513 of them, about 25 KB: a thousand lanes cost 25 MB,
 * and a lane's chain is computed once per instance while its session is in use.
 */
const CACHED_LANE_CHAINS = 1024;

/** Chains by name, the least recently used dropped past `size`. */
class ChainCache {
  private readonly chains = new Map<string, HashChain>();

  constructor(private readonly size: number) {}

  get(name: string, make: () => HashChain): HashChain {
    let chain = this.chains.get(name);
    if (chain) {
      this.chains.delete(name); // re-insert: most recently used last
    } else {
      chain = make();
      if (this.chains.size >= this.size) this.chains.delete(this.chains.keys().next().value!);
    }
    this.chains.set(name, chain);
    return chain;
  }
}

/** What names a bet's seed: its player and nonce, and its chain: the wallet's from `chainFirstNonce`, or its session's lane (`laneKey`). */
export interface SeededBet {
  player: string;
  nonce: bigint;
  /** The first nonce the chain settles: the wallet chain's commitment's, or a lane's `lane << 32`. */
  chainFirstNonce: bigint;
  /** The session key whose lane the bet is of; null for a wallet bet. */
  laneKey: string | null;
}

/**
 * The house's hash chains (docs/decisions.md §3 and §4, "lanes"): a wallet chain per player and
 * commitment, keyed by the commitment's first nonce, and a chain per session lane, keyed by its
 * session key. The master secret is first bound to this chain and contract so a secret reused
 * elsewhere never reveals these seeds. Chains are cached: a seed is at most 31 hashes from a link
 * its chain keeps. The k-th bet of a chain after its commitment is settled with link k.
 */
export class SeedVault {
  /** Bets of a wallet chain (setCommitment's length). */
  readonly chainLength = HASH_CHAIN.DEFAULT_LENGTH;
  /** Bets of a session lane's chain: its bets n = 0 … LANE_LENGTH − 1. */
  readonly laneLength = HASH_CHAIN.LANE_LENGTH;
  private readonly secret: string;
  private readonly walletChains = new ChainCache(CACHED_WALLET_CHAINS);
  private readonly laneChains = new ChainCache(CACHED_LANE_CHAINS);

  constructor(
    masterSecret: string,
    readonly chainId: number,
    readonly casino: string,
  ) {
    this.secret = keccak256(AbiCoder.defaultAbiCoder().encode(["bytes32", "uint256", "address"], [masterSecret, chainId, casino]));
  }

  private walletChain(player: string, firstNonce: bigint): HashChain {
    return this.walletChains.get(`${player}:${firstNonce}`, () => new HashChain(hashChainTip(this.secret, player, firstNonce), this.chainLength));
  }

  private laneChain(player: string, key: string): HashChain {
    return this.laneChains.get(`${player}:${key}`, () => new HashChain(laneChainTip(this.secret, player, key), this.laneLength));
  }

  /** s_0 of the player's wallet chain that starts at firstNonce. */
  root(player: string, firstNonce: bigint): string {
    return this.walletChain(player, firstNonce).commitment;
  }

  /** s_0 of the chain of the lane the player's session with this key opens: what its grant names as `commit`. */
  laneRoot(player: string, key: string): string {
    return this.laneChain(player, key).commitment;
  }

  /** The seed of a bet: link nonce − chainFirstNonce + 1 of its chain (a lane's bet n: link n + 1). */
  seed(bet: SeededBet): string {
    const chain = bet.laneKey === null ? this.walletChain(bet.player, bet.chainFirstNonce) : this.laneChain(bet.player, bet.laneKey);
    return chain.seed(Number(bet.nonce - bet.chainFirstNonce) + 1);
  }

  word(bet: SeededBet & { clientSeed: string }): { seed: string; word: string } {
    const seed = this.seed(bet);
    return { seed, word: randomWord({ seed, clientSeed: bet.clientSeed, player: bet.player, nonce: bet.nonce, chainId: this.chainId, casino: this.casino }) };
  }
}
