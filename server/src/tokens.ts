import { ZeroAddress } from "ethers";
import type { Token } from "./engine";

export { formatAmount } from "./engine";
export type TokenSymbol = Token;

/** BNB is the chain's native coin: token address(0) on the Casino. */
export const TOKEN_ADDRESS = { BNB: ZeroAddress } as const;

export function symbolOf(tokenAddress: string, degenAddress: string): TokenSymbol | undefined {
  if (tokenAddress === ZeroAddress) return "BNB";
  if (tokenAddress.toLowerCase() === degenAddress.toLowerCase()) return "DEGEN";
  return undefined;
}
