import type { ChainDefinition } from "../chain/chains";
import type { TokenSymbol } from "../tokens";

/**
 * What the browser app learns at run time instead of at build time, so one frontend build serves
 * the local chain and BSC Testnet and a redeploy needs no rebuild: the chain to ask the wallet
 * for, the contracts to call, and what its SIWE message must say.
 */
export interface PublicConfig {
  chain: ChainDefinition;
  /** CasinoSessions: the EIP-712 domain of session grants, bets and actions; CasinoLimits: the player's own limits. */
  contracts: { DegenToken: string; Casino: string; CasinoRelay: string; CasinoSwap: string; CasinoSessions: string; CasinoLimits: string };
  /** Where reading the Casino's logs can start. */
  deploymentBlock: number;
  settler: string;
  /** BLACKJACK_IDLE_MS: how long a web3 hand may idle before the server stands it, which the game tells the player. */
  blackjackIdleMs: number;
  siwe: { domain: string; uri: string; chainId: number };
  /**
   * Relayed withdrawals and swaps (POST /api/withdraw, /api/swap): the smallest amount per token
   * (RELAY_MIN_DEGEN, RELAY_MIN_BNB, decimal strings) and how many one address may ask for in 24 h
   * (RELAYS_PER_ADDRESS_PER_DAY). Below or past them the app offers the wallet's own transaction.
   */
  relay: { minAmount: Record<TokenSymbol, string>; perAddressPerDay: number };
  /**
   * One-click play (POST /api/sessions/bets): how many session bets one address may have relayed in
   * 24 h (SESSION_BETS_PER_ADDRESS_PER_DAY; past it the app offers the wallet's own bet), how many
   * bets at most share a relay transaction (RELAY_BATCH_SIZE), and the smallest one-click stake per
   * token (ONE_CLICK_MIN_STAKE_DEGEN / _BNB, decimal strings; below it the app offers the wallet's bet).
   */
  sessions: { betsPerAddressPerDay: number; relayBatchSize: number; minStake: Record<TokenSymbol, string> };
  /** WALLETCONNECT_PROJECT_ID, or null: the app offers WalletConnect only with one. */
  walletConnectProjectId: string | null;
}

export function publicConfig(options: Omit<PublicConfig, "siwe"> & { appOrigin: string }): PublicConfig {
  const { appOrigin, ...rest } = options;
  // The same domain the sign-in route checks (auth/siwe.ts): APP_ORIGIN's host, port included.
  return { ...rest, siwe: { domain: new URL(appOrigin).host, uri: appOrigin, chainId: options.chain.id } };
}
