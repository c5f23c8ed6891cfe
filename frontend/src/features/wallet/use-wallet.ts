import { useShallow } from "zustand/react/shallow";
import type { Token, TokenAmounts } from "@/config/tokens";
import { selectWrongNetwork, useWalletStore, type WalletMode, type WalletStore } from "./wallet-store";

export const selectIsConnected = (state: WalletStore) => state.account !== null;
export const selectIsDemo = (state: WalletStore) => state.mode === "demo";

export function selectBalance(state: WalletStore): TokenAmounts {
  return state.mode === "demo" ? state.demoBalances : { DEGEN: Number(state.onChainBalances.DEGEN), BNB: Number(state.onChainBalances.BNB) };
}

export interface WalletView {
  mode: WalletMode;
  account: string | null;
  chainId: number | null;
  isConnected: boolean;
  isDemo: boolean;
  isLoading: boolean;
  /** An earlier visit's wallet is being brought back: no mode and no balance is known yet. */
  restoring: boolean;
  balance: TokenAmounts;
  getPlayableBalance: (token: Token) => number;
  applyPayout: (token: Token, signedAmount: number) => void;
  resetDemo: () => void;
  connect: () => Promise<void>;
  disconnect: () => Promise<void>;
  /** web3 mode with the wallet on another chain than the server's. */
  wrongNetwork: boolean;
  switchNetwork: () => Promise<void>;
}

/** The wallet context of docs/product.md §3: what game screens and the header read. */
export function useWallet(): WalletView {
  const view = useWalletStore(
    useShallow((state) => ({
      mode: state.mode,
      account: state.account,
      chainId: state.chainId,
      isConnected: selectIsConnected(state),
      isDemo: selectIsDemo(state),
      isLoading: state.isLoading,
      restoring: state.restoring,
      getPlayableBalance: state.getPlayableBalance,
      applyPayout: state.applyPayout,
      resetDemo: state.resetDemo,
      connect: state.connect,
      disconnect: state.disconnect,
      wrongNetwork: selectWrongNetwork(state),
      switchNetwork: state.switchNetwork,
      // Flattened so the shallow comparison sees balance changes.
      DEGEN: selectBalance(state).DEGEN,
      BNB: selectBalance(state).BNB,
    })),
  );
  const { DEGEN, BNB, ...rest } = view;
  return { ...rest, balance: { DEGEN, BNB } };
}

/** One token's playable balance, re-rendering only when it changes. */
export function usePlayableBalance(token: Token): number {
  return useWalletStore((state) => selectBalance(state)[token]);
}
