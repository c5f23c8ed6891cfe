import { driveWalletWith } from "./wallet-store";

export { inCasino, laneOfBet, useWalletStore, WALLET_STORAGE_KEY, WALLET_CONNECTED_KEY } from "./wallet-store";
export type { LaneFunds, OneClickLane } from "./wallet-store";
export { useWallet, usePlayableBalance, selectIsDemo } from "./use-wallet";
export { NO_WALLET_MESSAGE, shortenAddress } from "./injected-provider";

export { decimalOf, displayAmount, parseAmount } from "./amount";
export { AmountField } from "./components/amount-field";
export { DepositShortcut } from "./components/deposit-shortcut";
export { ModeBadge } from "./components/mode-badge";
export { TxProgress } from "./components/tx-progress";
export { useWalletDialog } from "./dialog-store";
export type { WalletDialog } from "./dialog-store";
export { useTxSteps } from "./hooks/use-tx-steps";
export { useJackpotLabel } from "./use-jackpot-label";
export { useWalletDiscovery } from "./wallet-discovery";

// The dialogs load when first opened: the menu's from ./dialogs.ts (app/layout/wallet-dialogs.tsx).
export const loadChooseWalletDialog = () => import("./components/choose-wallet-dialog");

driveWalletWith(() => import("./web3"));
