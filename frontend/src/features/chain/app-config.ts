import { apiRequest } from "@/lib/api-client";
import { checkAgainstPins } from "./deployment-pins";

/** A chain as wallet_addEthereumChain takes it, plus its id as a number. */
export interface ChainDefinition {
  id: number;
  hexId: string;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

/** The deployment's contracts, by the names deployments/<chainId>.json gives them. */
export interface AppContracts {
  DegenToken: string;
  Casino: string;
  CasinoRelay: string;
  CasinoSwap: string;
  /** One-click play: session grants and the session keys' signed bets (contracts/CasinoSessions.sol). */
  CasinoSessions: string;
  /** The limits a player sets for their own address (contracts/CasinoLimits.sol). */
  CasinoLimits: string;
}

/**
 * What the server says about the chain it settles on (GET /api/config): chain, deployment block,
 * settler and the sign-in's terms at run time. Its contracts must be the ones this build pins for
 * that chain (deployment-pins.ts): a configuration naming others is refused.
 */
export interface AppConfig {
  chain: ChainDefinition;
  contracts: AppContracts;
  deploymentBlock: number;
  settler: string;
  /** BLACKJACK_IDLE_MS: a web3 hand idle this long is stood by the server (absent from an older server). */
  blackjackIdleMs?: number;
  siwe: { domain: string; uri: string; chainId: number };
  /** WALLETCONNECT_PROJECT_ID: WalletConnect is offered only with one (absent from an older server). */
  walletConnectProjectId?: string | null;
}

let loading: Promise<AppConfig> | undefined;

/**
 * The server's configuration, fetched once per page and checked against the build's pins (a
 * failed fetch or check is tried again next time).
 */
export function loadAppConfig(): Promise<AppConfig> {
  loading ??= apiRequest<AppConfig>("GET", "/api/config")
    .then((config) => checkAgainstPins(config))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** For tests: forget the cached configuration. */
export function forgetAppConfig(): void {
  loading = undefined;
}

/** A page of the chain's explorer ("tx/…", "address/…"), or null where the chain has none (the local node). */
function explorerUrl(chain: ChainDefinition, path: string): string | null {
  const base = chain.blockExplorerUrls[0];
  return base ? `${base.replace(/\/$/, "")}/${path}` : null;
}

/** A transaction's page on the chain's explorer, or null where the chain has none. */
export function explorerTxUrl(chain: ChainDefinition, hash: string): string | null {
  return explorerUrl(chain, `tx/${hash}`);
}

/** A contract's or account's page on the chain's explorer, or null where the chain has none. */
export function explorerAddressUrl(chain: ChainDefinition, address: string): string | null {
  return explorerUrl(chain, `address/${address}`);
}
