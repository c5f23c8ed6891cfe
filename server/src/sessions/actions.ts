import { eq } from "drizzle-orm";
import type { JsonRpcProvider } from "ethers";
import type { Db } from "../db/types";
import { actionKeys } from "../db/schema";
import { badRequest, conflict, forbidden } from "../http/errors";
import type { SessionKeys } from "./keys";
import { isPlayerSignature, recoverSigner, type SessionTypedData } from "./typed-data";

/**
 * An action log as its player signed it (issue #21): the bytes CasinoSessions.settle replays
 * (blackjack "H"/"S"/"P", a crash cash-out's 2 bytes), the key's EIP-712 Actions(betId, actions)
 * signature, the key, and the wallet's ActionKey grant when the key is one named for this bet
 * (null for a session key).
 */
export interface SignedActions {
  log: string;
  signature: string;
  key: string;
  keyGrant: string | null;
}

/**
 * Who may sign a bet's actions, as CasinoSessions.settle decides it: the player's session key (not
 * revoked), or a key the player's wallet named for that bet alone (ActionKey, for a player
 * without a session: one wallet signature per hand, then none per action).
 */
export class ActionSigners {
  constructor(
    private readonly db: Db,
    private readonly provider: JsonRpcProvider,
    private readonly typedData: SessionTypedData,
    private readonly keys: SessionKeys,
  ) {}

  /**
   * Records the key a player's wallet named for one of its bets (POST /api/action-keys), once the
   * grant is checked as the contract will check it (ECDSA, or EIP-1271 for a contract wallet).
   */
  async nameKey(player: string, betId: string, key: string, grant: string): Promise<void> {
    if (!(await isPlayerSignature(this.provider, player, this.typedData.actionKeyDigest(player, betId, key), grant))) {
      throw badRequest("The grant is not this wallet's ActionKey signature for this bet and key");
    }
    const [named] = await this.db.insert(actionKeys).values({ betId, player, key, keyGrant: grant }).onConflictDoNothing().returning();
    if (named) return;
    const [existing] = await this.db.select().from(actionKeys).where(eq(actionKeys.betId, betId));
    if (existing?.key !== key) throw conflict("This bet has an action key already");
  }

  /** The signed log, once its signer is found to act for the bet's player; a 400 or 403 naming what is wrong otherwise. */
  async check(bet: { betId: string; player: string }, log: string, signature: string | undefined): Promise<SignedActions> {
    if (signature === undefined) throw badRequest("Sign the action log with your session key or this bet's action key (EIP-712 Actions(betId, actions))");
    let key: string;
    try {
      key = recoverSigner(this.typedData.actionsDigest(bet.betId, log), signature);
    } catch {
      throw badRequest("The action signature is malformed: 65 bytes, r ‖ s ‖ v");
    }
    const [named] = await this.db.select().from(actionKeys).where(eq(actionKeys.betId, bet.betId));
    if (named?.key === key) return { log, signature, key, keyGrant: named.keyGrant };
    const session = await this.keys.find(bet.player, key);
    if (!session) {
      throw forbidden("The actions are not signed by your session key or by this bet's action key (sign the whole log so far, this action included)");
    }
    if (session.revokedAt !== null || session.revokedOnChain) throw forbidden("This session was revoked: its key cannot act any more");
    return { log, signature, key, keyGrant: null };
  }
}
