import {
  computeAddress,
  concat,
  Contract,
  getBytes,
  hexlify,
  id,
  keccak256,
  recoverAddress,
  Signature,
  TypedDataEncoder,
  type JsonRpcProvider,
  type TypedDataField,
} from "ethers";
import { nativeSecp256k1 } from "../chain/secp256k1";
import { ACTION_KEY_TYPES, ACTIONS_TYPES, BET_TYPES, SESSION_TYPES, sessionDomain, type SessionBet, type SessionGrant } from "../engine";
import { word } from "./abi-words";

/** ethers types typed-data fields as mutable arrays; the engine's are readonly constants. */
const fields = (types: Readonly<Record<string, readonly TypedDataField[]>>) => types as Record<string, TypedDataField[]>;

/** keccak256 of the Bet type's encoding, as the hex a struct hash's input begins with. */
const BET_TYPE_HASH = id(TypedDataEncoder.from(fields(BET_TYPES)).encodeType("Bet"));

/** EIP-1271's magic value: what isValidSignature returns for a signature the wallet accepts. */
const EIP1271_MAGIC = "0x1626ba7e";
const eip1271 = ["function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)"];

/**
 * The digests of what a player's wallet and session keys sign, on one deployment's CasinoSessions
 * domain (engine/src/session.ts): computed here exactly as the contract hashes them, so a signature
 * the server accepts is one the contract accepts.
 */
export class SessionTypedData {
  readonly domain: ReturnType<typeof sessionDomain>;

  /** "\x19\x01" and the domain's separator: what every bet's digest begins with. */
  private readonly betPrefix: string;

  constructor(chainId: number, sessionsAddress: string) {
    this.domain = sessionDomain(chainId, sessionsAddress);
    this.betPrefix = "0x1901" + TypedDataEncoder.hashDomain(this.domain).slice(2);
  }

  grantDigest(grant: SessionGrant): string {
    return TypedDataEncoder.hash(this.domain, fields(SESSION_TYPES), grant);
  }

  /**
   * The same digest as TypedDataEncoder.hash(domain, BET_TYPES, bet), by hand: every bet the
   * intake takes is hashed, hundreds a second, and ethers' generic encoder cost each about ten
   * times as much. The bet's fields are all static (EIP-712 encodes each as one word in order).
   */
  betDigest(bet: SessionBet): string {
    const words = [
      word(BigInt(bet.player), 160),
      word(BigInt(bet.token), 160),
      word(bet.amount, 256),
      word(BigInt(bet.game), 256),
      word(bet.params, 256),
      word(BigInt(bet.clientSeedHash), 256),
      word(bet.nonce, 256),
      word(bet.terms, 256),
      word(bet.deadline, 256),
    ];
    const structHash = keccak256(BET_TYPE_HASH + words.join(""));
    return keccak256(this.betPrefix + structHash.slice(2));
  }

  actionsDigest(betId: string, actions: string): string {
    return TypedDataEncoder.hash(this.domain, fields(ACTIONS_TYPES), { betId, actions });
  }

  actionKeyDigest(player: string, betId: string, key: string): string {
    return TypedDataEncoder.hash(this.domain, fields(ACTION_KEY_TYPES), { player, betId, key });
  }
}

/** secp256k1's order halved: OpenZeppelin's ECDSA refuses a larger s (the malleable twin of a signature). */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const S_MASK = (1n << 255n) - 1n;

/** Thrown for a signature OpenZeppelin's ECDSA would refuse whatever it signs. */
export class MalformedSignature extends Error {}

/**
 * ECDSA recovery by libsecp256k1 (about 0.1 ms, where ethers' pure-JS recovery takes 5): every
 * signed bet is recovered once at intake, hundreds a second. ethers' is the fallback, and the
 * answer is the same address.
 */
function recoverRsv(digest: string, r: string, s: bigint, v: number): string {
  if (s > HALF_ORDER || (v !== 27 && v !== 28)) throw new MalformedSignature("a signature with a high s or a bad v");
  const sHex = "0x" + s.toString(16).padStart(64, "0");
  if (nativeSecp256k1) {
    let publicKey: Uint8Array;
    try {
      publicKey = nativeSecp256k1.ecdsaRecover(getBytes(concat([r, sHex])), v - 27, getBytes(digest), false);
    } catch {
      throw new MalformedSignature("no key makes this signature");
    }
    return computeAddress(hexlify(publicKey));
  }
  return recoverAddress(digest, Signature.from({ r, s: sHex, v }));
}

/** The key that made a compact (EIP-2098) signature of `digest`, as ECDSA.recover(hash, r, vs) reads it. */
export function recoverCompact(digest: string, r: string, vs: string): string {
  const word = BigInt(vs);
  return recoverRsv(digest, r, word & S_MASK, Number(word >> 255n) + 27);
}

/** The key that made a 65-byte signature (r ‖ s ‖ v) of `digest`, as ECDSA.recover(hash, signature) reads it. */
export function recoverSigner(digest: string, signature: string): string {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new MalformedSignature("a signature must be 65 bytes");
  return recoverRsv(digest, signature.slice(0, 66), BigInt("0x" + signature.slice(66, 130)), parseInt(signature.slice(130), 16));
}

/**
 * Whether `signature` is the player's signature of `digest`, as OpenZeppelin's SignatureChecker
 * decides it on chain: an address without code by ECDSA, one with code (a contract wallet) by its
 * EIP-1271 answer.
 */
export async function isPlayerSignature(provider: JsonRpcProvider, player: string, digest: string, signature: string): Promise<boolean> {
  if ((await provider.getCode(player)) === "0x") {
    try {
      return recoverSigner(digest, signature) === player;
    } catch {
      return false;
    }
  }
  try {
    const wallet = new Contract(player, eip1271, provider);
    return ((await wallet.getFunction("isValidSignature").staticCall(digest, signature)) as string) === EIP1271_MAGIC;
  } catch {
    return false;
  }
}
