import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { schema } from "./schema";

/**
 * The server's database, PGlite or PostgreSQL alike (db/index.ts opens it). A transaction drizzle
 * hands to `db.transaction` is one too, so every query function takes a Db and runs inside a
 * transaction or outside one as its caller chooses.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
