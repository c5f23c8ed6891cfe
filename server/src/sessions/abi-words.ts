/**
 * Static values as 32-byte ABI words (64 hex digits, no 0x), for what the server encodes hundreds
 * of times a second by hand: a session bet's EIP-712 digest (typed-data.ts) and the relay's
 * CasinoSessions.play calldata (relay-plan.ts). A value that does not fit its type is refused, as
 * ethers refuses it.
 */

/** An unsigned integer of `bits` bits (an address is 160). */
export function word(value: bigint, bits: number): string {
  if (value < 0n || value >> BigInt(bits) !== 0n) throw new RangeError(`${value} does not fit ${bits} bits`);
  return value.toString(16).padStart(64, "0");
}

/** A bytes32 given as 0x and 64 hex digits. */
export function bytes32Word(value: string): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) throw new RangeError(`${value} is not 32 bytes`);
  return value.slice(2).toLowerCase();
}
