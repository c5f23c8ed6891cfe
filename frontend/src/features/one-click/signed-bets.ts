// The bets a session key signed, kept in the tab per lane until they have landed (storage.ts says
// where and why). Loaded with the signing code only: it reads nonces with the engine.
import { laneOfNonce } from "@engine/session";
import type { Token } from "@/config/tokens";
import { PREFIX, readStored } from "./storage";

/** A bet as CasinoSessions takes it, amounts as decimal strings, with its compact signature: the key signed it (engine SessionBet) over the hash of its client seed, which is kept here and told the server once it countersigned. */
export interface StoredSignedBet {
  bet: {
    player: string;
    token: string;
    amount: string;
    game: number;
    params: string;
    /** Drawn at random for this signature alone (docs/decisions.md §4: every signature gets a client seed of its own). */
    clientSeed: string;
    /** The lane's nonce, `lane << 32 | n`. */
    nonce: string;
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
  /** The server refused it: it never relays it, so it never lands, and its nonce is signed again. */
  refused?: boolean;
}

const betsKey = (chainId: number, player: string, lane: bigint) => `${PREFIX}:bets:${chainId}:${player.toLowerCase()}:${lane}`;

/** The lane's signed bets not yet known to have landed, by nonce. */
export function readSignedBets(chainId: number, player: string, lane: bigint): Record<string, StoredSignedBet> {
  return readStored<Record<string, StoredSignedBet>>(betsKey(chainId, player, lane)) ?? {};
}

function writeSignedBets(chainId: number, player: string, lane: bigint, bets: Record<string, StoredSignedBet>): void {
  sessionStorage.setItem(betsKey(chainId, player, lane), JSON.stringify(bets));
}

/** Records a signed bet in its lane's list. Written before the bet is sent: a bet the server may have seen is never lost from view. */
export function keepSignedBet(chainId: number, player: string, signed: StoredSignedBet): void {
  const lane = laneOfNonce(BigInt(signed.bet.nonce));
  writeSignedBets(chainId, player, lane, { ...readSignedBets(chainId, player, lane), [signed.bet.nonce]: signed });
}

/** Changes what is kept of a signed bet (the server's countersignature, or its refusal), if that bet is still kept. */
export function updateSignedBet(chainId: number, player: string, nonce: string, change: Pick<StoredSignedBet, "countersignature" | "refused">): void {
  const lane = laneOfNonce(BigInt(nonce));
  const bets = readSignedBets(chainId, player, lane);
  const signed = bets[nonce];
  if (!signed) return;
  writeSignedBets(chainId, player, lane, { ...bets, [nonce]: { ...signed, ...change } });
}

/** Forgets the lane's signed bets whose nonces are below `nextNonce` (a nonce of that lane): they landed. */
export function forgetSignedBetsBelow(chainId: number, player: string, nextNonce: bigint): void {
  const lane = laneOfNonce(nextNonce);
  const kept = Object.entries(readSignedBets(chainId, player, lane)).filter(([nonce]) => BigInt(nonce) >= nextNonce);
  writeSignedBets(chainId, player, lane, Object.fromEntries(kept));
}

/** Forgets the lane's signed bets from `nonce` on: they can never land (an earlier one of them never will), so their nonces are signed again. */
export function forgetSignedBetsFrom(chainId: number, player: string, nonce: bigint): void {
  const lane = laneOfNonce(nonce);
  const kept = Object.entries(readSignedBets(chainId, player, lane)).filter(([kept]) => BigInt(kept) < nonce);
  writeSignedBets(chainId, player, lane, Object.fromEntries(kept));
}
