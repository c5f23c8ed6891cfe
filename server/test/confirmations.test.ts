import { hexlify, parseEther, randomBytes } from "ethers";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bets } from "../src/db/schema";
import { GameType } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "./support/app";
import { pendingCount } from "./support/chain";
import { Client, signIn } from "./support/http";
import { depositDegen } from "./support/play";

/** As on BSC Testnet: the settler records nothing until it is this many blocks deep. */
const CONFIRMATIONS = 2;
const BETS = 3;

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer({ SETTLER_CONFIRMATIONS: String(CONFIRMATIONS), SETTLER_POLL_MS: "50" });
  client = new Client(server.url);
  await signIn(client, server.chain.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, server.chain.players[0]!, parseEther("100"));
});
afterAll(async () => server?.close());

const rows = (ids: string[]) => server.services.database.db.select().from(bets).where(inArray(bets.betId, ids));
const mine = () => server.chain.provider.send("evm_mine", []);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, step?: () => Promise<unknown>): Promise<T> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const value = await probe();
    if (value !== undefined) return value;
    await step?.();
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`settlement on a chain that can reorganise (${CONFIRMATIONS} confirmations)`, () => {
  it("records a settlement only once it is deep enough, and settles again, exactly once, when a reorg drops it", async () => {
    const { chain } = server;
    const player = chain.players[0]!;
    const casino = chain.casino.connect(player) as Casino;
    const degen = await chain.token.getAddress();
    const { expectedCommit, terms } = (await client.post("/api/fairness/commitment")).body as { expectedCommit: string; terms: string };

    await chain.provider.send("evm_setAutomine", [false]);
    try {
      const nonce = await chain.provider.getTransactionCount(player.address, "pending");
      const placing = [];
      for (let i = 0; i < BETS; i++) {
        placing.push(
          await casino.playGame(degen, parseEther("1"), GameType.WHEEL, 0b111n, hexlify(randomBytes(32)), expectedCommit, terms, {
            nonce: nonce + i,
            gasLimit: 300_000n,
          }),
        );
      }
      await mine();
      const receipts = await Promise.all(placing.map((tx) => tx.wait()));
      const ids = receipts.map((r) =>
        r!.logs
          .map((l) => chain.casino.interface.parseLog(l))
          .find((l) => l?.name === "BetPlaced")!
          .args.betId.toString(),
      );

      // The bets are read once they are deep enough; then their settlement waits in the mempool
      // (nothing mines it meanwhile: blocks come only from this test).
      for (let i = 0; i < CONFIRMATIONS; i++) await mine();
      await until("the settlement to be sent", async () =>
        (await pendingCount(server.chain.provider, server.services.appDeps.sender.address)) > 0 ? true : undefined,
      );
      const [sentRow] = await rows(ids);
      const droppedHash = sentRow!.settleTxHash!;
      expect((await rows(ids)).map((r) => [r.status, r.settleTxHash])).toEqual(ids.map(() => ["sent", droppedHash]));
      const beforeReorg = (await chain.provider.send("evm_snapshot", [])) as string;

      await mine();
      const mined = await chain.provider.getTransactionReceipt(droppedHash);
      expect(mined?.status).toBe(1);
      expect((await chain.casino.getBet(ids[0]!)).open).toBe(false);
      // One block deep only: the settler must not record it yet, however long it looks.
      await sleep(1_000);
      expect((await rows(ids)).map((r) => r.status)).toEqual(ids.map(() => "sent"));

      // The block is orphaned and its settlement never comes back (the node lost it).
      expect(await chain.provider.send("evm_revert", [beforeReorg])).toBe(true);
      await chain.provider.send("hardhat_dropTransaction", [droppedHash]);
      expect(await chain.provider.getTransaction(droppedHash)).toBeNull();
      expect((await chain.casino.getBet(ids[0]!)).open).toBe(true);

      // The settler finds the settlement gone, sends it again with the freed nonce, and records
      // it once deep enough.
      const settled = await until(
        "the bets to be settled again",
        async () => {
          const now = await rows(ids);
          return now.every((r) => r.status === "settled") ? now : undefined;
        },
        mine,
      );
      const logs = (await chain.casino.queryFilter(chain.casino.filters.BetSettled(), receipts[0]!.blockNumber)).filter((log) =>
        ids.includes(log.args.betId.toString()),
      );
      expect(logs.map((log) => log.args.betId.toString()).sort()).toEqual([...ids].sort());
      for (const row of settled) {
        const log = logs.find((l) => l.args.betId.toString() === row.betId)!;
        expect(row.settleTxHash).toBe(log.transactionHash);
        expect(row.settleTxHash).not.toBe(droppedHash);
        expect(row.settledBlock).toBe(log.blockNumber);
        expect(row.random).toBe(log.args.random);
      }
      expect(await pendingCount(chain.provider, server.services.appDeps.sender.address)).toBe(0);
    } finally {
      await chain.provider.send("evm_setAutomine", [true]);
    }
  });
});
