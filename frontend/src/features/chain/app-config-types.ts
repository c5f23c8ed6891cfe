// What GET /api/config answers, apart from the code that loads and checks it, so that the pins
// (deployment-pins.ts), which app-config.ts imports, can name these types too.

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
