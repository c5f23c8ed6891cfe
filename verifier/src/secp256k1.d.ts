/** The functions of the `secp256k1` package (libsecp256k1's bindings) the verifier (signatures.ts) and its tests' keys call. */
declare module "secp256k1" {
  const secp256k1: {
    /** The public key (65 bytes uncompressed, 33 compressed) that made a 64-byte r ‖ s signature of a 32-byte message. */
    ecdsaRecover(signature: Uint8Array, recid: number, message: Uint8Array, compressed?: boolean): Uint8Array;
    ecdsaSign(message: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
    publicKeyCreate(privateKey: Uint8Array, compressed?: boolean): Uint8Array;
  };
  export default secp256k1;
}
