import { and, eq, isNull } from "drizzle-orm";
import { clientSeedHash, playerOfBet } from "../engine";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { sessionBets } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import type { SessionBetRow } from "./intake";

/**
 * The client seed of a session bet the server took, revealed by the app once it holds the
 * countersignature (docs/protocol.md §4.3): the key signed only its hash, so the server commits to
 * the bet before it can know its outcome. The seed must hash to the signed clientSeedHash; once
 * stored the relay may send the bet. Revealing the same seed again answers the same.
 */
export async function revealClientSeed(d: { db: Db; signals: Signals }, player: string, betId: string, clientSeed: string): Promise<SessionBetRow> {
  const unknown = notFound("No session bet with this id");
  // The id is its player and nonce: another wallet's bet is answered as an unknown one (issue #38 item 8).
  if (BigInt(playerOfBet(BigInt(betId))) !== BigInt(player)) throw unknown;
  const hash = clientSeedHash(clientSeed);
  const [revealed] = await d.db
    .update(sessionBets)
    .set({ clientSeed, updatedAt: new Date() })
    .where(and(eq(sessionBets.betId, betId), eq(sessionBets.clientSeedHash, hash), isNull(sessionBets.clientSeed)))
    .returning();
  if (revealed) {
    await d.signals.notify(d.db, "relay");
    return revealed;
  }
  const [row] = await d.db.select().from(sessionBets).where(eq(sessionBets.betId, betId));
  if (!row) throw unknown;
  if (row.clientSeedHash !== hash) throw badRequest("This client seed is not the one the bet was signed with: its keccak256 is not the bet's clientSeedHash");
  return row;
}
