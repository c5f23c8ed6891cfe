import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, blackjackActionBytes, crashCashOutBytes, crashRound, crashTimeToReach } from "../../engine/src/index";
import { startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "../../server/test/support/app";
import { Client, signIn } from "../../server/test/support/http";
import { clientSeedFor, depositDegen, MASTER_SECRET, placeBet } from "../../server/test/support/play";
import { nameActionKey, signActions } from "../../server/test/support/sessions";
import { verifyChain } from "../src/run";

let server: TestServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, BLACKJACK_IDLE_MS: "4000" });
  alice = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("1000"));
});
afterAll(async () => server?.close());

async function waitSettled(betId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const answer = await alice.get(`/api/fairness/bets/${betId}`);
    if (answer.body.status === "settled") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bet ${betId} not settled`);
}

describe("npm run verify on what the settlement server settles", () => {
  it("finds no mismatch in the server's settlements, each computed on chain: interactive rounds exactly, from the action logs their settlements carry", async () => {
    const player = server.chain.players[0]!;
    const bets: string[] = [];
    const slots = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("5"), gameType: GameType.SLOTS });
    expect((await alice.post("/api/slots/spin", { token: "DEGEN", betId: slots.betId })).status).toBe(200);
    bets.push(slots.betId);
    for (const bet of [
      { token: "DEGEN", amount: parseEther("2"), gameType: GameType.WHEEL, params: 0b1011n },
      { token: "DEGEN", amount: parseEther("2"), gameType: GameType.KICKBOXING, params: 1n },
      { token: "DEGEN", amount: parseEther("2"), gameType: GameType.CRASH, params: 180n },
      { token: "BNB", amount: parseEther("0.01"), gameType: GameType.WHEEL, params: 1n, fromWallet: true },
    ] as const) {
      bets.push((await placeBet(server, alice, player, bet)).betId);
    }

    // A blackjack hand played through the API, each action signed by a key the wallet named for
    // the hand: hit once when allowed, then stand.
    const hand = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("3"), gameType: GameType.BLACKJACK });
    const handKey = await nameActionKey(server.chain, alice, player, hand.betId);
    const start = await alice.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: hand.betId });
    let view = start.body as { status: string; sessionId: string };
    let log = "";
    for (const action of ["HIT", "STAND", "STAND"] as const) {
      if (view.status !== "PLAYING" && view.status !== "SPLIT_PLAYING") break;
      log += action[0];
      const signature = await signActions(server.chain, handKey, hand.betId, blackjackActionBytes(log));
      view = {
        ...view,
        ...(await alice.post(`/api/blackjack/${action.toLowerCase()}`, { token: "DEGEN", action, sessionId: start.body.sessionId, signature })).body,
      };
    }
    bets.push(hand.betId);

    // A manual crash round cashed out at 1.05x, signed, once the server's clock has reached it.
    await alice.post("/api/fairness/commitment");
    const clientSeed = await clientSeedFor(server, player.address, (word) => crashRound(word, "DEGEN").crashPoint >= 500);
    const round = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.CRASH, params: 0n, clientSeed });
    const roundKey = await nameActionKey(server.chain, alice, player, round.betId);
    const flight = await alice.get(`/api/crash/${round.betId}`);
    const reachedAt = Date.parse(flight.body.startedAt) + crashTimeToReach(flight.body.curve, 1.05) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, reachedAt - Date.parse(flight.body.serverTime)) + 300));
    const signature = await signActions(server.chain, roundKey, round.betId, crashCashOutBytes(105));
    const cash = await alice.post("/api/crash/cashout", { token: "DEGEN", betId: round.betId, multiplier: 105, signature });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    bets.push(round.betId);
    for (const betId of bets) await waitSettled(betId);

    const options = { rpc: server.chain.rpcUrl, deployment: server.chain.deploymentFile, chunk: 5000, concurrency: 4 };
    const { result, summary } = await verifyChain(options);
    expect(result.problems).toEqual([]);
    expect(summary).toMatchObject({ settled: bets.length, open: 0, enforcement: { "computed on chain": bets.length } });
    expect(summary.checks.payout).toEqual({ exact: bets.length });
    expect(result.bets.find((bet) => bet.betId.toString() === round.betId)!.actions).toMatchObject({ log: expect.any(Number) });
  });
});
