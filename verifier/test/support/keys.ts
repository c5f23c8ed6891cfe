import { concat, getBytes, keccak256, toBeHex } from "ethers";
import secp256k1 from "secp256k1";
import { checksumAddress } from "../../../engine/src/index";

/**
 * Keys for synthetic histories and the bench, signed with libsecp256k1 (as signatures.ts recovers):
 * a bench of 100,000 bets signs tens of thousands of them, which ethers' JavaScript curve would
 * take minutes for.
 */
export function addressOf(privateKey: string): string {
  const publicKey = secp256k1.publicKeyCreate(getBytes(privateKey), false);
  return checksumAddress("0x" + keccak256(publicKey.subarray(1)).slice(-40));
}

/** The signature of a digest, compact (EIP-2098, for a signed bet) and as 65 bytes r ‖ s ‖ v (for an action log or a grant). */
export function sign(digest: string, privateKey: string): { r: string; vs: string; bytes: string } {
  const { signature, recid } = secp256k1.ecdsaSign(getBytes(digest), getBytes(privateKey));
  const r = "0x" + Buffer.from(signature.subarray(0, 32)).toString("hex");
  const s = BigInt("0x" + Buffer.from(signature.subarray(32)).toString("hex"));
  return { r, vs: toBeHex(s | (BigInt(recid) << 255n), 32), bytes: concat([r, toBeHex(s, 32), toBeHex(27 + recid, 1)]) };
}
