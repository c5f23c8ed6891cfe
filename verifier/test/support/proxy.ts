import http from "node:http";

export interface DelayingProxy {
  url: string;
  /** When each request arrived (performance.now()), in order. */
  arrivals: number[];
  close(): Promise<void>;
}

/** An HTTP proxy to the node that answers every request `latencyMs` late, as a distant public RPC does. */
export async function delayingProxy(target: string, latencyMs: number): Promise<DelayingProxy> {
  const arrivals: number[] = [];
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const answer = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
