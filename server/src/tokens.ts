import { formatUnits, ZeroAddress } from "ethers";

export type TokenSymbol = "DEGEN" | "BNB";

/** BNB is the chain's native coin: token address(0) on the Casino. */
export const TOKEN_ADDRESS = { BNB: ZeroAddress } as const;

/** Base units (18 decimals) as a plain decimal string: 1500000000000000000n → "1.5". */
export function formatAmount(wei: bigint): string {
  return formatUnits(wei, 18).replace(/\.0$/, "");
}

export function symbolOf(tokenAddress: string, degenAddress: string): TokenSymbol | undefined {
  if (tokenAddress === ZeroAddress) return "BNB";
  if (tokenAddress.toLowerCase() === degenAddress.toLowerCase()) return "DEGEN";
  return undefined;
}
