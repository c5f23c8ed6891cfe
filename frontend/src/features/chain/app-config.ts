import { apiRequest } from "@/lib/api-client";

/** A chain as wallet_addEthereumChain takes it, plus its id as a number. */
export interface ChainDefinition {
  id: number;
  hexId: string;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

/**
 * What the server says about the chain it settles on (GET /api/config): the app learns chain,
 * contracts and deployment at run time, so one build serves the local chain and BSC Testnet, and
 * a redeploy needs no rebuild.
 */
export interface AppConfig {
  chain: ChainDefinition;
  contracts: { DegenToken: string; Casino: string; CasinoRelay: string; CasinoSwap: string };
  deploymentBlock: number;
  settler: string;
  /** BLACKJACK_IDLE_MS: a web3 hand idle this long is stood by the server (absent from an older server). */
  blackjackIdleMs?: number;
  siwe: { domain: string; uri: string; chainId: number };
}

let loading: Promise<AppConfig> | undefined;

/** The server's configuration, fetched once per page (a failed fetch is tried again next time). */
export function loadAppConfig(): Promise<AppConfig> {
  loading ??= apiRequest<AppConfig>("GET", "/api/config").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** For tests: forget the cached configuration. */
export function forgetAppConfig(): void {
  loading = undefined;
}

/** A transaction's page on the chain's explorer, or null where the chain has none (the local node). */
export function explorerTxUrl(chain: ChainDefinition, hash: string): string | null {
  const base = chain.blockExplorerUrls[0];
  return base ? `${base.replace(/\/$/, "")}/tx/${hash}` : null;
}
