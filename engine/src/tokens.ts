/** The two tokens a bet can be made in (docs/decisions.md §9). */
export type Token = "DEGEN" | "BNB";
export const TOKENS: readonly Token[] = ["DEGEN", "BNB"];

export const TOKEN_DECIMALS = 18;

/** Basis points: 10000 = 100 %. */
export const BPS = 10_000n;

/** Return to player = the token multiplier, in basis points (docs/product.md §1, §9: x1.02 and x0.98). */
export const RTP_BPS: Readonly<Record<Token, bigint>> = { DEGEN: 10_200n, BNB: 9_800n };

/** Smallest stake per token, in base units (docs/product.md §5: 1 DEGEN, 0.001 BNB). */
export const MIN_BET: Readonly<Record<Token, bigint>> = {
  DEGEN: 10n ** 18n,
  BNB: 10n ** 15n,
};

export function isToken(value: unknown): value is Token {
  return value === "DEGEN" || value === "BNB";
}

/**
 * Refuses a stake of 0 or less (RangeError). Every payout is stake × multiplier, so such a
 * "bet" would settle to 0 or to a negative payout, which a demo balance would add as a debit.
 */
export function assertPositiveStake(stake: bigint): void {
  if (stake <= 0n) throw new RangeError(`The stake must be positive, got ${stake} base units`);
}

/** amount × bps / 10000, rounded down: the only way a multiplier is ever applied to an amount. */
export function applyBps(amount: bigint, bps: bigint): bigint {
  return (amount * bps) / BPS;
}

/** The token multiplier as a number (1.02 or 0.98), for display. */
export function tokenMultiplier(token: Token): number {
  return Number(RTP_BPS[token]) / Number(BPS);
}

/**
 * A decimal amount (10, 0.005, "12.5") in base units. Numbers go through their shortest
 * decimal text, so 0.1 becomes exactly 10^17 and not the binary float's expansion.
 */
export function toBaseUnits(amount: number | string): bigint {
  let text: string;
  if (typeof amount === "number") {
    if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
    text = String(amount);
    if (/e/i.test(text)) text = amount.toFixed(TOKEN_DECIMALS);
  } else {
    text = amount.trim();
  }
  return parseAmount(text);
}

/** Base units as a decimal number, for display and demo balances. */
export function fromBaseUnits(amount: bigint): number {
  return Number(formatAmount(amount));
}

const UNIT = 10n ** BigInt(TOKEN_DECIMALS);

/**
 * Decimal text ("12.5", "-1", ".5") in base units, as ethers' parseUnits reads it: a decimal past
 * the 18th must be 0. By hand, so that the lobby's first load, which formats amounts, holds no
 * ethers (bench/lobby-js.ts).
 */
function parseAmount(text: string): bigint {
  const match = /^(-?)(\d*)\.?(\d*)$/.exec(text);
  const [, sign = "", whole = "", fraction = ""] = match ?? [];
  if (!match || whole.length + fraction.length === 0) throw new RangeError(`Not a decimal amount: "${text}"`);
  if (/[1-9]/.test(fraction.slice(TOKEN_DECIMALS))) throw new RangeError(`More than ${TOKEN_DECIMALS} decimals: "${text}"`);
  return BigInt(sign + (whole || "0") + fraction.slice(0, TOKEN_DECIMALS).padEnd(TOKEN_DECIMALS, "0"));
}

/** Base units as exact decimal text ("25.5", "-0.001", "10"), for JSON responses. */
export function formatAmount(amount: bigint): string {
  // By hand: ethers' formatUnits builds a FixedNumber per call, and every game answer formats a payout.
  const magnitude = amount < 0n ? -amount : amount;
  const whole = (amount < 0n ? "-" : "") + (magnitude / UNIT).toString();
  const fraction = (magnitude % UNIT).toString().padStart(TOKEN_DECIMALS, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
