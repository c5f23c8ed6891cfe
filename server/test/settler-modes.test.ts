import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/config";
import { GameType } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";

describe("SETTLER and LOG_LEVEL settings", () => {
  it("refuses unknown values, and a web-only instance without a shared PostgreSQL", () => {
    expect(() => readConfig({ SETTLER: "sometimes" })).toThrow('SETTLER must be on, paused or off, got "sometimes"');
    expect(() => readConfig({ SETTLER: "off" })).toThrow("SETTLER=off needs DATABASE_URL");
    expect(readConfig({ SETTLER: "off", DATABASE_URL: "postgres://db/casino" }).settlerMode).toBe("off");
    expect(() => readConfig({ LOG_LEVEL: "loud" })).toThrow(/^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });
});

describe("SETTLER=paused", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MASTER_SECRET, SETTLER: "paused", HEALTH_MAX_BET_AGE_S: "2" });
  });
  afterAll(async () => server?.close());

  it("posts commitments and records bets but settles none, so a player can claim a bet back after the settle window", async () => {
    const player = server.chain.players[0]!;
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("100"));
    const bet = await placeBet(server, client, player, { token: "DEGEN", amount: parseEther("5"), gameType: GameType.WHEEL, params: 0b11n });

    // Recorded with its outcome fixed, never sent.
    let record = (await client.get(`/api/fairness/bets/${bet.betId}`)).body;
    expect(record.status).toBe("ready");
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await server.chain.casino.getBet(bet.betId)).open).toBe(true);
    const health = await client.get("/api/health");
    expect(health.status).toBe(503);
    expect(health.body.reasons.join()).toMatch(/a bet has waited \d+ s for its settlement/);
    const metrics: string = (await client.get("/metrics")).body;
    expect(metrics).toMatch(/^degen_settler_leader 1$/m);
    expect(metrics).toMatch(/^degen_settlements_sent_total 0$/m);

    // The window passes and the player takes the bet back; the server records the claim.
    await server.chain.provider.send("evm_increaseTime", [Number(await server.chain.casino.settleWindow()) + 1]);
    await server.chain.provider.send("evm_mine", []);
    await (await (server.chain.casino.connect(player) as Casino).claimExpired(bet.betId)).wait();
    for (let i = 0; i < 50 && record.status !== "expired"; i++, await new Promise((r) => setTimeout(r, 100))) {
      record = (await client.get(`/api/fairness/bets/${bet.betId}`)).body;
    }
    expect(record.status).toBe("expired");
    // Nothing waits for a settlement any more (once the health check's one-second reading is renewed).
    let healthAfter = await client.get("/api/health");
    for (let i = 0; i < 30 && healthAfter.status !== 200; i++, await new Promise((r) => setTimeout(r, 100))) healthAfter = await client.get("/api/health");
    expect(healthAfter.body).toEqual({ ok: true, chainId: CHAIN_ID });
  }, 120_000);
});
