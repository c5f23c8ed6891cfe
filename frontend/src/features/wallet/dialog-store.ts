import { create } from "zustand";

/** The wallet menu's dialogs (docs/product.md §2 'Header wallet widget', §4 'Wallet dialogs', and one-click play): one open at a time. */
export type WalletDialog = "deposit" | "withdraw" | "swap" | "account" | "one-click";

interface DialogStore {
  open: WalletDialog | null;
  show: (dialog: WalletDialog) => void;
  close: () => void;
}

export const useWalletDialog = create<DialogStore>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}));
