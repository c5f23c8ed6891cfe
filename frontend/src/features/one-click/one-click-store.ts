import { create } from "zustand";
import { GAME_TYPES, type GameType } from "@engine/gameTypes";
import { TOKENS, type Token } from "@/config/tokens";
import { useWalletStore } from "@/features/wallet";
import { readEndedSessions, readSession, type EndedSession, type StoredGrant } from "./storage";

/** Session.tokens' bits (engine SESSION_TOKEN_BITS), repeated here to keep the engine's hashing out of every page. */
const TOKEN_BIT: Record<Token, number> = { DEGEN: 1, BNB: 2 };

/** What the page shows and checks of the open session; the key's secret stays in storage.ts. */
export interface OneClickSession {
  chainId: number;
  player: string;
  /** The session key's address. */
  key: string;
  /** The session's lane: its bets' nonces are `lane << 32 | n`, staked from and paid into the lane's funds. */
  lane: number;
  /** The root of the lane's hash chain, which the wallet signed in the grant. */
  commit: string;
  /** Unix seconds. */
  expiresAt: number;
  tokens: Token[];
  games: GameType[];
  /** Per token, base units (a token the session does not allow has 0). */
  maxBet: Record<Token, bigint>;
  /** What the session took from the vault into its lane when it opened, per token. */
  budget: Record<Token, bigint>;
}

interface OneClickStore {
  /** The live session of the connected account on its chain, held by this tab; null when there is none. */
  session: OneClickSession | null;
  /**
   * This tab's sessions that were revoked or have expired and whose lanes may still hold funds:
   * those go back to the vault once each has ended (closeSession).
   */
  ended: EndedSession[];
  /** Reads the sessions of this account and chain from the tab's storage again. */
  sync: () => void;
}

export function sessionFromGrant(chainId: number, grant: StoredGrant, lane: number): OneClickSession {
  const tokens = TOKENS.filter((token) => (Number(grant.tokens) & TOKEN_BIT[token]) !== 0);
  const games = GAME_TYPES.filter((game) => (Number(grant.games) & (1 << game)) !== 0);
  return {
    chainId,
    player: grant.player,
    key: grant.key,
    lane,
    commit: grant.commit,
    expiresAt: Number(grant.expiresAt),
    tokens,
    games,
    maxBet: { DEGEN: BigInt(grant.maxBetDegen), BNB: BigInt(grant.maxBetNative) },
    budget: { DEGEN: BigInt(grant.budgetDegen), BNB: BigInt(grant.budgetNative) },
  };
}

/**
 * The tab's sessions of the connected account: the live one, and the ended ones. A session past
 * its expiry stays in storage (its key still signs the actions of a hand it left open) and counts
 * as ended, its lane's funds going back at its expiry.
 */
function currentSessions(): Pick<OneClickStore, "session" | "ended"> {
  const { account, chainId, mode } = useWalletStore.getState();
  if (mode !== "web3" || account === null || chainId === null) return { session: null, ended: [] };
  const stored = readSession(chainId, account);
  const ended = readEndedSessions(chainId, account);
  // Only a session the chain showed open counts; one still being opened is the dialog's business.
  if (!stored?.openedTxHash || stored.lane === null) return { session: null, ended };
  const session = sessionFromGrant(chainId, stored.grant, stored.lane);
  if (session.expiresAt * 1000 > Date.now()) return { session, ended };
  const expired = ended.some((known) => known.key === session.key) ? [] : [{ key: session.key, lane: session.lane, endsAt: session.expiresAt }];
  return { session: null, ended: [...ended, ...expired] };
}

const sameEnded = (a: EndedSession[], b: EndedSession[]) =>
  a.length === b.length && a.every((session, i) => session.key === b[i]!.key && session.endsAt === b[i]!.endsAt);

export const useOneClickStore = create<OneClickStore>()((set, get) => ({
  session: null,
  ended: [],
  sync: () => {
    const { session, ended } = currentSessions();
    if (session?.key !== get().session?.key) set({ session });
    if (!sameEnded(ended, get().ended)) set({ ended });
  },
}));

// Another account or chain in the wallet has its own sessions, or none.
useWalletStore.subscribe((next, previous) => {
  if (next.account !== previous.account || next.chainId !== previous.chainId || next.mode !== previous.mode) useOneClickStore.getState().sync();
});

// The wallet reads the live session's lane with the vault, and stakes a covered bet from it.
useOneClickStore.subscribe((next, previous) => {
  if (next.session === previous.session) return;
  const { session } = next;
  useWalletStore.getState().setOneClickLane(session && { lane: session.lane, tokens: session.tokens, games: session.games });
});
