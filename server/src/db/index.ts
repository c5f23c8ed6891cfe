import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { MIGRATIONS } from "./migrations";
import { schema } from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite folder (one process per folder). */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await pool.query("SELECT 1").catch((error: Error) => {
      throw new Error(`DATABASE_URL is not reachable: ${error.message}`);
    });
    database = { db: drizzlePg({ client: pool, schema }) as unknown as Db, kind: "postgres", close: () => pool.end() };
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const client = await PGlite.create(options.dataDir);
    database = { db: drizzlePglite({ client, schema }) as unknown as Db, kind: "pglite", close: () => client.close() };
  }
  await migrate(database.db);
  return database;
}

async function migrate(db: Db): Promise<void> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (let version = 1; version <= MIGRATIONS.length; version++) {
    await db.transaction(async (tx) => {
      // Several instances may share one PostgreSQL: the lock makes them migrate one at a time.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727001)`);
      const done = await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE version = ${version}`);
      if (rowsOf(done).length > 0) return;
      for (const statement of MIGRATIONS[version - 1]!.split(";").map((s) => s.trim()).filter(Boolean)) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${version})`);
    });
  }
}

/** node-postgres returns { rows }, PGlite returns { rows } too; both drivers agree on this shape. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
