import { parseEther } from "ethers";
import { TOKENS, type Token } from "@/config/tokens";
import { apiRequest } from "@/lib/api-client";
import { decimalOf } from "./amount";

// What the server relays for a player (issue #19, finding R2-8; server/README.md): at least a minimum
// amount per token, and a number of relayed withdrawals and swaps per address in any 24 hours.
// The server's field names are read here and nowhere else.

/** GET /api/config's `relay`. */
interface ConfigRelay {
  relay?: {
    /** Per token symbol, a decimal amount ("1", "0.001"). */
    minAmount?: Partial<Record<Token, string>>;
    /** 0: the server relays nothing. */
    perAddressPerDay?: number;
  };
}

/** GET /api/relay/quota (signed in): what the player may still ask for in the next 24 hours. */
interface RelayQuota {
  remaining?: number;
}

export interface RelayLimits {
  minAmount: Partial<Record<Token, bigint>>;
  perDay: number | null;
  /** Relays the player has left; null when the server did not say. */
  remaining: number | null;
}

const wei = (decimal: unknown): bigint | undefined => {
  try {
    return typeof decimal === "string" ? parseEther(decimal) : undefined;
  } catch {
    return undefined;
  }
};

const count = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);

/** The limits the server states; what it does not state (or states malformed) does not limit. */
export function relayLimitsOf(config: object, quota: object | null): RelayLimits {
  const relay = (config as ConfigRelay).relay;
  const minAmount: Partial<Record<Token, bigint>> = {};
  for (const token of TOKENS) {
    const least = wei(relay?.minAmount?.[token]);
    if (least !== undefined) minAmount[token] = least;
  }
  return { minAmount, perDay: count(relay?.perAddressPerDay), remaining: count((quota as RelayQuota | null)?.remaining) };
}

/** The configuration's limits and the player's quota now (an unanswered quota limits nothing: the server still checks it). */
export async function loadRelayLimits(config: object): Promise<RelayLimits> {
  const quota = await apiRequest<RelayQuota>("GET", "/api/relay/quota").catch(() => null);
  return relayLimitsOf(config, quota);
}

const DIRECT_INSTEAD = "Withdraw directly from your wallet instead: your own transaction, you pay the gas.";

/** Why the server will not relay this withdrawal, or null when it will (or `amount` is not typed yet). */
export function relayRefusal(limits: RelayLimits, token: Token, amount: bigint | null): string | null {
  if (limits.perDay === 0) return `The Casino relays no withdrawals at the moment. ${DIRECT_INSTEAD}`;
  const least = limits.minAmount[token];
  if (amount !== null && least !== undefined && amount < least) {
    return `The Casino relays withdrawals of at least ${decimalOf(least)} ${token}. ${DIRECT_INSTEAD}`;
  }
  if (limits.remaining === 0) return `This wallet has no relayed withdrawals or swaps left for the next 24 hours. ${DIRECT_INSTEAD}`;
  return null;
}
