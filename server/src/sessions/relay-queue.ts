import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { bets, sessionBets } from "../db/schema";
import type { Db } from "../db/types";
import type { SessionBetRow } from "./intake";

/**
 * A relayed bet's row is kept this long after it was mined or refused, for its player's GET and an
 * operator's look, then deleted: the chain and the bets table keep the bet itself. At hundreds of
 * bets a second the queue would otherwise grow by millions of rows a day.
 */
export const RELAYED_KEPT_MS = 24 * 3_600_000;

/**
 * The queued bets a round may take (relay-plan.ts planRound), oldest first, at most `limit`: each
 * player's oldest queued bet, of players with no bet in flight, once its client seed is revealed.
 * Each player's oldest is picked first (DISTINCT ON), then kept if revealed: asking of every
 * queued bet whether an older one of its player was queued took PostgreSQL twice as long with
 * 5,000 queued (13.3 ms against 6.2).
 */
export function readyToSend(db: Db, now: number, limit: number): Promise<SessionBetRow[]> {
  const oldest = db
    .selectDistinctOn([sessionBets.player])
    .from(sessionBets)
    .where(
      and(
        eq(sessionBets.status, "queued"),
        // A player's bets follow their bets in flight on chain (their nonces, their vault): they
        // wait for that round's receipt, as simulating them now would judge them on a vault
        // without it.
        sql`${sessionBets.player} NOT IN (SELECT player FROM session_bets WHERE status = 'sent')`,
      ),
    )
    // Each player's oldest queued bet only: a round takes one of a player (relay-plan.ts), and
    // a player with hundreds queued must not fill the read and crowd the others out.
    .orderBy(asc(sessionBets.player), asc(sessionBets.nonce))
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

/** Players with a bet open on chain as the settler recorded it: CasinoSessions.play would refuse their next bet (OpenBetExists). */
export async function holdingOpenBets(db: Db, queued: readonly SessionBetRow[]): Promise<Set<string>> {
  const players = [...new Set(queued.map((bet) => bet.player))];
  const rows = await db
    .selectDistinct({ player: bets.player })
    .from(bets)
    .where(and(inArray(bets.player, players), inArray(bets.status, ["open", "ready", "sent"])));
  return new Set(rows.map((row) => row.player));
}

/** Each player's last relayed bet mined after block `since`, with its block. */
export function lastMinedSince(db: Db, since: number): Promise<{ player: string; block: number }[]> {
  return db
    .select({ player: sessionBets.player, block: sql<number>`max(${sessionBets.block})`.mapWith(Number) })
    .from(sessionBets)
    .where(and(eq(sessionBets.status, "mined"), gt(sessionBets.block, since)))
    .groupBy(sessionBets.player);
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
