import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { bets, seenClientSeeds, sessionBets } from "../db/schema";
import type { Db } from "../db/types";
import { MAX_SESSION_SECONDS } from "../engine";
import type { SessionBetRow } from "./intake";
import { laneOf } from "./relay-plan";

/**
 * A relayed bet's row is kept this long after it was mined or refused, for its player's GET and an
 * operator's look, then deleted: the chain and the bets table keep the bet itself. At hundreds of
 * bets a second the queue would otherwise grow by millions of rows a day.
 */
export const RELAYED_KEPT_MS = 24 * 3_600_000;

/**
 * The queued bets a round may take (relay-plan.ts planRound), oldest first, at most `limit`: each
 * lane's oldest queued bet, of lanes with no bet in flight, once its client seed is revealed. A
 * lane is its player's session key's. Each lane's oldest is picked first (DISTINCT ON), then kept if
 * revealed: asking of every queued bet whether an older one of its lane was queued took
 * PostgreSQL twice as long with 5,000 queued (13.3 ms against 6.2).
 */
export function readyToSend(db: Db, now: number, limit: number): Promise<SessionBetRow[]> {
  const oldest = db
    .selectDistinctOn([sessionBets.player, sessionBets.key])
    .from(sessionBets)
    .where(
      and(
        eq(sessionBets.status, "queued"),
        // A lane's bets follow its bet in flight on chain (its nonce, its funds): they wait for
        // that round's receipt, and only one bet of a lane shows its seed at a time.
        sql`(${sessionBets.player}, ${sessionBets.key}) NOT IN (SELECT player, key FROM session_bets WHERE status = 'sent')`,
      ),
    )
    // Each lane's oldest queued bet only: a round takes one of a lane (relay-plan.ts), and a lane
    // with hundreds queued must not fill the read and crowd the others out.
    .orderBy(asc(sessionBets.player), asc(sessionBets.key), asc(sessionBets.nonce))
    .as("oldest");
  return (
    db
      .select()
      .from(oldest)
      // A bet goes out once the app revealed its client seed (sessions/reveal.ts); one never
      // revealed is read once its deadline passed, to be refused, so the player's next may go.
      .where(sql`(${oldest.clientSeed} IS NOT NULL OR ${oldest.deadline} < ${now})`)
      .orderBy(asc(oldest.createdAt), asc(oldest.nonce))
      .limit(limit)
  );
}

/** Lanes (relay-plan.ts laneOf) with a bet open on chain as the settler recorded it: CasinoSessions.play would skip their next bet (OpenBetExists). */
export async function holdingOpenBets(db: Db, queued: readonly SessionBetRow[]): Promise<Set<string>> {
  const keys = [...new Set(queued.map((bet) => bet.key))];
  const rows = await db
    .selectDistinct({ player: bets.player, key: bets.laneKey })
    .from(bets)
    .where(and(inArray(bets.laneKey, keys), inArray(bets.status, ["open", "ready", "sent"])));
  return new Set(rows.map((row) => laneOf({ player: row.player, key: row.key! })));
}

/** Each lane's last relayed bet mined after block `since`, with its block. */
export async function lastMinedSince(db: Db, since: number): Promise<{ lane: string; block: number }[]> {
  const rows = await db
    .select({ player: sessionBets.player, key: sessionBets.key, block: sql<number>`max(${sessionBets.block})`.mapWith(Number) })
    .from(sessionBets)
    .where(and(eq(sessionBets.status, "mined"), gt(sessionBets.block, since)))
    .groupBy(sessionBets.player, sessionBets.key);
  return rows.map((row) => ({ lane: laneOf(row), block: row.block }));
}

/** The relay transactions whose bets are still 'sent', recorded before `before`. */
export async function relayHashesSentBefore(db: Db, before: Date): Promise<string[]> {
  const sent = await db
    .selectDistinct({ txHash: sessionBets.txHash })
    .from(sessionBets)
    .where(and(eq(sessionBets.status, "sent"), lt(sessionBets.updatedAt, before)));
  return sent.flatMap((row) => (row.txHash ? [row.txHash] : []));
}

/** Deletes the mined and refused bets older than RELAYED_KEPT_MS whose deadline passed (`now`, chain seconds); returns how many. */
export async function pruneRelayed(db: Db, now: number): Promise<number> {
  const deleted = await db
    .delete(sessionBets)
    .where(
      and(
        inArray(sessionBets.status, ["mined", "refused"]),
        lt(sessionBets.updatedAt, new Date(Date.now() - RELAYED_KEPT_MS)),
        // A refused bet's countersignature lets its player place it until its deadline: its row
        // keeps the nonce from another bet until then.
        lt(sessionBets.deadline, now - 60),
      ),
    )
    .returning({ betId: sessionBets.betId });
  return deleted.length;
}

/**
 * Deletes the client seed hashes kept longer than any session that could sign their nonce again
 * lives (MAX_SESSION_SECONDS, and an hour to spare); returns how many.
 */
export async function pruneSeenClientSeeds(db: Db): Promise<number> {
  const deleted = await db
    .delete(seenClientSeeds)
    .where(lt(seenClientSeeds.seenAt, new Date(Date.now() - (MAX_SESSION_SECONDS + 3_600) * 1000)))
    .returning({ betId: seenClientSeeds.betId });
  return deleted.length;
}
