// What one-click play keeps in the browser (docs/protocol.md §4): the session key and the grant
// the wallet signed, and the sessions of this tab that ended while their lane may still hold
// funds (the bets the key signed: signed-bets.ts). sessionStorage: this tab only, gone when the
// tab closes (docs/protocol.md §4.6 says why not elsewhere). Kept per chain and player, so that
// another account or chain in the same tab never signs with a key that is not its own.

/** v2: sessions are lanes (docs/decisions.md §4, "lanes"); a v1 session has no lane nor commit, and is not read. */
export const PREFIX = "degen-casino:one-click:v2";

/** The grant as the wallet signed it (engine/src/session.ts SessionGrant), amounts as decimal strings of base units. */
export interface StoredGrant {
  player: string;
  key: string;
  /** The root of the lane's hash chain, which the house derived for this key. */
  commit: string;
  expiresAt: string;
  tokens: string;
  games: string;
  maxBetDegen: string;
  maxBetNative: string;
  budgetDegen: string;
  budgetNative: string;
}

export interface StoredSession {
  /** The session key's private key (32 bytes hex): it signs bets and actions, nothing else. */
  privateKey: string;
  grant: StoredGrant;
  /** The session's lane (CasinoSessions numbers a player's lanes from 1), from SessionOpened; null until the chain showed it open. */
  lane: number | null;
  /** The opening transaction, once the server named it and the chain showed it. */
  openedTxHash: string | null;
}

/**
 * A session of this tab that was revoked or has expired: its key is forgotten, but its lane may
 * still hold funds until closeSession gives them back to the vault, which the chain allows once
 * `endsAt` has passed.
 */
export interface EndedSession {
  key: string;
  lane: number;
  /** Unix seconds on the chain's clock: the session's expiry, or its revocation's block time plus the acceptance window. */
  endsAt: number;
}

const sessionKey = (chainId: number, player: string) => `${PREFIX}:session:${chainId}:${player.toLowerCase()}`;
const endedKey = (chainId: number, player: string) => `${PREFIX}:ended:${chainId}:${player.toLowerCase()}`;

/** A JSON value kept under `key`, or null (none, or unreadable). */
export function readStored<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function readSession(chainId: number, player: string): StoredSession | null {
  return readStored<StoredSession>(sessionKey(chainId, player));
}

export function writeSession(chainId: number, player: string, session: StoredSession): void {
  sessionStorage.setItem(sessionKey(chainId, player), JSON.stringify(session));
}

export function forgetSession(chainId: number, player: string): void {
  sessionStorage.removeItem(sessionKey(chainId, player));
}

/** This tab's ended sessions whose lanes are not known to be empty yet. */
export function readEndedSessions(chainId: number, player: string): EndedSession[] {
  return readStored<EndedSession[]>(endedKey(chainId, player)) ?? [];
}

/** Records an ended session (once per key; a later end, a revocation's, replaces an earlier guess). */
export function keepEndedSession(chainId: number, player: string, ended: EndedSession): void {
  const others = readEndedSessions(chainId, player).filter((session) => session.key !== ended.key);
  sessionStorage.setItem(endedKey(chainId, player), JSON.stringify([...others, ended]));
}

/** Forgets an ended session whose lane is empty: nothing is left to give back. */
export function forgetEndedSession(chainId: number, player: string, key: string): void {
  const left = readEndedSessions(chainId, player).filter((session) => session.key !== key);
  sessionStorage.setItem(endedKey(chainId, player), JSON.stringify(left));
}
