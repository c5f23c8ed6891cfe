/**
 * A small JSON-RPC client for reading a chain: plain fetch (kept-alive connections), batches,
 * and polite retries. ethers' provider is not used because it turns every log into an object
 * with formatters the verifier does not need, which costs more than the checks themselves.
 */

const REQUEST_TIMEOUT_MS = 60_000;
const FINAL_CAUSES = new Set(["ECONNREFUSED", "ENOTFOUND"]);
const RETRIES = 6;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 15_000;

/** The node answered with a JSON-RPC error: the request itself is refused (often a range limit). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** The node could not be reached or kept failing: no answer to work with. */
export class ConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionError";
  }
}

interface Answer {
  id: number;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface Call {
  method: string;
  params: unknown[];
}

export class Rpc {
  private nextId = 1;
  /** Calls per batch request; halved for the rest of the run when the node refuses a batch. */
  batchSize: number;
  /** Requests sent, retries included: reported with the verifier's timings. */
  requests = 0;
  private readonly spacingMs: number;
  /** Requests wait their turn here, one after the other. */
  private turns: Promise<void> = Promise.resolve();
  private lastStart = -Infinity;

  /**
   * @param requestsPerSecond at most this many requests start in any second, retries included, evenly
   *   spaced: a public node's rate limit (BSC's own endpoints allow 10,000 per 5 minutes). 0: no limit.
   * @param batchSize calls per batch request to start with: a rate limit counts requests, so the
   *   more calls each carries, the sooner a run is read.
   */
  constructor(
    readonly url: string,
    requestsPerSecond: number,
    batchSize: number,
  ) {
    this.spacingMs = requestsPerSecond > 0 ? 1000 / requestsPerSecond : 0;
    this.batchSize = Math.max(1, batchSize);
  }

  async call<T>(method: string, params: unknown[]): Promise<T> {
    const [answer] = await this.post([{ method, params }]);
    return unwrap<T>(answer!, method);
  }

  /**
   * The calls, `batchSize` to a request, one request after the other; each answer is a result or
   * its RpcError. A batch with refused calls is split in two until its parts pass or a single call
   * is left, whose error is its answer. When smaller parts pass where the whole was refused, the
   * node limits a batch's size (each node words it differently): later batches start from the size
   * that passed.
   */
  async batch<T>(calls: readonly Call[]): Promise<(T | RpcError)[]> {
    const answers: (T | RpcError)[] = [];
    for (let first = 0; first < calls.length;) {
      const part = calls.slice(first, first + this.batchSize);
      answers.push(...(await this.batchOnce<T>(part)));
      first += part.length;
    }
    return answers;
  }

  private async batchOnce<T>(calls: readonly Call[]): Promise<(T | RpcError)[]> {
    let answers: (T | RpcError)[];
    try {
      answers = (await this.post(calls)).map((answer, i) => {
        try {
          return unwrap<T>(answer, calls[i]!.method);
        } catch (error) {
          if (error instanceof RpcError) return error;
          throw error;
        }
      });
    } catch (error) {
      // The whole batch refused: an error object instead of the answers.
      if (!(error instanceof RpcError)) throw error;
      answers = calls.map(() => error);
    }
    const refused = answers.filter((answer) => answer instanceof RpcError).length;
    if (calls.length === 1 || refused === 0) return answers;
    const half = Math.ceil(calls.length / 2);
    const parts = [...(await this.batchOnce<T>(calls.slice(0, half))), ...(await this.batchOnce<T>(calls.slice(half)))];
    if (parts.filter((answer) => answer instanceof RpcError).length < refused) this.batchSize = Math.min(this.batchSize, half);
    return parts;
  }

  /**
   * Waits for this request's turn under the rate limit. Each request starts at least spacingMs
   * after the one before actually started: a busy thread that wakes late then sends one request,
   * not the several whose times have passed at once.
   */
  private paced(): Promise<void> {
    if (this.spacingMs === 0) return Promise.resolve();
    this.turns = this.turns.then(async () => {
      const wait = this.lastStart + this.spacingMs - performance.now();
      if (wait > 0) await sleep(wait);
      this.lastStart = performance.now();
    });
    return this.turns;
  }

  /**
   * POSTs the calls, retrying what a public node does when busy (a network error, a timeout,
   * HTTP 429 or 5xx) with exponential backoff, honouring Retry-After. Answers come back in the
   * calls' order.
   */
  private async post(calls: readonly Call[]): Promise<Answer[]> {
    const ids = calls.map(() => this.nextId++);
    const body = JSON.stringify(calls.map((call, i) => ({ jsonrpc: "2.0", id: ids[i], method: call.method, params: call.params })));
    let lastError = "";
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      if (attempt > 0) await sleep(Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2));
      await this.paced();
      this.requests++;
      let response: Response;
      try {
        response = await fetch(this.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        lastError = describe(error);
        // Nothing listens there, or the name does not exist: waiting will not change that.
        if (FINAL_CAUSES.has(causeCode(error) ?? "")) throw new ConnectionError(`${this.url} cannot be reached: ${lastError}`);
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        lastError = `HTTP ${response.status}`;
        const retryAfter = Number(response.headers.get("retry-after"));
        await response.body?.cancel();
        if (retryAfter > 0) await sleep(Math.min(retryAfter * 1000, MAX_BACKOFF_MS));
        continue;
      }
      const text = await response.text();
      if (!response.ok) throw new ConnectionError(`${this.url} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ConnectionError(`${this.url} did not answer JSON-RPC: ${text.slice(0, 200)}`);
      }
      // A node that refuses the whole batch answers with one error object.
      if (!Array.isArray(parsed)) {
        const single = parsed as Answer;
        if (single.error) throw new RpcError(single.error.code, single.error.message);
        throw new ConnectionError(`${this.url} answered a batch with a single result`);
      }
      const byId = new Map((parsed as Answer[]).map((answer) => [answer.id, answer]));
      return ids.map((id) => byId.get(id) ?? { id, error: { code: -32603, message: "no answer for this call in the batch" } });
    }
    throw new ConnectionError(`${this.url} failed ${RETRIES + 1} times: ${lastError}`);
  }
}

function unwrap<T>(answer: Answer, method: string): T {
  if (answer.error) throw new RpcError(answer.error.code, `${method}: ${answer.error.message}`);
  return answer.result as T;
}

function causeCode(error: unknown): string | undefined {
  return (error as { cause?: { code?: string } } | undefined)?.cause?.code;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
