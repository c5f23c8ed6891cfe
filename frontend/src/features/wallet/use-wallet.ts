import { useShallow } from "zustand/react/shallow";
import type { GameType } from "@engine/gameTypes";
import type { Token, TokenAmounts } from "@/config/tokens";
import { inCasino, selectPlayableBalance, selectWrongNetwork, useWalletStore, type WalletStore } from "./wallet-store";

export const selectIsConnected = (state: WalletStore) => state.account !== null;
export const selectIsDemo = (state: WalletStore) => state.mode === "demo";

/** The balance shown as the player's: demo balances, or everything the player has in the Casino (the vault and the one-click lanes). */
export function selectBalance(state: WalletStore): TokenAmounts {
  return state.mode === "demo" ? state.demoBalances : { DEGEN: Number(inCasino(state, "DEGEN")), BNB: Number(inCasino(state, "BNB")) };
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

/** What a bet of `token` in `gameType` may stake (getPlayableBalance), re-rendering only when it changes. */
export function usePlayableBalance(token: Token, gameType: GameType): number {
  return useWalletStore((state) => selectPlayableBalance(state, token, gameType));
}
