import { inArray } from "drizzle-orm";
import { parseEther, recoverAddress, TypedDataEncoder, type TypedDataField } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_TYPES, GameType, laneNonce, settleGame, type SessionBet } from "../src/engine";
import { CasinoSessions__factory } from "../../typechain-types";
import { bets } from "../src/db/schema";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";
import { SETTLER_ADDRESS } from "./support/settler";
import { openSession, sendBet, sessionsDomain, signBet, testSeeds, type BetChoice, type TestSession } from "./support/sessions";

let server: TestServer;
let alice: Client;
let session: TestSession;
let terms: bigint;

const fields = (types: Readonly<Record<string, readonly TypedDataField[]>>) => types as Record<string, TypedDataField[]>;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  alice = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("1000"));
  terms = await server.chain.casino.terms();
  const opened = await openSession(server.chain, alice, server.chain.players[0]!, { budgetDegen: parseEther("500"), budgetNative: 0n });
  expect(opened.answer.status, JSON.stringify(opened.answer.body)).toBe(200);
  session = opened.session;
});
afterAll(async () => server?.close());

const nextBet = (n: bigint, choice: Partial<BetChoice> = {}) => signBet(server.chain, session, { game: GameType.WHEEL, params: 0b11n, n, terms, ...choice });

/** The EIP-712 digest of a bet on CasinoSessions' domain: what the session key signed, and the settler countersigns. */
async function betDigest(bet: SessionBet): Promise<string> {
  return TypedDataEncoder.hash(await sessionsDomain(server.chain), fields(BET_TYPES), bet);
}

async function relayed(betId: string) {
  const answer = await alice.get(`/api/sessions/bets/${betId}?wait=mined`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function settlementOf(betId: string) {
  const { casino } = server.chain;
  for (let i = 0; i < 200; i++) {
    await server.services.settler.sync();
    const [settled] = await casino.queryFilter(casino.filters.BetSettled(betId));
    if (settled) return settled;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`bet ${betId} not settled`);
}

describe("the settler's countersignature (issue #20 item 6)", () => {
  it("comes with the accepted bet and its GET, recovers to the settler over the bet's digest, and places that bet from the player's wallet, settled with its lane's seed", async () => {
    const { provider, casino } = server.chain;
    const player = server.chain.players[0]!;
    const sessions = CasinoSessions__factory.connect(await casino.sessions(), player);
    const [before] = (await casino.laneOf(player.address, session.lane)).funds;
    await provider.send("evm_setAutomine", [false]);
    let signed: Awaited<ReturnType<typeof nextBet>>;
    let countersignature: string;
    try {
      signed = await nextBet(0n, { amount: parseEther("4") });
      const accepted = await sendBet(alice, signed);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
      expect(accepted.body).toEqual({
        betId: signed.betId,
        nonce: laneNonce(session.lane, 0).toString(),
        kind: "play",
        status: "queued",
        countersignature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
      });
      countersignature = (accepted.body as { countersignature: string }).countersignature;
      expect(recoverAddress(await betDigest(signed.bet), countersignature)).toBe(SETTLER_ADDRESS);
      // The same bet sent again gets the same countersignature, and so does its GET.
      expect((await sendBet(alice, signed)).body).toMatchObject({ countersignature });
      expect((await alice.get(`/api/sessions/bets/${signed.betId}?wait=sent`)).body).toMatchObject({ betId: signed.betId, status: "sent", countersignature });

      // The relay's play is pending. The player's wallet sends the same signed bet with the
      // countersignature (the app's fallback) and gets in first; without it the contract refuses.
      await expect(sessions.place.staticCall(signed.onChain, "0x")).rejects.toThrow();
      await sessions.place(signed.onChain, countersignature, {
        gasLimit: 400_000n,
        maxPriorityFeePerGas: 50_000_000_000n,
        maxFeePerGas: 100_000_000_000n,
      });
      await provider.send("evm_mine", []);
    } finally {
      await provider.send("evm_setAutomine", [true]);
    }
    const [placed] = await casino.queryFilter(casino.filters.BetPlaced(signed.betId));
    expect((await provider.getTransactionReceipt(placed!.transactionHash))!.from).toBe(player.address);
    // The relay's play skipped it (its nonce taken: no gas but the bet's share); the relay finds it
    // placed, and the settler settles it with link 1 of the lane's chain.
    expect(await relayed(signed.betId)).toMatchObject({ status: "mined", countersignature, txHash: placed!.transactionHash });
    const settled = await settlementOf(signed.betId);
    const seeds = await testSeeds(server.chain);
    const nonce = laneNonce(session.lane, 0);
    expect(settled.args.seed).toBe(seeds.seed({ player: player.address, nonce, chainFirstNonce: nonce, laneKey: session.key.address }));
    const payout = settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: parseEther("4"), params: 0b11n, word: settled.args.random }).payout;
    expect((await casino.laneOf(player.address, session.lane)).funds[0]).toBe(before - parseEther("4") + payout);
  });

  it("refuses a second, different bet for a nonce taken while the first is pending; the app's revoke refuses the key's queued bets", async () => {
    const { provider } = server.chain;
    await provider.send("evm_setAutomine", [false]);
    try {
      const first = await nextBet(1n);
      expect((await sendBet(alice, first)).status).toBe(202);
      expect((await alice.get(`/api/sessions/bets/${first.betId}?wait=sent`)).body.status).toBe("sent");
      const other = await nextBet(1n, { amount: parseEther("2") });
      expect(await sendBet(alice, other)).toMatchObject({
        status: 409,
        body: { error: `Nonce ${laneNonce(session.lane, 1)} is taken by another bet of yours` },
      });
      // The next bet waits in the queue behind the pending transaction; the app revokes its key: refused, never sent.
      const queued = await nextBet(2n);
      expect((await sendBet(alice, queued)).status).toBe(202);
      expect((await alice.call("DELETE", `/api/sessions/${session.key.address}`)).status).toBe(200);
      expect((await alice.get(`/api/sessions/bets/${queued.betId}`)).body).toMatchObject({
        status: "refused",
        error: "The session was revoked before this bet was sent",
      });
      await provider.send("evm_mine", []);
      expect(await relayed(first.betId)).toMatchObject({ status: "mined" });
    } finally {
      await provider.send("evm_setAutomine", [true]);
    }
  });

  it("settles a session bet with its lane's link (n + 1) and a wallet bet with the wallet chain's (one link a bet), lane and vault to the wei", async () => {
    const player = server.chain.players[0]!;
    const casino = server.chain.casino;
    const degen = await server.chain.token.getAddress();
    const seeds = await testSeeds(server.chain);
    const { session: fresh } = await openSession(server.chain, alice, player, { budgetDegen: parseEther("100"), budgetNative: 0n });
    const vaultBefore = await casino.getBalance(player.address, degen);
    const wonBefore = (await casino.queryFilter(casino.filters.JackpotWon(player.address))).reduce((sum, e) => sum + e.args.amount, 0n);

    // A session bet, relayed: placed and settled in one play transaction with link 1 of its lane's chain.
    const signed = await signBet(server.chain, fresh, { game: GameType.SLOTS, params: 0n, amount: parseEther("3"), n: 0n, terms });
    expect((await sendBet(alice, signed)).status).toBe(202);
    expect(await relayed(signed.betId)).toMatchObject({ status: "mined" });
    const sessionSettled = await settlementOf(signed.betId);
    const laneSeed = seeds.seed({
      player: player.address,
      nonce: laneNonce(fresh.lane, 0),
      chainFirstNonce: laneNonce(fresh.lane, 0),
      laneKey: fresh.key.address,
    });
    expect(sessionSettled.args.seed).toBe(laneSeed);

    // A wallet bet: the wallet lane's nonce, settled by the settler with the wallet chain's next link.
    const walletBet = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.WHEEL, params: 0b101n });
    expect(walletBet.nonce >> 32n).toBe(0n);
    const walletSettled = await settlementOf(walletBet.betId);
    const view = (await casino.commitmentOf(player.address)) as unknown as [string, bigint, bigint, string, bigint, bigint];
    const walletSeed = seeds.seed({ player: player.address, nonce: walletBet.nonce, chainFirstNonce: view[1] + view[2] - view[5], laneKey: null });
    expect(walletSettled.args.seed).toBe(walletSeed);

    // The lane moved by the slots payout, the vault by the wheel's, to the wei (a jackpot win into the vault).
    const slots = settleGame({ gameType: GameType.SLOTS, token: "DEGEN", stake: parseEther("3"), params: 0n, word: sessionSettled.args.random }).payout;
    const wheel = settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: parseEther("2"), params: 0b101n, word: walletSettled.args.random }).payout;
    const won = (await casino.queryFilter(casino.filters.JackpotWon(player.address))).reduce((sum, e) => sum + e.args.amount, 0n) - wonBefore;
    expect((await casino.laneOf(player.address, fresh.lane)).funds[0]).toBe(parseEther("100") - parseEther("3") + slots);
    expect(await casino.getBalance(player.address, degen)).toBe(vaultBefore - parseEther("2") + wheel + won);

    // The server's records agree: each with its own chain, and the fairness records check out.
    await server.services.settler.sync();
    for (const id of [signed.betId, walletBet.betId]) {
      const record = (await alice.get(`/api/fairness/bets/${id}`)).body;
      expect(record, JSON.stringify(record)).toMatchObject({ status: "settled", verification: { ok: true } });
    }
    const rows = await server.services.database.db
      .select()
      .from(bets)
      .where(inArray(bets.betId, [signed.betId, walletBet.betId]));
    const byId = new Map(rows.map((row) => [row.betId, row]));
    expect([byId.get(signed.betId)?.laneKey, byId.get(signed.betId)?.seed]).toEqual([fresh.key.address, laneSeed]);
    expect([byId.get(walletBet.betId)?.laneKey, byId.get(walletBet.betId)?.seed]).toEqual([null, walletSeed]);
  });
});
