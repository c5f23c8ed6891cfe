import { parseEther } from "ethers";
import type { Token } from "@/config/tokens";

// The smallest one-click stake per token (issue #39 item 7; server/README.md, ONE_CLICK_MIN_STAKE_*):
// the house pays each one-click bet's gas, so it relays none below it; a smaller bet goes through
// the wallet, which pays its own. The server's field names are read here and nowhere else.

/** GET /api/config's `sessions`. */
interface ConfigSessions {
  sessions?: {
    /** Per token symbol, a decimal amount ("6", "0.001"). */
    minStake?: Partial<Record<Token, string>>;
  };
}

/** The floor the server states for `token`, in base units; null when it states none (or states it malformed): the server still checks. */
export function oneClickMinStake(config: object, token: Token): bigint | null {
  const stated = (config as ConfigSessions).sessions?.minStake?.[token];
  try {
    return typeof stated === "string" ? parseEther(stated) : null;
  } catch {
    return null;
  }
}
