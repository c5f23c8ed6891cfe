import { parseEther, type Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyBlackjackAction,
  blackjackActionBytes,
  canSplit,
  crashCashOutBytes,
  crashRound,
  crashTimeToReach,
  GameType,
  laneNonce,
  replayBlackjack,
  resumeBlackjack,
  startBlackjack,
} from "../src/engine";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { depositDegen, laneClientSeedFor, MASTER_SECRET } from "./support/play";
import { openSession, sendBet, signActions, signBet, type TestSession } from "./support/sessions";

/**
 * Interactive games from a session (issues #20 item 5, #21 items 3-4): every action signed by the
 * session key, the split's second stake from the session's lane, a crash cash-out at the multiplier the
 * player signed, and an idle hand settled from what the player signed, or stood.
 */
let server: TestServer;
let client: Client;
let player: Wallet;
let session: TestSession;
let terms: bigint;
/** The place in the session's lane of its next bet. */
let n = 0n;
let degen: string;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, BLACKJACK_IDLE_MS: "3000" });
  player = server.chain.players[0]!;
  client = new Client(server.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, player, parseEther("1000"));
  terms = await server.chain.casino.terms();
  degen = await server.chain.token.getAddress();
  const opened = await openSession(server.chain, client, player);
  expect(opened.answer.status, JSON.stringify(opened.answer.body)).toBe(200);
  session = opened.session;
});
afterAll(async () => server?.close());

/** What the session's lane holds (its bets stake from it and pay into it), and the vault (a jackpot win goes there). */
const laneFunds = async () => (await server.chain.casino.laneOf(player.address, session.lane)).funds[0]!;
const vault = () => server.chain.casino.getBalance(player.address, degen);

/** Places an interactive bet from the session, its outcome steered by a client seed the test picks, and waits until it is on chain. */
async function place(game: GameType, stake: bigint, wish: (word: string) => boolean): Promise<string> {
  const clientSeed = await laneClientSeedFor(server, session, laneNonce(session.lane, n), wish);
  const signed = await signBet(server.chain, session, { game, params: 0n, amount: stake, n: n++, terms, clientSeed });
  const accepted = await sendBet(client, signed);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  expect(accepted.body.kind).toBe("place");
  const placed = await client.get(`/api/sessions/bets/${signed.betId}?wait=mined`);
  expect(placed.body).toMatchObject({ status: "mined" });
  await server.services.settler.sync();
  return signed.betId;
}

async function settled(betId: string, withinMs = 20_000) {
  for (const deadline = Date.now() + withinMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const record = (await client.get(`/api/fairness/bets/${betId}`)).body;
    if (record.status === "settled") return record;
    if (Date.now() > deadline) throw new Error(`bet ${betId} not settled: ${JSON.stringify(record)}`);
  }
}

/** The action, signed by the session key over the whole log so far. */
async function act(sessionId: string, betId: string, action: "HIT" | "STAND" | "SPLIT", log: string, key = session.key) {
  const path = `/api/blackjack/${action.toLowerCase()}`;
  return client.post(path, { token: "DEGEN", action, sessionId, signature: await signActions(server.chain, key, betId, blackjackActionBytes(log)) });
}

async function settleTarget(txHash: string): Promise<string> {
  return (await server.chain.provider.getTransaction(txHash))!.to!;
}

describe("blackjack from a session", () => {
  it("deals only what the session key signed, takes a split's second stake from the lane, and settles with the signed log; the lane (and the vault, by a jackpot) move to the wei", async () => {
    const stake = parseEther("5");
    const [before, vaultBefore] = [await laneFunds(), await vault()];
    // A deal that splits and stays in play: a split whose two hands both reach 21 ends the round at once.
    const betId = await place(GameType.BLACKJACK, stake, (word) => {
      const dealt = startBlackjack(word, 1n, "DEGEN");
      return canSplit(dealt) && applyBlackjackAction(dealt, "SPLIT").status === "SPLIT_PLAYING";
    });
    expect(await laneFunds()).toBe(before - stake);
    const start = await client.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId });
    expect(start.body).toMatchObject({ status: "PLAYING", canSplit: true, actions: "" });
    const { sessionId } = start.body;

    // Unsigned, or signed over another log than this action's: refused, nothing dealt.
    expect(await client.post("/api/blackjack/stand", { token: "DEGEN", action: "STAND", sessionId })).toMatchObject({
      status: 400,
      body: { error: "Sign the action log with your session key or this bet's action key (EIP-712 Actions(betId, actions))" },
    });
    const wrongLog = await client.post("/api/blackjack/stand", {
      token: "DEGEN",
      action: "STAND",
      sessionId,
      signature: await signActions(server.chain, session.key, betId, blackjackActionBytes("H")),
    });
    expect(wrongLog.status).toBe(403);
    expect(wrongLog.body.error).toMatch(/^The actions are not signed by your session key or by this bet's action key/);

    const split = await act(sessionId, betId, "SPLIT", "P");
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body).toMatchObject({ status: "SPLIT_PLAYING", actions: "P" });
    expect((await server.chain.casino.getBet(betId)).split).toBe(true);
    expect(await laneFunds()).toBe(before - 2n * stake);
    let answer = await act(sessionId, betId, "STAND", "PS");
    if (answer.body.status === "SPLIT_PLAYING") answer = await act(sessionId, betId, "STAND", "PSS");
    expect(["PLAYER_WIN", "DEALER_WIN", "PUSH"]).toContain(answer.body.status);

    const record = await settled(betId);
    expect(record.signedActions).toMatchObject({ log: blackjackActionBytes(answer.body.actions), key: session.key.address, keyGrant: null });
    expect(record.verification.ok).toBe(true);
    expect(await settleTarget(record.settleTxHash)).toBe(await server.chain.casino.sessions());
    const payout = replayBlackjack(record.random, stake, "DEGEN", record.actions).payout;
    expect(BigInt(record.payout)).toBe(payout);
    expect(await laneFunds()).toBe(before - 2n * stake + payout);
    expect(await vault()).toBe(vaultBefore + BigInt(record.jackpotWin ?? 0));
  });

  it("settles an idle hand with the actions the player signed, and stands a hand never acted on", async () => {
    const stake = parseEther("2");
    const hitsOnce = (word: string) =>
      startBlackjack(word, 1n, "DEGEN").status === "PLAYING" && resumeBlackjack(word, 1n, "DEGEN", ["HIT"]).status === "PLAYING";
    const betId = await place(GameType.BLACKJACK, stake, hitsOnce);
    const start = await client.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId });
    const hit = await act(start.body.sessionId, betId, "HIT", "H");
    expect(hit.body).toMatchObject({ status: "PLAYING", actions: "H" });
    // Left alone: stood after BLACKJACK_IDLE_MS, with the signed hit kept.
    const record = await settled(betId);
    expect(record.actions).toEqual(["HIT", "STAND"]);
    expect(record.signedActions).toMatchObject({ log: blackjackActionBytes("H"), key: session.key.address });
    expect(await settleTarget(record.settleTxHash)).toBe(await server.chain.casino.sessions());
    expect(BigInt(record.payout)).toBe(replayBlackjack(record.random, stake, "DEGEN", ["HIT"]).payout);

    const idle = await place(GameType.BLACKJACK, stake, (word) => startBlackjack(word, 1n, "DEGEN").status === "PLAYING");
    expect((await client.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId: idle })).body.status).toBe("PLAYING");
    const stood = await settled(idle);
    expect(stood).toMatchObject({ actions: ["STAND"], signedActions: null, verification: { ok: true } });
    expect(await settleTarget(stood.settleTxHash)).toBe(await server.chain.casino.getAddress());
  });
});

describe("crash from a session", () => {
  it("cashes out at the multiplier the player signed once the round has reached it, and refuses one it has not reached", async () => {
    const stake = parseEther("4");
    const [before, vaultBefore] = [await laneFunds(), await vault()];
    const betId = await place(GameType.CRASH, stake, (word) => {
      const round = crashRound(word, "DEGEN");
      return round.crashPoint >= 300 && crashTimeToReach(round.curve, 1.1) < 3;
    });
    const round = (await client.get(`/api/crash/${betId}`)).body;
    expect(round).toMatchObject({ finished: false, crashPoint: null });
    const cashOut = (multiplier: number) =>
      signActions(server.chain, session.key, betId, crashCashOutBytes(multiplier)).then((signature) =>
        client.post("/api/crash/cashout", { token: "DEGEN", betId, multiplier, signature }),
      );
    expect(await cashOut(290)).toMatchObject({ status: 409, body: { error: "The round had not reached 2.90x when the cash-out arrived" } });

    // Wait, on the server's clock, until the round has passed 1.10x.
    const reachedAt = Date.parse(round.startedAt) + crashTimeToReach(round.curve, 1.1) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, reachedAt - Date.parse(round.serverTime)) + 300));
    const cashed = await cashOut(110);
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    expect(cashed.body).toMatchObject({ crashed: false, cashOut: 1.1, payout: "4.4" });
    const record = await settled(betId);
    expect(record.signedActions).toMatchObject({ log: crashCashOutBytes(110), key: session.key.address, keyGrant: null });
    expect(record).toMatchObject({ payout: parseEther("4.4").toString(), verification: { ok: true } });
    expect(await laneFunds()).toBe(before - stake + parseEther("4.4"));
    expect(await vault()).toBe(vaultBefore + BigInt(record.jackpotWin ?? 0));
  });
});
