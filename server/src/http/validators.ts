import { getAddress, isAddress } from "ethers";
import { z } from "zod";

export const address = z
  .string()
  .max(64)
  .refine((value) => /^0x[0-9a-fA-F]{40}$/.test(value) && isAddress(value), "must be a 0x-prefixed 20-byte address")
  .transform((value) => getAddress(value.toLowerCase()));

export const tokenSymbol = z.enum(["DEGEN", "BNB"]);
export type TokenSymbol = z.infer<typeof tokenSymbol>;

/**
 * A positive token amount as a JSON number or decimal string, at most 18 decimals and 1e12
 * whole tokens; converted to base units (wei).
 */
export const tokenAmount = z.union([z.number(), z.string().max(40)]).transform((value, ctx) => {
  const text = typeof value === "number" ? numberToDecimal(value) : value.trim();
  const match = text === undefined ? null : /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: "custom", message: "must be a positive decimal amount with at most 18 decimals" });
    return z.NEVER;
  }
  const wei = BigInt(match[1]!) * 10n ** 18n + BigInt((match[2] ?? "").padEnd(18, "0"));
  if (wei === 0n) {
    ctx.addIssue({ code: "custom", message: "must be greater than 0" });
    return z.NEVER;
  }
  return wei;
});

function numberToDecimal(value: number): string | undefined {
  if (!Number.isFinite(value) || value <= 0 || value >= 1e12) return undefined;
  // toFixed avoids exponent notation; 18 places then trimmed keeps what the caller typed.
  return value.toFixed(18).replace(/\.?0+$/, "");
}

/**
 * An on-chain betId (uint256 `player << 64 | nonce`) as a decimal or 0x-hex string, normalised to
 * decimal. JSON numbers are refused: they cannot carry a uint256 exactly.
 */
export const betId = z
  .string()
  .regex(/^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/, "must be a uint256 as a decimal or 0x-hex string")
  .transform((value) => BigInt(value))
  .refine((value) => value < 2n ** 256n, "is out of range")
  .transform((value) => value.toString());

/** Signed bytes as 0x-prefixed hex: a 65-byte signature, or longer for an EIP-1271 wallet. */
export const hexSignature = z
  .string()
  .max(2_000)
  .regex(/^0x([0-9a-fA-F]{2})+$/, "must be 0x-prefixed hex");

/** A session or action key's 65-byte signature. */
export const keySignature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, "must be a 65-byte signature as 0x-prefixed hex");

export const positiveIntId = z.coerce.number().int("must be an integer").positive("must be positive").max(2_147_483_647, "is out of range");
