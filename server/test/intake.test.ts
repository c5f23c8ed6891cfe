import path from "node:path";
import { parseEther, type Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_ACCEPTANCE_WINDOW_SECONDS, formatAmount, GameType, laneNonce } from "../src/engine";
import { CasinoLimits__factory } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, startTestServer, tempDir, type TestServer } from "./support/app";
import { Client, listen, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET } from "./support/play";
import { openSession, sendBet, signBet, type BetChoice, type TestSession } from "./support/sessions";

// The one-click intake's rules on a real node (sessions/intake.ts, docs/decisions.md §4 and §9):
// the acceptance window counted from the block the intake read, the room by maximum payout, the
// player's own limits, and a client seed the server never saw for each signature of a nonce.

let server: TestServer;
let terms: bigint;
let degen: string;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  terms = await server.chain.casino.terms();
  degen = await server.chain.token.getAddress();
});
afterAll(async () => server?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A dev player signed in on a client of their own, `deposit` DEGEN in the vault, and a session whose lane holds all of it. */
async function playerWithSession(index: number, deposit: bigint) {
  const player = server.chain.players[index]!;
  const client = new Client(server.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, player, deposit);
  const { session, answer } = await openSession(server.chain, client, player, { games: 0xffn });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { player, client, session };
}

const nextBet = (session: TestSession, n: bigint, choice: Partial<BetChoice> = {}) =>
  signBet(server.chain, session, { game: GameType.WHEEL, params: 0b11n, n, terms, ...choice });

async function status(client: Client, betId: string, wait?: "mined") {
  return (await client.get(`/api/sessions/bets/${betId}${wait ? `?wait=${wait}` : ""}`)).body as {
    status: string;
    error: string | null;
    txHash: string | null;
  };
}

/** Mines a block stamped `ahead` seconds past the wall clock (and after the last block): the chain's time, a clock the intake has read. */
async function mineAhead(ahead: number): Promise<number> {
  const latest = (await server.chain.provider.getBlock("latest"))!.timestamp;
  const stamp = Math.max(latest + 1, Math.floor(Date.now() / 1000) + ahead);
  await server.chain.provider.send("evm_mine", [stamp]);
  // The server reads the head again after 200 ms, and the chain's time after a second.
  await sleep(1_100);
  return stamp;
}

describe("the acceptance window (docs/decisions.md §9)", () => {
  it("takes a deadline up to 300 s after the time of the block the intake read, not one second more; a stricter limit its player sets after lets both land", async () => {
    const { player, client, session } = await playerWithSession(2, parseEther("100"));
    const T = await mineAhead(30);
    const before = await nextBet(session, 0n, { deadline: BigInt(T + BET_ACCEPTANCE_WINDOW_SECONDS - 1) });
    const atEdge = await nextBet(session, 1n, { deadline: BigInt(T + BET_ACCEPTANCE_WINDOW_SECONDS) });
    const past = await nextBet(session, 2n, { deadline: BigInt(T + BET_ACCEPTANCE_WINDOW_SECONDS + 1) });
    // Taken, and held unsent: their seeds are revealed only after the player's limits change.
    for (const signed of [before, atEdge]) expect((await client.post("/api/sessions/bets", signed.body)).status).toBe(202);
    expect(await sendBet(client, past)).toMatchObject({
      status: 409,
      body: {
        error: `The bet's deadline is more than 5 minutes after the chain's time (${T}): sign it again with a deadline by ${T + BET_ACCEPTANCE_WINDOW_SECONDS}`,
      },
    });
    // A cool-off and a bet cap below the stake, mined after the intake's block: the chain honours
    // every bet whose deadline is within the window of the change, so both land.
    const limits = CasinoLimits__factory.connect(await server.chain.casino.limits(), player);
    await (await limits.setCoolOff(T + 3_600)).wait();
    await (await limits.setLimits(degen, [0n, 0n, 0n], parseEther("0.5"))).wait();
    for (const signed of [before, atEdge])
      expect((await client.post(`/api/sessions/bets/${signed.betId}/seed`, { clientSeed: signed.clientSeed })).status).toBe(200);
    for (const signed of [before, atEdge]) expect(await status(client, signed.betId, "mined")).toMatchObject({ status: "mined", error: null });
    for (const signed of [before, atEdge])
      expect(await server.chain.casino.queryFilter(server.chain.casino.filters.BetSettled(BigInt(signed.betId)))).toHaveLength(1);
  });

  it("refuses a deadline after the session's end", async () => {
    const { client, session } = await playerWithSession(3, parseEther("10"));
    await depositDegen(server, session.player, parseEther("1"));
    const { session: short } = await openSession(server.chain, client, session.player, {
      expiresAt: BigInt((await server.chain.provider.getBlock("latest"))!.timestamp + 120),
      budgetDegen: 0n,
      budgetNative: 0n,
    });
    const expiresAt = Number(short.grant.expiresAt);
    expect(await sendBet(client, await nextBet(short, 0n, { deadline: BigInt(expiresAt + 1) }))).toMatchObject({
      status: 403,
      body: { error: `The bet's deadline is after this session ends: sign it with a deadline by ${expiresAt}` },
    });
  });
});

describe("the room", () => {
  it("takes a stake up to the wallet path's largest bet for the game at the block read (its maximum payout within the room), and refuses one base unit more", async () => {
    const { player, client, session } = await playerWithSession(4, parseEther("1000"));
    // Dice under 1: one roll in 10,000, 10,200x.
    const dice = { game: GameType.DICE, params: 1n };
    const room = await server.chain.casino.maxBet(degen, GameType.DICE, 1n, player.address);
    expect(room).toBeLessThan(parseEther("1000"));
    expect(await sendBet(client, await nextBet(session, 0n, { ...dice, amount: room + 1n }))).toMatchObject({
      status: 409,
      body: { error: `The stake of ${formatAmount(room + 1n)} DEGEN is above the house's largest bet on this game now, ${formatAmount(room)} DEGEN: lower it` },
    });
    const largest = await nextBet(session, 0n, { ...dice, amount: room });
    expect((await sendBet(client, largest)).status).toBe(202);
    // Whatever its outcome, it is placed: the chain holds only its maximum payout to the room.
    expect(await status(client, largest.betId, "mined")).toMatchObject({ status: "mined", error: null });
    expect(await server.chain.casino.queryFilter(server.chain.casino.filters.BetSettled(BigInt(largest.betId)))).toHaveLength(1);
  });
});

describe("the player's own limits", () => {
  it("refuses a stake above a bet cap, past a loss limit, or in a cool-off, the player set before the block the intake read", async () => {
    const { player, client, session } = await playerWithSession(5, parseEther("100"));
    const limits = CasinoLimits__factory.connect(await server.chain.casino.limits(), player);
    await (await limits.setLimits(degen, [parseEther("5"), 0n, 0n], parseEther("8"))).wait();
    expect(await sendBet(client, await nextBet(session, 0n, { amount: parseEther("9") }))).toMatchObject({
      status: 403,
      body: { error: "The stake is above the largest bet you set for yourself" },
    });
    expect(await sendBet(client, await nextBet(session, 0n, { amount: parseEther("6") }))).toMatchObject({
      status: 403,
      body: { error: "The bet is past a loss limit you set for yourself" },
    });
    expect((await sendBet(client, await nextBet(session, 0n, { amount: parseEther("5") }))).status).toBe(202);
    await (await limits.setCoolOff((await server.chain.provider.getBlock("latest"))!.timestamp + 3_600)).wait();
    // The intake reads the head at most every 200 ms, and a refused bet reads it since its arrival:
    // a bet judged on a block before the cool-off would be taken, and land (its deadline is within
    // the cool-off's window). One refused, the next is judged on the cool-off's block or later.
    expect([403, 409]).toContain((await sendBet(client, await nextBet(session, 5n))).status);
    expect(await sendBet(client, await nextBet(session, 1n, { params: 0b111n }))).toMatchObject({
      status: 403,
      body: { error: "You are in a cool-off you set for yourself" },
    });
  });
});

describe("a client seed the server never saw (R4-5)", () => {
  it("refuses a nonce signed again with the client seed of its earlier countersigned bet, and takes it with a new one", async () => {
    const { client, session } = await playerWithSession(0, parseEther("10"));
    const first = await nextBet(session, 0n);
    expect((await client.post("/api/sessions/bets", first.body)).status).toBe(202);
    // Another signature of the nonce while the first can land: the nonce is the first's.
    const again = await nextBet(session, 0n, { clientSeed: first.clientSeed, deadline: first.bet.deadline - 1n });
    expect(await sendBet(client, again)).toMatchObject({
      status: 409,
      body: { error: `Nonce ${laneNonce(session.lane, 0)} is taken by another bet of yours` },
    });
    // Never revealed, the first is refused once its deadline passes, and its nonce is free again.
    await server.chain.provider.send("evm_increaseTime", [BET_ACCEPTANCE_WINDOW_SECONDS + 10]);
    await server.chain.provider.send("evm_mine", []);
    for (const deadline = Date.now() + 20_000; (await status(client, first.betId)).status !== "refused" && Date.now() < deadline;) await sleep(100);
    expect(await status(client, first.betId)).toMatchObject({ status: "refused", error: "The bet's deadline passed before it could be sent: sign it again" });
    const sameSeed = await nextBet(session, 0n, { clientSeed: first.clientSeed });
    expect(await sendBet(client, sameSeed)).toMatchObject({
      status: 409,
      body: { error: `This client seed was sent with an earlier bet of nonce ${laneNonce(session.lane, 0)}: sign the bet again with a new client seed` },
    });
    const fresh = await nextBet(session, 0n);
    expect(await sendBet(client, fresh)).toMatchObject({ status: 202, body: { betId: fresh.betId } });
    expect(await status(client, fresh.betId, "mined")).toMatchObject({ status: "mined" });
  });
});

/** A JSON-RPC request as the server sends it. */
interface RpcRequest {
  method: string;
  params: unknown[];
}

describe("reads per refused bet (issue #38 item 6)", () => {
  /**
   * A player signed in to another instance, which reaches the node through a proxy that counts the
   * JSON-RPC requests it forwards that `counts` picks (a batch's one by one), and its own refusals.
   */
  async function countingInstance(counts: (request: RpcRequest) => boolean, session: TestSession) {
    let counted = 0;
    const { rpcUrl } = server.chain;
    const proxy = await listen((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk));
      req.on("end", async () => {
        counted += [JSON.parse(body) as RpcRequest | RpcRequest[]].flat().filter(counts).length;
        const answer = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body });
        res.setHeader("content-type", "application/json");
        res.end(await answer.text());
      });
    });
    const temp = tempDir();
    const other = await startServerOn(
      server.chain,
      { DATA_DIR: path.join(temp.dir, "db"), MASTER_SECRET },
      { settler: false, serverRpcUrl: async () => proxy.url },
    );
    const client = new Client(other.url);
    await signIn(client, session.player as Wallet, SIWE_DOMAIN, CHAIN_ID);
    return {
      counted: () => counted,
      // A nonce past the lane's next: refused for what the chain shows (409).
      refusedBet: async () => sendBet(client, await nextBet(session, 5n)),
      close: async () => {
        await other.close();
        await proxy.close();
        temp.dispose();
      },
    };
  }

  it("reads the chain again for a refused bet only at a newer head, in one request, and refuses a wallet's 31st refused bet in a minute unread", async () => {
    const { session } = await playerWithSession(1, parseEther("10"));
    // The intake's reads of the chain: IntakeView, created in an eth_call with no `to` (the terms,
    // read once a block for all bets, go to the Casino). Calls to a contract are the server's
    // pollers', on their own clock: counting them made the count depend on the machine's speed.
    const instance = await countingInstance(({ method, params }) => method === "eth_call" && !(params[0] as { to?: string | null }).to, session);
    try {
      const before = instance.counted();
      const first = await instance.refusedBet();
      expect(first.status).toBe(409);
      expect(first.body.error).toMatch(/skips ahead/);
      expect(instance.counted() - before).toBe(1);
      const repeated = instance.counted();
      for (let i = 0; i < 28; i++) expect((await instance.refusedBet()).status).toBe(409);
      // Was 6 contract reads a refusal (the view again at the head, though the head had not moved).
      expect(instance.counted() - repeated).toBeLessThanOrEqual(28);
      // A block later, a refused bet is judged again on a view read at the new head, in one request.
      await server.chain.provider.send("evm_mine", []);
      const atNewHead = instance.counted();
      expect((await instance.refusedBet()).status).toBe(409);
      expect(instance.counted() - atNewHead).toBe(1);
      const unread = instance.counted();
      expect(await instance.refusedBet()).toMatchObject({
        status: 429,
        body: { error: "30 one-click bets of this wallet were refused in the last minute: read why, then try again in a minute" },
      });
      expect(instance.counted()).toBe(unread);
    } finally {
      await instance.close();
    }
  });
});
