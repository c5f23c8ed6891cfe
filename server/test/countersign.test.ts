import { inArray } from "drizzle-orm";
import { keccak256, parseEther, recoverAddress, TypedDataEncoder, type TypedDataField } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_TYPES, GameType, settleGame, type SessionBet } from "../src/engine";
import { SeedVault } from "../src/settler/seeds";
import { CasinoSessions__factory } from "../../typechain-types";
import { bets } from "../src/db/schema";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";
import { SETTLER_ADDRESS } from "./support/settler";
import { openSession, sendBet, sessionsDomain, signBet, type BetChoice, type TestSession } from "./support/sessions";

let server: TestServer;
let alice: Client;
let session: TestSession;
let commitment: { expectedCommit: string; terms: string; root?: string };

const fields = (types: Readonly<Record<string, readonly TypedDataField[]>>) => types as Record<string, TypedDataField[]>;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  alice = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("1000"));
  commitment = (await alice.post("/api/fairness/commitment")).body;
  const opened = await openSession(server.chain, alice, server.chain.players[0]!);
  expect(opened.answer.status, JSON.stringify(opened.answer.body)).toBe(200);
  session = opened.session;
});
afterAll(async () => server?.close());

const nextBet = (nonce: bigint, choice: Partial<BetChoice> = {}) =>
  signBet(server.chain, session, {
    game: GameType.WHEEL,
    params: 0b11n,
    nonce,
    expectedCommit: commitment.expectedCommit,
    terms: BigInt(commitment.terms),
    ...choice,
  });

/** The EIP-712 digest of a bet on CasinoSessions' domain: what the session key signed, and the settler countersigns. */
async function betDigest(bet: SessionBet): Promise<string> {
  return TypedDataEncoder.hash(await sessionsDomain(server.chain), fields(BET_TYPES), bet);
}

async function relayed(betId: string) {
  const answer = await alice.get(`/api/sessions/bets/${betId}?wait=mined`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The player's chain as the server derives it: its first nonce from commitmentOf. */
async function chainFirstNonce(player: string): Promise<bigint> {
  const view = (await server.chain.casino.commitmentOf(player)) as unknown as [string, bigint, bigint, string, bigint, bigint];
  return view[1] + view[2] - view[5];
}

/** The signed bet as CasinoSessions.place takes it (ISessionCasino.SignedBet). */
describe("the settler's countersignature (issue #20 item 6)", () => {
  it("comes with the accepted bet and its GET, recovers to the settler over the bet's digest, and places that bet from the player's wallet, settled with its relay seed", async () => {
    const { provider, casino } = server.chain;
    const player = server.chain.players[0]!;
    const degen = await server.chain.token.getAddress();
    const sessions = CasinoSessions__factory.connect(await casino.sessions(), player);
    const before = await casino.getBalance(player.address, degen);
    const first = await chainFirstNonce(player.address);
    await provider.send("evm_setAutomine", [false]);
    let signed: Awaited<ReturnType<typeof nextBet>>;
    let countersignature: string;
    try {
      signed = await nextBet(0n, { amount: parseEther("4") });
      const accepted = await sendBet(alice, signed);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
      expect(accepted.body).toEqual({
        betId: signed.betId,
        nonce: "0",
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
    // The relay finds it placed (its play reverted), and the settler settles it with the relay link 2k-1.
    expect(await relayed(signed.betId)).toMatchObject({ status: "mined", countersignature, txHash: placed!.transactionHash });
    let settled;
    for (let i = 0; i < 200 && !settled; i++) {
      await server.services.settler.sync();
      [settled] = await casino.queryFilter(casino.filters.BetSettled(signed.betId));
      if (!settled) await new Promise((r) => setTimeout(r, 50));
    }
    const vault = new SeedVault(MASTER_SECRET, 31337, await casino.getAddress());
    expect(settled!.args.seed).toBe(vault.seed(player.address, first, 0n, true));
    const payout = settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: parseEther("4"), params: 0b11n, word: settled!.args.random }).payout;
    const jackpot = (await casino.queryFilter(casino.filters.JackpotWon(player.address))).reduce((sum, e) => sum + e.args.amount, 0n);
    expect(await casino.getBalance(player.address, degen)).toBe(before - parseEther("4") + payout + jackpot);
  });

  it("refuses a second, different bet for a nonce already taken: pending, or refused while it could still land", async () => {
    const { provider } = server.chain;
    const player = server.chain.players[0]!;
    const view = (await server.chain.casino.commitmentOf(player.address)) as unknown as [string, bigint, bigint, string, bigint];
    const nonce = view[1];
    await waitForResolved(player.address, nonce);
    const root = view[3];
    await provider.send("evm_setAutomine", [false]);
    let queued: Awaited<ReturnType<typeof nextBet>>;
    try {
      const first = await nextBet(nonce, { expectedCommit: root });
      expect((await sendBet(alice, first)).status).toBe(202);
      expect((await alice.get(`/api/sessions/bets/${first.betId}?wait=sent`)).body.status).toBe("sent");
      // Pending: another bet of this nonce is refused.
      const other = await nextBet(nonce, { amount: parseEther("2"), expectedCommit: root });
      expect(await sendBet(alice, other)).toMatchObject({
        status: 409,
        body: { error: `Nonce ${nonce} is taken by another bet of yours` },
      });
      // The next bet waits in the queue behind the pending transaction; the app revokes its key: refused, never sent.
      queued = await nextBet(nonce + 1n, { expectedCommit: root });
      expect((await sendBet(alice, queued)).status).toBe(202);
      expect((await alice.call("DELETE", `/api/sessions/${session.key.address}`)).status).toBe(200);
      expect((await alice.get(`/api/sessions/bets/${queued.betId}`)).body).toMatchObject({ status: "refused" });
      await provider.send("evm_mine", []);
    } finally {
      await provider.send("evm_setAutomine", [true]);
    }
    // A new session's different bet of the refused bet's nonce: refused while the first could
    // still be placed with its countersignature (until its deadline), taken once it cannot.
    const opened = await openSession(server.chain, alice, player);
    expect(opened.answer.status).toBe(200);
    session = opened.session;
    const early = await sendBet(alice, await nextBet(nonce + 1n, { expectedCommit: root, amount: parseEther("2") }));
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(new RegExp(`^Nonce ${nonce + 1n} is taken by another bet of yours until its deadline`));
    await provider.send("evm_increaseTime", [700]);
    await provider.send("evm_mine", []);
    await new Promise((r) => setTimeout(r, 1_100)); // the server's reading of the chain's time is kept a second
    // Signed again once the first's deadline passed: a deadline is at most the acceptance window ahead.
    const replacement = await nextBet(nonce + 1n, { expectedCommit: root, amount: parseEther("2") });
    const late = await sendBet(alice, replacement);
    expect(late.status, JSON.stringify(late.body)).toBe(202);
    expect(recoverAddress(await betDigest(replacement.bet), late.body.countersignature)).toBe(SETTLER_ADDRESS);
    expect(await relayed(replacement.betId)).toMatchObject({ status: "mined" });
    void queued!;
  });

  it("settles a session bet with the relay link (2k-1) and a wallet bet with the wallet link (2k), vaults to the wei", async () => {
    const player = server.chain.players[0]!;
    const casino = server.chain.casino;
    const degen = await server.chain.token.getAddress();
    const vault = new SeedVault(MASTER_SECRET, 31337, await casino.getAddress());
    const view = (await casino.commitmentOf(player.address)) as unknown as [string, bigint, bigint, string, bigint];
    const sessionNonce = view[1];
    await waitForResolved(player.address, sessionNonce);
    const first = await chainFirstNonce(player.address);
    // The session holds its largest bet (1,000 DEGEN) in the vault: the wallet bet below pays from above it.
    await depositDegen(server, player, parseEther("1000"));
    const before = await casino.getBalance(player.address, degen);
    const wonBefore = (await casino.queryFilter(casino.filters.JackpotWon(player.address))).reduce((sum, e) => sum + e.args.amount, 0n);

    // A session bet, relayed: placed and settled in one play transaction with the odd link.
    const chainNow = (await server.chain.provider.getBlock("latest"))!.timestamp; // moved ahead of the wall clock by the test before
    const signed = await nextBet(sessionNonce, {
      game: GameType.SLOTS,
      params: 0n,
      amount: parseEther("3"),
      expectedCommit: view[3],
      deadline: BigInt(chainNow + 280),
    });
    const accepted = await sendBet(alice, signed);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(await relayed(signed.betId)).toMatchObject({ status: "mined" });
    const [sessionSettled] = await casino.queryFilter(casino.filters.BetSettled(signed.betId));
    const relaySeed = vault.seed(player.address, first, sessionNonce, true);
    expect(sessionSettled!.args.seed).toBe(relaySeed);

    // A wallet bet, the next nonce: settled by the settler with the even link, one hash above.
    const walletBet = await placeBet(server, alice, player, { token: "DEGEN", amount: parseEther("2"), gameType: GameType.WHEEL, params: 0b101n });
    expect(walletBet.nonce).toBe(sessionNonce + 1n);
    let walletSettled;
    for (let i = 0; i < 200 && !walletSettled; i++) {
      await server.services.settler.sync();
      [walletSettled] = await casino.queryFilter(casino.filters.BetSettled(walletBet.betId));
      if (!walletSettled) await new Promise((r) => setTimeout(r, 50));
    }
    const walletSeed = vault.seed(player.address, first, walletBet.nonce, false);
    expect(walletSettled!.args.seed).toBe(walletSeed);
    expect(keccak256(keccak256(keccak256(walletSeed)))).toBe(relaySeed); // links 2k+2 → 2k+1 → 2k → 2k-1
    expect((await casino.getBet(walletBet.betId)).relayed).toBe(false);

    // The vault moved by exactly the engine's payouts for those words, to the wei.
    const slots = settleGame({ gameType: GameType.SLOTS, token: "DEGEN", stake: parseEther("3"), params: 0n, word: sessionSettled!.args.random }).payout;
    const wheel = settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: parseEther("2"), params: 0b101n, word: walletSettled!.args.random }).payout;
    const won = (await casino.queryFilter(casino.filters.JackpotWon(player.address))).reduce((sum, e) => sum + e.args.amount, 0n) - wonBefore;
    expect(await casino.getBalance(player.address, degen)).toBe(before - parseEther("5") + slots + wheel + won);

    // The server's records agree: each with its own link, and the fairness records check out.
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
    expect([byId.get(signed.betId)?.relayed, byId.get(signed.betId)?.seed]).toEqual([true, relaySeed]);
    expect([byId.get(walletBet.betId)?.relayed, byId.get(walletBet.betId)?.seed]).toEqual([false, walletSeed]);
  });
});

/** Waits until the player's bets before `nonce` are settled on chain (the settler's or its idle stand). */
async function waitForResolved(player: string, nonce: bigint): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const view = (await server.chain.casino.commitmentOf(player)) as unknown as [string, bigint, bigint, string, bigint];
    if (view[4] >= nonce) return;
    await server.services.settler.sync();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bets of ${player} before ${nonce} not resolved`);
}
