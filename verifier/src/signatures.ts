/**
 * The EIP-712 digests CasinoSessions checks (contracts/CasinoSessions.sol), built from
 * engine/src/session.ts's types and domain, and the key that signed one.
 *
 * Speed: every one-click bet and every action log is signed, so a deployment's history holds a
 * signature per bet. The struct hashes are written as abi.encode's words, not with ethers'
 * TypedDataEncoder, which encodes the types again on every call (0.5 ms a bet here); bytes are
 * hashed by js-sha3 from Node's hex decoding (ethers' getBytes and keccak256 took a third of the
 * check); signers are recovered by libsecp256k1 (the `secp256k1` package, 0.08 ms) rather than by
 * ethers' JavaScript curve (2–3 ms). verifier/test/signatures.test.ts checks all against ethers.
 */
import { keccak256, toUtf8Bytes, TypedDataEncoder } from "ethers";
import sha3 from "js-sha3";
import secp256k1 from "secp256k1";
import { ACTION_KEY_TYPES, ACTIONS_TYPES, BET_TYPES, addressWord, assertBytes32, checksumAddress, sessionDomain, uint256Word } from "../../engine/src/index";
import type { SignedBet } from "./calls";

/** keccak256 of hex strings laid end to end (each 0x-prefixed, whole bytes). */
function keccakHex(parts: readonly string[]): string {
  return "0x" + sha3.keccak256(Buffer.from(parts.map((part) => part.slice(2)).join(""), "hex"));
}

const typeHash = (types: Record<string, readonly { name: string; type: string }[]>, name: string) =>
  keccak256(toUtf8Bytes(TypedDataEncoder.from(types as Record<string, { name: string; type: string }[]>).encodeType(name)));

const BET_TYPEHASH = typeHash(BET_TYPES, "Bet");
const ACTIONS_TYPEHASH = typeHash(ACTIONS_TYPES, "Actions");
const ACTION_KEY_TYPEHASH = typeHash(ACTION_KEY_TYPES, "ActionKey");

/** The CasinoSessions domain separator of a deployment (chain id and the contract's address). */
export function domainSeparator(chainId: bigint, sessions: string): string {
  return TypedDataEncoder.hashDomain(sessionDomain(chainId, sessions));
}

const typedDigest = (domain: string, structHash: string) => keccakHex(["0x1901", domain, structHash]);

/** What the session key signed for a bet: EIP-712 `Bet`, over the hash of the client seed the bet carries (CasinoSessions._betDigest). */
export function betDigest(domain: string, bet: SignedBet): string {
  return typedDigest(
    domain,
    keccakHex([
      BET_TYPEHASH,
      addressWord(bet.player),
      addressWord(bet.token),
      uint256Word(bet.amount),
      uint256Word(bet.game),
      uint256Word(bet.params),
      keccakHex([assertBytes32(bet.clientSeed)]),
      uint256Word(bet.nonce),
      uint256Word(bet.terms),
      uint256Word(bet.deadline),
    ]),
  );
}

/** What a key signed for a hand's or round's action log: EIP-712 `Actions(betId, actions)`. */
export function actionsDigest(domain: string, betId: bigint, actions: string): string {
  return typedDigest(domain, keccakHex([ACTIONS_TYPEHASH, uint256Word(betId), keccakHex([actions])]));
}

/** What a player's wallet signs to name a key for one bet's actions: EIP-712 `ActionKey(player, betId, key)`. */
export function actionKeyDigest(domain: string, player: string, betId: bigint, key: string): string {
  return typedDigest(domain, keccakHex([ACTION_KEY_TYPEHASH, addressWord(player), uint256Word(betId), addressWord(key)]));
}

const HALF_WORD = 1n << 255n;

/**
 * The address whose key made `signature` of `digest`, as the contract's ECDSA.recover finds it: a
 * compact signature { r, vs } (EIP-2098: the top bit of vs is y's parity), or 65 bytes r ‖ s ‖ v.
 * Null for a signature no key made.
 */
export function recoverSigner(digest: string, signature: { r: string; vs: string } | string): string | null {
  let rs: string, parity: number;
  if (typeof signature === "string") {
    if (signature.length !== 2 + 65 * 2) return null;
    const v = parseInt(signature.slice(130, 132), 16);
    if (v !== 27 && v !== 28) return null;
    [rs, parity] = [signature.slice(2, 130), v - 27];
  } else {
    const vs = BigInt(signature.vs);
    [rs, parity] = [signature.r.slice(2) + uint256Word(vs & (HALF_WORD - 1n)).slice(2), Number(vs >> 255n)];
  }
  try {
    const publicKey = secp256k1.ecdsaRecover(Buffer.from(rs, "hex"), parity, Buffer.from(digest.slice(2), "hex"), false);
    return checksumAddress("0x" + sha3.keccak256(publicKey.subarray(1)).slice(-40));
  } catch {
    return null;
  }
}
