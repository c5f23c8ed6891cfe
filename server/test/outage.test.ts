import { hexlify, parseEther, randomBytes } from "ethers";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bets } from "../src/db/schema";
import { GameType } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { MASTER_SECRET } from "./support/play";
import { startResettingProxy, type ResettingProxy } from "./support/resetting-proxy";

/** How long the node stays unreachable to the server. */
const OUTAGE_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: TestServer;
let proxy: ResettingProxy | undefined;
beforeAll(async () => {
  // A plain proxy between the server and its node: the test cuts it.
  server = await startTestServer(
    { MASTER_SECRET },
    { serverRpcUrl: async (chain) => (proxy = await startResettingProxy(chain.rpcUrl, { staleAfterMs: Infinity, closeAfterMs: Infinity })).url },
  );
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

describe("an RPC outage", () => {
  it(`keeps answering for ${OUTAGE_MS / 1000} s without the node, reports degraded with the reason, then settles every bet exactly once`, async () => {
    const { chain } = server;
    const players = chain.players.slice(0, 3);
    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    const terms = await chain.casino.terms();
    const roots = new Map<string, string>();
    for (const player of players) {
      const client = new Client(server.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      // A deposit first: the house posts a commitment only for a wallet with a stake.
      await (await chain.token.connect(player).approve(casinoAddress, parseEther("1000"))).wait();
      await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("1000"))).wait();
      roots.set(player.address, (await client.post("/api/fairness/commitment")).body.expectedCommit);
    }
    expect((await new Client(server.url).get("/api/health")).body).toEqual({ ok: true, chainId: CHAIN_ID });

    // Players reach the node directly (their wallets do not go through this server).
    const placed: { betId: string; at: number }[] = [];
    let betting = true;
    const stream = Promise.all(
      players.map(async (player) => {
        const casino = chain.casino.connect(player) as Casino;
        while (betting) {
          const tx = await casino.playGame(degen, parseEther("1"), GameType.WHEEL, 0b11n, hexlify(randomBytes(32)), roots.get(player.address)!, terms, {
            gasLimit: 300_000n,
          });
          const receipt = (await tx.wait())!;
          placed.push({
            betId: receipt.logs
              .map((l) => casino.interface.parseLog(l))
              .find((l) => l?.name === "BetPlaced")!
              .args.betId.toString(),
            at: Date.now(),
          });
          await sleep(150);
        }
      }),
    );

    const demo = new Client(server.url);
    const probes: { health: number; reasons: string[]; demo: number; slowestMs: number }[] = [];
    let chainUp: string | undefined;
    try {
      await sleep(2_000);
      await proxy!.cut();
      const cutAt = Date.now();
      while (Date.now() - cutAt < OUTAGE_MS) {
        const started = Date.now();
        const [health, spin] = await Promise.all([demo.get("/api/health"), demo.post("/api/slots/spin", { token: "DEGEN", betAmount: 10 })]);
        probes.push({ health: health.status, reasons: health.body.reasons ?? [], demo: spin.status, slowestMs: Date.now() - started });
        chainUp ??= Date.now() - cutAt > 5_000 ? /^degen_chain_up (\d)$/m.exec((await demo.get("/metrics")).body)?.[1] : undefined;
        await sleep(500);
      }
      await proxy!.restore();
      await sleep(2_000);
    } finally {
      betting = false;
      await stream;
    }
    const restoredAt = Date.now() - 2_000;

    // Throughout: the demo answered, and the health check reported the outage (after the first
    // second's cached reading) quickly, with the reason.
    const degraded = probes.filter((probe) => probe.health === 503);
    const summary = `${probes.length} probes, ${degraded.length} degraded, slowest ${Math.max(...probes.map((p) => p.slowestMs))} ms`;
    expect(
      probes.every((probe) => probe.demo === 200),
      summary,
    ).toBe(true);
    expect(
      probes.slice(3).every((probe) => probe.health === 503),
      summary,
    ).toBe(true);
    expect(degraded[0]!.reasons.some((reason) => /^chain unreachable: /.test(reason))).toBe(true);
    expect(Math.max(...probes.map((p) => p.slowestMs))).toBeLessThan(2_500);
    expect(chainUp).toBe("0");

    // Afterwards every bet, those placed during the outage included, is settled exactly once.
    const betIds = placed.map((bet) => bet.betId);
    const { casino } = chain;
    let counts = new Map<string, number>();
    let settledAt = 0;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
      counts = new Map();
      for (const log of await casino.queryFilter(casino.filters.BetSettled()))
        counts.set(log.args.betId.toString(), (counts.get(log.args.betId.toString()) ?? 0) + 1);
      if (betIds.every((id) => counts.has(id))) {
        settledAt = Date.now();
        break;
      }
    }
    expect(betIds.filter((id) => counts.get(id) !== 1)).toEqual([]);
    let statuses: string[] = [];
    for (let i = 0; i < 100; i++, await sleep(100)) {
      statuses = (await server.services.database.db.select({ status: bets.status }).from(bets).where(inArray(bets.betId, betIds))).map((row) => row.status);
      if (statuses.length === betIds.length && statuses.every((status) => status === "settled")) break;
    }
    expect(statuses).toEqual(betIds.map(() => "settled"));
    let healthyAgain: number | undefined;
    for (let i = 0; i < 50 && healthyAgain === undefined; i++, await sleep(200)) {
      if ((await demo.get("/api/health")).status === 200) healthyAgain = Date.now() - restoredAt;
    }
    expect(healthyAgain).toBeDefined();
    const duringOutage = placed.filter((bet) => bet.at > restoredAt - OUTAGE_MS && bet.at < restoredAt).length;
    console.log(
      `RPC outage of ${OUTAGE_MS / 1000} s: ${summary}; ${betIds.length} bets (${duringOutage} placed during the outage) all settled once ` +
        `${((settledAt - restoredAt) / 1000).toFixed(1)} s after the node came back; healthy again after ${((healthyAgain ?? 0) / 1000).toFixed(1)} s`,
    );
  }, 180_000);
});
