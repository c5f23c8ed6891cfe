import http from "node:http";
import type { AddressInfo } from "node:net";
import { toQuantity } from "ethers";

/**
 * A stand-in node for a second chain: answers eth_chainId and eth_blockNumber with fixed values,
 * so that a test can tell which node a request reached.
 */
export async function startFakeNode(chainId: number, blockNumber: number): Promise<{ url: string; close(): Promise<void> }> {
  const results: Record<string, string> = { eth_chainId: toQuantity(chainId), eth_blockNumber: toQuantity(blockNumber) };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify(
          method in results
            ? { jsonrpc: "2.0", id, result: results[method] }
            : { jsonrpc: "2.0", id, error: { code: -32601, message: `${method} is not served here` } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
