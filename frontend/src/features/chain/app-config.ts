import { apiRequest } from "@/lib/api-client";
import type { AppConfig, ChainDefinition } from "./app-config-types";
import { checkAgainstPins } from "./deployment-pins";

export type { AppConfig, AppContracts, ChainDefinition } from "./app-config-types";

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
