import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../src/engine";
import { buildServices } from "../src/server";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
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
  server = await startTestServer({ DATABASE_URL: postgres.url, MASTER_SECRET });
});
afterAll(async () => {
  await server?.close();
  postgres?.stop();
});

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
      const sameCookie = new Client(http.url);
      sameCookie.cookie = client.cookie;
      expect((await sameCookie.get(`/api/user/${user.body.id}`)).body.username).toBe("pg_player");
      expect((await sameCookie.get(`/api/fairness/bets/${bet.betId}`)).body.status).toBe("settled");
    } finally {
      await http.close();
      await second.close();
    }
  });
});
