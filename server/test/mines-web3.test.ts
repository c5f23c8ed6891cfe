import { parseEther, type Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, laneNonce, minesActionBytes, minesPayout, startMines } from "../src/engine";
import { formatAmount } from "../src/tokens";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { clientSeedFor, depositDegen, laneClientSeedFor, MASTER_SECRET, placeBet } from "./support/play";
import { nameActionKey, openSession, randomKey, sendBet, signActions, signBet } from "./support/sessions";

/**
 * Mines on chain (routes/mines.ts, settler/rounds.ts): a wallet bet whose every action is signed
 * by the key the wallet named for it, settled through CasinoSessions.settle with the signed log;
 * a bust; the idle rule; a round nobody played. Each vault moves to the wei by the engine's payout.
 */
let server: TestServer;
let alice: Client;
let bob: Client;
let player: Wallet;
let degen: string;
beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, BLACKJACK_IDLE_MS: "4000" });
  player = server.chain.players[0]!;
  alice = new Client(server.url);
  bob = new Client(server.url);
  await signIn(alice, player, SIWE_DOMAIN, CHAIN_ID);
  await signIn(bob, server.chain.players[1]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, player, parseEther("1000"));
  degen = await server.chain.token.getAddress();
});
afterAll(async () => server?.close());

const vault = () => server.chain.casino.getBalance(player.address, degen);

/** A mines bet from alice's vault, its layout steered by a client seed the test picks. */
async function placeMines(stake: bigint, mines: number, wish: (mineTiles: readonly number[]) => boolean) {
  await alice.post("/api/fairness/commitment");
  const clientSeed = await clientSeedFor(server, player.address, (word) => wish(startMines(word, 1n, "DEGEN", mines).mineTiles));
  return placeBet(server, alice, player, { token: "DEGEN", amount: stake, gameType: GameType.MINES, params: BigInt(mines), clientSeed });
}

async function start(client: Client, betId: string, token = "DEGEN") {
  return client.post("/api/mines/start", { token, action: "START", betId });
}

/** The action, signed by `key` over the whole log so far (this action included). */
async function act(client: Client, key: Wallet, betId: string, roundId: string, log: string, tile?: number) {
  const signature = await signActions(server.chain, key, betId, minesActionBytes(log));
  return tile === undefined
    ? client.post("/api/mines/cashout", { token: "DEGEN", roundId, signature })
    : client.post("/api/mines/reveal", { token: "DEGEN", roundId, tile, signature });
}

async function settled(betId: string, withinMs = 20_000) {
  for (const deadline = Date.now() + withinMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const record = (await alice.get(`/api/fairness/bets/${betId}`)).body;
    if (record.status === "settled") return record;
    if (Date.now() > deadline) throw new Error(`bet ${betId} not settled: ${JSON.stringify(record)}`);
  }
}

const settleTarget = async (txHash: string) => (await server.chain.provider.getTransaction(txHash))!.to!;

describe("web3 mines", () => {
  it("plays a wallet bet with its action key: two safe tiles and a cash-out, settled with the signed log; the vault moves to the wei", async () => {
    const stake = parseEther("5");
    const before = await vault();
    const bet = await placeMines(stake, 3, (mineTiles) => !mineTiles.includes(0) && !mineTiles.includes(1));
    expect(await vault()).toBe(before - stake);

    const started = await start(alice, bet.betId);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ betId: bet.betId, token: "DEGEN", mines: 3, status: "PLAYING", mineTiles: null, actions: "" });
    const { roundId } = started.body;
    expect((await start(alice, bet.betId)).body.roundId).toBe(roundId);
    expect((await start(bob, bet.betId)).status).toBe(403);
    expect((await start(new Client(server.url), bet.betId)).status).toBe(401);
    expect(await start(alice, bet.betId, "BNB")).toMatchObject({ status: 400, body: { error: "This bet was placed in DEGEN" } });

    const key = await nameActionKey(server.chain, alice, player, bet.betId);
    expect(await alice.post("/api/mines/reveal", { token: "DEGEN", roundId, tile: 0 })).toMatchObject({
      status: 400,
      body: { error: "Sign the action log with your session key or this bet's action key (EIP-712 Actions(betId, actions))" },
    });
    expect((await act(alice, randomKey(), bet.betId, roundId, "a", 0)).status).toBe(403);
    // Signed over another tile than the one asked for: refused, nothing revealed.
    const otherTile = await act(alice, key, bet.betId, roundId, "b", 0);
    expect(otherTile.status).toBe(403);
    expect(otherTile.body.error).toMatch(/^The actions are not signed by your session key or by this bet's action key/);
    expect(await act(bob, key, bet.betId, roundId, "a", 0)).toMatchObject({ status: 403, body: { error: "This round belongs to another wallet" } });

    const first = await act(alice, key, bet.betId, roundId, "a", 0);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: "PLAYING", revealed: [0], safe: 1, mineTiles: null, actions: "a" });

    // Two actions signed over the same log arrive while the database is busy: the first is played,
    // the second finds the round moved on (PGlite runs one transaction at a time, in arrival order).
    let release = () => {};
    const busy = server.services.database.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const revealing = act(alice, key, bet.betId, roundId, "ab", 1);
    await new Promise((r) => setTimeout(r, 200));
    const cashing = act(alice, key, bet.betId, roundId, "aC");
    await new Promise((r) => setTimeout(r, 200));
    release();
    await busy;
    expect((await revealing).status).toBe(200);
    expect(await cashing).toMatchObject({ status: 409, body: { error: "The round moved on while this action was on its way: sign the log again" } });
    expect((await start(alice, bet.betId)).body).toMatchObject({ revealed: [0, 1], actions: "ab" });

    const cashed = await act(alice, key, bet.betId, roundId, "abC");
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    // 5 × 1.02 × 25 × 24 ÷ (22 × 21), rounded down to the wei.
    const payout = (stake * 10_200n * 25n * 24n) / (10_000n * 22n * 21n);
    expect(minesPayout("DEGEN", stake, 3, 2)).toBe(payout);
    expect(cashed.body).toMatchObject({ status: "CASHED_OUT", payout: formatAmount(payout), actions: "abC" });
    expect(cashed.body.mineTiles).toHaveLength(3);
    expect(await act(alice, key, bet.betId, roundId, "abc", 2)).toMatchObject({ status: 409, body: { error: "The round is over" } });

    const record = await settled(bet.betId);
    expect(record).toMatchObject({ payout: payout.toString(), actions: "abC", verification: { ok: true } });
    expect(record.signedActions).toMatchObject({ log: "0x616243", key: key.address });
    expect(record.signedActions.keyGrant).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await settleTarget(record.settleTxHash)).toBe(await server.chain.casino.sessions());
    expect(await vault()).toBe(before - stake + payout + BigInt(record.jackpotWin ?? 0));
  });

  it("settles a bust with its signed log: nothing paid, every mine shown", async () => {
    const stake = parseEther("3");
    const before = await vault();
    const bet = await placeMines(stake, 3, (mineTiles) => mineTiles.includes(6));
    const { roundId } = (await start(alice, bet.betId)).body;
    const key = await nameActionKey(server.chain, alice, player, bet.betId);
    const busted = await act(alice, key, bet.betId, roundId, "g", 6);
    expect(busted.body).toMatchObject({ status: "BUSTED", payout: "0", revealed: [6], actions: "g" });
    expect(busted.body.mineTiles).toContain(6);
    const record = await settled(bet.betId);
    expect(record).toMatchObject({ payout: "0", actions: "g", signedActions: { log: "0x67" }, verification: { ok: true } });
    expect(await settleTarget(record.settleTxHash)).toBe(await server.chain.casino.sessions());
    expect(await vault()).toBe(before - stake + BigInt(record.jackpotWin ?? 0));
  });

  it("cashes out an idle round at the safe tiles its player signed (the idle rule), and takes no action after", async () => {
    const stake = parseEther("4");
    const before = await vault();
    const bet = await placeMines(stake, 5, (mineTiles) => !mineTiles.includes(12));
    const { roundId } = (await start(alice, bet.betId)).body;
    const key = await nameActionKey(server.chain, alice, player, bet.betId);
    expect((await act(alice, key, bet.betId, roundId, "m", 12)).body).toMatchObject({ status: "PLAYING", safe: 1 });
    // Left alone for BLACKJACK_IDLE_MS: 4 × 1.02 × 25 ÷ 20 = 5.1 DEGEN.
    const record = await settled(bet.betId);
    expect(record).toMatchObject({
      payout: parseEther("5.1").toString(),
      actions: "m",
      signedActions: { log: "0x6d", key: key.address },
      verification: { ok: true },
    });
    expect(await settleTarget(record.settleTxHash)).toBe(await server.chain.casino.sessions());
    expect(await vault()).toBe(before - stake + parseEther("5.1") + BigInt(record.jackpotWin ?? 0));
    expect((await start(alice, bet.betId)).body).toMatchObject({ roundId, status: "CASHED_OUT", payout: "5.1", safe: 1 });
    expect(await act(alice, key, bet.betId, roundId, "mn", 13)).toMatchObject({ status: 409, body: { error: "The round is over" } });
  });

  it("pays nothing for a round nobody played, started or not: settled by Casino.settle without actions", async () => {
    const stake = parseEther("2");
    const before = await vault();
    const started = await placeMines(stake, 1, () => true);
    expect((await start(alice, started.betId)).body.status).toBe("PLAYING");
    const idle = await settled(started.betId);
    expect(idle).toMatchObject({ payout: "0", actions: "", signedActions: null, verification: { ok: true } });
    expect(await settleTarget(idle.settleTxHash)).toBe(await server.chain.casino.getAddress());
    expect(await start(alice, started.betId)).toMatchObject({
      status: 409,
      body: { error: "This round is over: it was left idle before its first tile and paid nothing" },
    });

    const neverStarted = await placeMines(stake, 1, () => true);
    const record = await settled(neverStarted.betId);
    expect(record).toMatchObject({ payout: "0", signedActions: null, verification: { ok: true } });
    expect(await start(alice, neverStarted.betId)).toMatchObject({ status: 409, body: { error: "This bet is already settled" } });
    expect(await vault()).toBe(before - 2n * stake + BigInt(idle.jackpotWin ?? 0) + BigInt(record.jackpotWin ?? 0));
  });

  it("refuses another game's bet and an unknown bet", async () => {
    const slots = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.SLOTS });
    expect(await start(alice, slots.betId)).toMatchObject({ status: 400, body: { error: "This bet is for another game" } });
    await settled(slots.betId);
    const unknown = (BigInt(player.address) << 64n) | 999_999n;
    expect((await start(alice, unknown.toString())).status).toBe(404);
  });
  it("plays a one-click round of the session's lane beside an open wallet round: placed by the relay, cashed out, settled with the signed log; the lane's next bet waits for its round", async () => {
    const stake = parseEther("6");
    const opened = await openSession(server.chain, alice, player, {
      games: 0xffn,
      maxBetDegen: parseEther("10"),
      budgetDegen: parseEther("20"),
      budgetNative: 0n,
    });
    expect(opened.answer.status, JSON.stringify(opened.answer.body)).toBe(200);
    const { session } = opened;
    const terms = await server.chain.casino.terms();
    const sessionBet = (n: bigint, clientSeed?: string) =>
      signBet(server.chain, session, { game: GameType.MINES, params: 2n, amount: stake, n, terms, clientSeed });

    // A wallet round is open: the session's lane is a lane of its own, its bet goes all the same.
    const walletRound = await placeMines(parseEther("1"), 2, () => true);
    await server.services.settler.sync();
    const lane = async () => (await server.chain.casino.laneOf(player.address, session.lane)).funds[0]!;
    const vaultBefore = await vault();
    const clientSeed = await laneClientSeedFor(server, session, laneNonce(session.lane, 0), (word) => !startMines(word, 1n, "DEGEN", 2).mineTiles.includes(24));
    const signed = await sessionBet(0n, clientSeed);
    expect((await sendBet(alice, signed)).body).toMatchObject({ kind: "place" });
    expect((await alice.get(`/api/sessions/bets/${signed.betId}?wait=mined`)).body).toMatchObject({ status: "mined" });
    await server.services.settler.sync();
    expect(await lane()).toBe(parseEther("20") - stake);
    // The lane's round is open: its next bet waits for it.
    expect(await sendBet(alice, await sessionBet(1n))).toMatchObject({
      status: 409,
      body: { error: `Finish your open hand or round (bet ${signed.betId}) before the next bet of this session` },
    });

    const { roundId } = (await start(alice, signed.betId)).body;
    expect((await act(alice, session.key, signed.betId, roundId, "y", 24)).body).toMatchObject({ status: "PLAYING", safe: 1 });
    const cashed = await act(alice, session.key, signed.betId, roundId, "yC");
    // 6 × 1.02 × 25 ÷ 23, rounded down to the wei.
    const payout = (stake * 10_200n * 25n) / (10_000n * 23n);
    expect(cashed.body).toMatchObject({ status: "CASHED_OUT", payout: formatAmount(payout) });
    const record = await settled(signed.betId);
    expect(record).toMatchObject({ payout: payout.toString(), actions: "yC", signedActions: { log: "0x7943", key: session.key.address, keyGrant: null } });
    expect(record.verification.ok).toBe(true);
    expect(await lane()).toBe(parseEther("20") - stake + payout);
    // The wallet round, left alone, is settled for nothing by the idle rule: from the vault, not the lane.
    const walletRecord = await settled(walletRound.betId);
    expect(walletRecord).toMatchObject({ payout: "0" });
    expect(await vault()).toBe(vaultBefore + BigInt(record.jackpotWin ?? 0) + BigInt(walletRecord.jackpotWin ?? 0));
  });
});
