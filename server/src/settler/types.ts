import type { bets } from "../db/schema";

/** A bet as the database records it. */
export type BetRow = typeof bets.$inferSelect;
