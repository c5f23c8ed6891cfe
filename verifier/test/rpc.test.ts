import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rpc, RpcError } from "../src/rpc";

interface Request {
  id: number;
  method: string;
  params: unknown[];
}

/**
 * A node that answers `echo` with its parameter and `fail` with an error, and answers the calls of
 * a batch beyond its first `maxAnswered` with geth's error for a response over its size limit.
 */
function node(maxAnswered: number) {
  const batches: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const calls = JSON.parse(Buffer.concat(chunks).toString()) as Request[];
      batches.push(calls.length);
      const answers = calls.map(({ id, method, params }, i) =>
        i >= maxAnswered
          ? { jsonrpc: "2.0", id, error: { code: -32003, message: "response too large" } }
          : method === "fail"
            ? { jsonrpc: "2.0", id, error: { code: -32000, message: "no such thing" } }
            : { jsonrpc: "2.0", id, result: params[0] },
      );
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answers));
    });
  });
  return { server, batches };
}

describe("batch requests", () => {
  const { server, batches } = node(3);
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("splits a batch whose calls the node refuses in part until each part is answered, and keeps the size that passed", async () => {
    const rpc = new Rpc(url, 0, 10);
    batches.length = 0;
    const answers = await rpc.batch<number>(Array.from({ length: 10 }, (_, i) => ({ method: "echo", params: [i] })));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rpc.batchSize).toBe(3);
    // 10 refused in part, then 5 and 5 refused in part, then threes.
    expect(batches).toEqual([10, 5, 3, 2, 5, 3, 2]);
    batches.length = 0;
    await rpc.batch<number>(Array.from({ length: 7 }, (_, i) => ({ method: "echo", params: [i] })));
    expect(batches).toEqual([3, 3, 1]);
  });

  it("gives a single call's error as its answer, the other calls' results, and keeps its batch size", async () => {
    const rpc = new Rpc(url, 0, 3);
    batches.length = 0;
    const answers = await rpc.batch<string>([
      { method: "echo", params: ["a"] },
      { method: "fail", params: [] },
      { method: "echo", params: ["c"] },
    ]);
    expect(answers[0]).toBe("a");
    expect(answers[1]).toBeInstanceOf(RpcError);
    expect((answers[1] as RpcError).message).toBe("fail: no such thing");
    expect(answers[2]).toBe("c");
    // Split until the refused call stood alone: no part did better, so no size limit was found.
    expect(batches).toEqual([3, 2, 1, 1, 1]);
    expect(rpc.batchSize).toBe(3);
  });
});
