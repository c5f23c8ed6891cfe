import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseEther } from "ethers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../src/engine";
import { pruneExpiredSignIns } from "../src/auth/prune";
import { rowsOf } from "../src/db/index";
import { sessions, siweNonces } from "../src/db/schema";
import { buildServices } from "../src/server";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, startTestServer, tempDir, type TestServer } from "./support/app";
import { freshChain } from "./support/fresh-chain";
import { Client, listen, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";
import { startPostgres, type ThrowawayPostgres } from "./support/postgres";

let postgres: ThrowawayPostgres | undefined;
let skipReason: string | undefined;
let server: TestServer | undefined;

beforeAll(async () => {
  const started = await startPostgres();
  if ("skip" in started) {
    skipReason = started.skip;
    console.log(`PostgreSQL test skipped: ${skipReason}`);
    return;
  }
  postgres = started;
  // A table from before per-chain state, in schema public: the server must neither read nor touch it.
  await query("CREATE TABLE public.bets (note text); INSERT INTO public.bets VALUES ('from before')");
  server = await startTestServer({ DATABASE_URL: postgres.url, MASTER_SECRET });
});
afterAll(async () => {
  await server?.close();
  postgres?.stop();
});

async function query<T = Record<string, unknown>>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres!.url });
  await client.connect();
  try {
    const result = await client.query(text);
    return (Array.isArray(result) ? result.at(-1) : result).rows as T[];
  } finally {
    await client.end();
  }
}

const schemasWithBets = async () =>
  (await query<{ table_schema: string }>("SELECT table_schema FROM information_schema.tables WHERE table_name = 'bets' ORDER BY 1")).map(
    (row) => row.table_schema,
  );

describe("DATABASE_URL on a real PostgreSQL 15", () => {
  it("runs the same schema: sign-in, register, a settled and verified bet, state kept across a restart", async (context) => {
    if (!server) return context.skip(skipReason);
    expect(server.services.database.kind).toBe("postgres");
    const player = server.chain.players[0]!;
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    const user = await client.post("/api/user/register", { walletAddress: player.address, username: "pg_player" });
    expect(user.status).toBe(201);
    await depositDegen(server, player, parseEther("100"));
    const bet = await placeBet(server, client, player, { token: "DEGEN", amount: parseEther("5"), gameType: GameType.SLOTS });
    const spin = await client.post("/api/slots/spin", { token: "DEGEN", betId: bet.betId });
    expect(spin.status).toBe(200);
    const record = await client.get(`/api/fairness/bets/${bet.betId}`);
    expect(record.body).toMatchObject({ status: "settled", verification: { ok: true } });

    // A second instance on the same database: sessions, users and bets are shared.
    const second = await buildServices(server.config);
    const http = await listen(second.app);
    try {
      expect(second.database).toMatchObject({ where: server.services.database.where, fresh: false });
      const sameCookie = new Client(http.url);
      sameCookie.cookie = client.cookie;
      expect((await sameCookie.get(`/api/user/${user.body.id}`)).body.username).toBe("pg_player");
      expect((await sameCookie.get(`/api/fairness/bets/${bet.betId}`)).body.status).toBe("settled");
    } finally {
      await http.close();
      await second.close();
    }
  });

  it("prunes expired sessions and sign-in nonces by their expires_at indexes, keeping live ones", async (context) => {
    if (!server) return context.skip(skipReason);
    const db = server.services.database.db;
    const address = server.chain.players[1]!.address;
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await db.insert(sessions).values([
      { id: "pg-expired", address, expiresAt: past },
      { id: "pg-live", address, expiresAt: future },
    ]);
    await db.insert(siweNonces).values([
      { nonce: "pgExpiredNonce01", expiresAt: past },
      { nonce: "pgLiveNonce00001", expiresAt: future },
    ]);
    expect(await pruneExpiredSignIns(db)).toEqual({ sessions: 1, nonces: 1 });
    expect((await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toContain("pg-live");
    expect((await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).not.toContain("pg-expired");
    const nonces = (await db.select({ nonce: siweNonces.nonce }).from(siweNonces)).map((row) => row.nonce);
    expect(nonces).toContain("pgLiveNonce00001");
    expect(nonces).not.toContain("pgExpiredNonce01");
    const schema = server.services.database.where.match(/^schema (\S+) on /)![1]!;
    const indexes = await query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = '${schema}' AND indexname IN ('sessions_expires_at', 'siwe_nonces_expires_at', 'chain_requests_player') ORDER BY 1`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual(["chain_requests_player", "sessions_expires_at", "siwe_nonces_expires_at"]);
  });

  it("keeps each deployment in a schema of its own: public untouched, a new chain in a new schema, settled there", async (context) => {
    if (!server) return context.skip(skipReason);
    const firstSchema = server.services.database.where.match(/^schema (degen_31337_[0-9a-f]{8}_[0-9a-f]{8}) on /)?.[1];
    expect(firstSchema).toBeDefined();
    expect(await query("SELECT note FROM public.bets")).toEqual([{ note: "from before" }]);
    expect(await schemasWithBets()).toEqual([firstSchema, "public"].sort());

    // A new Hardhat node: new genesis, the Casino at the same address. Its own options in the URL are kept.
    const temp = tempDir();
    const workDir = path.join(temp.dir, "chain");
    mkdirSync(workDir);
    const chain = await freshChain(workDir);
    const url = `${postgres!.url}?options=${encodeURIComponent("-c statement_timeout=12345")}`;
    const other = await startServerOn(chain, { DATABASE_URL: url, DATA_DIR: path.join(temp.dir, "unused"), MASTER_SECRET });
    try {
      expect(await chain.casino.getAddress()).toBe(server.services.casinoAddress);
      expect(other.services.database.fresh).toBe(true);
      const secondSchema = other.services.database.where.match(/^schema (degen_31337_[0-9a-f]{8}_[0-9a-f]{8}) on /)?.[1];
      expect(secondSchema).toBeDefined();
      expect(secondSchema).not.toBe(firstSchema);
      const settings = rowsOf<{ search_path: string; statement_timeout: string }>(
        await other.services.database.db.execute(
          "SELECT current_setting('search_path') AS search_path, current_setting('statement_timeout') AS statement_timeout",
        ),
      );
      expect(settings).toEqual([{ search_path: secondSchema, statement_timeout: "12345ms" }]);

      const player = chain.players[0]!;
      const client = new Client(other.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      await depositDegen(other, player, parseEther("100"));
      const bet = await placeBet(other, client, player, { token: "DEGEN", amount: parseEther("5"), gameType: GameType.SLOTS });
      expect((await client.post("/api/slots/spin", { token: "DEGEN", betId: bet.betId })).status).toBe(200);
      expect(await chain.casino.queryFilter(chain.casino.filters.BetSettled(bet.betId))).toHaveLength(1);

      expect(await schemasWithBets()).toEqual([firstSchema, secondSchema, "public"].sort());
      const perSchema = await query<{ first: string; second: string }>(
        `SELECT (SELECT count(*) FROM ${firstSchema}.bets) AS first, (SELECT count(*) FROM ${secondSchema}.bets) AS second`,
      );
      expect(perSchema).toEqual([{ first: "1", second: "1" }]);
      expect(await query("SELECT note FROM public.bets")).toEqual([{ note: "from before" }]);
    } finally {
      await other.close();
      await chain.stop();
      temp.dispose();
    }
  });
});
