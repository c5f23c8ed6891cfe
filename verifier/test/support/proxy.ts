import http from "node:http";

export interface DelayingProxy {
  url: string;
  /** When each request arrived (performance.now()), in order. */
  arrivals: number[];
  /** The number of calls of each batch request passed on to the node, in order. */
  batches: number[];
  /** Batch requests refused for their size. */
  refused: number;
  close(): Promise<void>;
}

/**
 * An HTTP proxy to the node that answers every request `latencyMs` late, as a distant public RPC
 * does, and refuses a batch of more than `maxBatch` calls as a whole, with geth's answer.
 */
export async function delayingProxy(target: string, latencyMs: number, maxBatch = Infinity): Promise<DelayingProxy> {
  const proxy = { arrivals: [] as number[], batches: [] as number[], refused: 0 };
  const server = http.createServer((req, res) => {
    proxy.arrivals.push(performance.now());
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const body = JSON.parse(Buffer.concat(chunks).toString()) as unknown;
      if (Array.isArray(body) && body.length > maxBatch) {
        proxy.refused++;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "batch too large" } }));
        return;
      }
      if (Array.isArray(body)) proxy.batches.push(body.length);
      const answer = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
