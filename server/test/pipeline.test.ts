import { hexlify, parseEther, randomBytes, type TransactionReceipt } from "ethers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bets } from "../src/db/schema";
import { GameType, HASH_CHAIN } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "./support/app";
import { pendingCount } from "./support/chain";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";

const PLAYERS = 3;
const BETS_PER_PLAYER = 25;
const BATCH = 20;

let server: TestServer;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET, SETTLER_BATCH_SIZE: String(BATCH) });
  for (const player of server.chain.players.slice(0, PLAYERS)) {
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("1000"));
    clients.push(client);
  }
});
afterAll(async () => server?.close());

describe("settlement pipeline", () => {
  it("settles a block of bets from several players in the very next block, with several batches pending at once", async () => {
    const { chain } = server;
    const degen = await chain.token.getAddress();
    const settler = server.services.appDeps.sender.address;
    const commits = await Promise.all(clients.map(async (client) => (await client.post("/api/fairness/commitment")).body.expectedCommit as string));
    const terms = await chain.casino.terms();

    // Every bet lands in one block; then the settler has until the next block to settle them all.
    await chain.provider.send("evm_setAutomine", [false]);
    try {
      const sent = [];
      for (const [i, player] of chain.players.slice(0, PLAYERS).entries()) {
        const casino = chain.casino.connect(player) as Casino;
        const nonce = await chain.provider.getTransactionCount(player.address, "pending");
        for (let k = 0; k < BETS_PER_PLAYER; k++) {
          const params = [0b1n, 0b11n, 0b111n][k % 3]!;
          sent.push(
            await casino.playGame(degen, parseEther("1"), GameType.WHEEL, params, hexlify(randomBytes(32)), commits[i]!, terms, {
              nonce: nonce + k,
              gasLimit: 300_000n,
            }),
          );
        }
      }
      await chain.provider.send("evm_mine", []);
      const receipts = await Promise.all(sent.map((tx) => tx.wait()));
      const betBlock = receipts[0]!.blockNumber;
      expect(new Set(receipts.map((r) => r!.blockNumber))).toEqual(new Set([betBlock]));
      const betIds = receipts.map((r) =>
        r!.logs
          .map((l) => chain.casino.interface.parseLog(l))
          .find((l) => l?.name === "BetPlaced")!
          .args.betId.toString(),
      );

      const batches = Math.ceil((PLAYERS * BETS_PER_PLAYER) / BATCH);
      for (let i = 0; (await pendingCount(server.chain.provider, settler)) < batches; i++) {
        if (i > 200) throw new Error(`the settler sent ${await pendingCount(server.chain.provider, settler)} of ${batches} settlements`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await chain.provider.send("evm_mine", []);

      const settled = await chain.casino.queryFilter(chain.casino.filters.BetSettled(), betBlock);
      expect(settled.map((log) => log.args.betId.toString()).sort()).toEqual([...betIds].sort());
      expect(new Set(settled.map((log) => log.blockNumber))).toEqual(new Set([betBlock + 1]));
      expect(new Set(settled.map((log) => log.transactionHash)).size).toBe(batches);
    } finally {
      await chain.provider.send("evm_setAutomine", [true]);
    }

    // The server's own records agree, and every payout verifies.
    for (const client of clients) {
      let bets: { status: string; verification: { ok: boolean } }[] = [];
      for (let i = 0; i < 50; i++) {
        bets = (await client.get("/api/fairness/bets?limit=100")).body.bets;
        if (bets.length === BETS_PER_PLAYER && bets.every((bet) => bet.status === "settled")) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(bets).toHaveLength(BETS_PER_PLAYER);
      for (const bet of bets) {
        expect(bet.status).toBe("settled");
        expect(bet.verification.ok).toBe(true);
      }
    }
  }, 120_000);

  it("posts the player's next chain once the last link is used and no bet is open, and the next bet settles on it", async () => {
    const { chain } = server;
    const player = chain.players[PLAYERS]!;
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("2000"));
    const first = (await client.post("/api/fairness/commitment")).body;
    expect(first).toMatchObject({ nextNonce: "0", remaining: HASH_CHAIN.DEFAULT_LENGTH });

    // Every link of the chain, sent at once and mined in one block (a chain with links left is never replaced).
    const bets = HASH_CHAIN.DEFAULT_LENGTH;
    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    const fees = await chain.provider.getFeeData();
    const nonce = await chain.provider.getTransactionCount(player.address, "pending");
    const raws = [];
    for (let k = 0; k < bets; k++) {
      const data = chain.casino.interface.encodeFunctionData("playGame", [
        degen,
        parseEther("1"),
        GameType.WHEEL,
        0b11111n,
        hexlify(randomBytes(32)),
        first.expectedCommit,
        first.terms,
      ]);
      raws.push(
        await player.signTransaction({
          type: 2,
          chainId: CHAIN_ID,
          nonce: nonce + k,
          to: casinoAddress,
          data,
          gasLimit: 300_000n,
          maxFeePerGas: fees.maxFeePerGas! * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
        }),
      );
    }
    await chain.provider.send("evm_setAutomine", [false]);
    await chain.provider.send("evm_setBlockGasLimit", ["0x" + (400_000_000).toString(16)]);
    try {
      const hashes = await Promise.all(raws.map(async (raw) => (await chain.provider.broadcastTransaction(raw)).hash));
      await chain.provider.send("evm_mine", []);
      const receipts = (await Promise.all(hashes.map((hash) => chain.provider.waitForTransaction(hash)))) as TransactionReceipt[];
      expect(receipts.every((r) => r.status === 1)).toBe(true);
    } finally {
      await chain.provider.send("evm_setAutomine", [true]);
      // Settlements sent before automine came back are pending; automine mines only what arrives after.
      await chain.provider.send("evm_mine", []);
    }

    let next = first;
    for (let i = 0; i < 300 && next.root === first.root; i++) {
      await new Promise((r) => setTimeout(r, 100));
      next = (await client.post("/api/fairness/commitment")).body;
    }
    expect(next.root).not.toBe(first.root);
    expect(next).toMatchObject({ nextNonce: String(bets), remaining: HASH_CHAIN.DEFAULT_LENGTH, commitment: next.root });
    const open = (await chain.casino.queryFilter(chain.casino.filters.BetPlaced(undefined, player.address))).length;
    const settled = (await chain.casino.queryFilter(chain.casino.filters.BetSettled())).filter(
      (log) => BigInt(log.args.betId) >> 64n === BigInt(player.address),
    );
    expect(settled).toHaveLength(open);

    // The first bet on the new chain settles with its first link and verifies.
    const casino = chain.casino.connect(player) as Casino;
    const receipt = (await (
      await casino.playGame(degen, parseEther("1"), GameType.WHEEL, 0b1n, hexlify(randomBytes(32)), next.expectedCommit, next.terms)
    ).wait())!;
    const betId = receipt.logs
      .map((l) => casino.interface.parseLog(l))
      .find((l) => l?.name === "BetPlaced")!
      .args.betId.toString();
    let record: { status: string; verification: { ok: boolean } } | undefined;
    for (let i = 0; i < 100 && record?.status !== "settled"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      record = (await client.get(`/api/fairness/bets/${betId}`)).body;
    }
    expect(record).toMatchObject({ status: "settled", verification: { ok: true } });
  }, 180_000);

  it("settles everyone else's bets when a batch cannot settle one (skipped on chain, not reverted), and the skipped bet once its record is right", async () => {
    const { chain, services } = server;
    const db = services.database.db;
    const players = chain.players.slice(PLAYERS + 1, PLAYERS + 3);
    const placed: { player: string; betId: string }[] = [];
    // Stopped, so the bets are read (and one record spoiled) before any settlement is sent.
    await services.settler.stop();
    for (const player of players) {
      const client = new Client(server.url);
      await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
      await depositDegen(server, player, parseEther("100"));
      for (let k = 0; k < 3; k++) {
        const bet = await placeBet(server, client, player, { token: "DEGEN", amount: parseEther("1"), gameType: GameType.WHEEL, params: 0b1n });
        placed.push({ player: player.address, betId: bet.betId });
      }
    }
    // The lease holder's loop is stopped: a pass only reads the chain up to its head.
    await services.settler.sync();
    const spoiled = placed[1]!.betId;
    const [record] = await db.select().from(bets).where(eq(bets.betId, spoiled));
    expect(record).toMatchObject({ status: "ready" });
    await db
      .update(bets)
      .set({ seed: hexlify(randomBytes(32)) })
      .where(eq(bets.betId, spoiled));

    const fromBlock = (await chain.provider.getBlockNumber()) + 1;
    const settledIds = async () =>
      new Set((await chain.casino.queryFilter(chain.casino.filters.BetSettled(), fromBlock)).map((log) => log.args.betId.toString()));
    const waitFor = async (ids: string[], seconds: number) => {
      let settled = new Set<string>();
      for (let i = 0; i < seconds * 10; i++) {
        settled = await settledIds();
        if (ids.every((id) => settled.has(id))) return settled;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${ids.filter((id) => !settled.has(id)).length} of ${ids.length} bets not settled within ${seconds} s`);
    };
    services.settler.start();

    // The one batch of all six, sent unsimulated (fresh bets), settles what it can: the bad bet is
    // skipped (WrongSeed) with the first player's later one (OutOfOrder); everyone else's settle.
    const others = placed.filter((bet, i) => i === 0 || bet.player !== placed[0]!.player).map((bet) => bet.betId);
    const settled = await waitFor(others, 30);
    expect(settled.has(spoiled)).toBe(false);
    expect(settled.has(placed[2]!.betId)).toBe(false);
    const settlerAddress = services.appDeps.sender.address;
    let reverted = 0;
    for (let n = fromBlock; n <= (await chain.provider.getBlockNumber()); n++) {
      for (const hash of (await chain.provider.getBlock(n))!.transactions) {
        const receipt = (await chain.provider.getTransactionReceipt(hash))!;
        if (receipt.from === settlerAddress && receipt.status === 0) reverted++;
      }
    }
    expect(reverted).toBe(0);
    const skipped = await chain.casino.queryFilter(chain.casino.filters.SettlementSkipped(), fromBlock);
    const reasons = new Map(skipped.map((log) => [log.args.betId.toString(), log.args.reason]));
    expect(reasons.get(spoiled)).toBe(chain.casino.interface.getError("WrongSeed")!.selector);
    expect(reasons.get(placed[2]!.betId)).toBe(chain.casino.interface.getError("OutOfOrder")!.selector);

    // Put right, the refused bet is tried again after its back-off, and the player's next one follows.
    await db.update(bets).set({ seed: record!.seed }).where(eq(bets.betId, spoiled));
    await waitFor(
      placed.map((bet) => bet.betId),
      40,
    );
  }, 120_000);
});
