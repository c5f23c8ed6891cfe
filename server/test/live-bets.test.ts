import { parseEther, Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_ACCEPTANCE_WINDOW_SECONDS, gameName, GameType, JACKPOT } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { LiveBets, SNAPSHOT_SIZE } from "../src/feed/live-bets";
import type { JackpotHit, LiveBet } from "../src/feed/feed-rows";
import { startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "./support/app";
import { DEV_KEYS } from "./support/chain";
import { Client, listen, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";
import { StreamClient } from "./support/sse";

let server: TestServer;
let alice: Client;
let bob: Client;
const streams: StreamClient[] = [];
beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  alice = new Client(server.url);
  bob = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await signIn(bob, server.chain.players[1]!, SIWE_DOMAIN, CHAIN_ID);
  expect((await alice.post("/api/user/register", { walletAddress: server.chain.players[0]!.address, username: "alice_live" })).status).toBe(201);
  await depositDegen(server, server.chain.players[0]!, parseEther("5000"));
  await depositDegen(server, server.chain.players[1]!, parseEther("10"));
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.close();
});

async function openStream(): Promise<StreamClient> {
  const stream = await StreamClient.open(`${server.url}/api/bets/live`);
  streams.push(stream);
  return stream;
}

const snapshotOf = async (stream: StreamClient) => JSON.parse((await stream.next((e) => e.event === "snapshot")).data) as LiveBet[];
const betEvent = async (stream: StreamClient, betId: string) =>
  JSON.parse((await stream.next((e) => e.event === "bet" && (JSON.parse(e.data) as LiveBet).betId === betId)).data) as LiveBet;

/** The settlement as the chain records it: GamePlayed's stake and payout, and BetSettled's block and transaction. */
async function chainSettlement(player: string, betId: string) {
  const casino = server.chain.casino;
  const [settled] = await casino.queryFilter(casino.filters.BetSettled(betId));
  // A batch settles several bets in one transaction: each bet's GamePlayed comes right after its BetSettled.
  const played = (await casino.queryFilter(casino.filters.GamePlayed(player), settled!.blockNumber, settled!.blockNumber))
    .filter((log) => log.transactionHash === settled!.transactionHash && log.index > settled!.index)
    .at(0)!;
  return { stake: played.args.betAmount.toString(), payout: played.args.payout.toString(), block: settled!.blockNumber, txHash: settled!.transactionHash };
}

describe("the live bets feed (GET /api/bets/live)", () => {
  it("streams every settled on-chain bet with the chain's amounts, named by username or by address", async () => {
    const stream = await openStream();
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await snapshotOf(stream)).toEqual([]);

    const [alicePlayer, bobPlayer] = server.chain.players as [(typeof server.chain.players)[0], (typeof server.chain.players)[0]];
    const aliceBet = await placeBet(server, alice, alicePlayer, { token: "DEGEN", amount: parseEther("10"), gameType: GameType.WHEEL, params: 1n });
    const bobBet = await placeBet(server, bob, bobPlayer, { token: "BNB", amount: parseEther("0.01"), gameType: GameType.WHEEL, params: 3n, fromWallet: true });

    const aliceSeen = await betEvent(stream, aliceBet.betId);
    const aliceChain = await chainSettlement(alicePlayer.address, aliceBet.betId);
    expect(aliceSeen).toMatchObject({
      betId: aliceBet.betId,
      gameType: GameType.WHEEL,
      game: gameName(GameType.WHEEL),
      player: alicePlayer.address,
      username: "alice_live",
      token: "DEGEN",
      stake: aliceChain.stake,
      payout: aliceChain.payout,
      settledBlock: aliceChain.block,
      settleTxHash: aliceChain.txHash,
    });
    expect(aliceSeen.stake).toBe(parseEther("10").toString());

    const bobSeen = await betEvent(stream, bobBet.betId);
    const bobChain = await chainSettlement(bobPlayer.address, bobBet.betId);
    expect(bobSeen).toMatchObject({
      player: bobPlayer.address,
      username: null,
      token: "BNB",
      stake: bobChain.stake,
      payout: bobChain.payout,
      settledBlock: bobChain.block,
    });
    expect(bobSeen.seq).toBeGreaterThan(aliceSeen.seq);
  });

  it("forgets a connection as soon as its browser goes away", async () => {
    const feed = server.services.appDeps.liveBets;
    const open = feed.connections;
    const stream = await openStream();
    await stream.next((e) => e.event === "snapshot");
    expect(feed.connections).toBe(open + 1);
    stream.close();
    for (const deadline = Date.now() + 5_000; feed.connections > open && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    expect(feed.connections).toBe(open);
  });

  it(`gives a new client the newest ${SNAPSHOT_SIZE} settled bets at once, newest first`, async () => {
    const alicePlayer = server.chain.players[0]!;
    const watching = await openStream();
    const placed: string[] = [];
    for (let i = 0; i < SNAPSHOT_SIZE; i++) {
      placed.push((await placeBet(server, alice, alicePlayer, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.WHEEL, params: 1n })).betId);
    }
    await betEvent(watching, placed.at(-1)!);

    const snapshot = await snapshotOf(await openStream());
    expect(snapshot).toHaveLength(SNAPSHOT_SIZE);
    // Bets 0 and 1 of the first test are older than the 50 placed here.
    expect(snapshot.map((bet) => bet.betId)).toEqual([...placed].reverse());
    const blocks = snapshot.map((bet) => bet.settledBlock);
    expect(blocks).toEqual([...blocks].sort((a, b) => b - a));
    const newest = await chainSettlement(alicePlayer.address, placed.at(-1)!);
    expect(snapshot[0]).toMatchObject({ stake: newest.stake, payout: newest.payout, settledBlock: newest.block });
  });

  it("announces a jackpot hit to every client with the amount the chain paid", async () => {
    const player = server.chain.players[1]!;
    const stream = await openStream();
    // Terms under which a 6,000 DEGEN stake is certain to hit (server/test/web3.test.ts).
    const owner = server.chain.casino.connect(new Wallet(DEV_KEYS[0], server.chain.provider)) as Casino;
    await (await owner.setJackpotTerms(200, 1)).wait();
    try {
      await depositDegen(server, player, parseEther("6000"));
      const bet = await placeBet(server, bob, player, { token: "DEGEN", amount: parseEther("6000"), gameType: GameType.WHEEL, params: 0b111111111n });
      const hit = JSON.parse((await stream.next((e) => e.event === "jackpot" && (JSON.parse(e.data) as JackpotHit).betId === bet.betId)).data) as JackpotHit;
      const casino = server.chain.casino;
      const [won] = await casino.queryFilter(casino.filters.JackpotWon(player.address), bet.block);
      expect(won!.args.amount).toBeGreaterThan(0n);
      expect(hit).toMatchObject({ player: player.address, username: null, amount: won!.args.amount.toString() });
      expect((await betEvent(stream, bet.betId)).jackpotWin).toBe(won!.args.amount.toString());
    } finally {
      // The owner changes the terms once per acceptance window (docs/decisions.md §9).
      await server.chain.provider.send("evm_increaseTime", [BET_ACCEPTANCE_WINDOW_SECONDS + 1]);
      await (await owner.setJackpotTerms(JACKPOT.DEFAULT_EDGE_BPS, JACKPOT.DEFAULT_SHARE_BPS)).wait();
    }
  });
});

describe("the feed's limits (issue #38 item 4: one IP held 400 streams)", () => {
  it("holds at most LIVE_FEED_STREAMS_PER_IP streams per caller and LIVE_FEED_STREAMS in all, each ended after its lifetime", async () => {
    const { db, signals } = server.services.appDeps;
    const feed = new LiveBets(db, signals, { perIp: 2, total: 3, lifetimeMs: 1_000 });
    await feed.start();
    // The caller is named by a header here: the app names it by ipKey (TRUST_PROXY), tested in hardening.test.ts.
    const http = await listen((req, res) => feed.attach(res, String(req.headers["x-caller"])));
    const open = (caller: string) => StreamClient.open(`${http.url}/`, { "x-caller": caller });
    const answer = async (caller: string) => {
      const response = await fetch(`${http.url}/`, { headers: { "x-caller": caller } });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
    };
    try {
      const held = [await open("A"), await open("A")];
      expect(await answer("A")).toMatchObject({
        status: 429,
        body: { error: "This address holds 2 live feed streams already: close a tab, or try again later" },
      });
      held.push(await open("B"));
      expect(await answer("C")).toEqual({ status: 503, retryAfter: "30", body: { error: "The live feed is full: try again shortly" } });
      expect(feed.connections).toBe(3);
      // Each ends within its lifetime (0.75 to 1 s), after its snapshot; the browser would reconnect.
      for (const stream of held) {
        await stream.next((e) => e.event === "snapshot");
        await stream.ended;
      }
      for (const deadline = Date.now() + 5_000; feed.connections > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
      expect(feed.connections).toBe(0);
      const again = await open("A");
      await again.next((e) => e.event === "snapshot");
      again.close();
    } finally {
      await http.close();
      await feed.close();
    }
  });
});
