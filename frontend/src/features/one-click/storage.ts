// What one-click play keeps in the browser (docs/protocol.md §4): the session key, its secret and
// the grant the wallet signed, and every bet the key signed until it has landed. sessionStorage:
// this tab only, gone when the tab closes. Kept per chain and player, so that another account or
// chain in the same tab never signs with a key that is not its own.
import type { Token } from "@/config/tokens";

const PREFIX = "degen-casino:one-click:v1";

/** The grant as the wallet signed it (engine/src/session.ts SessionGrant), amounts as decimal strings of base units. */
export interface StoredGrant {
  player: string;
  key: string;
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
  /** 32 bytes hex: the bets' client seeds are derived from it (engine sessionClientSeed). */
  secret: string;
  grant: StoredGrant;
  /** The opening transaction, once the server named it and the chain showed it. */
  openedTxHash: string | null;
}

/** A bet as CasinoSessions takes it, amounts as decimal strings, with its compact signature: the key signed it (engine SessionBet) over the hash of its client seed, which is kept here and told the server once it countersigned. */
export interface StoredSignedBet {
  bet: {
    player: string;
    token: string;
    amount: string;
    game: number;
    params: string;
    clientSeed: string;
    nonce: string;
    expectedCommit: string;
    terms: string;
  };
  deadline: string;
  r: string;
  vs: string;
  /** The signing key's address. */
  key: string;
  symbol: Token;
  /** The block the chain was at when it was signed: the bet cannot land before it. */
  signedAtBlock: number;
  /**
   * The settler's signature of the same EIP-712 Bet, given when the server accepted the bet: with
   * it anyone, the player's wallet too, may place the bet (CasinoSessions.place). Absent while the
   * server has not accepted it.
   */
  countersignature?: string;
}

const sessionKey = (chainId: number, player: string) => `${PREFIX}:session:${chainId}:${player.toLowerCase()}`;
const betsKey = (chainId: number, player: string) => `${PREFIX}:bets:${chainId}:${player.toLowerCase()}`;

function read<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function readSession(chainId: number, player: string): StoredSession | null {
  return read<StoredSession>(sessionKey(chainId, player));
}

export function writeSession(chainId: number, player: string, session: StoredSession): void {
  sessionStorage.setItem(sessionKey(chainId, player), JSON.stringify(session));
}

export function forgetSession(chainId: number, player: string): void {
  sessionStorage.removeItem(sessionKey(chainId, player));
}

/** The signed bets not yet known to have landed, by nonce. */
export function readSignedBets(chainId: number, player: string): Record<string, StoredSignedBet> {
  return read<Record<string, StoredSignedBet>>(betsKey(chainId, player)) ?? {};
}

/** Records a signed bet. Written before the bet is sent: a nonce the server saw is never signed again. */
export function keepSignedBet(chainId: number, player: string, signed: StoredSignedBet): void {
  const bets = readSignedBets(chainId, player);
  bets[signed.bet.nonce] = signed;
  sessionStorage.setItem(betsKey(chainId, player), JSON.stringify(bets));
}

/** Keeps the server's countersignature with the signed bet it accepted (if that bet is still kept). */
export function keepCountersignature(chainId: number, player: string, nonce: string, countersignature: string): void {
  const bets = readSignedBets(chainId, player);
  const signed = bets[nonce];
  if (!signed) return;
  bets[nonce] = { ...signed, countersignature };
  sessionStorage.setItem(betsKey(chainId, player), JSON.stringify(bets));
}

/** Forgets the signed bets whose nonces are below `nextNonce`: they landed, or another bet took their place. */
export function forgetSignedBetsBelow(chainId: number, player: string, nextNonce: bigint): void {
  const bets = readSignedBets(chainId, player);
  const kept = Object.fromEntries(Object.entries(bets).filter(([nonce]) => BigInt(nonce) >= nextNonce));
  sessionStorage.setItem(betsKey(chainId, player), JSON.stringify(kept));
}
