// The wallet menu's dialogs, a public entry of their own: only the app's lazily loaded
// app/layout/wallet-dialogs.tsx imports it, so they stay out of the lobby's first load.
export { AccountDialog } from "./components/account-dialog";
export { DepositDialog } from "./components/deposit-dialog";
export { SwapDialog } from "./components/swap-dialog";
export { WithdrawDialog } from "./components/withdraw-dialog";
