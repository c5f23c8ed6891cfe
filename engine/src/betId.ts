import { getAddress } from "ethers";

/** A bet's id on chain, in every layer: its player and nonce, `player << 64 | nonce` (uint256). */
export function betIdOf(player: string, nonce: bigint | number): bigint {
  return (BigInt(player) << 64n) | BigInt(nonce);
}

/** The player whose bet `betId` is, checksummed. */
export function playerOfBet(betId: bigint): string {
  return getAddress(`0x${(betId >> 64n).toString(16).padStart(40, "0")}`);
}

/** The nonce of bet `betId` in its player's sequence. */
export function nonceOfBet(betId: bigint): bigint {
  return betId & ((1n << 64n) - 1n);
}
