import { and, eq } from "drizzle-orm";
import type { Db } from "../db/types";
import { minesRounds } from "../db/schema";
import type { SignedActions } from "../sessions/actions";

export type MinesRoundRow = typeof minesRounds.$inferSelect;

/**
 * The mines rounds of on-chain bets, as the routes and the settler's rounds read and write them
 * (demo rounds live in memory: demo-hands.ts). Each call runs on the `db` it is given: the
 * database, or a transaction the caller holds.
 */
export const storedMinesRounds = {
  byId: async (db: Db, id: string): Promise<MinesRoundRow | undefined> => (await db.select().from(minesRounds).where(eq(minesRounds.id, id)))[0],

  byBet: async (db: Db, betId: string): Promise<MinesRoundRow | undefined> => (await db.select().from(minesRounds).where(eq(minesRounds.betId, betId)))[0],

  /** The round, locked until the transaction ends: its log is read and written by one caller at a time. */
  lockById: async (tx: Db, id: string): Promise<MinesRoundRow | undefined> =>
    (await tx.select().from(minesRounds).where(eq(minesRounds.id, id)).for("update"))[0],

  lockByBet: async (tx: Db, betId: string): Promise<MinesRoundRow | undefined> =>
    (await tx.select().from(minesRounds).where(eq(minesRounds.betId, betId)).for("update"))[0],

  /** A new round for a bet; false when the bet has one already (a start on another instance won). */
  async start(db: Db, round: Pick<MinesRoundRow, "id" | "betId" | "player" | "token">): Promise<boolean> {
    const inserted = await db.insert(minesRounds).values(round).onConflictDoNothing().returning({ id: minesRounds.id });
    return inserted.length > 0;
  },

  /** The round's log after an action, with the player's signature of it; a round already finished is left as it is. */
  async record(tx: Db, id: string, log: string, signed: SignedActions, finished: boolean): Promise<void> {
    await tx
      .update(minesRounds)
      .set({ log, signed, finished, lastActionAt: new Date() })
      .where(and(eq(minesRounds.id, id), eq(minesRounds.finished, false)));
  },

  /** Ends a round the player left idle: its log stays what they signed. */
  async finish(tx: Db, id: string): Promise<void> {
    await tx
      .update(minesRounds)
      .set({ finished: true })
      .where(and(eq(minesRounds.id, id), eq(minesRounds.finished, false)));
  },
};
