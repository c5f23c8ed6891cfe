import { parseEther, Wallet, ZeroAddress } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_ACCEPTANCE_WINDOW_SECONDS, GameType, settleGame, type Token } from "../src/engine";
import { CasinoLimits__factory, CasinoSessions__factory, MockContractWallet__factory } from "../../typechain-types";
import path from "node:path";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, startTestServer, tempDir, type TestServer } from "./support/app";
import { DEV_KEYS } from "./support/chain";
import { Client, listen, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET } from "./support/play";
import { settlerTransactions } from "./support/settler";
import { grantFor, grantJson, openSession, randomKey, sendBet, signBet, signGrant, type BetChoice, type TestSession } from "./support/sessions";

let server: TestServer;
let alice: Client;
let bob: Client;
let aliceSession: TestSession;
let commitment: { expectedCommit: string; terms: string };
let bobCommitment: { expectedCommit: string };

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  alice = new Client(server.url);
  bob = new Client(server.url);
  await signIn(alice, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await signIn(bob, server.chain.players[1]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("1000"));
  await depositDegen(server, server.chain.players[1]!, parseEther("1000"));
  commitment = (await alice.post("/api/fairness/commitment")).body;
  bobCommitment = (await bob.post("/api/fairness/commitment")).body;
});
afterAll(async () => server?.close());

/** A JSON-RPC request as the server sends it. */
interface RpcRequest {
  method: string;
  params: unknown[];
}

/** The session's next bet, signed, with the commitment and terms the app read. */
const nextBet = (session: TestSession, nonce: bigint, choice: Partial<BetChoice> = {}) =>
  signBet(server.chain, session, {
    game: GameType.WHEEL,
    params: 0b11n,
    nonce,
    expectedCommit: commitment.expectedCommit,
    terms: BigInt(commitment.terms),
    ...choice,
  });

/** A signed bet as sendBet sends it. */
type SignedBody = Parameters<typeof sendBet>[1];

/** A dev player of the chain signed in on a client of their own, `deposit` DEGEN in the vault, a commitment and a session: their next nonce and chain root. */
async function playerWithSession(index: number, deposit: bigint) {
  const player = server.chain.players[index]!;
  const client = new Client(server.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, player, deposit);
  expect((await client.post("/api/fairness/commitment")).status).toBe(200);
  const { session } = await openSession(server.chain, client, player);
  const [, next, , root] = await server.chain.casino.commitmentOf(player.address);
  return { player, client, session, next, root };
}

async function relayed(client: Client, betId: string) {
  const answer = await client.get(`/api/sessions/bets/${betId}?wait=mined`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("POST /api/sessions", () => {
  it("opens a session the wallet signed, once mined, and lists it", async () => {
    const sent = await settlerTransactions(server.chain);
    const { session, answer } = await openSession(server.chain, alice, server.chain.players[0]!);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ key: session.key.address, expiresAt: Number(session.grant.expiresAt), txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await server.chain.provider.getTransactionReceipt(answer.body.txHash))?.status).toBe(1);
    expect(await settlerTransactions(server.chain)).toBe(sent + 1);
    const onChain = await CasinoSessions__factory.connect(await server.chain.casino.sessions(), server.chain.provider).sessionOf(
      session.player.address,
      session.key.address,
    );
    expect([onChain.player, onChain.expiresAt, onChain.tokens, onChain.games, onChain.revoked]).toEqual([
      session.player.address,
      session.grant.expiresAt,
      3n,
      0x1fn,
      false,
    ]);
    const listed = await alice.get("/api/sessions");
    expect(listed.body.sessions).toContainEqual(
      expect.objectContaining({
        key: session.key.address,
        revoked: false,
        lost: { DEGEN: "0", BNB: "0" },
        maxBet: { DEGEN: parseEther("1000").toString(), BNB: parseEther("1").toString() },
      }),
    );
    aliceSession = session;
  });

  it("refuses a grant for another wallet, past 24 h, signed by another wallet, reused, or without a stake, sending nothing", async () => {
    const [player, other] = [server.chain.players[0]!, server.chain.players[1]!];
    const sent = await settlerTransactions(server.chain);
    const post = async (grant: Awaited<ReturnType<typeof grantFor>>, signer: Wallet = player, client = alice) =>
      client.post("/api/sessions", { grant: grantJson(grant), signature: await signGrant(server.chain, signer, grant) });

    const forBob = await grantFor(server.chain, other, randomKey());
    expect(await post(forBob, other)).toMatchObject({ status: 403, body: { error: "The session's player must be the signed-in wallet" } });
    const tooLong = await grantFor(server.chain, player, randomKey(), {
      expiresAt: BigInt(Math.floor(Date.now() / 1000) + 25 * 3600),
    });
    expect(await post(tooLong)).toMatchObject({ status: 400, body: { error: "A session lasts at most 24 hours" } });
    const forged = await grantFor(server.chain, player, randomKey());
    expect(await post(forged, other)).toMatchObject({ status: 400, body: { error: "The signature is not this wallet's signature of the session" } });
    const reused = await grantFor(server.chain, player, aliceSession.key);
    expect(await post(reused)).toMatchObject({ status: 409, body: { error: "This key has a session already: make a new key" } });

    // A wallet that only signed in has nothing at stake: the house sends nothing for it.
    const fresh = randomKey().connect(server.chain.provider);
    const freshClient = new Client(server.url);
    await signIn(freshClient, fresh, SIWE_DOMAIN, CHAIN_ID);
    const noStake = await post(await grantFor(server.chain, fresh, randomKey()), fresh, freshClient);
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
    const grant = await grantFor(server.chain, asWallet, randomKey());
    const answer = await client.post("/api/sessions", { grant: grantJson(grant), signature: await signGrant(server.chain, owner, grant) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.key).toBe(grant.key);
  });
});

describe("POST /api/sessions/bets", () => {
  it("queues a signed bet at once, relays it, and the vault moves by the rules' payout to the wei", async () => {
    const player = server.chain.players[0]!;
    const degen = await server.chain.token.getAddress();
    const before = await server.chain.casino.getBalance(player.address, degen);
    const signed = await nextBet(aliceSession, 0n, { amount: parseEther("10") });
    const { betId } = signed;
    const accepted = await sendBet(alice, signed);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body).toEqual({ betId, nonce: "0", kind: "play", status: "queued", countersignature: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    const done = await relayed(alice, betId);
    expect(done).toMatchObject({ betId, status: "mined", error: null });
    const receipt = (await server.chain.provider.getTransactionReceipt(done.txHash))!;
    const events = receipt.logs.flatMap((log) => {
      const parsed = server.chain.casino.interface.parseLog(log);
      return parsed ? [parsed] : [];
    });
    // Placed and settled in the one transaction.
    expect(events.map((event) => event.name)).toEqual(expect.arrayContaining(["BetPlaced", "BetSettled", "GamePlayed"]));
    const settled = events.find((event) => event.name === "BetSettled")!;
    const payout = settleGame({ gameType: GameType.WHEEL, token: "DEGEN" as Token, stake: parseEther("10"), params: 0b11n, word: settled.args.random }).payout;
    expect(events.find((event) => event.name === "GamePlayed")!.args.payout).toBe(payout);
    expect(await server.chain.casino.getBalance(player.address, degen)).toBe(before - parseEther("10") + payout);
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
      const own = (await client.post("/api/fairness/commitment")).body as { expectedCommit: string; nextNonce: string; terms: string };
      const { session } = await openSession(server.chain, client, player);
      const bet = () =>
        signBet(server.chain, session, {
          game: GameType.WHEEL,
          params: 0b11n,
          nonce: BigInt(own.nextNonce),
          expectedCommit: own.expectedCommit,
          terms: BigInt(own.terms),
        });
      return { client, bet };
    };
    const [carol, dan] = [await seat(server.chain.players[4]!), await seat(server.chain.players[5]!)];
    const carols = await carol.bet();
    // The seed itself is not a field the server takes: it sees the hash the key signed.
    expect(
      await carol.client.post("/api/sessions/bets", { ...carols.body, bet: { ...(carols.body.bet as object), clientSeed: carols.clientSeed } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Invalid bet: Unrecognized key: "clientSeed"' },
    });
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
    const alices = idOf(server.chain.players[0]!.address, 1n);
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
    const post = async (signed: SignedBody, client = alice) => sendBet(client, signed);
    const refused = async (signed: SignedBody, status: number, error: string | RegExp, client = alice) => {
      const answer = await post(signed, client);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (typeof error === "string") expect(answer.body.error).toBe(error);
      else expect(answer.body.error).toMatch(error);
    };
    const stranger = { ...aliceSession, key: randomKey() };
    await refused(await nextBet(stranger, 2n), 403, `No session of this wallet is open for key ${stranger.key.address}: open one first (POST /api/sessions)`);
    // Bob's own session key signing a bet of Alice's: it holds no session of hers.
    const { session: bobSession } = await openSession(server.chain, bob, server.chain.players[1]!);
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
    await refused(await nextBet(aliceSession, 3n), 409, "Nonce 3 skips ahead: your next bet's nonce is 2");
    await refused(await nextBet(aliceSession, 1n, { amount: parseEther("2") }), 409, "Nonce 1 is taken by another bet of yours");
    await refused(
      await nextBet(aliceSession, 2n, { expectedCommit: "0x" + "12".repeat(32) }),
      409,
      /^The bet names a stale commitment: sign it again with expectedCommit 0x/,
    );
    await refused(
      await nextBet(aliceSession, 2n, { terms: BigInt(commitment.terms) + 1n }),
      409,
      `The Casino's terms changed since the bet was signed: sign it again with terms ${commitment.terms}`,
    );
    await refused(
      await nextBet(aliceSession, 2n, { deadline: BigInt(Math.floor(Date.now() / 1000)) }),
      400,
      "The bet's deadline has passed (or is too close to land it): sign it again",
    );
    await refused(await nextBet(aliceSession, 2n, { params: 0n }), 400, /^Invalid bet: /);
    const malformed = await nextBet(aliceSession, 2n);
    await refused({ ...malformed, body: { ...malformed.body, vs: "0x" + "ff".repeat(32) } }, 400, "The bet's signature is malformed");

    // A session limited to the wheel, in DEGEN, with a budget of 5 DEGEN.
    const { session: narrow } = await openSession(server.chain, alice, server.chain.players[0]!, { games: 1n, tokens: 1n, budgetDegen: parseEther("5") });
    await refused(await nextBet(narrow, 2n, { game: GameType.SLOTS, params: 0n }), 403, "This session does not allow slots");
    await refused(await nextBet(narrow, 2n, { token: "BNB", amount: parseEther("0.01") }), 403, "This session does not allow BNB bets");
    await refused(await nextBet(narrow, 2n, { amount: parseEther("6") }), 403, "This bet would take the session past its budget: 0 of 5 DEGEN spent or staked");
    // Bob's vault holds 1,000 DEGEN: a session allowing 5,000 a bet does not make it cover more.
    const { session: large } = await openSession(server.chain, bob, server.chain.players[1]!, { maxBetDegen: parseEther("5000") });
    await refused(
      await nextBet(large, 0n, { amount: parseEther("1001"), expectedCommit: bobCommitment.expectedCommit }),
      409,
      "Your vault's 1000 DEGEN, less 0 staked on bets still landing, does not cover a stake of 1001",
      bob,
    );
    expect(await settlerTransactions(server.chain)).toBe(sent + 3); // the three sessions opened, nothing else
  });

  it("refuses a bet past the wallet's one-click budget with a 429", async () => {
    // Another server over the same chain with a budget of 2, without a settler: its bets stay queued, and count.
    const temp = tempDir();
    const other = await startServerOn(
      server.chain,
      { DATA_DIR: path.join(temp.dir, "db"), MASTER_SECRET, SESSION_BETS_PER_ADDRESS_PER_DAY: "2" },
      { settler: false },
    );
    try {
      const client = new Client(other.url);
      await signIn(client, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
      for (const nonce of [2n, 3n]) expect((await sendBet(client, await nextBet(aliceSession, nonce))).status).toBe(202);
      expect(await sendBet(client, await nextBet(aliceSession, 4n))).toMatchObject({
        status: 429,
        body: { error: "This wallet has reached its limit of 2 one-click bets relayed per 24 hours: bet from your wallet, or try again later" },
      });
    } finally {
      await other.close();
      temp.dispose();
    }
  });

  it("caps each wallet's hour and keeps the last fifth of the house's hour for wallets that bet little in it: a handful cannot lock a new player out (issue #38 item 3)", async () => {
    // A server without a settler (its bets stay queued, and count) at 2 bets per wallet per hour
    // and 10 for everyone: past 8, only a wallet with no bet this hour gets in.
    const temp = tempDir();
    const other = await startServerOn(
      server.chain,
      { DATA_DIR: path.join(temp.dir, "db"), MASTER_SECRET, SESSION_BETS_PER_ADDRESS_PER_HOUR: "2", SESSION_BETS_PER_HOUR: "10" },
      { settler: false },
    );
    try {
      const terms = BigInt(commitment.terms);
      const seat = async (player: Wallet, session?: TestSession) => {
        const main = new Client(server.url);
        await signIn(main, player, SIWE_DOMAIN, CHAIN_ID);
        if (player !== server.chain.players[0]) await depositDegen(server, player, parseEther("10"));
        const own = (await main.post("/api/fairness/commitment")).body as { expectedCommit: string; nextNonce: string };
        const opened = session ?? (await openSession(server.chain, main, player)).session;
        const client = new Client(other.url);
        await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
        let nonce = BigInt(own.nextNonce);
        return async () =>
          sendBet(
            client,
            await signBet(server.chain, opened, { game: GameType.WHEEL, params: 0b11n, nonce: nonce++, expectedCommit: own.expectedCommit, terms }),
          );
      };
      const handful = [];
      for (const player of server.chain.players.slice(2, 6)) handful.push(await seat(player));
      const perHour = "This wallet has reached its limit of 2 one-click bets relayed per hour: bet from your wallet, or try again later";
      const busy =
        "One-click play is busy: the house keeps its last 2 one-click bets of the hour for wallets with fewer than 1 in it: bet from your wallet, or try again shortly";
      for (const bet of handful) for (let i = 0; i < 2; i++) expect((await bet()).status).toBe(202);
      for (const bet of handful) expect(await bet()).toMatchObject({ status: 429, body: { error: perHour } });
      // Eight of ten used by four wallets: a player new to the hour still gets in, once.
      const aliceBets = await seat(server.chain.players[0]!, aliceSession);
      expect((await aliceBets()).status).toBe(202);
      expect(await aliceBets()).toMatchObject({ status: 429, body: { error: busy } });
      const bobBets = await seat(server.chain.players[1]!);
      expect((await bobBets()).status).toBe(202);
      expect(await bobBets()).toMatchObject({
        status: 429,
        body: { error: "The house has reached its limit of 10 one-click bets per hour: bet from your wallet, or try again shortly" },
      });
    } finally {
      await other.close();
      temp.dispose();
    }
  });

  /**
   * Alice signed in to another instance, which reaches the node through a proxy that counts the
   * JSON-RPC requests it forwards that `counts` picks (a batch's one by one), and its own refusals.
   */
  async function countingInstance(counts: (request: RpcRequest) => boolean) {
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
    await signIn(client, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
    return {
      counted: () => counted,
      // A nonce past the hash chain's last link: refused for what the chain shows (409).
      refusedBet: async () => sendBet(client, await nextBet(aliceSession, 1_000_000n)),
      close: async () => {
        await other.close();
        await proxy.close();
        temp.dispose();
      },
    };
  }

  it("reads the chain again for a refused bet only at a newer head, and refuses a wallet's 31st refused bet in a minute unread (issue #38 item 6)", async () => {
    // Only contract reads (eth_call) are counted: the server's pollers read the head and logs on
    // their own clock, and the Casino's terms() once a second for all bets (a slow run reads it more).
    const termsCall = server.chain.casino.interface.getFunction("terms")!.selector;
    const instance = await countingInstance(({ method, params }) => method === "eth_call" && !(params[0] as { data: string }).data.startsWith(termsCall));
    try {
      const first = await instance.refusedBet();
      expect(first.status).toBe(409);
      expect(first.body.error).toMatch(/^The hash chain has no link for nonce 1000000/);
      const before = instance.counted();
      for (let i = 0; i < 29; i++) expect((await instance.refusedBet()).status).toBe(409);
      // Was 6 contract reads a refusal (the view again at the head, though the head had not moved).
      expect(instance.counted() - before).toBeLessThanOrEqual(29);
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

  it("reads a refused bet's chain view in at most 2 requests, at a new head too (issue #38 item 6)", async () => {
    // The requests a player's view is read with. Not the Casino's terms(), read once a second for
    // all bets, nor the head and logs, which the server's pollers read on their own clock.
    const termsCall = server.chain.casino.interface.getFunction("terms")!.selector;
    const viewRequest = ({ method, params }: RpcRequest) =>
      ["eth_getTransactionCount", "eth_getCode"].includes(method) || (method === "eth_call" && !(params[0] as { data: string }).data.startsWith(termsCall));
    const instance = await countingInstance(viewRequest);
    /** A refused bet and the view requests it cost. */
    const readsOfRefusedBet = async () => {
      const before = instance.counted();
      expect((await instance.refusedBet()).status).toBe(409);
      return instance.counted() - before;
    };
    try {
      // The first bet reads the view at the head (was 7 requests).
      expect(await readsOfRefusedBet()).toBeLessThanOrEqual(2);
      // A block later, a refused bet is judged again on a view read at the new head, which the
      // server reads since the bet arrived (the head it keeps 200 ms may predate the block).
      await server.chain.provider.send("evm_mine", []);
      const reads = await readsOfRefusedBet();
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(2);
    } finally {
      await instance.close();
    }
  });

  it("stops taking a key's bets once the app revokes it", async () => {
    const { session } = await openSession(server.chain, alice, server.chain.players[0]!);
    const revoked = await alice.call("DELETE", `/api/sessions/${session.key.address}`);
    expect(revoked).toMatchObject({ status: 200, body: { key: session.key.address, revoked: true, revokedOnChain: false } });
    expect(await sendBet(alice, await nextBet(session, 2n))).toMatchObject({
      status: 403,
      body: { error: "This session was revoked: open a new one" },
    });
    // Sessions are kept by player and key: Bob has none with Alice's key.
    expect(await bob.call("DELETE", `/api/sessions/${session.key.address}`)).toMatchObject({
      status: 404,
      body: { error: "No session of this wallet with this key" },
    });
    // Revoked on chain by the player's own transaction: seen by the settler.
    const sessions = CasinoSessions__factory.connect(await server.chain.casino.sessions(), session.player);
    await (await sessions.revokeSession(aliceSession.key.address)).wait();
    await server.services.settler.sync();
    expect(await sendBet(alice, await nextBet(aliceSession, 2n))).toMatchObject({
      status: 403,
      body: { error: "This session was revoked: open a new one" },
    });
  });

  it("refuses a bet of an expired session", async () => {
    const { session } = await openSession(server.chain, alice, server.chain.players[0]!);
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
    expect(await sendBet(alice, await nextBet(session, 2n, { deadline: BigInt(Math.floor(Date.now() / 1000) + 7200) }))).toMatchObject({
      status: 403,
      body: { error: "This session has expired: open a new one" },
    });
  });
});

describe("a bet its player could cancel once it is out (issue #37 item 2)", () => {
  it("refuses a deadline past the acceptance window, a bet the session's hold ends before, and a bet a limit of the player's own refuses", async () => {
    const { player, client, session, next, root } = await playerWithSession(5, parseEther("100"));
    const sessions = CasinoSessions__factory.connect(await server.chain.casino.sessions(), player);
    expect(await sessions.BET_ACCEPTANCE_WINDOW()).toBe(BigInt(BET_ACCEPTANCE_WINDOW_SECONDS));
    const clock = async () => Math.max((await server.chain.provider.getBlock("latest"))!.timestamp, Math.floor(Date.now() / 1000));
    const bet = (choice: Partial<BetChoice> = {}) => nextBet(session, next, { expectedCommit: root, ...choice });

    // A later deadline would outlast a revocation, a stricter limit and the hold.
    const far = await bet({ deadline: BigInt((await clock()) + BET_ACCEPTANCE_WINDOW_SECONDS + 60) });
    expect(await sendBet(client, far)).toMatchObject({
      status: 400,
      body: { error: "The bet's deadline is more than 5 minutes ahead: sign it again with an earlier one" },
    });

    // A second session revoked on chain ends the hold 5 minutes on; a minute later a bet of the
    // first signs a deadline past it, which a withdrawal could then cancel.
    const { session: second } = await openSession(server.chain, client, player);
    await (await sessions.revokeSession(second.key.address)).wait();
    await server.chain.provider.send("evm_increaseTime", [60]);
    await server.chain.provider.send("evm_mine", []);
    await new Promise((r) => setTimeout(r, 1_100)); // the server's reading of the chain's time is kept a second
    expect(await sendBet(client, await bet())).toMatchObject({
      status: 409,
      body: { error: "Your one-click session holds no stake in the vault until this bet's deadline (a session was revoked): open a new one" },
    });

    // A cool-off set now: the chain lets a bet the server accepted before it land, none after.
    const { session: third } = await openSession(server.chain, client, player);
    const limits = CasinoLimits__factory.connect(await server.chain.casino.limits(), player);
    await (await limits.setCoolOff((await clock()) + 3_600)).wait();
    expect(await sendBet(client, await nextBet(third, next, { expectedCommit: root }))).toMatchObject({
      status: 403,
      body: { error: "You are in a cool-off you set for yourself" },
    });
  });
});

describe("a burst of bets from several players", () => {
  it("takes every player's bets posted at once, each player's in order, refuses only the bad one, and relays each once", async () => {
    const players = server.chain.players.slice(0, 4);
    const clients = [alice, bob];
    for (const player of players.slice(2)) {
      const client = new Client(server.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      await depositDegen(server, player, parseEther("100"));
      expect((await client.post("/api/fairness/commitment")).status).toBe(200);
      clients.push(client);
    }
    const streams = await Promise.all(
      players.map(async (player, i) => {
        const { session, answer } = await openSession(server.chain, clients[i]!, player);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const [, next, , root] = await server.chain.casino.commitmentOf(player.address);
        // The last player's second bet skips a nonce.
        const nonces = [next, i === players.length - 1 ? next + 5n : next + 1n];
        return { client: clients[i]!, next, bets: await Promise.all(nonces.map((nonce) => nextBet(session, nonce, { expectedCommit: root }))) };
      }),
    );
    // Each player posts its bets one after the other, as the app does; the players all at once.
    const answers = await Promise.all(
      streams.map(async ({ client, bets }) => {
        const posted = [];
        for (const bet of bets) posted.push(await sendBet(client, bet));
        return posted;
      }),
    );
    const last = streams[streams.length - 1]!;
    expect(answers.flat().map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 202, 202, 409]);
    expect(answers[answers.length - 1]![1]!.body).toEqual({ error: `Nonce ${last.next + 5n} skips ahead: your next bet's nonce is ${last.next + 1n}` });
    const accepted = streams.flatMap(({ client, bets }, i) => bets.slice(0, i === streams.length - 1 ? 1 : 2).map((bet) => ({ client, betId: bet.betId })));
    for (const { client, betId } of accepted) await relayed(client, betId);
    for (const { betId } of accepted) expect(await server.chain.casino.queryFilter(server.chain.casino.filters.BetPlaced(betId))).toHaveLength(1);
  });

  it("takes a bet the vault covers only since a deposit made after the server last read it", async () => {
    const { player, client, session, next, root } = await playerWithSession(4, parseEther("10"));
    const first = await nextBet(session, next, { expectedCommit: root, amount: parseEther("5") });
    expect((await sendBet(client, first)).status).toBe(202);
    await relayed(client, first.betId);
    // The server read the vault with the first bet; the deposit comes a few blocks later.
    await depositDegen(server, player, parseEther("100"));
    const second = await nextBet(session, next + 1n, { expectedCommit: root, amount: parseEther("50") });
    expect(await sendBet(client, second)).toMatchObject({ status: 202, body: { betId: second.betId } });
    await relayed(client, second.betId);
  });
});
