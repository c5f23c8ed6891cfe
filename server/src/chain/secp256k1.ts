import { createRequire } from "node:module";
import { concat, getBytes, hexlify, SigningKey } from "ethers";

/** libsecp256k1's Node binding, when it loads (prebuilt for common platforms); else ethers' pure JS. */
export const nativeSecp256k1: typeof import("secp256k1") | undefined = (() => {
  try {
    return createRequire(import.meta.url)("secp256k1") as typeof import("secp256k1");
  } catch {
    return undefined;
  }
})();

/**
 * Signs digests with a private key: a 65-byte r ‖ s ‖ v signature (v 27 or 28, low s), the same
 * bytes as ethers' SigningKey.sign (RFC 6979 both), by libsecp256k1 when it loads.
 */
export function digestSigner(privateKey: string): (digest: string) => string {
  const key = new SigningKey(privateKey);
  const secret = getBytes(key.privateKey);
  return (digest) => {
    if (!nativeSecp256k1) return key.sign(digest).serialized;
    const { signature, recid } = nativeSecp256k1.ecdsaSign(getBytes(digest), secret);
    return hexlify(concat([signature, new Uint8Array([27 + recid])]));
  };
}
