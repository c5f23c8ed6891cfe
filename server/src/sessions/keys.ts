import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ZeroAddress, type TransactionReceipt } from "ethers";
import { formatAmount, MAX_SESSION_SECONDS, SESSION_TOKEN_BITS, type SessionGrant } from "../engine";
import { sessionsInterface, type Casino, type CasinoSessions } from "../../../bindings/casino";
import { parseCasinoLog } from "../../../bindings/events";
import { contractRevert } from "../../../bindings/errors";
import type { ChainClock } from "../chain/clock";
import { ChainRequestRefused } from "../chain/chain-requests";
import type { StakeCheck } from "../chain/stake";
import type { Db } from "../db/types";
import { sessionBets, sessionKeys } from "../db/schema";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../http/errors";
import { FixedWindowCounter } from "../http/limits";
import type { SeedVault } from "../settler/seeds";
import type { TokenSymbol } from "../tokens";
import { lockPlayer } from "./intake-groups";
import type { SplitDeps } from "./split";
import { isPlayerSignature, type SessionTypedData } from "./typed-data";

export type SessionKeyRow = typeof sessionKeys.$inferSelect;

/** A session must outlive its opening by this much: a grant expiring sooner would be dead on arrival. */
const MIN_SESSION_SECONDS = 60;
/**
 * Lane roots one address may ask for in a minute (this instance's count): each is a chain of
 * 16,384 links computed, about 80 ms of CPU, and the app asks for one per session it opens.
 */
export const LANE_ROOTS_PER_ADDRESS_PER_MINUTE = 10;

/** Why the chain refuses openSession, as a player reads it. */
const GRANT_REFUSALS: Record<string, string> = {
  InvalidSignature: "The signature is not this wallet's signature of the session",
  SessionExists: "This key has a session already: make a new key",
  SessionTooLong: "A session lasts at most 24 hours",
  SessionExpired: "The session's expiry has passed",
  InsufficientBalance: "Your vault does not cover the session's budget",
  InvalidCommitment: "The grant names no commitment",
};

/** What a split needs too: CasinoSessions transactions simulated as the settler, then sent through the outbox. */
export interface SessionKeysDeps extends SplitDeps {
  db: Db;
  typedData: SessionTypedData;
  /** Reads only (sessionOf); openSession goes through the outbox. */
  sessions: CasinoSessions;
  /** Reads only: the vault a session's budget moves from, and the lanes. */
  casino: Casino;
  degenAddress: string;
  stake: StakeCheck;
  clock: ChainClock;
  /** The lanes' hash chains: the root a grant must name. */
  seeds: SeedVault;
  /** Has the lease holder read the chain up to its head (a key opened by the player's own transaction). */
  sync(): Promise<void>;
}

/** A session as SessionOpened records it: the grant's fields, its lane, and the root of the lane's chain. */
export type OpenedSession = Omit<SessionGrant, "commit"> & { commit: string; lane: bigint };

/**
 * The session keys the server relays for (issue #20): opened through the server (the player's
 * grant, sent by the lease holder through the outbox, the house paying the gas) or by anyone on
 * chain (SessionOpened, recorded by the settler). Each is a lane of its own (docs/decisions.md §4,
 * "lanes"), whose chain the server derives for the player and key. The app's revoke stops the
 * server relaying at once; the on-chain revokeSession is the player's own transaction.
 */
export class SessionKeys {
  /** Each address's lane roots this minute (this instance's count). */
  private readonly roots = new FixedWindowCounter(LANE_ROOTS_PER_ADDRESS_PER_MINUTE);

  constructor(private readonly d: SessionKeysDeps) {}

  /**
   * The root of the hash chain of the lane a session of this key would open: what the grant names
   * as `commit`. Derived (nothing is stored), for a player with a stake only, and a few a minute.
   */
  async laneRoot(player: string, key: string): Promise<{ player: string; key: string; commit: string; length: number }> {
    if (key === player) throw badRequest("The session key must be a key of its own, not the wallet");
    if (this.roots.count(player) >= LANE_ROOTS_PER_ADDRESS_PER_MINUTE) {
      throw new HttpError(429, `This wallet asked for ${LANE_ROOTS_PER_ADDRESS_PER_MINUTE} lane roots in the last minute: try again in a minute`);
    }
    await this.d.stake.require(player);
    this.roots.hit(player);
    return { player, key, commit: this.d.seeds.laneRoot(player, key), length: this.d.seeds.laneLength };
  }

  /**
   * Checks the grant (the signed-in player's, at most 24 h, signed by the player's wallet or its
   * EIP-1271 contract, naming the root of this server's chain for the key, each budget within the
   * vault), that the player has a stake (chain/stake.ts), simulates openSession, and sends it
   * through the outbox; resolves once it is mined, with the session's lane.
   */
  async open(player: string, grant: SessionGrant, signature: string): Promise<{ key: string; lane: number; expiresAt: number; txHash: string }> {
    if (grant.player !== player) throw forbidden("The session's player must be the signed-in wallet");
    if (grant.key === player) throw badRequest("The session key must be a key of its own, not the wallet");
    const now = await this.d.clock.now();
    const expiresAt = Number(grant.expiresAt);
    if (expiresAt > now + MAX_SESSION_SECONDS) throw badRequest("A session lasts at most 24 hours");
    if (expiresAt < now + MIN_SESSION_SECONDS) throw badRequest(`A session must last at least ${MIN_SESSION_SECONDS} seconds`);
    if (grant.commit !== this.d.seeds.laneRoot(player, grant.key)) {
      throw badRequest("The grant's commit is not the root of this server's hash chain for this key: ask POST /api/sessions/lane-root for it, and sign again");
    }
    if (!(await isPlayerSignature(this.d.provider, player, this.d.typedData.grantDigest(grant), signature))) {
      throw badRequest(GRANT_REFUSALS.InvalidSignature!);
    }
    await this.d.stake.require(player);
    await this.checkBudgets(player, grant);
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
    const opened = openedIn((await this.d.provider.getTransactionReceipt(txHash))!, player, grant.key);
    await recordSession(this.d.db, opened, txHash);
    return { key: grant.key, lane: Number(opened.lane), expiresAt, txHash };
  }

  /** Each token's budget the session allows must be in the vault now: it moves into the lane when the session opens. */
  private async checkBudgets(player: string, grant: SessionGrant): Promise<void> {
    const budgets: [TokenSymbol, string, bigint][] = [
      ["DEGEN", this.d.degenAddress, grant.budgetDegen],
      ["BNB", ZeroAddress, grant.budgetNative],
    ];
    for (const [token, address, budget] of budgets) {
      if ((grant.tokens & BigInt(SESSION_TOKEN_BITS[token])) === 0n || budget === 0n) continue;
      const vault = await this.d.casino.getBalance(player, address);
      if (budget > vault) {
        throw conflict(
          `The session's ${token} budget of ${formatAmount(budget)} is more than your vault's ${formatAmount(vault)} ${token}: it moves from the vault into the session when it opens; deposit more or lower it`,
        );
      }
    }
  }

  /** The player's sessions that have not expired, with what each one's lane holds now. */
  async list(player: string) {
    const now = await this.d.clock.now();
    const rows = await this.d.db
      .select()
      .from(sessionKeys)
      .where(and(eq(sessionKeys.player, player), gt(sessionKeys.expiresAt, now)));
    return Promise.all(
      rows.map(async (row) => {
        const [onChain, lane] = await Promise.all([this.d.sessions.sessionOf(player, row.key), this.d.casino.laneOf(player, row.lane ?? 0)]);
        return {
          key: row.key,
          lane: row.lane,
          expiresAt: Number(onChain.expiresAt),
          tokens: row.tokens,
          games: row.games,
          maxBet: { DEGEN: row.maxBetDegen, BNB: row.maxBetNative },
          budget: { DEGEN: row.budgetDegen, BNB: row.budgetNative },
          funds: { DEGEN: lane.funds[0].toString(), BNB: lane.funds[1].toString() },
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
    if (row?.lane != null) return row;
    await this.d.sync();
    return read();
  }
}

/** The session a receipt of openSession opened (its SessionOpened). */
function openedIn(receipt: TransactionReceipt, player: string, key: string): OpenedSession {
  for (const log of receipt.logs) {
    const event = parseCasinoLog(log);
    if (event?.name === "SessionOpened" && event.args.player === player && event.args.key === key) return event.args;
  }
  throw new Error(`openSession ${receipt.hash} shows no SessionOpened of ${player}'s key ${key}`);
}

/** A session as it opened on chain: recorded by whoever sees it first (the route that sent it, or the log reader). */
export async function recordSession(db: Db, session: OpenedSession, openedTxHash: string): Promise<void> {
  await db
    .insert(sessionKeys)
    .values({
      key: session.key,
      player: session.player,
      lane: Number(session.lane),
      commit: session.commit.toLowerCase(),
      expiresAt: Number(session.expiresAt),
      tokens: Number(session.tokens),
      games: Number(session.games),
      maxBetDegen: session.maxBetDegen.toString(),
      maxBetNative: session.maxBetNative.toString(),
      budgetDegen: session.budgetDegen.toString(),
      budgetNative: session.budgetNative.toString(),
      openedTxHash,
    })
    .onConflictDoUpdate({
      target: [sessionKeys.player, sessionKeys.key],
      set: { lane: Number(session.lane), commit: session.commit.toLowerCase(), openedTxHash },
      setWhere: sql`${sessionKeys.lane} IS NULL`,
    });
}

function refusedGrant(name: string | undefined, error: unknown): Error {
  if (name !== undefined) return badRequest(GRANT_REFUSALS[name] ?? `Refused on chain: ${name}`);
  return error as Error;
}
