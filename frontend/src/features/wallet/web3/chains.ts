import type { AppConfig, ChainDefinition } from "@/features/chain";

const chain = (id: number, name: string, currency: [string, string], rpcUrl: string, explorer: string): ChainDefinition => ({
  id,
  hexId: `0x${id.toString(16)}`,
  name,
  nativeCurrency: { name: currency[0], symbol: currency[1], decimals: 18 },
  rpcUrls: [rpcUrl],
  blockExplorerUrls: [explorer],
});

/** docs/product.md §3 'Chain definitions offered for adding to the wallet'. */
export const KNOWN_CHAINS: Readonly<Record<number, ChainDefinition>> = {
  1: chain(1, "Ethereum Mainnet", ["Ether", "ETH"], "https://cloudflare-eth.com", "https://etherscan.io"),
  56: chain(56, "BNB Smart Chain", ["BNB", "BNB"], "https://bsc-dataseed.bnbchain.org", "https://bscscan.com"),
  97: chain(97, "BSC Testnet", ["tBNB", "tBNB"], "https://data-seed-prebsc-1-s1.bnbchain.org:8545", "https://testnet.bscscan.com"),
};

/**
 * The definition to add a chain to the wallet with: the server's own for its chain (the local
 * node, or a rehearsal of 97 on it, is reachable only at the RPC URL the server names), the product's for
 * the others, none for a chain nobody defines.
 */
export function definitionOf(chainId: number, config: AppConfig): ChainDefinition | undefined {
  return config.chain.id === chainId ? config.chain : KNOWN_CHAINS[chainId];
}

/** wallet_addEthereumChain's parameter (EIP-3085). */
export function addChainParameter(definition: ChainDefinition) {
  return {
    chainId: definition.hexId,
    chainName: definition.name,
    nativeCurrency: definition.nativeCurrency,
    rpcUrls: definition.rpcUrls,
    ...(definition.blockExplorerUrls.length > 0 ? { blockExplorerUrls: definition.blockExplorerUrls } : {}),
  };
}
