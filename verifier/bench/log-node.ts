/**
 * The verifier bench's node (run.ts starts it as a child process, so that serving costs the
 * verifier's process nothing, as a remote node would): a JSON-RPC server holding one Casino
 * history (history.ts). It answers what `npm run verify` asks of a node — eth_chainId,
 * eth_blockNumber, eth_getCode, eth_getLogs over any block range, eth_getBlockByNumber — on two
 * ports: at once (a local node) and `latencyMs` late (a distant public RPC).
 *
 *   tsx verifier/bench/log-node.ts BETS SPAN_BLOCKS LATENCY_MS DEPLOYMENT_FILE
 *
 * prints one JSON line: { direct, delayed, head, bets, events, buildSeconds }.
 */
import { writeFileSync } from "node:fs";
import http from "node:http";
import { toQuantity } from "ethers";
import { VERIFIED_TOPICS } from "../src/events";
import { CASINO, CHAIN_ID, DEGEN } from "../test/support/history";
import { benchHistory } from "./history";

interface Request {
  id: number;
  method: string;
  params: unknown[];
}

const [bets, spanBlocks, latencyMs] = process.argv.slice(2, 5).map(Number) as [number, number, number];
const deploymentFile = process.argv[5]!;
const started = performance.now();
const { logs, head } = benchHistory(bets, spanBlocks);
const verifiedTopics = new Set(VERIFIED_TOPICS);
writeFileSync(deploymentFile, JSON.stringify({ chainId: Number(CHAIN_ID), deploymentBlock: 0, contracts: { Casino: CASINO, DegenToken: DEGEN } }));

/** The first log at or after `block` (logs are in block order). */
function firstAt(block: number): number {
  let [low, high] = [0, logs.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (logs[middle]!.block < block) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The answer's JSON text: the logs' texts are joined as they are, never parsed again. */
function answer({ id, method, params }: Request): string {
  const result = (value: string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${value}}`;
  switch (method) {
    case "eth_chainId":
      return result(JSON.stringify(toQuantity(CHAIN_ID)));
    case "eth_blockNumber":
      return result(JSON.stringify(toQuantity(head)));
    case "eth_getCode":
      return result(JSON.stringify(String(params[0]).toLowerCase() === CASINO.toLowerCase() ? "0x6080" : "0x"));
    case "eth_getLogs": {
      const filter = params[0] as { address: string; topics?: string[][]; fromBlock: string; toBlock: string };
      if (filter.address.toLowerCase() !== CASINO.toLowerCase() || filter.topics?.[0]?.some((topic) => !verifiedTopics.has(topic))) return result("[]");
      const [from, to] = [Number(filter.fromBlock), Number(filter.toBlock)];
      return result(
        `[${logs
          .slice(firstAt(from), firstAt(to + 1))
          .map((log) => log.json)
          .join(",")}]`,
      );
    }
    case "eth_getBlockByNumber": {
      const block = Number(params[0]);
      return result(JSON.stringify(block > head ? null : { number: toQuantity(block), timestamp: toQuantity(1_800_000_000 + Math.floor(block * 0.75)) }));
    }
    default:
      return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32601,"message":"${method} is not served here"}}`;
  }
}

function serve(delayMs: number): Promise<string> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Request | Request[];
      const text = Array.isArray(body) ? `[${body.map(answer).join(",")}]` : answer(body);
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(text);
      }, delayMs);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

const [direct, delayed] = await Promise.all([serve(0), serve(latencyMs)]);
console.log(JSON.stringify({ direct, delayed, head, bets, events: logs.length, buildSeconds: (performance.now() - started) / 1000 }));
