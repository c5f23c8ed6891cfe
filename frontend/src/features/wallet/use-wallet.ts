import { useShallow } from "zustand/react/shallow";
import type { Token, TokenAmounts } from "@/config/tokens";
import { selectWrongNetwork, useWalletStore, type WalletStore } from "./wallet-store";

export const selectIsConnected = (state: WalletStore) => state.account !== null;
export const selectIsDemo = (state: WalletStore) => state.mode === "demo";

export function selectBalance(state: WalletStore): TokenAmounts {
  return state.mode === "demo" ? state.demoBalances : { DEGEN: Number(state.onChainBalances.DEGEN), BNB: Number(state.onChainBalances.BNB) };
}

/** The wallet context of docs/product.md §3: what game screens and the header read. */
export function useWallet() {
  const view = useWalletStore(
    useShallow((state) => ({
      mode: state.mode,
      account: state.account,
      isConnected: selectIsConnected(state),
      isDemo: selectIsDemo(state),
      isLoading: state.isLoading,
      restoring: state.restoring,
      getPlayableBalance: state.getPlayableBalance,
      applyPayout: state.applyPayout,
      resetDemo: state.resetDemo,
      connect: state.connect,
      wrongNetwork: selectWrongNetwork(state),
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
