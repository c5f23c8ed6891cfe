import { and, asc, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import { sessionsInterface, type Casino, type CasinoSessions } from "../../../bindings/casino";
import type { ChainClock } from "../chain/clock";
import type { ChainRequests } from "../chain/chain-requests";
import type { Db } from "../db/types";
import { sessionKeys } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";

const log = logger("relay");

/** Ended sessions are looked for this often: the app asks the wallet to close one the server has not closed within a minute of its end. */
const POLL_MS = 5_000;
/** Sessions looked at in one pass (two reads each). */
const PER_PASS = 50;

export interface CloserOptions {
  db: Db;
  /** Reads only: laneOf. */
  casino: Casino;
  /** Reads only: sessionOf, whose expiry a revocation brings forward. */
  sessions: CasinoSessions;
  sessionsAddress: string;
  chainRequests: ChainRequests;
  clock: ChainClock;
}

/**
 * Gives an ended session's lane back to its player's vault without the player (docs/decisions.md
 * §4, "lanes"): the lease holder sends CasinoSessions.closeSession, which anyone may, through the
 * chain requests (chain/chain-requests.ts, the house's own: no player's budget counts it), for
 * every session past its end (its expiry, or ACCEPTANCE_WINDOW after its revocation) whose lane
 * holds funds. A session whose lane holds nothing and has no bet open is marked closed and not
 * looked at again; one with a hand still open waits for its settlement, which pays into the lane,
 * and is closed then. Everything is read from the chain and the database at each pass, so a
 * restart, or another lease holder, loses nothing: a close already queued is joined, one mined
 * shows as an empty lane.
 */
export class SessionCloser {
  private readonly loop = new PassLoop(() => this.pass(), POLL_MS);
  private lastError = "";

  constructor(private readonly o: CloserOptions) {}

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass now (tests, and a lease holder's first look). */
  run(): Promise<void> {
    return this.loop.run();
  }

  private async pass(): Promise<void> {
    try {
      await this.closeEnded();
      if (this.lastError) log.info("Session closing recovered");
      this.lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastError) log.error(`Session closing failed (will retry): ${message}`);
      this.lastError = message;
    }
  }

  private async closeEnded(): Promise<void> {
    const now = await this.o.clock.now();
    // Ended by its expiry, or perhaps sooner by a revocation on chain: the chain tells which.
    const candidates = await this.o.db
      .select()
      .from(sessionKeys)
      .where(and(eq(sessionKeys.closed, false), isNotNull(sessionKeys.lane), or(lt(sessionKeys.expiresAt, now), eq(sessionKeys.revokedOnChain, true))))
      .orderBy(asc(sessionKeys.expiresAt))
      .limit(PER_PASS);
    for (const session of candidates) {
      const { player, key } = session;
      const lane = session.lane!;
      const [{ expiresAt }, { nextNonce, nextToResolve, funds }] = await Promise.all([
        this.o.sessions.sessionOf(player, key),
        this.o.casino.laneOf(player, lane),
      ]);
      // closeSession needs block.timestamp > expiresAt.
      if (BigInt(now) <= expiresAt) continue;
      if (funds[0] > 0n || funds[1] > 0n) {
        const data = sessionsInterface.encodeFunctionData("closeSession", [player, key]);
        await this.o.chainRequests.queue("close", { to: this.o.sessionsAddress, data }, player);
        log.info({ player, key }, `Closing ended session ${key} of ${player} (lane ${lane}): its funds go back to the vault`);
      } else if (nextNonce === nextToResolve) {
        await this.o.db
          .update(sessionKeys)
          .set({ closed: true })
          .where(and(eq(sessionKeys.player, player), eq(sessionKeys.key, key), sql`NOT ${sessionKeys.closed}`));
      }
      // Else a bet of the lane is still open: its settlement pays into the lane, closed at a later pass.
    }
  }
}
