import { hexlify, parseEther, randomBytes, type Wallet } from "ethers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blackjackActionBytes, crashCashOutBytes, crashRound, GameType, isFinalStatus, settleGame, startBlackjack, type Token } from "../../src/engine";
import type { Casino } from "../../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, tempDir, type TestServer } from "../support/app";
import { DEV_KEYS, freePort, type TestChain } from "../support/chain";
import { freshChain } from "../support/fresh-chain";
import { Client, signIn } from "../support/http";
import { metricOf, onPostgres, serverInstance, type Instance } from "../support/instance";
import { clientSeedFor, MASTER_SECRET, signWithdraw } from "../support/play";
import { startPostgres, type ThrowawayPostgres } from "../support/postgres";
import { nameActionKey, openSession, sendBet, signActions, signBet, type TestSession } from "../support/sessions";
import { settledTicketDraws } from "../support/jackpot";

/**
 * Two server instances on one PostgreSQL 15 under a stream of bets; the one holding the settler
 * lease is killed with kill -9 again and again. The other must take over within 10 s, and every
 * bet must be settled exactly once.
 */
const KILLS = 4;
const TAKEOVER_LIMIT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let postgres: ThrowawayPostgres | undefined;
let skipReason: string | undefined;
let chain: TestChain;
let temp: ReturnType<typeof tempDir>;
let instances: Instance[] = [];
let env: Record<string, string>;
const webOnly: Instance[] = [];

beforeAll(async () => {
  const started = await startPostgres();
  if ("skip" in started) {
    skipReason = started.skip;
    console.log(`Cluster test skipped: ${skipReason}`);
    return;
  }
  postgres = started;
  temp = tempDir();
  chain = await freshChain(temp.dir);
  env = {
    ...onPostgres(postgres, chain, temp.dir),
    LOG_LEVEL: "info",
    // Every call comes from 127.0.0.1, /metrics polled every 25 ms among them: no per-IP limit here.
    RATE_LIMIT_IP_PER_MINUTE: "100000000",
  };
  instances = [serverInstance("A", await freePort(), env), serverInstance("B", await freePort(), env)];
  // One after the other: the first takes the lease.
  for (const instance of instances) await instance.start();
});
afterAll(async () => {
  for (const instance of [...instances, ...webOnly]) await instance.kill9();
  await chain?.stop();
  postgres?.stop();
  temp?.dispose();
});

async function leaderOf(): Promise<{ leader: Instance; follower: Instance }> {
  for (const deadline = Date.now() + TAKEOVER_LIMIT_MS; Date.now() < deadline; await sleep(50)) {
    const leading = await Promise.all(instances.map((instance) => metricOf(instance, "degen_settler_leader")));
    if (leading.filter((value) => value === 1).length === 1) {
      const leader = instances[leading.indexOf(1)]!;
      return { leader, follower: instances.find((instance) => instance !== leader)! };
    }
  }
  throw new Error("no single lease holder");
}

async function signedIn(instance: Instance, player: Wallet): Promise<Client> {
  const client = new Client(instance.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  return client;
}

/** The bets of the deployment's schema, read straight from PostgreSQL. */
async function betRows(): Promise<{ bet_id: string; status: string; settle_tx_hash: string | null }[]> {
  const client = new pg.Client({ connectionString: postgres!.url });
  await client.connect();
  try {
    const schema = (await client.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'degen_31337_%'")).rows[0]!.nspname;
    return (await client.query(`SELECT bet_id, status, settle_tx_hash FROM ${schema}.bets`)).rows;
  } finally {
    await client.end();
  }
}

describe("several instances on one PostgreSQL", () => {
  it(`settles every bet of a stream exactly once while the lease holder is killed ${KILLS} times, each taken over within 10 s`, async (context) => {
    if (!postgres) return context.skip(skipReason);
    const players = chain.players.slice(0, 3);
    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    const terms = await chain.casino.terms();
    const roots = new Map<string, string>();
    for (const [i, player] of players.entries()) {
      // Commitments asked of both instances: the follower's go out through the lease holder.
      const client = await signedIn(instances[i % 2]!, player);
      // A deposit first: the house posts a commitment only for a wallet with a stake.
      await (await chain.token.connect(player).approve(casinoAddress, parseEther("1000"), { gasLimit: 100_000n })).wait();
      await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("1000"), { gasLimit: 200_000n })).wait();
      const commitment = await client.post("/api/fairness/commitment");
      expect(commitment.status, JSON.stringify(commitment.body)).toBe(200);
      roots.set(player.address, commitment.body.expectedCommit);
    }
    // Interval mining keeps settlements pending for a while, so kills land between send and receipt.
    await chain.provider.send("evm_setAutomine", [false]);
    await chain.provider.send("evm_setIntervalMining", [400]);

    const placed: string[] = [];
    let betting = true;
    const stream = Promise.all(
      players.map(async (player, i) => {
        const casino = chain.casino.connect(player) as Casino;
        for (let k = 0; betting; k++) {
          const gameType = [GameType.WHEEL, GameType.SLOTS, GameType.KICKBOXING][(i + k) % 3]!;
          const params = gameType === GameType.WHEEL ? 0b11n : gameType === GameType.KICKBOXING ? 1n : 0n;
          const tx = await casino.playGame(degen, parseEther("1"), gameType, params, hexlify(randomBytes(32)), roots.get(player.address)!, terms, {
            gasLimit: 300_000n,
          });
          const receipt = (await tx.wait())!;
          placed.push(
            receipt.logs
              .map((l) => casino.interface.parseLog(l))
              .find((l) => l?.name === "BetPlaced")!
              .args.betId.toString(),
          );
        }
      }),
    );

    const takeovers: { lease: number; settling: number }[] = [];
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(2_000 + Math.random() * 1_500);
        const { leader, follower } = await leaderOf();
        const sentBefore = (await metricOf(follower, "degen_settlements_sent_total")) ?? 0;
        const killedAt = Date.now();
        await leader.kill9();
        let lease: number | undefined;
        let settling: number | undefined;
        while (settling === undefined && Date.now() - killedAt < TAKEOVER_LIMIT_MS + 5_000) {
          const [leading, sent] = await Promise.all([metricOf(follower, "degen_settler_leader"), metricOf(follower, "degen_settlements_sent_total")]);
          if (leading === 1) lease ??= Date.now() - killedAt;
          if (leading === 1 && (sent ?? 0) > sentBefore) settling = Date.now() - killedAt;
          await sleep(25);
        }
        takeovers.push({ lease: lease ?? Infinity, settling: settling ?? Infinity });
        await leader.start();
      }
    } finally {
      betting = false;
      await stream;
    }
    console.log(
      `Takeovers after kill -9 (ms): ${takeovers.map((t) => `lease ${t.lease}, first settlement sent ${t.settling}`).join("; ")}; ${placed.length} bets`,
    );
    for (const takeover of takeovers) {
      expect(takeover.lease).toBeLessThan(TAKEOVER_LIMIT_MS);
      expect(takeover.settling).toBeLessThan(TAKEOVER_LIMIT_MS);
    }
    await chain.provider.send("evm_setIntervalMining", [0]);
    await chain.provider.send("evm_setAutomine", [true]);

    for (const deadline = Date.now() + 60_000; ; await sleep(300)) {
      // Automine mines only transactions that arrive after it is back: blocks keep coming as on a real chain.
      await chain.provider.send("evm_mine", []);
      const open = (await Promise.all(placed.map(async (betId) => (await chain.casino.getBet(betId)).open))).filter(Boolean).length;
      if (open === 0) break;
      if (Date.now() > deadline) {
        const openIds = new Set((await Promise.all(placed.map(async (betId) => ((await chain.casino.getBet(betId)).open ? betId : "")))).filter(Boolean));
        const rows = (await betRows()).filter((row) => openIds.has(row.bet_id));
        throw new Error(`${open} bets still open: ${JSON.stringify(rows)}\n${instances.map((i) => i.output.slice(-4000)).join("\n")}`);
      }
    }
    const settled = await chain.casino.queryFilter(chain.casino.filters.BetSettled());
    const count = new Map<string, number>();
    for (const log of settled) count.set(log.args.betId.toString(), (count.get(log.args.betId.toString()) ?? 0) + 1);
    expect(placed.filter((betId) => count.get(betId) !== 1)).toEqual([]);
    expect(await chain.casino.queryFilter(chain.casino.filters.ExpiredBetClaimed())).toHaveLength(0);

    // The shared database agrees: every bet settled, with the transaction that did it.
    const txOf = new Map(settled.map((log) => [log.args.betId.toString(), log.transactionHash]));
    let rows: Awaited<ReturnType<typeof betRows>> = [];
    for (let i = 0; i < 100; i++, await sleep(200)) {
      rows = (await betRows()).filter((row) => placed.includes(row.bet_id));
      if (rows.length === placed.length && rows.every((row) => row.status === "settled")) break;
    }
    expect(rows).toHaveLength(placed.length);
    for (const row of rows) expect([row.status, row.settle_tx_hash]).toEqual(["settled", txOf.get(row.bet_id)]);

    // The failovers changed no leaderboard figure: each instance, once its log scan has read every
    // settlement, ranks the players as the chain's events add up (GamePlayed's stake and payout,
    // and any jackpot prize).
    const played = await chain.casino.queryFilter(chain.casino.filters.GamePlayed());
    const prizes = new Map(
      (await chain.casino.queryFilter(chain.casino.filters.JackpotDrawn()))
        .filter((log) => log.args.hit)
        .map((log) => [log.args.betId.toString(), log.args.prize]),
    );
    const totals = new Map<string, { wagered: bigint; profit: bigint }>();
    for (const log of settled) {
      const game = played.find((entry) => entry.transactionHash === log.transactionHash && entry.index > log.index)!;
      const total = totals.get(game.args.player) ?? { wagered: 0n, profit: 0n };
      const paid = game.args.payout + (prizes.get(log.args.betId.toString()) ?? 0n);
      totals.set(game.args.player, { wagered: total.wagered + game.args.betAmount, profit: total.profit + paid - game.args.betAmount });
    }
    const ranked = (pick: (total: { wagered: bigint; profit: bigint }) => bigint) =>
      [...totals]
        .filter(([, total]) => pick(total) > 0n)
        .sort(([, a], [, b]) => (pick(b) > pick(a) ? 1 : pick(b) < pick(a) ? -1 : 0))
        .map(([player, total]) => ({ player, amount: pick(total).toString() }));
    const lastSettled = Math.max(...settled.map((log) => log.blockNumber));
    for (const instance of instances) {
      let board: { readUpTo: number; wagered: { player: string; amount: string }[]; profit: { player: string; amount: string }[] } | undefined;
      for (let i = 0; i < 100 && !(board && board.readUpTo >= lastSettled); i++, await sleep(300)) {
        board = (await new Client(instance.url).get("/api/leaderboards?window=all&token=DEGEN")).body;
      }
      expect(board!.wagered.map(({ player, amount }) => ({ player, amount }))).toEqual(ranked((total) => total.wagered));
      expect(board!.profit.map(({ player, amount }) => ({ player, amount }))).toEqual(ranked((total) => total.profit));
    }
  }, 300_000);

  it(`relays every session bet of a stream sent to both instances exactly once while the lease holder is killed ${KILLS - 1} times; lanes and vaults to the wei`, async (context) => {
    if (!postgres) return context.skip(skipReason);
    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    const terms = await chain.casino.terms();
    interface Seat {
      player: Wallet;
      clients: Client[];
      session: TestSession;
      n: bigint;
      /** The lane's funds and the vault before the stream. */
      lane: bigint;
      vault: bigint;
    }
    const seats: Seat[] = [];
    for (const player of chain.players.slice(0, 4)) {
      const clients = [await signedIn(instances[0]!, player), await signedIn(instances[1]!, player)];
      await (await chain.token.connect(player).approve(casinoAddress, parseEther("500"), { gasLimit: 100_000n })).wait();
      await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("500"), { gasLimit: 200_000n })).wait();
      const { session, answer } = await openSession(chain, clients[1]!, player, { budgetDegen: parseEther("400"), budgetNative: 0n });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const vault = await chain.casino.getBalance(player.address, degen);
      seats.push({ player, clients, session, n: 0n, lane: parseEther("400"), vault });
    }
    const fromBlock = await chain.provider.getBlockNumber();
    await chain.provider.send("evm_setAutomine", [false]);
    await chain.provider.send("evm_setIntervalMining", [400]);

    // Each player bets as the app does: the next nonce once the last bet was accepted, at either
    // instance; a bet whose instance died is sent again, the same signed bet, to the other.
    const accepted: string[] = [];
    let betting = true;
    const games = [
      { game: GameType.WHEEL, params: 0b11n },
      { game: GameType.SLOTS, params: 0n },
      { game: GameType.KICKBOXING, params: 0n },
    ];
    const stream = Promise.all(
      seats.map(async (seat, i) => {
        while (betting) {
          const signed = await signBet(chain, seat.session, { ...games[Number(seat.n) % 3]!, amount: parseEther("1"), n: seat.n, terms });
          for (let attempt = 0; ; attempt++) {
            const answer = await sendBet(seat.clients[(i + attempt) % 2]!, signed).catch(() => undefined);
            if (answer?.status === 202) break;
            if (answer && answer.status < 500) throw new Error(`bet refused: ${answer.status} ${JSON.stringify(answer.body)}`);
            await sleep(100);
          }
          accepted.push(signed.betId);
          seat.n++;
          await sleep(25);
        }
      }),
    );
    try {
      for (let kill = 1; kill < KILLS; kill++) {
        await sleep(2_000 + Math.random() * 1_500);
        const { leader } = await leaderOf();
        await leader.kill9();
        await sleep(500);
        await leader.start();
      }
    } finally {
      betting = false;
      await stream;
    }

    // Every accepted bet lands: none is lost, none refused.
    const statusOf = async (betId: string) => {
      const seat = seats.find((s) => BigInt(s.player.address) === BigInt(betId) >> 64n)!;
      return (await seat.clients[0]!.get(`/api/sessions/bets/${betId}?wait=mined`)).body as { status: string; txHash: string; error: string | null };
    };
    const statuses = new Map<string, { status: string; txHash: string; error: string | null }>();
    for (const deadline = Date.now() + 60_000; statuses.size < accepted.length && Date.now() < deadline;) {
      for (const betId of accepted)
        if (!statuses.has(betId)) {
          const answer = await statusOf(betId);
          if (answer.status === "mined" || answer.status === "refused") statuses.set(betId, answer);
        }
    }
    expect([...statuses.values()].filter((answer) => answer.status !== "mined")).toEqual([]);
    expect(statuses.size).toBe(accepted.length);

    // None doubled: each bet placed once and settled in that same transaction.
    const placed = await chain.casino.queryFilter(chain.casino.filters.BetPlaced(), fromBlock);
    const settled = await chain.casino.queryFilter(chain.casino.filters.BetSettled(), fromBlock);
    const ours = new Set(accepted);
    const placedOurs = placed.filter((log) => ours.has(log.args.betId.toString()));
    expect(placedOurs).toHaveLength(accepted.length);
    const settledBy = new Map(settled.map((log) => [log.args.betId.toString(), log]));
    for (const log of placedOurs) {
      expect(settledBy.get(log.args.betId.toString())?.transactionHash).toBe(log.transactionHash);
      expect(statuses.get(log.args.betId.toString())!.txHash).toBe(log.transactionHash);
    }

    // Lanes and vaults to the wei, once every ticket is drawn: the rules' payouts into the lanes, the
    // jackpot hits into the vaults, nothing else. A batch's draw is recorded by the next play, the
    // last one's by drawJackpots.
    const draws = (await settledTicketDraws(chain, fromBlock)).filter((draw) => ours.has(draw.betId.toString()));
    expect(draws).toHaveLength(accepted.length);
    for (const seat of seats) {
      let expected = seat.lane;
      for (const log of placedOurs.filter((l) => l.args.player === seat.player.address)) {
        const word = settledBy.get(log.args.betId.toString())!.args.random;
        const token: Token = "DEGEN";
        expected +=
          settleGame({ gameType: Number(log.args.gameType) as GameType, token, stake: log.args.amount, params: log.args.params, word }).payout -
          log.args.amount;
      }
      expect((await chain.casino.laneOf(seat.player.address, seat.session.lane)).funds[0]).toBe(expected);
      let vault = seat.vault;
      for (const draw of draws) if (draw.hit && draw.betId >> 64n === BigInt(seat.player.address)) vault += draw.paid;
      expect(await chain.casino.getBalance(seat.player.address, degen)).toBe(vault);
    }
    await chain.provider.send("evm_setIntervalMining", [0]);
    await chain.provider.send("evm_setAutomine", [true]);
    console.log(`Session bets relayed across ${KILLS - 1} kills of the lease holder: ${accepted.length}, each placed once`);
  }, 300_000);

  it("sends a relay and a commitment asked of the follower, refuses a bad relay there, and plays a hand across instances", async (context) => {
    if (!postgres) return context.skip(skipReason);
    const { leader, follower } = await leaderOf();
    // A player the stream never used: no commitment yet.
    const player = chain.players[5]!;
    const atFollower = await signedIn(follower, player);
    const atLeader = await signedIn(leader, player);

    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    // Gas limits with headroom: an estimate taken while settlements land can fall short.
    await (await chain.token.connect(player).approve(casinoAddress, parseEther("100"), { gasLimit: 100_000n })).wait();
    await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("100"), { gasLimit: 200_000n })).wait();

    const commitment = await atFollower.post("/api/fairness/commitment");
    expect(commitment.status, JSON.stringify(commitment.body)).toBe(200);
    expect(commitment.body).toMatchObject({ nextNonce: "0", remaining: 1024 });
    const onChain = (await chain.casino.commitmentOf(player.address)) as unknown as [string, bigint, bigint, string];
    expect(onChain[3]).toBe(commitment.body.root);
    const server = { chain } as TestServer;
    const amount = parseEther("10");
    const signature = await signWithdraw(server, player, { token: degen, amount });
    const withdrawn = await atFollower.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "10", ...signature });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await chain.provider.getTransactionReceipt(withdrawn.body.txHash))?.status).toBe(1);
    expect(await chain.casino.getBalance(player.address, degen)).toBe(parseEther("90"));
    const tooMuch = await signWithdraw(server, player, { token: degen, amount: parseEther("1000") });
    const refused = await atFollower.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount: "1000", ...tooMuch });
    expect(refused).toMatchObject({ status: 400, body: { error: "Insufficient vault balance" } });

    // A blackjack hand dealt by one instance and played on the other.
    const terms = await chain.casino.terms();
    const playing = await clientSeedFor(server, player.address, (word) => !isFinalStatus(startBlackjack(word, parseEther("1"), "DEGEN").status));
    const casino = chain.casino.connect(player) as Casino;
    const receipt = (await (
      await casino.playGame(degen, parseEther("1"), GameType.BLACKJACK, 0n, playing, commitment.body.expectedCommit, terms, { gasLimit: 300_000n })
    ).wait())!;
    const betId = receipt.logs
      .map((l) => casino.interface.parseLog(l))
      .find((l) => l?.name === "BetPlaced")!
      .args.betId.toString();
    const dealt = await atFollower.post("/api/blackjack/start", { token: "DEGEN", action: "START", betId });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    expect(dealt.body.status).toBe("PLAYING");
    // No session: the wallet names a key for the hand at one instance, the hand's key signs at the other.
    const handKey = await nameActionKey(chain, atFollower, player, betId);
    const stood = await atLeader.post("/api/blackjack/stand", {
      token: "DEGEN",
      action: "STAND",
      sessionId: dealt.body.sessionId,
      signature: await signActions(chain, handKey, betId, blackjackActionBytes("S")),
    });
    expect(stood.status, JSON.stringify(stood.body)).toBe(200);
    expect(isFinalStatus(stood.body.status)).toBe(true);

    // A manual crash round started by the lease holder's reading, cashed out at the follower (one
    // that does not crash at 1.00x, as about 1 in 30 do).
    const aboveOne = await clientSeedFor(server, player.address, (word) => crashRound(word, "DEGEN").crashPoint >= 150);
    const crash = (await (
      await casino.playGame(degen, parseEther("1"), GameType.CRASH, 0n, aboveOne, commitment.body.expectedCommit, terms, { gasLimit: 300_000n })
    ).wait())!;
    const crashId = crash.logs
      .map((l) => casino.interface.parseLog(l))
      .find((l) => l?.name === "BetPlaced")!
      .args.betId.toString();
    const roundKey = await nameActionKey(chain, atLeader, player, crashId);
    // 1.00x: reached the moment the round starts.
    const cashedOut = await atFollower.post("/api/crash/cashout", {
      token: "DEGEN",
      betId: crashId,
      multiplier: 100,
      signature: await signActions(chain, roundKey, crashId, crashCashOutBytes(100)),
    });
    expect(cashedOut.status, JSON.stringify(cashedOut.body)).toBe(200);

    for (const id of [betId, crashId]) {
      let record: { status: string; verification: { ok: boolean } | null } | undefined;
      for (let i = 0; i < 100 && record?.status !== "settled"; i++, await sleep(100)) record = (await atFollower.get(`/api/fairness/bets/${id}`)).body;
      expect(record).toMatchObject({ status: "settled", verification: { ok: true } });
    }

    // Nothing secret reached any instance's log.
    const logs = instances.map((instance) => instance.output).join("\n");
    expect(logs).toContain('"component":"cluster"');
    for (const secret of [MASTER_SECRET.slice(2), DEV_KEYS[1].slice(2), signature.signature.slice(2)]) expect(logs).not.toContain(secret);
  }, 120_000);

  it("runs a web-only instance (SETTLER=off) that serves but never takes the lease, and reports when nobody holds it", async (context) => {
    if (!postgres) return context.skip(skipReason);
    const web = serverInstance("web", await freePort(), { ...env, SETTLER: "off" });
    webOnly.push(web);
    await web.start();
    const player = chain.players[4]!;
    const client = await signedIn(web, player);
    const casinoAddress = await chain.casino.getAddress();
    await (await chain.token.connect(player).approve(casinoAddress, parseEther("10"), { gasLimit: 100_000n })).wait();
    await (await (chain.casino.connect(player) as Casino).deposit(await chain.token.getAddress(), parseEther("10"), { gasLimit: 200_000n })).wait();
    const commitment = await client.post("/api/fairness/commitment");
    expect(commitment.status, JSON.stringify(commitment.body)).toBe(200);
    expect(await metricOf(web, "degen_settler_leader")).toBe(0);

    for (const instance of instances) await instance.stop();
    await sleep(3_000);
    expect(await metricOf(web, "degen_settler_leader")).toBe(0);
    expect(await metricOf(web, "degen_settler_lease_held")).toBe(0);
    const health = await new Client(web.url).get("/api/health");
    expect(health).toMatchObject({ status: 503, body: { ok: false, status: "degraded" } });
    expect(health.body.reasons).toContain("no instance holds the settler lease: nothing settles and no transaction is sent");
  }, 120_000);
});
