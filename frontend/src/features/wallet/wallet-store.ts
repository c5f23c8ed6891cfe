import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { DEMO_START_BALANCES, TOKEN_DISPLAY_DECIMALS, type Token, type TokenAmounts } from "@/config/tokens";
import { roundToDecimals } from "@/lib/bet-rules";
import { getInjectedProvider, NO_WALLET_MESSAGE } from "./injected-provider";

export type WalletMode = "demo" | "web3";

/** SPEC §3 'Wallet session state'. */
export interface WalletSessionState {
  mode: WalletMode;
  account: string | null;
  chainId: number | null;
  /** Decimal strings as read from the chain. */
  onChainBalances: Record<Token, string>;
  demoBalances: TokenAmounts;
  isLoading: boolean;
}

export interface WalletActions {
  /** Balance the games may stake: demo balances in demo mode, on-chain balances in web3 mode. */
  getPlayableBalance: (token: Token) => number;
  /** Credits (positive) or debits (negative) a demo balance; never below 0. */
  applyPayout: (token: Token, signedAmount: number) => void;
  resetDemo: () => void;
  connect: () => Promise<void>;
  disconnect: () => void;
}

export type WalletStore = WalletSessionState & WalletActions;

export const WALLET_STORAGE_KEY = "degen-casino:demo-wallet";

const EMPTY_ON_CHAIN_BALANCES: Record<Token, string> = { DEGEN: "0", BNB: "0" };

const disconnectedSession = {
  mode: "demo",
  account: null,
  chainId: null,
  onChainBalances: EMPTY_ON_CHAIN_BALANCES,
} satisfies Partial<WalletSessionState>;

export const useWalletStore = create<WalletStore>()(
  persist(
    (set, get) => ({
      ...disconnectedSession,
      demoBalances: { ...DEMO_START_BALANCES },
      isLoading: false,

      getPlayableBalance: (token) => {
        const state = get();
        return state.mode === "demo" ? state.demoBalances[token] : Number(state.onChainBalances[token]);
      },

      applyPayout: (token, signedAmount) => {
        if (!Number.isFinite(signedAmount)) throw new Error(`Invalid payout amount: ${signedAmount}`);
        // On-chain balances only change through settlement (DESIGN.md §3); they are re-read, not adjusted.
        if (get().mode !== "demo") return;
        set((state) => {
          // SPEC rounds demo balances to 2 decimals; BNB keeps its 4 so a 0.001 BNB stake is not rounded away.
          const next = roundToDecimals(state.demoBalances[token] + signedAmount, TOKEN_DISPLAY_DECIMALS[token]);
          return { demoBalances: { ...state.demoBalances, [token]: Math.max(0, next) } };
        });
      },

      resetDemo: () => set({ demoBalances: { ...DEMO_START_BALANCES } }),

      connect: async () => {
        const provider = getInjectedProvider();
        if (!provider) {
          window.alert(NO_WALLET_MESSAGE);
          return;
        }
        set({ isLoading: true });
        try {
          const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[];
          if (accounts.length === 0) {
            set(disconnectedSession);
            return;
          }
          const chainIdHex = (await provider.request({ method: "eth_chainId" })) as string;
          set({ account: accounts[0], chainId: Number.parseInt(chainIdHex, 16), mode: "web3" });
        } catch (error) {
          // SPEC §4: any connect failure returns to demo mode.
          set(disconnectedSession);
          throw error;
        } finally {
          set({ isLoading: false });
        }
      },

      disconnect: () => set({ ...disconnectedSession, demoBalances: { ...DEMO_START_BALANCES } }),
    }),
    {
      name: WALLET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ demoBalances: state.demoBalances }),
      version: 1,
    },
  ),
);
