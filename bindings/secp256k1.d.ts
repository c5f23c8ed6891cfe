/** The parts of secp256k1 (libsecp256k1's Node binding, with a pure-JS fallback) the server and the verifier use. */
declare module "secp256k1" {
  /** The public key that made `signature` (r ‖ s, 64 bytes) of the 32-byte `message`, recovery id `recid`; throws when there is none. */
  export function ecdsaRecover(signature: Uint8Array, recid: number, message: Uint8Array, compressed?: boolean): Uint8Array;
  /** A deterministic (RFC 6979), low-s signature of the 32-byte `message`. */
  export function ecdsaSign(message: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  /** The public key of `privateKey` (65 bytes uncompressed, 33 compressed). */
  export function publicKeyCreate(privateKey: Uint8Array, compressed?: boolean): Uint8Array;
}
