import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "../observability/log";
import { MIGRATIONS } from "./migrations";
import { schema } from "./schema";
import { claimState, schemaName, stateFolder, type DeploymentIdentity } from "./state";
import type { Db } from "./types";

const log = logger("database");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The deployment's state: its PGlite folder, or its schema on the PostgreSQL server. */
  where: string;
  /** True when this start created the state (nothing of this deployment was kept before). */
  fresh: boolean;
  /** PostgreSQL only: the connection URL (opening in the state's schema) and that schema, for the cluster's own connection. */
  postgres?: { url: string; schema: string };
  close(): Promise<void>;
}

/**
 * Opens the deployment's state (db/state.ts): a schema of its own when a PostgreSQL URL is given,
 * otherwise a PGlite folder of its own under DATA_DIR (one process per folder). Migrations run
 * inside it; the identity is recorded in it, or checked against the one recorded.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; identity: DeploymentIdentity }): Promise<Database> {
  const opened = options.databaseUrl ? await openPostgres(options.databaseUrl, options.identity) : await openPglite(options.dataDir, options.identity);
  try {
    await migrate(opened.db);
    return { ...opened, fresh: await claimState(opened.db, options.identity, opened.where) };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

async function openPglite(dataDir: string, identity: DeploymentIdentity): Promise<Omit<Database, "fresh">> {
  const folder = stateFolder(dataDir, identity);
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder);
  return { db: drizzlePglite({ client, schema }) as unknown as Db, kind: "pglite", where: folder, close: () => client.close() };
}

async function openPostgres(databaseUrl: string, identity: DeploymentIdentity): Promise<Omit<Database, "fresh">> {
  const schemaOfState = schemaName(identity);
  // Every pooled connection starts in the state's schema: PostgreSQL applies the startup option
  // before any query runs, so no connection can read or write another deployment's tables (the
  // pool does not wait for a SET sent from its connect event: had that failed, the connection
  // would be handed out in schema public all the same). It goes into the URL because pg lets a
  // URL's parameters override the pool's own; any options the URL already carries are kept.
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `${url.searchParams.get("options") ?? ""} -c search_path=${schemaOfState}`.trim());
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const close = () => pool.end();
  try {
    await pool.query("SELECT 1").catch((error: Error) => {
      throw new Error(`DATABASE_URL is not reachable: ${error.message}`);
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await db.transaction(async (tx) => {
      // Instances starting together on a new deployment would race to create its schema.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727001)`);
      await tx.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS ${schemaOfState}`));
    });
    const legacy = rowsOf<{ legacy: boolean }>(await db.execute(sql`SELECT to_regclass('public.bets') IS NOT NULL AS legacy`))[0]!.legacy;
    if (legacy) log.warn("DATABASE_URL: the tables in schema public are from before per-chain state; they are kept but no longer used");
    return {
      db,
      kind: "postgres",
      where: `schema ${schemaOfState} on ${url.host}${url.pathname}`,
      postgres: { url: url.toString(), schema: schemaOfState },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function migrate(db: Db): Promise<void> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (let version = 1; version <= MIGRATIONS.length; version++) {
    await db.transaction(async (tx) => {
      // Several instances may share one PostgreSQL: the lock makes them migrate one at a time.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727001)`);
      const done = await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE version = ${version}`);
      if (rowsOf(done).length > 0) return;
      for (const statement of statementsOf(MIGRATIONS[version - 1]!)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${version})`);
    });
  }
}

/** A migration's statements: split at each semicolon outside a $$-quoted function body. */
export function statementsOf(migration: string): string[] {
  const statements = [""];
  migration.split("$$").forEach((part, i) => {
    if (i % 2 === 1) {
      statements[statements.length - 1] += `$$${part}$$`;
      return;
    }
    const [first, ...rest] = part.split(";");
    statements[statements.length - 1] += first;
    statements.push(...rest);
  });
  return statements.map((statement) => statement.trim()).filter(Boolean);
}

/** node-postgres returns { rows }, PGlite returns { rows } too; both drivers agree on this shape. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
