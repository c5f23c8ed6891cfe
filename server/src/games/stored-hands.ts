import { and, eq } from "drizzle-orm";
import type { BlackjackAction } from "../engine";
import type { Db } from "../db/types";
import { blackjackHands } from "../db/schema";
import type { SignedActions } from "../sessions/actions";

/**
 * What a stored hand keeps: the actions played, and the player's signature of them (issue #21). The
 * deck is never stored: it is dealt again from the bet's word. A row of a demo hand stored before
 * demo hands moved to memory (demo-hands.ts) keeps its own word.
 */
export interface StoredHand {
  actions: BlackjackAction[];
  signed?: SignedActions;
  word?: string;
}

export type HandRow = typeof blackjackHands.$inferSelect;

/** A row's state, as written by this module (the column is JSON). */
export const stateOf = (hand: HandRow): StoredHand => hand.state as StoredHand;

/**
 * The blackjack hands of on-chain bets, as the routes and the settler's rounds read and write them
 * (the demo hands' counterpart is demo-hands.ts). Each call runs on the `db` it is given: the
 * database, or a transaction the caller holds.
 */
export const storedHands = {
  byId: async (db: Db, id: string): Promise<HandRow | undefined> => (await db.select().from(blackjackHands).where(eq(blackjackHands.id, id)))[0],

  byBet: async (db: Db, betId: string): Promise<HandRow | undefined> => (await db.select().from(blackjackHands).where(eq(blackjackHands.betId, betId)))[0],

  /** The hand, locked until the transaction ends: its actions are read and written by one caller at a time. */
  lockById: async (tx: Db, id: string): Promise<HandRow | undefined> =>
    (await tx.select().from(blackjackHands).where(eq(blackjackHands.id, id)).for("update"))[0],

  lockByBet: async (tx: Db, betId: string): Promise<HandRow | undefined> =>
    (await tx.select().from(blackjackHands).where(eq(blackjackHands.betId, betId)).for("update"))[0],

  /** A new hand for a bet; false when the bet has one already (a start on another instance won). */
  async start(tx: Db, hand: Omit<typeof blackjackHands.$inferInsert, "state" | "lastActionAt">): Promise<boolean> {
    const inserted = await tx
      .insert(blackjackHands)
      .values({ ...hand, state: { actions: [] } satisfies StoredHand })
      .onConflictDoNothing()
      .returning({ id: blackjackHands.id });
    return inserted.length > 0;
  },

  /** The hand's actions after a move; a hand already finished is left as it is. */
  async record(tx: Db, id: string, state: StoredHand, finished: boolean): Promise<void> {
    await tx
      .update(blackjackHands)
      .set({ state, finished, lastActionAt: new Date() })
      .where(and(eq(blackjackHands.id, id), eq(blackjackHands.finished, false)));
  },
};
