/**
 * A JSON-RPC node that holds one synthetic Casino history (test/support/history.ts) and answers
 * what `npm run verify` asks of a node: eth_chainId, eth_blockNumber, eth_getCode, eth_call
 * (the Casino's sessions()), eth_getLogs over any block range and addresses,
 * eth_getTransactionByHash (the inputs of the transactions that carry signatures) and
 * eth_getBlockByNumber. The bench serves a deployment's worth of bets with it (log-node.ts); the
 * tests serve histories no real Casino can emit (a relayed bet published otherwise than signed).
 */
import http from "node:http";
import { Interface, keccak256, toBeHex, toQuantity, ZeroAddress } from "ethers";
import { casinoInterface } from "../../bindings/casino";
import { CasinoSessions__factory } from "../../typechain-types/factories/contracts/CasinoSessions__factory";
import { SESSION_EVENTS, type ChainEvent } from "../src/events";
import { CASINO, CHAIN_ID, SESSIONS, type History } from "../test/support/history";

const sessionsInterface = CasinoSessions__factory.createInterface() as unknown as Interface;
const SESSIONS_CALL = casinoInterface.encodeFunctionData("sessions");

/** A history as a node serves it: each log's JSON text in chain order, each transaction's by hash. */
export interface ServedHistory {
  logs: { block: number; address: string; json: string }[];
  transactions: Map<string, string>;
  head: number;
}

/**
 * The history's events encoded with the contracts' ABIs into the logs eth_getLogs returns, each
 * block moved by `moveBlock` (the bench spreads a history over a deployment's span of blocks).
 */
export function servedHistory(history: History, head: number, moveBlock = (block: number) => block): ServedHistory {
  const logs = history.events.map((event) => {
    const block = moveBlock(event.at.block);
    const log = rawLog(event, block);
    return { block, address: log.address.toLowerCase(), json: JSON.stringify(log) };
  });
  const transactions = new Map<string, string>();
  for (const [hash, tx] of history.transactions) transactions.set(hash, JSON.stringify({ ...tx, from: ZeroAddress }));
  return { logs, transactions, head: Math.max(head, (logs.at(-1)?.block ?? 0) + 1) };
}

/** The log eth_getLogs returns for the event, in block `block`. */
function rawLog(event: ChainEvent, block: number) {
  const ofSessions = (SESSION_EVENTS as readonly string[]).includes(event.name);
  const iface = ofSessions ? sessionsInterface : casinoInterface;
  const fragment = iface.getEvent(event.name)!;
  // The fields are named as the event's arguments.
  const values = fragment.inputs.map((input) => (event as unknown as Record<string, unknown>)[input.name] ?? ZeroAddress);
  const { data, topics } = iface.encodeEventLog(fragment, values);
  return {
    address: ofSessions ? SESSIONS : CASINO,
    topics,
    data,
    blockNumber: toQuantity(block),
    // BetPlaced's hash is the one its jackpot draw uses; History derives it from the unmoved block.
    blockHash: event.name === "BetPlaced" ? event.blockHash : keccak256(toBeHex(event.at.block, 32)),
    logIndex: toQuantity(event.at.logIndex),
    transactionHash: event.at.tx,
    transactionIndex: "0x0",
    removed: false,
  };
}

interface Request {
  id: number;
  method: string;
  params: unknown[];
}

/** The answer's JSON text: the logs' and transactions' texts are joined as they are, never parsed again. */
function answerer({ logs, transactions, head }: ServedHistory): (request: Request) => string {
  /** The first log at or after `block` (logs are in block order). */
  const firstAt = (block: number): number => {
    let [low, high] = [0, logs.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (logs[middle]!.block < block) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return ({ id, method, params }) => {
    const result = (value: string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${value}}`;
    const error = (message: string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32601,"message":${JSON.stringify(message)}}}`;
    switch (method) {
      case "eth_chainId":
        return result(JSON.stringify(toQuantity(CHAIN_ID)));
      case "eth_blockNumber":
        return result(JSON.stringify(toQuantity(head)));
      case "eth_getCode":
        return result(JSON.stringify(String(params[0]).toLowerCase() === CASINO.toLowerCase() ? "0x6080" : "0x"));
      case "eth_call": {
        const { to, data } = params[0] as { to: string; data: string };
        if (to.toLowerCase() !== CASINO.toLowerCase() || data !== SESSIONS_CALL) return error("execution reverted");
        return result(JSON.stringify(casinoInterface.encodeFunctionResult("sessions", [SESSIONS])));
      }
      case "eth_getLogs": {
        const filter = params[0] as { address: string | string[]; fromBlock: string; toBlock: string };
        const addresses = new Set([filter.address].flat().map((address) => address.toLowerCase()));
        const [from, to] = [Number(filter.fromBlock), Number(filter.toBlock)];
        const inRange = logs.slice(firstAt(from), firstAt(to + 1)).filter((log) => addresses.has(log.address));
        return result(`[${inRange.map((log) => log.json).join(",")}]`);
      }
      case "eth_getTransactionByHash":
        return result(transactions.get(String(params[0])) ?? "null");
      case "eth_getBlockByNumber": {
        const block = Number(params[0]);
        return result(JSON.stringify(block > head ? null : { number: toQuantity(block), timestamp: toQuantity(1_800_000_000 + Math.floor(block * 0.75)) }));
      }
      default:
        return error(`${method} is not served here`);
    }
  };
}

export interface LogServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the history on a free local port, each answer `delayMs` late (0: at once, as a local node). */
export function serveHistory(history: ServedHistory, delayMs = 0): Promise<LogServer> {
  const answer = answerer(history);
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
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
