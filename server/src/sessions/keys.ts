import { and, eq, gt, isNull } from "drizzle-orm";
import { MAX_SESSION_SECONDS, type SessionGrant } from "../engine";
import { sessionsInterface, type CasinoSessions } from "../../../bindings/casino";
import { contractRevert } from "../../../bindings/errors";
import type { ChainClock } from "../chain/clock";
import { ChainRequestRefused } from "../chain/chain-requests";
import type { StakeCheck } from "../chain/stake";
import type { Db } from "../db/types";
import { sessionBets, sessionKeys } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { lockPlayer } from "./intake-groups";
import type { SplitDeps } from "./split";
import { isPlayerSignature, type SessionTypedData } from "./typed-data";

export type SessionKeyRow = typeof sessionKeys.$inferSelect;

/** A session must outlive its opening by this much: a grant expiring sooner would be dead on arrival. */
const MIN_SESSION_SECONDS = 60;

/** Why the chain refuses openSession, as a player reads it. */
const GRANT_REFUSALS: Record<string, string> = {
  InvalidSignature: "The signature is not this wallet's signature of the session",
  SessionExists: "This key has a session already: make a new key",
  SessionTooLong: "A session lasts at most 24 hours",
  SessionExpired: "The session's expiry has passed",
};

/** What a split needs too: CasinoSessions transactions simulated as the settler, then sent through the outbox. */
export interface SessionKeysDeps extends SplitDeps {
  db: Db;
  typedData: SessionTypedData;
  /** Reads only (sessionOf); openSession goes through the outbox. */
  sessions: CasinoSessions;
  stake: StakeCheck;
  clock: ChainClock;
  /** Has the lease holder read the chain up to its head (a key opened by the player's own transaction). */
  sync(): Promise<void>;
}

/**
 * The session keys the server relays for (issue #20): opened through the server (the player's
 * grant, sent by the lease holder through the outbox, the house paying the gas) or by anyone on
 * chain (SessionOpened, recorded by the settler). The app's revoke stops the server relaying at
 * once; the on-chain revokeSession is the player's own transaction.
 */
export class SessionKeys {
  constructor(private readonly d: SessionKeysDeps) {}

  /**
   * Checks the grant (the signed-in player's, at most 24 h, signed by the player's wallet or its
   * EIP-1271 contract), that the player has a stake (chain/stake.ts), simulates openSession, and
   * sends it through the outbox; resolves once it is mined.
   */
  async open(player: string, grant: SessionGrant, signature: string): Promise<{ key: string; expiresAt: number; txHash: string }> {
    if (grant.player !== player) throw forbidden("The session's player must be the signed-in wallet");
    if (grant.key === player) throw badRequest("The session key must be a key of its own, not the wallet");
    const now = await this.d.clock.now();
    const expiresAt = Number(grant.expiresAt);
    if (expiresAt > now + MAX_SESSION_SECONDS) throw badRequest("A session lasts at most 24 hours");
    if (expiresAt < now + MIN_SESSION_SECONDS) throw badRequest(`A session must last at least ${MIN_SESSION_SECONDS} seconds`);
    if (!(await isPlayerSignature(this.d.provider, player, this.d.typedData.grantDigest(grant), signature))) {
      throw badRequest(GRANT_REFUSALS.InvalidSignature!);
    }
    await this.d.stake.require(player);
    const [known] = await this.d.db
      .select({ key: sessionKeys.key })
      .from(sessionKeys)
      .where(and(eq(sessionKeys.player, player), eq(sessionKeys.key, grant.key)));
    if (known) throw conflict(GRANT_REFUSALS.SessionExists!);
    const request = { to: this.d.sessionsAddress, data: sessionsInterface.encodeFunctionData("openSession", [grant, signature]) };
    try {
      await this.d.provider.call({ ...request, from: this.d.settlerAddress });
    } catch (error) {
      throw refusedGrant(contractRevert(error)?.name, error);
    }
    let txHash: string;
    try {
      txHash = await this.d.chainRequests.send("session", request, player);
    } catch (error) {
      if (error instanceof ChainRequestRefused) throw refusedGrant(error.refusal, error);
      throw error;
    }
    await recordSession(this.d.db, grant, txHash);
    return { key: grant.key, expiresAt, txHash };
  }

  /** The player's sessions that have not expired, with what each has lost so far as the chain counts it. */
  async list(player: string) {
    const now = await this.d.clock.now();
    const rows = await this.d.db
      .select()
      .from(sessionKeys)
      .where(and(eq(sessionKeys.player, player), gt(sessionKeys.expiresAt, now)));
    return Promise.all(
      rows.map(async (row) => {
        const onChain = await this.d.sessions.sessionOf(player, row.key);
        return {
          key: row.key,
          expiresAt: row.expiresAt,
          tokens: row.tokens,
          games: row.games,
          maxBet: { DEGEN: row.maxBetDegen, BNB: row.maxBetNative },
          budget: { DEGEN: row.budgetDegen, BNB: row.budgetNative },
          lost: { DEGEN: onChain.lost[0].toString(), BNB: onChain.lost[1].toString() },
          revoked: row.revokedAt !== null || row.revokedOnChain,
          revokedOnChain: row.revokedOnChain,
        };
      }),
    );
  }

  /**
   * The app's revoke: the server takes no bet of this key from now on, and its bets not yet sent
   * are refused. The key's actions on hands already placed still count until the player revokes
   * it on chain (CasinoSessions.settle honours them until then).
   */
  async revoke(player: string, key: string): Promise<{ key: string; revokedOnChain: boolean }> {
    return this.d.db.transaction(async (tx) => {
      // No bet of the key is queued while it is revoked, nor after (the intake reads the revoke under this lock).
      await lockPlayer(tx, player);
      const [row] = await tx
        .select()
        .from(sessionKeys)
        .where(and(eq(sessionKeys.player, player), eq(sessionKeys.key, key)));
      if (!row) throw notFound("No session of this wallet with this key");
      await tx
        .update(sessionKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessionKeys.player, player), eq(sessionKeys.key, key), isNull(sessionKeys.revokedAt)));
      await tx
        .update(sessionBets)
        .set({ status: "refused", error: "The session was revoked before this bet was sent", updatedAt: new Date() })
        .where(and(eq(sessionBets.player, player), eq(sessionBets.key, key), eq(sessionBets.status, "queued")));
      return { key, revokedOnChain: row.revokedOnChain };
    });
  }

  /**
   * A player's session by its key (sessions are kept by player and key, as CasinoSessions keeps
   * them); one opened on chain by someone else is looked for once more after the chain is read up
   * to its head.
   */
  async find(player: string, key: string): Promise<SessionKeyRow | undefined> {
    const read = async () =>
      (
        await this.d.db
          .select()
          .from(sessionKeys)
          .where(and(eq(sessionKeys.player, player), eq(sessionKeys.key, key)))
      )[0];
    const row = await read();
    if (row) return row;
    await this.d.sync();
    return read();
  }
}

/** A session as its grant opened it on chain: recorded by whoever sees it first (the route that sent it, or the log reader). */
export async function recordSession(db: Db, grant: SessionGrant, openedTxHash: string): Promise<void> {
  await db
    .insert(sessionKeys)
    .values({
      key: grant.key,
      player: grant.player,
      expiresAt: Number(grant.expiresAt),
      tokens: Number(grant.tokens),
      games: Number(grant.games),
      maxBetDegen: grant.maxBetDegen.toString(),
      maxBetNative: grant.maxBetNative.toString(),
      budgetDegen: grant.budgetDegen.toString(),
      budgetNative: grant.budgetNative.toString(),
      openedTxHash,
    })
    .onConflictDoNothing();
}

function refusedGrant(name: string | undefined, error: unknown): Error {
  if (name !== undefined) return badRequest(GRANT_REFUSALS[name] ?? `Refused on chain: ${name}`);
  return error as Error;
}
