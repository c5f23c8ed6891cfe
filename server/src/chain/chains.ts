/**
 * The chains the app knows how to describe to a wallet. The browser learns the server's chain
 * from GET /api/config at run time, so one frontend build serves every chain; the frontend
 * mirrors the 1 / 56 / 97 entries (the product's chain definitions) for wallet_addEthereumChain.
 */

export interface NativeCurrency {
  name: string;
  /** 2–6 characters: MetaMask refuses a chain whose symbol is longer. */
  symbol: string;
  /** MetaMask accepts 18 only. */
  decimals: 18;
}

export interface ChainDefinition {
  id: number;
  /** The id as wallet_switchEthereumChain and wallet_addEthereumChain take it: 0x-prefixed, unpadded. */
  hexId: string;
  name: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: string[];
  /** Empty when the chain has no explorer. */
  blockExplorerUrls: string[];
}

export const LOCAL_CHAIN_ID = 31337;

const hexId = (id: number) => `0x${id.toString(16)}`;

const define = (id: number, name: string, nativeCurrency: NativeCurrency, rpcUrls: string[], blockExplorerUrls: string[]): ChainDefinition => ({
  id,
  hexId: hexId(id),
  name,
  nativeCurrency,
  rpcUrls,
  blockExplorerUrls,
});

const ether: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 };

export const KNOWN_CHAINS: Readonly<Record<number, Readonly<ChainDefinition>>> = {
  1: define(1, "Ethereum Mainnet", ether, ["https://eth.llamarpc.com"], ["https://etherscan.io"]),
  56: define(56, "BNB Smart Chain", { name: "BNB", symbol: "BNB", decimals: 18 }, ["https://bsc-dataseed.bnbchain.org"], ["https://bscscan.com"]),
  97: define(
    97,
    "BSC Testnet",
    { name: "tBNB", symbol: "tBNB", decimals: 18 },
    ["https://data-seed-prebsc-1-s1.bnbchain.org:8545"],
    ["https://testnet.bscscan.com"],
  ),
  // A Hardhat node has no public endpoint and no explorer: the wallet uses the server's own RPC
  // (PUBLIC_RPC_URL or RPC_URL, filled in by chainDefinition). Its native coin plays BNB's role.
  [LOCAL_CHAIN_ID]: define(LOCAL_CHAIN_ID, "Hardhat Local", ether, [], []),
};

export interface ChainOverrides {
  /** The server's RPC_URL: published on the local chain only (a Hardhat node has no other endpoint). */
  rpcUrl: string;
  /** PUBLIC_RPC_URL: replaces the table's RPC (and RPC_URL) for the server's chain. */
  publicRpcUrl?: string;
  /** EXPLORER_URL: replaces the table's explorer for the server's chain. */
  explorerUrl?: string;
}

/** The server's chain as the browser and its wallet must see it. */
export function chainDefinition(chainId: number, overrides: ChainOverrides): ChainDefinition {
  // An unknown chain: a generic name, the usual 18-decimal coin, no explorer.
  const known = KNOWN_CHAINS[chainId] ?? define(chainId, `Chain ${chainId}`, ether, [], []);
  // RPC_URL is the server's own endpoint, often a provider's URL with its key in it: published for
  // the local Hardhat node only. Elsewhere, without PUBLIC_RPC_URL or the table's, none is published.
  const localRpc = chainId === LOCAL_CHAIN_ID ? [overrides.rpcUrl] : [];
  const rpcUrls = overrides.publicRpcUrl ? [overrides.publicRpcUrl] : known.rpcUrls.length > 0 ? known.rpcUrls : localRpc;
  const blockExplorerUrls = overrides.explorerUrl ? [overrides.explorerUrl] : known.blockExplorerUrls;
  return define(chainId, known.name, { ...known.nativeCurrency }, [...rpcUrls], [...blockExplorerUrls]);
}
