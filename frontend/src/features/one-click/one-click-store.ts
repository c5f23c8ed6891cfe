import { create } from "zustand";
import { GAME_TYPES, type GameType } from "@engine/gameTypes";
import { TOKENS, type Token } from "@/config/tokens";
import { useWalletStore } from "@/features/wallet";
import { readSession, type StoredGrant } from "./storage";

/** Session.tokens' bits (engine SESSION_TOKEN_BITS), repeated here to keep the engine's hashing out of every page. */
const TOKEN_BIT: Record<Token, number> = { DEGEN: 1, BNB: 2 };

/** What the page shows and checks of the open session; the key's secrets stay in storage.ts. */
export interface OneClickSession {
  chainId: number;
  player: string;
  /** The session key's address. */
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  tokens: Token[];
  games: GameType[];
  /** Per token, base units (a token the session does not allow has 0). */
  maxBet: Record<Token, bigint>;
  budget: Record<Token, bigint>;
}

interface OneClickStore {
  /** The session of the connected account on its chain, held by this tab; null when there is none. */
  session: OneClickSession | null;
  /** What the session has lost so far per token (stakes less payouts, CasinoSessions.sessionOf), once read. */
  lost: Record<Token, bigint> | null;
  /** Reads the session of this account and chain from the tab's storage again. */
  sync: () => void;
  setLost: (key: string, lost: Record<Token, bigint>) => void;
}

export function sessionFromGrant(chainId: number, grant: StoredGrant): OneClickSession {
  const tokens = TOKENS.filter((token) => (Number(grant.tokens) & TOKEN_BIT[token]) !== 0);
  const games = GAME_TYPES.filter((game) => (Number(grant.games) & (1 << game)) !== 0);
  return {
    chainId,
    player: grant.player,
    key: grant.key,
    expiresAt: Number(grant.expiresAt),
    tokens,
    games,
    maxBet: { DEGEN: BigInt(grant.maxBetDegen), BNB: BigInt(grant.maxBetNative) },
    budget: { DEGEN: BigInt(grant.budgetDegen), BNB: BigInt(grant.budgetNative) },
  };
}

function currentSession(): OneClickSession | null {
  const { account, chainId, mode } = useWalletStore.getState();
  if (mode !== "web3" || account === null || chainId === null) return null;
  const stored = readSession(chainId, account);
  // Only a session the chain showed open counts; one still being opened is the dialog's business.
  if (!stored?.openedTxHash) return null;
  const session = sessionFromGrant(chainId, stored.grant);
  return session.expiresAt * 1000 > Date.now() ? session : null;
}

export const useOneClickStore = create<OneClickStore>()((set, get) => ({
  session: null,
  lost: null,
  sync: () => {
    const session = currentSession();
    if (session?.key !== get().session?.key) set({ session, lost: null });
  },
  setLost: (key, lost) => {
    if (get().session?.key === key) set({ lost });
  },
}));

// Another account or chain in the wallet has its own session, or none.
useWalletStore.subscribe((next, previous) => {
  if (next.account !== previous.account || next.chainId !== previous.chainId || next.mode !== previous.mode) useOneClickStore.getState().sync();
});

/** What is left of the session's budget in a token, once its losses were read (may exceed the budget after wins). */
export function budgetLeft(session: OneClickSession, lost: Record<Token, bigint> | null, token: Token): bigint | null {
  return lost === null ? null : session.budget[token] - lost[token];
}
