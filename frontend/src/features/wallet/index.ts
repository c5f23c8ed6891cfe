import { driveWalletWith } from "./wallet-store";

export { useWalletStore, selectWrongNetwork, WALLET_STORAGE_KEY, WALLET_CONNECTED_KEY } from "./wallet-store";
export type { WalletMode, WalletSessionState, WalletActions, WalletStore } from "./wallet-store";
export { useWallet, usePlayableBalance, selectBalance, selectIsConnected, selectIsDemo } from "./use-wallet";
export type { WalletView } from "./use-wallet";
export { NO_WALLET_MESSAGE, WALLET_PROVIDER_NAME, shortenAddress, getInjectedProvider } from "./injected-provider";
export type { Eip1193Provider } from "./injected-provider";

driveWalletWith(() => import("./web3"));
