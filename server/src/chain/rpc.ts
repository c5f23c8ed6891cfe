import http from "node:http";
import https from "node:https";
import { JsonRpcProvider, type JsonRpcApiProviderOptions, type JsonRpcError, type JsonRpcPayload, type JsonRpcResult, type Networkish } from "ethers";

const REQUEST_TIMEOUT_MS = 120_000;
/** Requests in flight to the node at once; more wait for a free connection. */
const MAX_SOCKETS = 8;

/** ethers' _send is typed with results only, but the node's errors come back in the same array and ethers sorts them out. */
type RpcAnswer = JsonRpcResult | JsonRpcError;

/**
 * ethers' JsonRpcProvider over kept-alive connections. ethers' own transport opens a connection
 * per request, copies the whole body again for every chunk that arrives and decodes UTF-8 in
 * JavaScript: a busy block's logs (about 1 MB) cost the settler half a second. Only the transport
 * changes; batching, formatting and errors stay ethers'.
 */
export class KeepAliveJsonRpcProvider extends JsonRpcProvider {
  readonly #url: URL;
  readonly #agent: http.Agent;

  constructor(url: string, network?: Networkish, options?: JsonRpcApiProviderOptions) {
    super(url, network, options);
    this.#url = new URL(url);
    const Agent = this.#url.protocol === "https:" ? https.Agent : http.Agent;
    this.#agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  }

  override _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const body = Buffer.from(JSON.stringify(payload));
    const request = this.#url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(new Error(`RPC ${this.#url.origin} failed: ${error.message}`));
      const req = request(
        this.#url,
        { method: "POST", agent: this.#agent, timeout: REQUEST_TIMEOUT_MS, headers: { "content-type": "application/json", "content-length": body.length } },
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
      req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on("error", fail);
      req.end(body);
    });
  }

  override destroy(): void {
    this.#agent.destroy();
    super.destroy();
  }
}
