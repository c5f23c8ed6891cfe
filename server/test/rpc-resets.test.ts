import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Network, parseEther, type Wallet } from "ethers";
import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KeepAliveJsonRpcProvider } from "../src/chain/rpc";
import { bets } from "../src/db/schema";
import { GameType } from "../src/engine";
import { startTestServer, SIWE_DOMAIN, CHAIN_ID, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, placeBet } from "./support/play";
import { startResettingProxy, type ResettingProxy } from "./support/resetting-proxy";

const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeAll(() => void process.on("unhandledRejection", recordUnhandled));
afterAll(() => void process.off("unhandledRejection", recordUnhandled));

/** Lets a rejection nobody handled surface as 'unhandledRejection' before the test looks. */
const letRejectionsSurface = () => new Promise((r) => setTimeout(r, 50));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Behaviour = "answer" | "reset" | "reset after the status line";

/**
 * A JSON-RPC node of the test's own. `behave` picks, per request, what the node does: answer, reset
 * the connection instead (to the client, a node that had already closed it), or start answering
 * and then reset; `results` what it answers to each method.
 */
async function fakeNode(behave: (request: { onConnection: number; overall: number }) => Behaviour, results = (method: string) => RESULTS[method]) {
  const served = new WeakMap<Socket, number>();
  const seen = { connections: 0, requests: 0 };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const onConnection = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, onConnection);
    seen.requests++;
    const behaviour = behave({ onConnection, overall: seen.requests });
    if (behaviour === "reset") return void req.socket.resetAndDestroy();
    if (behaviour === "reset after the status line") {
      req.socket.write("HTTP/1.1 200 OK\r\n");
      return void setTimeout(() => req.socket.resetAndDestroy(), 20);
    }
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk));
    req.on("end", () => {
      const payload = JSON.parse(text) as { id: number; method: string } | { id: number; method: string }[];
      const answers = (Array.isArray(payload) ? payload : [payload]).map(({ id, method }) => ({ jsonrpc: "2.0", id, result: results(method) }));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(payload) ? answers : answers[0]));
    });
  });
  server.on("connection", () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const provider = new KeepAliveJsonRpcProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, Network.from(CHAIN_ID), {
    staticNetwork: true,
    pollingInterval: 20,
    cacheTimeout: -1,
  });
  return {
    seen,
    provider,
    close: () => {
      provider.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const TX_HASH = "0x" + "ab".repeat(32);
const RESULTS: Record<string, unknown> = {
  eth_blockNumber: "0x7",
  eth_getTransactionReceipt: {
    transactionHash: TX_HASH,
    transactionIndex: "0x0",
    blockHash: "0x" + "cd".repeat(32),
    blockNumber: "0x7",
    from: "0x" + "11".repeat(20),
    to: "0x" + "22".repeat(20),
    contractAddress: null,
    cumulativeGasUsed: "0x5208",
    gasUsed: "0x5208",
    effectiveGasPrice: "0x1",
    logs: [],
    logsBloom: "0x" + "00".repeat(256),
    status: "0x1",
    type: "0x2",
  },
};

describe("KeepAliveJsonRpcProvider against a node of the test's own: dropped connections, receipts", () => {
  let node: Awaited<ReturnType<typeof fakeNode>> | undefined;
  afterEach(async () => {
    await node?.close();
    node = undefined;
    await letRejectionsSurface();
    expect(unhandled.splice(0)).toEqual([]);
  });

  it("sends a request again on a fresh connection when the kept-alive one it was written to had been closed", async () => {
    // Every connection serves one request; the next request on it meets a closed socket.
    node = await fakeNode(({ onConnection }) => (onConnection === 1 ? "answer" : "reset"));
    expect(await node.provider.send("eth_blockNumber", [])).toBe("0x7");
    expect(await node.provider.send("eth_blockNumber", [])).toBe("0x7");
    expect(node.seen).toEqual({ connections: 2, requests: 3 });
  });

  it("sends a request again when it waited for a connection and was handed one the node had just closed", async () => {
    // More requests at once than the provider opens connections (8): the ninth waits, and Node's
    // agent hands it the first connection freed, without marking it reused.
    node = await fakeNode(({ onConnection }) => (onConnection === 1 ? "answer" : "reset"));
    const provider = node.provider;
    const answers = await Promise.all(Array.from({ length: 9 }, (_, id) => provider._send({ jsonrpc: "2.0", id, method: "eth_blockNumber", params: [] })));
    expect(answers.map(([answer]) => answer.result)).toEqual(Array(9).fill("0x7"));
    expect(node.seen).toEqual({ connections: 9, requests: 10 });
  });

  it("does not retry a request that fails on a fresh connection", async () => {
    node = await fakeNode(() => "reset");
    await expect(node.provider.send("eth_blockNumber", [])).rejects.toThrow(/ECONNRESET/);
    expect(node.seen).toEqual({ connections: 1, requests: 1 });
  });

  it("retries a failure on a reused connection once: the fresh connection's failure is final", async () => {
    node = await fakeNode(({ overall }) => (overall === 1 ? "answer" : "reset"));
    expect(await node.provider.send("eth_blockNumber", [])).toBe("0x7");
    await expect(node.provider.send("eth_blockNumber", [])).rejects.toThrow(/ECONNRESET/);
    expect(node.seen).toEqual({ connections: 2, requests: 3 });
  });

  it("does not retry a request the node had started to answer", async () => {
    node = await fakeNode(({ onConnection }) => (onConnection === 1 ? "answer" : "reset after the status line"));
    expect(await node.provider.send("eth_blockNumber", [])).toBe("0x7");
    await expect(node.provider.send("eth_blockNumber", [])).rejects.toThrow(/RPC .* failed/);
    expect(node.seen).toEqual({ connections: 1, requests: 2 });
  });

  it("waits for a receipt through failed reads without an unhandled rejection", async () => {
    // The first reads fail on fresh connections: errors the provider passes on, not retries.
    node = await fakeNode(({ overall }) => (overall <= 3 ? "reset" : "answer"));
    const receipt = await node.provider.waitForTransaction(TX_HASH, 1, 5_000);
    expect(receipt?.hash).toBe(TX_HASH);
    await letRejectionsSurface();
    expect(unhandled).toEqual([]);
  });

  it("sees a transaction mined between its receipt read and its wait for a block, on a node that mines nothing after", async () => {
    // A node that mines on demand (a test's, with automine off) mines the block with the
    // transaction just after the first receipt read answered nothing, and no block after it.
    let block = 7;
    node = await fakeNode(
      () => "answer",
      (method) => {
        if (method === "eth_blockNumber") return `0x${block.toString(16)}`;
        if (block === 7) {
          block = 8;
          return null;
        }
        return { ...(RESULTS.eth_getTransactionReceipt as object), blockNumber: "0x8" };
      },
    );
    const receipt = await node.provider.waitForTransaction(TX_HASH, 1, 3_000);
    expect(receipt?.blockNumber).toBe(8);
  });
});

describe("settlement through a node that drops idle connections", () => {
  const PLAYERS = 3;
  const BETS_PER_PLAYER = 15;
  let server: TestServer;
  let proxy: ResettingProxy | undefined;
  const players: { wallet: Wallet; client: Client }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ MASTER_SECRET }, { serverRpcUrl: async (chain) => (proxy = await startResettingProxy(chain.rpcUrl)).url });
    for (const wallet of server.chain.players.slice(0, PLAYERS)) {
      const client = new Client(server.url);
      await signIn(client, wallet, SIWE_DOMAIN, CHAIN_ID);
      await depositDegen(server, wallet, parseEther("100"));
      players.push({ wallet, client });
    }
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  it("settles every bet of a stream exactly once, with no unhandled rejection", async () => {
    // Irregular gaps leave the server's connections idle long enough for the proxy to drop them.
    const placed = await Promise.all(
      players.map(async ({ wallet, client }) => {
        const ids: string[] = [];
        for (let k = 0; k < BETS_PER_PLAYER; k++) {
          await sleep(Math.random() * 150);
          const bet = { token: "DEGEN", amount: parseEther("1"), gameType: GameType.WHEEL, params: 0b1n, gasLimit: 300_000n } as const;
          ids.push((await placeBet(server, client, wallet, bet)).betId);
        }
        return ids;
      }),
    );
    const betIds = placed.flat();

    const { casino } = server.chain;
    const settlementsOf = async () => {
      const counts = new Map<string, number>();
      for (const log of await casino.queryFilter(casino.filters.BetSettled()))
        counts.set(log.args.betId.toString(), (counts.get(log.args.betId.toString()) ?? 0) + 1);
      return counts;
    };
    let settlements = await settlementsOf();
    for (let i = 0; i < 300 && !betIds.every((id) => settlements.has(id)); i++) {
      await sleep(100);
      settlements = await settlementsOf();
    }
    expect(betIds.filter((id) => settlements.get(id) !== 1)).toEqual([]);

    const db = server.services.database.db;
    let statuses: string[] = [];
    for (let i = 0; i < 100; i++) {
      statuses = (await db.select({ status: bets.status }).from(bets).where(inArray(bets.betId, betIds))).map((row) => row.status);
      if (statuses.length === betIds.length && statuses.every((status) => status === "settled")) break;
      await sleep(100);
    }
    expect(statuses).toEqual(betIds.map(() => "settled"));

    // The proxy did refuse requests on stale connections, and none of it leaked.
    expect(proxy!.resets).toBeGreaterThan(0);
    await letRejectionsSurface();
    expect(unhandled).toEqual([]);
    console.log(`${betIds.length} bets settled; the proxy reset ${proxy!.resets} requests on stale connections and closed ${proxy!.closedIdle} idle ones`);
  }, 120_000);
});
