import { parseEther } from "ethers";
import { TOKENS, type Token } from "@/config/tokens";
import { decimalOf } from "./amount";

/**
 * What the server relays for a player (GET /api/config, issue #19 finding 8): at least a minimum
 * amount per token, and a number of relayed withdrawals and swaps a day. Read here and nowhere
 * else, so that the server's field names live in one place.
 */
interface ServerRelayLimits {
  relay?: {
    /** Per token symbol, a decimal amount ("1", "0.001"). */
    minAmount?: Partial<Record<Token, string>>;
    dailyQuota?: number;
    /** Absent when the server does not say (the quota is then checked by the server alone). */
    usedToday?: number;
  };
}

export interface RelayLimits {
  minAmount: Partial<Record<Token, bigint>>;
  dailyQuota: number | null;
  usedToday: number | null;
}

const wei = (decimal: unknown): bigint | undefined => {
  try {
    return typeof decimal === "string" ? parseEther(decimal) : undefined;
  } catch {
    return undefined;
  }
};

const count = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);

/** The limits in the server's configuration; what it does not state (or states malformed) does not limit. */
export function relayLimitsOf(config: object): RelayLimits {
  const relay = (config as ServerRelayLimits).relay;
  const minAmount: Partial<Record<Token, bigint>> = {};
  for (const token of TOKENS) {
    const least = wei(relay?.minAmount?.[token]);
    if (least !== undefined) minAmount[token] = least;
  }
  return { minAmount, dailyQuota: count(relay?.dailyQuota), usedToday: count(relay?.usedToday) };
}

const DIRECT_INSTEAD = "Withdraw directly from your wallet instead: your own transaction, you pay the gas.";

/** Why the server will not relay this withdrawal, or null when it will (or `amount` is not typed yet). */
export function relayRefusal(limits: RelayLimits, token: Token, amount: bigint | null): string | null {
  const least = limits.minAmount[token];
  if (amount !== null && least !== undefined && amount < least) {
    return `The Casino relays withdrawals of at least ${decimalOf(least)} ${token}. ${DIRECT_INSTEAD}`;
  }
  if (limits.dailyQuota !== null && limits.usedToday !== null && limits.usedToday >= limits.dailyQuota) {
    return `You have used all ${limits.dailyQuota} relayed withdrawals and swaps for today. ${DIRECT_INSTEAD}`;
  }
  return null;
}
