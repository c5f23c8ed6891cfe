// The wallet half of web3 mode, loaded only when a wallet is used (wallet-controller.ts). The one
// controller made here drives the app's wallet store (this module is its WalletDriver); the on-chain
// features reach the wallet through readyWallet and browserProvider.
import { useWalletStore } from "../wallet-store";
import type { InjectedWallet } from "../wallet-discovery";
import { WalletController, type ReadyWallet } from "./wallet-controller";

export { WALLET_CHOICE_KEY, type ReadyWallet } from "./wallet-controller";

const walletController = new WalletController(useWalletStore);

export const connectWallet = (wallet: InjectedWallet | "walletconnect") => walletController.connectWallet(wallet);
export const restoreWallet = () => walletController.restoreWallet();
export const disconnectWallet = () => walletController.disconnectWallet();
export const switchNetwork = () => walletController.switchNetwork();
export const refreshBalances = () => walletController.refreshBalances();

export const readyWallet = (): Promise<ReadyWallet> => walletController.readyWallet();
export const browserProvider = () => walletController.browserProvider();
