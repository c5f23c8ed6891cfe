import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./types";
import { kv } from "./schema";

export async function getValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(kv).where(eq(kv.key, key));
  return row?.value;
}

export async function setValue(db: Db, key: string, value: string): Promise<void> {
  await db.insert(kv).values({ key, value }).onConflictDoUpdate({ target: kv.key, set: { value } });
}

/**
 * A 32-byte secret given by the environment, or generated once and kept in the database so that
 * it survives restarts (the hash chains and sessions depend on it). The first writer wins when
 * several instances start at once.
 */
export async function persistentSecret(db: Db, key: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const candidate = `0x${randomBytes(32).toString("hex")}`;
  await db.insert(kv).values({ key, value: candidate }).onConflictDoNothing();
  const stored = await getValue(db, key);
  if (!stored) throw new Error(`could not store the secret ${key}`);
  return stored;
}
