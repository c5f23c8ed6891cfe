import { lt } from "drizzle-orm";
import type { Db } from "../db/types";
import { sessions, siweNonces } from "../db/schema";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";

const log = logger("server");

/** Expired sign-in rows are deleted this often (and once at start). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Deletes the sessions and the sign-in nonces past their expiry (both indexed by expires_at): a
 * session is 24 h, a nonce 10 min, and nothing reads either afterwards. Returns how many went.
 */
export async function pruneExpiredSignIns(db: Db, now: Date = new Date()): Promise<{ sessions: number; nonces: number }> {
  const goneSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const goneNonces = await db.delete(siweNonces).where(lt(siweNonces.expiresAt, now)).returning({ nonce: siweNonces.nonce });
  return { sessions: goneSessions.length, nonces: goneNonces.length };
}

/**
 * Prunes at start and every 10 minutes, on every instance: deleting what another instance just
 * deleted costs an index lookup, and no instance depends on holding the settler lease for it.
 */
export function startSignInPruning(db: Db): { stop(): Promise<void> } {
  let lastError = "";
  const loop = new PassLoop(async () => {
    try {
      const pruned = await pruneExpiredSignIns(db);
      if (pruned.sessions + pruned.nonces > 0) log.debug(`Pruned ${pruned.sessions} expired sessions and ${pruned.nonces} expired sign-in nonces`);
      lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== lastError) log.warn(`Pruning expired sessions failed (will retry): ${message}`);
      lastError = message;
    }
  }, PRUNE_EVERY_MS);
  loop.start();
  return { stop: () => loop.stop() };
}
