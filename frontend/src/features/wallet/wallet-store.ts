import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { GameType } from "@engine/gameTypes";
import { formatAmount, toBaseUnits } from "@engine/tokens";
import { DEMO_START_BALANCES, TOKEN_DISPLAY_DECIMALS, type Token, type TokenAmounts } from "@/config/tokens";
import type { ChainDefinition } from "@/features/chain";
import { roundToDecimals } from "@/lib/bet-rules";
import { NO_WALLET_MESSAGE, type Eip1193Provider } from "./injected-provider";
import { injectedWallets, useWalletDiscovery, type InjectedWallet } from "./wallet-discovery";

export type WalletMode = "demo" | "web3";

/**
 * The live one-click session's lane and the bets it covers (docs/decisions.md §4, "lanes"): its
 * tokens' bets of its games are staked from the lane's funds, which the session took from the
 * vault when it opened; every other bet is staked from the vault.
 */
export interface OneClickLane {
  lane: number;
  tokens: Token[];
  games: GameType[];
}

/** What the lanes of the player's one-click sessions hold, by lane number, decimal strings; a lane holding nothing is left out. */
export type LaneFunds = Record<number, Record<Token, string>>;

/** docs/product.md §3 'Wallet session state', and what web3 mode adds to it. */
export interface WalletSessionState {
  mode: WalletMode;
  account: string | null;
  chainId: number | null;
  /** The Casino vault balances (what a wallet bet stakes), decimal strings as read from the chain. */
  onChainBalances: Record<Token, string>;
  /** The one-click sessions' lanes (Casino.laneOf's funds), read with the vault: the rest of the player's money in the Casino. */
  laneFunds: LaneFunds;
  /** This tab's live one-click session, whose lane a covered bet stakes from; null without one. */
  oneClickLane: OneClickLane | null;
  /** What the wallet itself holds outside the Casino: DEGEN and the chain's native coin. */
  walletBalances: Record<Token, string>;
  /** The DEGEN jackpot pool read from the Casino; null until read. */
  jackpotPool: string | null;
  demoBalances: TokenAmounts;
  isLoading: boolean;
  /**
   * A wallet connected on an earlier visit is being brought back (main.tsx's restore): until it is,
   * neither mode nor any balance is shown, so that a reload in web3 mode never shows Demo Mode and
   * its balances first.
   */
  restoring: boolean;
  /** The wallet's EIP-1193 provider while connected. */
  provider: Eip1193Provider | null;
  /** The chain the server settles on (GET /api/config), once known. */
  targetChain: ChainDefinition | null;
  /**
   * Until then (ms since the epoch, 0 for none) the Casino balances shown wait: a settled bet's
   * outcome is still being animated, and the balance would give it away before the wheel stops.
   */
  outcomeHiddenUntil: number;
}

export interface WalletActions {
  /**
   * Balance a bet of `token` may stake: the demo balance in demo mode; in web3 mode the live
   * one-click session's lane funds when it covers the token and the game, else the Casino vault.
   */
  getPlayableBalance: (token: Token, gameType?: GameType) => number;
  /** The one-click feature names its live session's lane (or none). */
  setOneClickLane: (lane: OneClickLane | null) => void;
  /**
   * Credits (positive) or debits (negative) a demo balance, never below 0. In web3 mode the chain
   * moved the money already: a payout (0 on a loss) means the game has shown its outcome, and the
   * balances are read again; a stake was shown when its transaction was mined.
   */
  applyPayout: (token: Token, signedAmount: number) => void;
  /** A settled bet is about to be animated: the Casino balances shown wait for outcomeShown (at most OUTCOME_HIDDEN_MAX_MS). */
  hideOutcome: () => void;
  /** The game has shown the outcome: the balances are read again, now in full. */
  outcomeShown: () => void;
  resetDemo: () => void;
  /**
   * Requests accounts, signs in with Ethereum, then web3 mode (docs/product.md §4); shows the product's toasts. The
   * wallet is the one given, or the browser's only one; with several (WalletConnect counts when the
   * server offers it), the connect dialog lists them and connects the one picked.
   */
  connect: (wallet?: InjectedWallet | "walletconnect") => Promise<void>;
  /** Ends the server session, closes the connection, returns to demo with the product's demo balances. */
  disconnect: () => Promise<void>;
  /** Brings back the session of an earlier visit without a new signature, when it is still valid. */
  restore: () => Promise<void>;
  /** Asks the wallet for the server's chain (adding it when the wallet does not know it). */
  switchNetwork: () => Promise<void>;
  /** Reads vault, wallet and jackpot balances from the chain again. */
  refreshBalances: () => Promise<void>;
}

export type WalletStore = WalletSessionState & WalletActions;

/** The store as its driver reads and writes it. */
export type WalletStoreApi = Pick<typeof useWalletStore, "getState" | "setState">;

/** The longest a settled outcome keeps the balances waiting, should a game never say it was shown. */
export const OUTCOME_HIDDEN_MAX_MS = 15_000;

export const WALLET_STORAGE_KEY = "degen-casino:demo-wallet";
/** Set while a wallet is connected, so a reload restores it; removed by disconnect. */
export const WALLET_CONNECTED_KEY = "degen-casino:wallet-connected";

const ZERO_BALANCES: Record<Token, string> = { DEGEN: "0", BNB: "0" };

export const disconnectedSession = {
  mode: "demo",
  account: null,
  chainId: null,
  onChainBalances: ZERO_BALANCES,
  laneFunds: {},
  walletBalances: ZERO_BALANCES,
  provider: null,
  outcomeHiddenUntil: 0,
} satisfies Partial<WalletSessionState>;

/** What drives the store in web3 mode: web3/wallet-controller.ts. */
export interface WalletDriver {
  connectWallet(wallet: InjectedWallet | "walletconnect"): Promise<void>;
  restoreWallet(): Promise<void>;
  disconnectWallet(): Promise<void>;
  switchNetwork(): Promise<void>;
  refreshBalances(): Promise<void>;
}

/**
 * The wallet code (ethers, web3-react, the contract bindings) loads only when a wallet is used.
 * The wallet feature's index names it (driveWalletWith), so that this store does not import the
 * code that drives it, and that code imports the store one way only.
 */
let loadDriver: (() => Promise<WalletDriver>) | undefined;

export function driveWalletWith(load: () => Promise<WalletDriver>): void {
  loadDriver = load;
}

function driver(): Promise<WalletDriver> {
  if (!loadDriver) throw new Error("No wallet driver: import the wallet feature through its index");
  return loadDriver();
}

export const useWalletStore = create<WalletStore>()(
  persist(
    (set, get) => ({
      ...disconnectedSession,
      jackpotPool: null,
      demoBalances: { ...DEMO_START_BALANCES },
      isLoading: false,
      // Outside a browser (the server-side tests that import this store) nothing is remembered.
      restoring: typeof localStorage !== "undefined" && localStorage.getItem(WALLET_CONNECTED_KEY) !== null,
      targetChain: null,
      outcomeHiddenUntil: 0,

      oneClickLane: null,

      getPlayableBalance: (token, gameType) => selectPlayableBalance(get(), token, gameType),

      setOneClickLane: (oneClickLane) => set({ oneClickLane }),

      applyPayout: (token, signedAmount) => {
        if (!Number.isFinite(signedAmount)) throw new Error(`Invalid payout amount: ${signedAmount}`);
        // On-chain balances only change through settlement (docs/decisions.md §3): they are re-read, not
        // adjusted. A game pays out when its animation shows the result, so the balance shown does
        // not give the result away before the wheel stops or the fight ends.
        if (get().mode !== "demo") {
          if (signedAmount >= 0) get().outcomeShown();
          return;
        }
        set((state) => {
          // The product rounds demo balances to 2 decimals; BNB keeps its 4 so a 0.001 BNB stake is not rounded away.
          const next = roundToDecimals(state.demoBalances[token] + signedAmount, TOKEN_DISPLAY_DECIMALS[token]);
          return { demoBalances: { ...state.demoBalances, [token]: Math.max(0, next) } };
        });
      },

      resetDemo: () => set({ demoBalances: { ...DEMO_START_BALANCES } }),

      hideOutcome: () => set({ outcomeHiddenUntil: Date.now() + OUTCOME_HIDDEN_MAX_MS }),

      outcomeShown: () => {
        set({ outcomeHiddenUntil: 0 });
        void get().refreshBalances();
      },

      connect: async (wallet) => {
        const wallets = injectedWallets();
        const walletConnect = wallet === undefined && (await offersWalletConnect());
        if (wallets.length === 0 && !walletConnect && wallet === undefined) {
          window.alert(NO_WALLET_MESSAGE);
          return;
        }
        const chosen = wallet ?? (wallets.length === 1 && !walletConnect ? wallets[0] : undefined);
        useWalletDiscovery.setState({ choosing: chosen === undefined, walletConnect });
        if (chosen) await (await driver()).connectWallet(chosen);
      },

      disconnect: async () => (await driver()).disconnectWallet(),

      restore: async () => {
        try {
          if (localStorage.getItem(WALLET_CONNECTED_KEY) === null || injectedWallets().length === 0) return;
          await (await driver()).restoreWallet();
        } finally {
          set({ restoring: false });
        }
      },

      switchNetwork: async () => (await driver()).switchNetwork(),

      refreshBalances: async () => {
        if (get().mode === "web3") await (await driver()).refreshBalances();
      },
    }),
    {
      name: WALLET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ demoBalances: state.demoBalances }),
      version: 1,
    },
  ),
);

/** Whether the server offers WalletConnect (a project id in GET /api/config); not when the config cannot be read. */
async function offersWalletConnect(): Promise<boolean> {
  const { loadAppConfig } = await import("@/features/chain");
  return loadAppConfig().then(
    (config) => Boolean(config.walletConnectProjectId),
    () => false,
  );
}

/** The lane a bet of `token` in `gameType` stakes from: the live one-click session's when it covers both, else null (the vault). */
export function laneOfBet(state: Pick<WalletSessionState, "oneClickLane">, token: Token, gameType: GameType | undefined): number | null {
  const lane = state.oneClickLane;
  return lane && gameType !== undefined && lane.tokens.includes(token) && lane.games.includes(gameType) ? lane.lane : null;
}

/** getPlayableBalance, for selectors. */
export function selectPlayableBalance(state: WalletSessionState, token: Token, gameType?: GameType): number {
  if (state.mode === "demo") return state.demoBalances[token];
  const lane = laneOfBet(state, token, gameType);
  return Number(lane === null ? state.onChainBalances[token] : (state.laneFunds[lane]?.[token] ?? "0"));
}

/** All a player has in the Casino of `token`: the vault and every one-click lane, as a decimal string (exact). */
export function inCasino(state: Pick<WalletSessionState, "onChainBalances" | "laneFunds">, token: Token): string {
  const lanes = Object.values(state.laneFunds).reduce((sum, funds) => sum + toBaseUnits(funds[token]), 0n);
  return formatAmount(toBaseUnits(state.onChainBalances[token]) + lanes);
}

/** web3 mode on another chain than the server's: every on-chain action waits for a switch. */
export const selectWrongNetwork = (state: WalletSessionState) => state.mode === "web3" && state.targetChain !== null && state.chainId !== state.targetChain.id;
