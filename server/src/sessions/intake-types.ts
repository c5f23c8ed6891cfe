// The one-click intake's types, apart from its code, so that intake-groups.ts (which intake.ts
// imports) can name them too.
import type { SessionBet } from "../engine";
import type { sessionBets } from "../db/schema";

export type SessionBetRow = typeof sessionBets.$inferSelect;

/** A bet as the session key signed it, with its compact (EIP-2098) signature. */
export interface SignedSessionBet {
  bet: SessionBet;
  r: string;
  vs: string;
}

export interface AcceptedBet {
  betId: string;
  nonce: string;
  kind: SessionBetRow["kind"];
  status: SessionBetRow["status"];
  /**
   * The settler's signature (65 bytes, r ‖ s ‖ v) of the bet's EIP-712 digest, the one its key
   * signed: CasinoSessions.place takes the bet from anyone with it (issue #20 item 6, the app's
   * wallet fallback when the relay fails).
   */
  countersignature: string;
}

/** Signs digests as the settler: the countersignature of a bet the server stored. */
export interface Countersigner {
  address: string;
  signDigest(digest: string): string;
}
