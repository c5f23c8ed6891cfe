import { parseEther, Wallet, ZeroAddress } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAmount, GameType, HASH_CHAIN, laneNonce, settleGame, type Token } from "../src/engine";
import { CasinoSessions__factory, MockContractWallet__factory } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./support/app";
import { DEV_KEYS } from "./support/chain";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET } from "./support/play";
import { settlerTransactions } from "./support/settler";
import { grantFor, grantJson, openSession, randomKey, sendBet, signBet, signGrant, testSeeds, type BetChoice, type TestSession } from "./support/sessions";

// One-click sessions, each a lane of its own (docs/decisions.md §4, "lanes"): the lane root the
// grant names, the budget moved from the vault into the lane, and the intake's basic checks. The
// acceptance window, the room, the player's limits and seen client seeds: intake.test.ts.

let server: TestServer;
let alice: Client;
let bob: Client;
let aliceSession: TestSession;
let terms: bigint;
let degen: string;

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  alice = new Client(server.url);
  bob = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await signIn(bob, server.chain.players[1]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("1000"));
  await depositDegen(server, server.chain.players[1]!, parseEther("1000"));
  terms = await server.chain.casino.terms();
  degen = await server.chain.token.getAddress();
});
afterAll(async () => server?.close());

/** The session's n-th bet, signed: a 1 DEGEN wheel bet on two colours unless `choice` says otherwise. */
const nextBet = (session: TestSession, n: bigint, choice: Partial<BetChoice> = {}) =>
  signBet(server.chain, session, { game: GameType.WHEEL, params: 0b11n, n, terms, ...choice });

/** A signed bet as sendBet sends it. */
type SignedBody = Parameters<typeof sendBet>[1];

async function relayed(client: Client, betId: string) {
  const answer = await client.get(`/api/sessions/bets/${betId}?wait=mined`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const vaultOf = (player: string) => server.chain.casino.getBalance(player, degen);
const laneFunds = async (session: TestSession) => (await server.chain.casino.laneOf(session.player.address, session.lane)).funds;

describe("POST /api/sessions/lane-root", () => {
  it("gives the signed-in player the root of the lane chain this server derives for a key, storing nothing", async () => {
    const key = randomKey();
    const answer = await alice.post("/api/sessions/lane-root", { key: key.address });
    const root = (await testSeeds(server.chain)).laneRoot(server.chain.players[0]!.address, key.address);
    expect(answer).toMatchObject({
      status: 200,
      body: { player: server.chain.players[0]!.address, key: key.address, commit: root, length: HASH_CHAIN.LANE_LENGTH },
    });
    // Derived again the same; another key, or another player, another chain.
    expect((await alice.post("/api/sessions/lane-root", { key: key.address })).body.commit).toBe(root);
    expect((await alice.post("/api/sessions/lane-root", { key: randomKey().address })).body.commit).not.toBe(root);
    expect((await bob.post("/api/sessions/lane-root", { key: key.address })).body.commit).not.toBe(root);
  });

  it("refuses the wallet itself as the key, a malformed key, a wallet with nothing at stake, and an eleventh root in a minute", async () => {
    expect(await alice.post("/api/sessions/lane-root", { key: server.chain.players[0]!.address })).toMatchObject({
      status: 400,
      body: { error: "The session key must be a key of its own, not the wallet" },
    });
    expect((await alice.post("/api/sessions/lane-root", { key: "0x1234" })).status).toBe(400);
    const fresh = new Client(server.url);
    await signIn(fresh, Wallet.createRandom(), SIWE_DOMAIN, CHAIN_ID);
    const noStake = await fresh.post("/api/sessions/lane-root", { key: randomKey().address });
    expect(noStake.status).toBe(403);
    expect(noStake.body.error).toMatch(/^Deposit at least 1 DEGEN or 0.001 BNB into the Casino/);
    // Each root is a chain of 16,384 links computed: a few a minute (Bob has asked for one).
    const player = server.chain.players[2]!;
    const carol = new Client(server.url);
    await signIn(carol, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("1"));
    for (let i = 0; i < 10; i++) expect((await carol.post("/api/sessions/lane-root", { key: randomKey().address })).status).toBe(200);
    expect(await carol.post("/api/sessions/lane-root", { key: randomKey().address })).toMatchObject({
      status: 429,
      body: { error: "This wallet asked for 10 lane roots in the last minute: try again in a minute" },
    });
  });
});

describe("POST /api/sessions", () => {
  it("opens a session naming its lane root once mined, moves each budget from the vault into the lane, records its lane and lists it", async () => {
    const player = server.chain.players[0]!;
    const sent = await settlerTransactions(server.chain);
    const vaultBefore = await vaultOf(player.address);
    const { session, answer } = await openSession(server.chain, alice, player, { budgetDegen: parseEther("400"), budgetNative: 0n });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      key: session.key.address,
      lane: 1,
      expiresAt: Number(session.grant.expiresAt),
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await settlerTransactions(server.chain)).toBe(sent + 1);
    const sessions = CasinoSessions__factory.connect(await server.chain.casino.sessions(), server.chain.provider);
    const onChain = await sessionsOf(sessions, session);
    expect([onChain.lane, onChain.expiresAt, onChain.tokens, onChain.revoked]).toEqual([1n, session.grant.expiresAt, 3n, false]);
    const lane = await server.chain.casino.laneOf(player.address, 1);
    expect([lane.commit, lane.nextNonce, lane.funds[0], lane.funds[1]]).toEqual([session.grant.commit, laneNonce(1, 0), parseEther("400"), 0n]);
    expect(await vaultOf(player.address)).toBe(vaultBefore - parseEther("400"));
    const listed = await alice.get("/api/sessions");
    expect(listed.body.sessions).toContainEqual(
      expect.objectContaining({
        key: session.key.address,
        lane: 1,
        revoked: false,
        funds: { DEGEN: parseEther("400").toString(), BNB: "0" },
        maxBet: { DEGEN: parseEther("1000").toString(), BNB: parseEther("1").toString() },
      }),
    );
    aliceSession = session;
    // A second session is a lane of its own.
    const second = await openSession(server.chain, alice, player, { budgetDegen: parseEther("1"), budgetNative: 0n });
    expect(second.answer.body.lane).toBe(2);
  });

  it("refuses a grant naming another root, a budget above the vault, another wallet's, past 24 h, signed by another wallet, reused, or without a stake, sending nothing", async () => {
    const [player, other] = [server.chain.players[0]!, server.chain.players[1]!];
    const sent = await settlerTransactions(server.chain);
    const post = async (grant: Awaited<ReturnType<typeof grantFor>>, signer: Wallet = player, client = alice) =>
      client.post("/api/sessions", { grant: grantJson(grant), signature: await signGrant(server.chain, signer, grant) });

    const foreignRoot = await grantFor(server.chain, player, randomKey(), { commit: "0x" + "12".repeat(32), budgetDegen: 0n, budgetNative: 0n });
    expect(await post(foreignRoot)).toMatchObject({
      status: 400,
      body: {
        error: "The grant's commit is not the root of this server's hash chain for this key: ask POST /api/sessions/lane-root for it, and sign again",
      },
    });
    const vault = await vaultOf(player.address);
    const tooMuch = await grantFor(server.chain, player, randomKey(), { budgetDegen: vault + 1n, budgetNative: 0n });
    expect(await post(tooMuch)).toMatchObject({
      status: 409,
      body: {
        error: `The session's DEGEN budget of ${formatAmount(vault + 1n)} is more than your vault's ${formatAmount(vault)} DEGEN: it moves from the vault into the session when it opens; deposit more or lower it`,
      },
    });
    const noBnb = await grantFor(server.chain, player, randomKey(), { budgetDegen: 0n, budgetNative: 1n });
    expect((await post(noBnb)).body.error).toMatch(/^The session's BNB budget of 0.000000000000000001 is more than your vault's 0 BNB/);
    const forBob = await grantFor(server.chain, other, randomKey());
    expect(await post(forBob, other)).toMatchObject({ status: 403, body: { error: "The session's player must be the signed-in wallet" } });
    const tooLong = await grantFor(server.chain, player, randomKey(), { expiresAt: BigInt(Math.floor(Date.now() / 1000) + 25 * 3600) });
    expect(await post(tooLong)).toMatchObject({ status: 400, body: { error: "A session lasts at most 24 hours" } });
    const forged = await grantFor(server.chain, player, randomKey(), { budgetDegen: 0n, budgetNative: 0n });
    expect(await post(forged, other)).toMatchObject({ status: 400, body: { error: "The signature is not this wallet's signature of the session" } });
    const reused = await grantFor(server.chain, player, aliceSession.key, { budgetDegen: 0n, budgetNative: 0n });
    expect(await post(reused)).toMatchObject({ status: 409, body: { error: "This key has a session already: make a new key" } });

    // A wallet that only signed in has nothing at stake: the house sends nothing for it.
    const fresh = randomKey().connect(server.chain.provider);
    const freshClient = new Client(server.url);
    await signIn(freshClient, fresh, SIWE_DOMAIN, CHAIN_ID);
    const noStake = await post(await grantFor(server.chain, fresh, randomKey(), { budgetDegen: 0n, budgetNative: 0n }), fresh, freshClient);
    expect(noStake.status).toBe(403);
    expect(noStake.body.error).toMatch(/^Deposit at least 1 DEGEN or 0.001 BNB into the Casino/);
    expect(await settlerTransactions(server.chain)).toBe(sent);
  });

  it("opens a contract wallet's session by its EIP-1271 answer, the wallet signed in the same way", async () => {
    const owner = new Wallet(DEV_KEYS[7]!, server.chain.provider);
    const wallet = await (await new MockContractWallet__factory(owner).deploy(owner.address)).waitForDeployment();
    const walletAddress = await wallet.getAddress();
    const casino = await server.chain.casino.getAddress();
    // A stake: the wallet deposits BNB into its vault.
    const deposit = server.chain.casino.interface.encodeFunctionData("deposit", [ZeroAddress, parseEther("0.01")]);
    await (await wallet.execute(casino, parseEther("0.01"), deposit, { value: parseEther("0.01") })).wait();
    // Its owner signs for it: the sign-in message and the grant alike are checked by isValidSignature.
    const asWallet = { address: walletAddress, signMessage: (message: string) => owner.signMessage(message) } as unknown as Wallet;
    const client = new Client(server.url);
    await signIn(client, asWallet, SIWE_DOMAIN, CHAIN_ID);
    const key = randomKey();
    const { commit } = (await client.post("/api/sessions/lane-root", { key: key.address })).body;
    const grant = await grantFor(server.chain, asWallet, key, { commit, budgetDegen: 0n, budgetNative: parseEther("0.01") });
    const answer = await client.post("/api/sessions", { grant: grantJson(grant), signature: await signGrant(server.chain, owner, grant) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ key: grant.key, lane: 1 });
  });
});

/** CasinoSessions.sessionOf by position. */
async function sessionsOf(sessions: ReturnType<typeof CasinoSessions__factory.connect>, session: TestSession) {
  return sessions.sessionOf(session.player.address, session.key.address);
}

describe("POST /api/sessions/bets", () => {
  it("queues a signed bet of the lane at once, relays it, and the lane's funds move by the rules' payout to the wei, the vault untouched", async () => {
    const player = server.chain.players[0]!;
    const vaultBefore = await vaultOf(player.address);
    const [fundsBefore] = await laneFunds(aliceSession);
    const signed = await nextBet(aliceSession, 0n, { amount: parseEther("10") });
    const { betId } = signed;
    expect(BigInt(betId) & ((1n << 64n) - 1n)).toBe(laneNonce(1, 0));
    const accepted = await sendBet(alice, signed);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body).toEqual({
      betId,
      nonce: laneNonce(1, 0).toString(),
      kind: "play",
      status: "queued",
      countersignature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    const done = await relayed(alice, betId);
    expect(done).toMatchObject({ betId, status: "mined", error: null });
    const receipt = (await server.chain.provider.getTransactionReceipt(done.txHash))!;
    const events = receipt.logs.flatMap((log) => {
      const parsed = server.chain.casino.interface.parseLog(log);
      return parsed ? [parsed] : [];
    });
    // Placed and settled in the one transaction, with link 1 of the lane's chain.
    expect(events.map((event) => event.name)).toEqual(expect.arrayContaining(["BetPlaced", "BetSettled", "GamePlayed"]));
    const settled = events.find((event) => event.name === "BetSettled")!;
    const seeds = await testSeeds(server.chain);
    expect(settled.args.seed).toBe(
      seeds.seed({ player: player.address, nonce: laneNonce(1, 0), chainFirstNonce: laneNonce(1, 0), laneKey: aliceSession.key.address }),
    );
    const payout = settleGame({ gameType: GameType.WHEEL, token: "DEGEN" as Token, stake: parseEther("10"), params: 0b11n, word: settled.args.random }).payout;
    expect(events.find((event) => event.name === "GamePlayed")!.args.payout).toBe(payout);
    expect((await laneFunds(aliceSession))[0]).toBe(fundsBefore - parseEther("10") + payout);
    // The vault moves only by a jackpot win (a lane's jackpot goes to the vault).
    const jackpot = (await server.chain.casino.queryFilter(server.chain.casino.filters.JackpotWon(player.address))).reduce((sum, e) => sum + e.args.amount, 0n);
    expect(await vaultOf(player.address)).toBe(vaultBefore + jackpot);
    // Recorded settled at once, and the fairness record checks out.
    const record = (await alice.get(`/api/fairness/bets/${betId}`)).body;
    expect(record).toMatchObject({
      status: "settled",
      payout: payout.toString(),
      settleTxHash: done.txHash,
      placedTxHash: done.txHash,
      verification: { ok: true },
    });
  });

  it("answers a signed bet sent again with the same bet, relayed once", async () => {
    const signed = await nextBet(aliceSession, 1n);
    const { betId } = signed;
    const [first, second] = await Promise.all([sendBet(alice, signed), sendBet(alice, signed)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.betId).toBe(betId);
    await relayed(alice, betId);
    expect(await sendBet(alice, signed)).toMatchObject({ status: 202, body: { betId, status: "mined" } });
    expect(await server.chain.casino.queryFilter(server.chain.casino.filters.BetPlaced(betId))).toHaveLength(1);
  });

  it("countersigns a bet knowing only its client seed's hash, sends it only once the seed is revealed, and takes no other seed (issue #37 item 3)", async () => {
    // Two players of their own: Carol's bet waits for its seed while Dan's goes out.
    const seat = async (player: Wallet) => {
      const client = new Client(server.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      await depositDegen(server, player, parseEther("10"));
      const { session } = await openSession(server.chain, client, player);
      return { client, bet: () => nextBet(session, 0n) };
    };
    const [carol, dan] = [await seat(server.chain.players[4]!), await seat(server.chain.players[5]!)];
    const carols = await carol.bet();
    // The seed itself is not a field the server takes: it sees the hash the key signed.
    expect(
      await carol.client.post("/api/sessions/bets", { ...carols.body, bet: { ...(carols.body.bet as object), clientSeed: carols.clientSeed } }),
    ).toMatchObject({ status: 400, body: { error: 'Invalid bet: Unrecognized key: "clientSeed"' } });
    const accepted = await carol.client.post("/api/sessions/bets", carols.body);
    expect(accepted).toMatchObject({
      status: 202,
      body: { betId: carols.betId, status: "queued", countersignature: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
    });
    // Dan's bet, posted and revealed after Carol's, goes out and lands; Carol's, older, stays queued.
    const dans = await dan.bet();
    expect((await sendBet(dan.client, dans)).status).toBe(202);
    expect(await relayed(dan.client, dans.betId)).toMatchObject({ status: "mined" });
    expect((await carol.client.get(`/api/sessions/bets/${carols.betId}`)).body).toMatchObject({ status: "queued", txHash: null });
    const reveal = (client: Client, clientSeed: string, betId = carols.betId) => client.post(`/api/sessions/bets/${betId}/seed`, { clientSeed });
    expect(await reveal(carol.client, "0x" + "ab".repeat(32))).toMatchObject({
      status: 400,
      body: { error: "This client seed is not the one the bet was signed with: its keccak256 is not the bet's clientSeedHash" },
    });
    expect(await reveal(dan.client, carols.clientSeed)).toMatchObject({ status: 404, body: { error: "No session bet with this id" } });
    expect(await reveal(carol.client, carols.clientSeed)).toMatchObject({ status: 200, body: { betId: carols.betId } });
    const landed = await relayed(carol.client, carols.betId);
    expect(landed).toMatchObject({ status: "mined", error: null });
    const [placed] = await server.chain.casino.queryFilter(server.chain.casino.filters.BetPlaced(BigInt(carols.betId)));
    expect(placed!.args.clientSeed).toBe(carols.clientSeed);
    // Revealed again: the same answer.
    expect(await reveal(carol.client, carols.clientSeed)).toMatchObject({ status: 200, body: { betId: carols.betId, status: "mined" } });
  });

  it("answers another wallet's bet exactly as an unknown one, without waiting (issue #38 item 8)", async () => {
    const idOf = (player: string, nonce: bigint) => ((BigInt(player) << 64n) | nonce).toString();
    const alices = idOf(server.chain.players[0]!.address, laneNonce(1, 1));
    expect((await alice.get(`/api/sessions/bets/${alices}`)).body.status).toBe("mined");
    const unknown = { status: 404, body: { error: "No session bet with this id" } };
    for (const wait of ["", "?wait=sent", "?wait=mined"]) {
      expect(await bob.get(`/api/sessions/bets/${alices}${wait}`)).toMatchObject(unknown);
      expect(await bob.get(`/api/sessions/bets/${idOf(server.chain.players[0]!.address, 999n)}${wait}`)).toMatchObject(unknown);
      expect(await bob.get(`/api/sessions/bets/${idOf(server.chain.players[1]!.address, 999n)}${wait}`)).toMatchObject(unknown);
    }
  });

  it("refuses each bet the contract would refuse, with a sentence, queueing nothing", async () => {
    const sent = await settlerTransactions(server.chain);
    const refused = async (signed: SignedBody, status: number, error: string | RegExp, client = alice) => {
      const answer = await sendBet(client, signed);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (typeof error === "string") expect(answer.body.error).toBe(error);
      else expect(answer.body.error).toMatch(error);
    };
    const stranger = { ...aliceSession, key: randomKey() };
    await refused(await nextBet(stranger, 2n), 403, `No session of this wallet is open for key ${stranger.key.address}: open one first (POST /api/sessions)`);
    // Bob's own session key signing a bet of Alice's: it holds no session of hers.
    const { session: bobSession } = await openSession(server.chain, bob, server.chain.players[1]!, { budgetDegen: parseEther("500") });
    await refused(
      await nextBet({ ...bobSession, player: aliceSession.player }, 2n),
      403,
      `No session of this wallet is open for key ${bobSession.key.address}: open one first (POST /api/sessions)`,
    );
    await refused(await nextBet(aliceSession, 2n), 403, "This bet is signed for another wallet than the one signed in", bob);
    await refused(
      await nextBet(aliceSession, 2n, { amount: parseEther("1001") }),
      403,
      /^The stake of 1001 DEGEN is above this session's largest bet, 1000 DEGEN$/,
    );
    // A nonce of the wallet's lane, or of Alice's second session's: not this session's.
    await refused(
      await nextBet(aliceSession, 2n, { nonce: 2n }),
      409,
      `Nonce 2 is not of this session's lane 1: its bets' nonces are 1 << 32 | n (from ${laneNonce(1, 0)})`,
    );
    await refused(
      await nextBet(aliceSession, 2n, { nonce: laneNonce(2, 0) }),
      409,
      `Nonce ${laneNonce(2, 0)} is not of this session's lane 1: its bets' nonces are 1 << 32 | n (from ${laneNonce(1, 0)})`,
    );
    await refused(
      await nextBet(aliceSession, BigInt(HASH_CHAIN.LANE_LENGTH)),
      409,
      `This session's hash chain is spent (its ${HASH_CHAIN.LANE_LENGTH} bets): open a new session`,
    );
    await refused(await nextBet(aliceSession, 3n), 409, `Nonce ${laneNonce(1, 3)} skips ahead: this session's next bet's nonce is ${laneNonce(1, 2)}`);
    await refused(await nextBet(aliceSession, 1n, { amount: parseEther("2") }), 409, `Nonce ${laneNonce(1, 1)} is taken by another bet of yours`);
    await refused(
      await nextBet(aliceSession, 2n, { terms: terms + 1n }),
      409,
      `The Casino's terms changed since the bet was signed: sign it again with terms ${terms}`,
    );
    await refused(
      await nextBet(aliceSession, 2n, { deadline: BigInt(Math.floor(Date.now() / 1000)) }),
      400,
      "The bet's deadline has passed (or is too close to land it): sign it again",
    );
    await refused(await nextBet(aliceSession, 2n, { params: 0n }), 400, /^Invalid bet: /);
    const malformed = await nextBet(aliceSession, 2n);
    await refused({ ...malformed, body: { ...malformed.body, vs: "0x" + "ff".repeat(32) } }, 400, "The bet's signature is malformed");

    // A session of the wheel only, in DEGEN, whose lane holds 5 DEGEN.
    const { session: narrow } = await openSession(server.chain, alice, server.chain.players[0]!, {
      games: 1n,
      tokens: 1n,
      budgetDegen: parseEther("5"),
      budgetNative: 0n,
    });
    await refused(await nextBet(narrow, 0n, { game: GameType.SLOTS, params: 0n }), 403, "This session does not allow slots");
    await refused(await nextBet(narrow, 0n, { token: "BNB", amount: parseEther("0.01") }), 403, "This session does not allow BNB bets");
    await refused(
      await nextBet(narrow, 0n, { amount: parseEther("6") }),
      409,
      "This session holds 5 DEGEN, less 0 staked on bets still landing: not enough for a stake of 6",
    );
    expect(await settlerTransactions(server.chain)).toBe(sent + 2); // the two sessions opened, nothing else
  });

  it("counts a lane's stakes on their way against its funds, and its payout once the chain shows it", async () => {
    const player = server.chain.players[3]!;
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("10"));
    const { session } = await openSession(server.chain, client, player);
    // A 10 DEGEN bet on nine colours, pending: the lane's 10 DEGEN are on their way.
    const first = await nextBet(session, 0n, { amount: parseEther("10"), params: 0b111111111n });
    await server.chain.provider.send("evm_setAutomine", [false]);
    try {
      expect((await sendBet(client, first)).status).toBe(202);
      expect((await client.get(`/api/sessions/bets/${first.betId}?wait=sent`)).body.status).toBe("sent");
      expect(await sendBet(client, await nextBet(session, 1n))).toMatchObject({
        status: 409,
        body: { error: "This session holds 10 DEGEN, less 10 staked on bets still landing: not enough for a stake of 1" },
      });
      await server.chain.provider.send("evm_mine", []);
    } finally {
      await server.chain.provider.send("evm_setAutomine", [true]);
    }
    await relayed(client, first.betId);
    const [funds] = await laneFunds(session);
    // Won or lost, the next bet is judged on the lane's funds after the first.
    const next = await sendBet(client, await nextBet(session, 1n));
    if (funds >= parseEther("1")) expect(next.status, JSON.stringify(next.body)).toBe(202);
    else expect(next.status).toBe(409);
  });

  it("stops taking a key's bets once the app revokes it, or the player on chain", async () => {
    const { session } = await openSession(server.chain, alice, server.chain.players[0]!, { budgetDegen: parseEther("10"), budgetNative: 0n });
    const revoked = await alice.call("DELETE", `/api/sessions/${session.key.address}`);
    expect(revoked).toMatchObject({ status: 200, body: { key: session.key.address, revoked: true, revokedOnChain: false } });
    expect(await sendBet(alice, await nextBet(session, 0n))).toMatchObject({ status: 403, body: { error: "This session was revoked: open a new one" } });
    // Sessions are kept by player and key: Bob has none with Alice's key.
    expect(await bob.call("DELETE", `/api/sessions/${session.key.address}`)).toMatchObject({
      status: 404,
      body: { error: "No session of this wallet with this key" },
    });
    // Revoked on chain by the player's own transaction: the chain's view says so.
    const { session: other } = await openSession(server.chain, alice, server.chain.players[0]!, { budgetDegen: parseEther("10"), budgetNative: 0n });
    const sessions = CasinoSessions__factory.connect(await server.chain.casino.sessions(), other.player);
    await (await sessions.revokeSession(other.key.address)).wait();
    expect(await sendBet(alice, await nextBet(other, 0n))).toMatchObject({ status: 403, body: { error: "This session was revoked: open a new one" } });
  });

  it("refuses a bet of an expired session", async () => {
    const { session } = await openSession(server.chain, alice, server.chain.players[0]!, { budgetDegen: parseEther("1"), budgetNative: 0n });
    // The block that ends the session is stamped with its expiry: a jump by the session's length
    // from the node's clock falls short whenever that clock runs behind the wall clock the grant
    // was dated by (as after a rewind to an older snapshot).
    const latest = (await server.chain.provider.getBlock("latest"))!.timestamp;
    await server.chain.provider.send("evm_mine", [Math.max(Number(session.grant.expiresAt), latest + 1)]);
    // The server reads the chain's time again a second after its last reading (ChainClock), and a
    // reading started before the mine may answer after it: wait until its session list, which uses
    // the same clock, drops the session. Later readings start later, so the clock stays past it.
    const key = session.key.address;
    await expect
      .poll(async () => ((await alice.get("/api/sessions")).body as { sessions: { key: string }[] }).sessions.map((s) => s.key), { timeout: 60_000 })
      .not.toContain(key);
    expect(await sendBet(alice, await nextBet(session, 0n, { deadline: BigInt(Math.floor(Date.now() / 1000) + 7200) }))).toMatchObject({
      status: 403,
      body: { error: "This session has expired: open a new one" },
    });
  });
});
