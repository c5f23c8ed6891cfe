import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { useToastStore } from "@/features/toast";
import { useWalletDialog, type WalletDialog } from "../dialog-store";
import WalletDialogs from "@/app/layout/wallet-dialogs";
import { useWalletStore } from "../wallet-store";
import { PLAYER } from "./fake-wallet";

/** The wallet connected in web3 mode, balances re-read by a mock (the chain is the fake wallet's). */
export function connectWallet(balances: Partial<Record<"DEGEN" | "BNB", string>> = {}) {
  useWalletStore.setState({
    mode: "web3",
    account: PLAYER,
    chainId: 97,
    onChainBalances: { DEGEN: "0", BNB: "0", ...balances },
    walletBalances: { DEGEN: "100", BNB: "1" },
    refreshBalances: vi.fn(async () => undefined),
  });
}

export function openDialog(dialog: WalletDialog) {
  useWalletDialog.setState({ open: dialog });
  const user = userEvent.setup();
  render(<WalletDialogs />);
  return { user, dialog: screen.getByRole("dialog") };
}

export const lastToast = () => useToastStore.getState().toasts[0];
export const dialogOpen = () => useWalletDialog.getState().open;
