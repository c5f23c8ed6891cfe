import { parseEther, type Wallet } from "ethers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, settleWheel } from "../src/engine";
import { rowsOf } from "../src/db/index";
import { readLeaderboards, type Leaderboards } from "../src/stats/leaderboards";
import type { PlayerBet, PlayerStats } from "../src/stats/player-stats";
import { startServerOn, startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { clientSeedFor, depositDegen, MASTER_SECRET, placeBet } from "./support/play";

/**
 * Leaderboards and a player's numbers (issue #22) against a real chain: every figure is checked
 * against the chain's own events (BetPlaced, GamePlayed, JackpotDrawn), never against what the
 * server recorded.
 */
let server: TestServer;
let alice: Wallet;
let bob: Wallet;
/** The same chain and database served again (the last test): */
let restarted: TestServer | undefined;
const db = () => (restarted ?? server).services.appDeps.db;

/** A player's settled bets as the chain tells them: token, stake and what each paid (payout plus jackpot prize), by bet. */
async function chainBets(player: string) {
  const casino = server.chain.casino;
  const placed = await casino.queryFilter(casino.filters.BetPlaced(undefined, player));
  const degen = (await server.chain.token.getAddress()).toLowerCase();
  const bets = [];
  for (const log of placed) {
    const betId = log.args.betId;
    const [settled] = await casino.queryFilter(casino.filters.BetSettled(betId));
    if (!settled) continue;
    // Each bet's GamePlayed follows its BetSettled in the settling transaction.
    const played = (await casino.queryFilter(casino.filters.GamePlayed(player), settled.blockNumber, settled.blockNumber))
      .filter((game) => game.transactionHash === settled.transactionHash && game.index > settled.index)
      .at(0)!;
    const draws = await casino.queryFilter(casino.filters.JackpotDrawn(betId));
    const prize = draws.filter((draw) => draw.args.hit).reduce((sum, draw) => sum + draw.args.prize, 0n);
    const block = await server.chain.provider.getBlock(settled.blockNumber);
    bets.push({
      betId: betId.toString(),
      token: log.args.token.toLowerCase() === degen ? "DEGEN" : "BNB",
      gameType: Number(played.args.gameType),
      stake: played.args.betAmount,
      paid: played.args.payout + prize,
      block: settled.blockNumber,
      time: block!.timestamp,
    });
  }
  return bets;
}

/** Counts the settlements of every block recorded so far. */
const EVERY_BLOCK = Number.MAX_SAFE_INTEGER;
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

async function settledCount(player: string): Promise<number> {
  const result = await db().execute(sql`SELECT count(*) AS n FROM bets WHERE player = ${player} AND status = 'settled'`);
  return Number(rowsOf<{ n: string }>(result)[0]!.n);
}

/** Until the player's bets are recorded settled and the log scan has read their blocks: the numbers count a block once it has. */
async function waitSettled(player: string, count: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if ((await settledCount(player)) < count) continue;
    const last = rowsOf<{ block: string }>(await db().execute(sql`SELECT max(settled_block) AS block FROM bets WHERE player = ${player}`))[0]!.block;
    if ((await server.services.settler.cursor()) >= Number(last)) return;
  }
  throw new Error(`${player}: ${await settledCount(player)} of ${count} bets settled`);
}

let aliceClient: Client;
beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  [alice, bob] = server.chain.players as [Wallet, Wallet];
  aliceClient = new Client(server.url);
  const bobClient = new Client(server.url);
  await signIn(aliceClient, alice, SIWE_DOMAIN, CHAIN_ID);
  await signIn(bobClient, bob, SIWE_DOMAIN, CHAIN_ID);
  expect((await aliceClient.post("/api/user/register", { walletAddress: alice.address, username: "alice_stats" })).status).toBe(201);
  await depositDegen(server, alice, parseEther("5000"));
  await depositDegen(server, bob, parseEther("100"));
  // Alice: wheel bets of two sizes on one or two colours; Bob: wheel bets in BNB.
  for (let i = 0; i < 12; i++) {
    // The first bet wins and the second loses, whatever the others do.
    const params = BigInt(1 + (i % 3));
    const amount = parseEther(i % 2 ? "10" : "25");
    let clientSeed: string | undefined;
    if (i < 2) {
      await aliceClient.post("/api/fairness/commitment");
      clientSeed = await clientSeedFor(server, alice.address, (word) => settleWheel("DEGEN", amount, params, word).payout > amount === (i === 0));
    }
    await placeBet(server, aliceClient, alice, {
      clientSeed,
      token: "DEGEN",
      amount,
      gameType: GameType.WHEEL,
      params,
      gasLimit: 600_000n,
    });
  }
  for (let i = 0; i < 4; i++) {
    await placeBet(server, bobClient, bob, {
      token: "BNB",
      amount: parseEther("0.01"),
      gameType: GameType.WHEEL,
      params: 1n,
      fromWallet: true,
      gasLimit: 600_000n,
    });
  }
  await waitSettled(alice.address, 12);
  await waitSettled(bob.address, 4);
}, 120_000);
afterAll(async () => {
  await restarted?.stopServer();
  await server?.close();
});

describe("leaderboards (GET /api/leaderboards)", () => {
  it("rank by what the chain's events say was staked, won and netted, per token", async () => {
    const aliceChain = await chainBets(alice.address);
    const bobChain = await chainBets(bob.address);
    expect(aliceChain).toHaveLength(12);
    const client = new Client(server.url);

    const degen = (await client.get("/api/leaderboards?window=all&token=DEGEN")).body as Leaderboards & { readUpTo: number };
    expect(degen.readUpTo).toBeGreaterThanOrEqual(Math.max(...aliceChain.map((bet) => bet.block)));
    expect(degen.wagered).toEqual([{ player: alice.address, username: "alice_stats", bets: 12, amount: sum(aliceChain.map((b) => b.stake)).toString() }]);
    const aliceProfit = sum(aliceChain.map((b) => b.paid - b.stake));
    expect(degen.profit).toEqual(aliceProfit > 0n ? [{ player: alice.address, username: "alice_stats", bets: 12, amount: aliceProfit.toString() }] : []);
    const wins = aliceChain.filter((bet) => bet.paid > bet.stake).sort((a, b) => (b.paid > a.paid ? 1 : b.paid < a.paid ? -1 : 0));
    expect(wins.length).toBeGreaterThan(0);
    // Equal wins may come in either order (bets settled in one transaction).
    expect(degen.biggestWins.map((win) => win.paid)).toEqual(wins.slice(0, 10).map((bet) => bet.paid.toString()));
    for (const win of degen.biggestWins) {
      const onChain = wins.find((bet) => bet.betId === win.betId)!;
      expect([win.paid, win.stake]).toEqual([onChain.paid.toString(), onChain.stake.toString()]);
    }

    const bnb = (await client.get("/api/leaderboards?window=all&token=BNB")).body as Leaderboards;
    expect(bnb.wagered).toEqual([{ player: bob.address, username: null, bets: 4, amount: sum(bobChain.map((b) => b.stake)).toString() }]);
  });

  it("count a bet in the 24 h and 7 day windows by the time of the block that settled it", async () => {
    // Two days later on the chain, Bob bets in DEGEN: only his bet is in the last 24 hours.
    await server.chain.provider.send("evm_increaseTime", [2 * 86_400]);
    await server.chain.provider.send("evm_mine", []);
    const bobClient = new Client(server.url);
    await signIn(bobClient, bob, SIWE_DOMAIN, CHAIN_ID);
    const late = await placeBet(server, bobClient, bob, { token: "DEGEN", amount: parseEther("40"), gameType: GameType.WHEEL, params: 2n, gasLimit: 600_000n });
    await waitSettled(bob.address, 5);
    const lateBet = (await chainBets(bob.address)).find((bet) => bet.betId === late.betId)!;
    const now = lateBet.time + 60;

    const day = await readLeaderboards(db(), { window: "24h", token: "DEGEN", now, upTo: EVERY_BLOCK });
    expect(day.since).toBe(now - 86_400);
    expect(day.wagered).toEqual([{ player: bob.address, username: null, bets: 1, amount: parseEther("40").toString() }]);
    const week = await readLeaderboards(db(), { window: "7d", token: "DEGEN", now, upTo: EVERY_BLOCK });
    expect(week.wagered.map((entry) => entry.player)).toEqual([alice.address, bob.address]);
    // Eight days on, Alice's bets are out of the week too.
    const later = await readLeaderboards(db(), { window: "7d", token: "DEGEN", now: now + 6 * 86_400 - 120, upTo: EVERY_BLOCK });
    expect(later.wagered.map((entry) => entry.player)).toEqual([bob.address]);

    const answer = await new Client(server.url).get("/api/leaderboards?window=1y");
    expect(answer.status).toBe(400);
  });
});

describe("a player's numbers (GET /api/players/:address)", () => {
  it("sum each game and token as the chain's events do, with the profit over time and the block they are read up to", async () => {
    const chain = await chainBets(alice.address);
    const stats = (await new Client(server.url).get(`/api/players/${alice.address.toLowerCase()}`)).body as PlayerStats & { readUpTo: number };
    expect(stats.player).toBe(alice.address);
    expect(stats.username).toBe("alice_stats");
    expect(stats.readUpTo).toBeGreaterThanOrEqual(Math.max(...chain.map((bet) => bet.block)));
    const profit = sum(chain.map((b) => b.paid - b.stake));
    expect(stats.games).toEqual([
      {
        gameType: GameType.WHEEL,
        game: "WHEEL",
        token: "DEGEN",
        bets: 12,
        wagered: sum(chain.map((b) => b.stake)).toString(),
        paid: sum(chain.map((b) => b.paid)).toString(),
        profit: profit.toString(),
        biggestWin: chain.reduce((max, b) => (b.paid > max ? b.paid : max), 0n).toString(),
      },
    ]);
    const points = stats.profitOverTime.DEGEN!;
    expect(points).toHaveLength(12);
    expect(points.at(-1)![1]).toBe(profit.toString());
    // Each point is the profit after one more bet, dated by its block (bets settled in one block in any order).
    expect(points.map(([time]) => time)).toEqual(chain.map((bet) => bet.time).sort((a, b) => a - b));
    const steps = points.map(([, value], i) => BigInt(value) - (i ? BigInt(points[i - 1]![1]) : 0n));
    expect(steps.sort()).toEqual(chain.map((bet) => bet.paid - bet.stake).sort());
    expect(stats.profitOverTime.BNB).toBeUndefined();
  });

  it("list the history newest first, filtered by game, token and result, a page at a time and as CSV", async () => {
    const client = new Client(server.url);
    const chain = await chainBets(alice.address);
    const all = (await client.get(`/api/players/${alice.address}/bets`)).body as { bets: PlayerBet[]; next: number | null; readUpTo: number };
    expect(all.bets.map((bet) => bet.settledBlock)).toEqual(chain.map((bet) => bet.block).sort((a, b) => b - a));
    expect(new Set(all.bets.map((bet) => bet.betId))).toEqual(new Set(chain.map((bet) => bet.betId)));
    expect(all.next).toBeNull();

    const won = (await client.get(`/api/players/${alice.address}/bets?result=won`)).body as { bets: PlayerBet[] };
    expect(new Set(won.bets.map((bet) => bet.betId))).toEqual(new Set(chain.filter((bet) => bet.paid > bet.stake).map((bet) => bet.betId)));
    const lost = (await client.get(`/api/players/${alice.address}/bets?result=lost`)).body as { bets: PlayerBet[] };
    expect(new Set(lost.bets.map((bet) => bet.betId))).toEqual(new Set(chain.filter((bet) => bet.paid < bet.stake).map((bet) => bet.betId)));
    expect(((await client.get(`/api/players/${alice.address}/bets?token=BNB`)).body as { bets: PlayerBet[] }).bets).toEqual([]);
    expect(((await client.get(`/api/players/${alice.address}/bets?game=${GameType.SLOTS}`)).body as { bets: PlayerBet[] }).bets).toEqual([]);

    const first = (await client.get(`/api/players/${alice.address}/bets?limit=5`)).body as { bets: PlayerBet[]; next: number };
    const second = (await client.get(`/api/players/${alice.address}/bets?limit=5&before=${first.next}`)).body as { bets: PlayerBet[] };
    expect([...first.bets, ...second.bets].map((bet) => bet.betId)).toEqual(all.bets.slice(0, 10).map((bet) => bet.betId));

    const csv = await client.get(`/api/players/${alice.address}/bets?format=csv`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="degen-casino-bets-${alice.address}-to-block-${all.readUpTo}.csv"`);
    const lines = (csv.body as string).trim().split("\r\n");
    expect(lines[0]).toBe("bet_id,game,token,stake,paid,jackpot_win,profit,stake_wei,paid_wei,settled_block,settled_at,settle_tx_hash");
    expect(lines).toHaveLength(13);
    const rows = lines.slice(1).map((line) => line.split(","));
    expect(sum(rows.map((row) => BigInt(row[7]!)))).toBe(sum(chain.map((bet) => bet.stake)));
    expect(sum(rows.map((row) => BigInt(row[8]!)))).toBe(sum(chain.map((bet) => bet.paid)));
    const newest = chain.find((bet) => bet.betId === rows[0]![0])!;
    expect(rows[0]!.slice(1, 4)).toEqual(["WHEEL", "DEGEN", newest.stake === parseEther("25") ? "25.0" : "10.0"]);
    expect(rows[0]![10]).toBe(new Date(newest.time * 1000).toISOString());

    expect((await client.get("/api/players/0x1234/bets")).status).toBe(400);
    expect((await client.get(`/api/players/${alice.address}/bets?result=maybe`)).status).toBe(400);
  });
});

describe("across a restart", () => {
  it("dates the blocks of bets recorded before block times were, and the windows come out the same", async () => {
    const now = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const before = await readLeaderboards(db(), { window: "7d", token: "DEGEN", now, upTo: EVERY_BLOCK });
    const dataDir = server.config.dataDir;
    // As a database from before the block_times table: no settled bet's block is dated.
    await db().execute(sql`DELETE FROM block_times`);
    expect((await readLeaderboards(db(), { window: "7d", token: "DEGEN", now, upTo: EVERY_BLOCK })).wagered).toEqual([]);
    await server.stopServer();
    restarted = await startServerOn(server.chain, { DATA_DIR: dataDir, MASTER_SECRET });
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const dated = rowsOf<{ n: string }>(await db().execute(sql`SELECT count(*) AS n FROM block_times`))[0]!.n;
      if (
        Number(dated) > 0 &&
        (await readLeaderboards(db(), { window: "7d", token: "DEGEN", now, upTo: EVERY_BLOCK })).wagered.length === before.wagered.length
      )
        break;
    }
    expect(await readLeaderboards(db(), { window: "7d", token: "DEGEN", now, upTo: EVERY_BLOCK })).toEqual(before);
  });
});
