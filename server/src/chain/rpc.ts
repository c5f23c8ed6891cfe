import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import {
  JsonRpcProvider,
  makeError,
  type JsonRpcApiProviderOptions,
  type JsonRpcError,
  type JsonRpcPayload,
  type JsonRpcResult,
  type Networkish,
  type TransactionReceipt,
} from "ethers";

const REQUEST_TIMEOUT_MS = 120_000;
/** Requests in flight to the node at once; more wait for a free connection. */
const MAX_SOCKETS = 8;
/**
 * We close a connection idle this long, before the node does: Node's HTTP server (Hardhat's node
 * among them) drops a kept-alive connection after 5 s idle, and a request written to it just then
 * is reset. Node's agent lowers this to the node's own Keep-Alive hint minus a second, but only
 * when it has a timeout of its own to lower.
 */
const IDLE_CONNECTION_TIMEOUT_MS = 4_000;
/** How a request fails when the connection it was written to had been closed by the node ("socket hang up" is ECONNRESET too). */
const CLOSED_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** ethers' _send is typed with results only, but the node's errors come back in the same array and ethers sorts them out. */
type RpcAnswer = JsonRpcResult | JsonRpcError;

/** A request written to a kept-alive connection the node had closed: nothing of an answer arrived. */
class StaleConnectionError extends Error {}

/**
 * ethers' JsonRpcProvider over kept-alive connections. ethers' own transport opens a connection
 * per request, copies the whole body again for every chunk that arrives and decodes UTF-8 in
 * JavaScript: a busy block's logs (about 1 MB) cost the settler half a second. Only the transport
 * changes, and waitForTransaction; batching, formatting and errors stay ethers'.
 */
export class KeepAliveJsonRpcProvider extends JsonRpcProvider {
  readonly #url: URL;
  readonly #agent: http.Agent;
  #headRead?: { at: number; number: Promise<number> };

  /**
   * Requests made in the same turn of the event loop still go as one batch, but none waits
   * ethers' default 10 ms for more to join it: a relay round is several requests one after the
   * other, each of which waited that long (the relay bench, issue #40).
   */
  constructor(url: string, network?: Networkish, options?: JsonRpcApiProviderOptions) {
    super(url, network, { batchStallTime: 0, ...options });
    this.#url = new URL(url);
    const Agent = this.#url.protocol === "https:" ? https.Agent : http.Agent;
    this.#agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, timeout: IDLE_CONNECTION_TIMEOUT_MS });
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const body = Buffer.from(JSON.stringify(payload));
    try {
      return await this.#post(body, this.#agent);
    } catch (error) {
      if (!(error instanceof StaleConnectionError)) throw error;
      // Sending it again is safe. It failed on a connection that had served earlier requests,
      // before a byte of an answer: a request that met a connection the node had already closed,
      // which the node never read. Had the node read it all the same (the connection broke while
      // it ran), what this server sends runs harmlessly twice: reads, and eth_sendRawTransaction
      // of a signed transaction, which the chain executes once at most (a second copy is refused
      // as known or by its nonce, and the sender looks the hash up as after any failed broadcast).
      // The new request gets a connection of its own, so its failure is final: not a stale
      // connection but a node that is down.
      return this.#post(body, false);
    }
  }

  /** One POST; `agent: false` opens a fresh connection. */
  #post(body: Buffer, agent: http.Agent | false): Promise<JsonRpcResult[]> {
    const request = this.#url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(new Error(`RPC ${this.#url.origin} failed: ${error.message}`));
      const req = request(
        this.#url,
        { method: "POST", agent, timeout: REQUEST_TIMEOUT_MS, headers: { "content-type": "application/json", "content-length": body.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", fail);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            if (res.statusCode !== 200) return fail(new Error(`HTTP ${res.statusCode} ${text.slice(0, 200)}`));
            try {
              const answer = JSON.parse(text) as RpcAnswer | RpcAnswer[];
              resolve((Array.isArray(answer) ? answer : [answer]) as JsonRpcResult[]);
            } catch {
              fail(new Error(`not JSON: ${text.slice(0, 200)}`));
            }
          });
        },
      );
      // A kept-alive socket has read earlier answers: only bytes beyond those are this request's.
      let socket: Socket | undefined;
      let bytesReadBefore = 0;
      req.once("socket", (assigned: Socket) => {
        socket = assigned;
        bytesReadBefore = assigned.bytesRead;
      });
      req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on("error", (error: NodeJS.ErrnoException) => {
        const nothingAnswered = socket !== undefined && socket.bytesRead === bytesReadBefore;
        // Kept alive: it had answered earlier requests. Node's agent sets req.reusedSocket only for
        // a connection taken from its idle pool, not for one handed to a request that waited for it
        // (more than MAX_SOCKETS at once), which the node may have closed all the same.
        const keptAlive = bytesReadBefore > 0;
        if (keptAlive && nothingAnswered && CLOSED_CONNECTION_CODES.has(error.code ?? "")) reject(new StaleConnectionError(error.message));
        else fail(error);
      });
      req.end(body);
    });
  }

  /**
   * ethers' version awaits its first block number inside a Promise executor: when that read fails
   * the rejection escapes unhandled and the wait never ends (or only at its timeout), and a failed
   * receipt read waits for a next block that may never come. It also waits on ethers' block poller,
   * whose first poll only takes the head as its starting point: a transaction mined between the
   * receipt read and that poll is seen one block later, on a node that mines on demand never.
   * Here the head is read before the receipt, and the wait ends at any block above it; a failed
   * read is tried again after the polling interval; a wait ends with the receipt or at its timeout.
   */
  override async waitForTransaction(hash: string, confirms?: number | null, timeout?: number | null): Promise<TransactionReceipt | null> {
    const wanted = confirms ?? 1;
    const deadline = timeout == null ? Infinity : Date.now() + timeout;
    for (;;) {
      try {
        const seen = await this.#head();
        const receipt = await this.getTransactionReceipt(hash);
        if (wanted === 0) return receipt;
        if (receipt && (wanted === 1 || (await receipt.confirmations()) >= wanted)) return receipt;
        await this.#blockAbove(seen, deadline);
      } catch (error) {
        if (this.destroyed) throw error;
        await sleep(Math.min(this.pollingInterval, deadline - Date.now()));
      }
      if (Date.now() >= deadline)
        throw makeError(`transaction ${hash} not mined within ${timeout} ms`, "TIMEOUT", { operation: "waitForTransaction", reason: "timeout" });
    }
  }

  /** The head's number, read once per polling interval however many waits ask for it. */
  #head(): Promise<number> {
    const now = Date.now();
    if (!this.#headRead || now - this.#headRead.at >= this.pollingInterval) this.#headRead = { at: now, number: this.getBlockNumber() };
    return this.#headRead.number;
  }

  /** Resolves once the head is above `seen`, or at the deadline. */
  async #blockAbove(seen: number, deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      await sleep(Math.min(this.pollingInterval, deadline - Date.now()));
      if ((await this.#head()) > seen) return;
    }
  }

  override destroy(): void {
    this.#agent.destroy();
    super.destroy();
  }
}
