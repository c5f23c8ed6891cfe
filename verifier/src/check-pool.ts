/**
 * Where the bets of a deferred audit (audit.ts) are checked: on this thread, or on worker threads
 * (check-worker.ts), which take batches in turn while this thread reads and audits the next events,
 * and this thread too whenever every worker has a queue. checkBet is pure, so both give the same
 * results, in the order the bets were handed out.
 */
import { Worker } from "node:worker_threads";
import { checkBet } from "./checks";
import type { CheckBatch, CheckedBatch } from "./check-worker";
import type { BetCheck, BetResult, CheckContext } from "./types";

/** Bets per message to a worker: large enough that messaging costs little next to the checks. */
const BATCH = 256;
/**
 * Batches a worker may hold unanswered; past that this thread checks the next batch itself. Reading
 * and auditing leave this thread idle half the time, while checks are two thirds of the work: so
 * neither core waits while the other has a queue (bench:verify, verifier/README.md "Speed").
 */
const QUEUED_PER_WORKER = 2;
const MAX_WORKERS = 256;

/**
 * Workers no pool uses now, kept for the next pool of the process rather than terminated. The
 * `secp256k1` addon (signatures.ts) keeps one static reference to its class, which each thread
 * that loads it replaces: a thread loading it after another that loaded it has exited frees a
 * reference of a dead thread, and the process aborts ("free(): invalid pointer"). So no worker ends
 * before the process does; idle ones are unref'd and keep nothing alive.
 */
const idleWorkers: Worker[] = [];

function takeWorker(): Worker {
  const worker = idleWorkers.pop() ?? newWorker();
  worker.ref();
  return worker;
}

function newWorker(): Worker {
  const worker = new Worker(new URL("./check-worker.mjs", import.meta.url));
  // A worker that stops while idle is no longer offered.
  worker.on("exit", () => {
    const at = idleWorkers.indexOf(worker);
    if (at >= 0) idleWorkers.splice(at, 1);
  });
  return worker;
}

/**
 * Checks on up to `size` worker threads; with none, on this thread. Workers start with the
 * batches that need them, so that a short history (fewer bets than a batch, as a player's own
 * check) is checked here: a worker takes 0.7–1.8 s to answer its first batch on this busy 2-core
 * machine (it loads the engine through tsx).
 */
export class CheckPool {
  private readonly workers: Worker[] = [];
  private waiting: BetCheck[] = [];
  /** Batches sent and not yet answered, by id: their earlier problems are mapped back from them. */
  private readonly sent = new Map<number, BetCheck[]>();
  /**
   * Batches each worker has not finished, shared with the workers, which count theirs down as they
   * finish: this thread reads it while it is too busy to receive their answers.
   */
  private readonly queued = new Int32Array(new SharedArrayBuffer(4 * MAX_WORKERS));
  private readonly answered: BetResult[][] = [];
  private batches = 0;
  /** Batches this thread checked itself because there was no worker, or every worker had a queue. */
  batchesCheckedHere = 0;
  private failure: Error | undefined;
  private settled: (() => void) | undefined;
  private closing = false;

  constructor(
    private readonly context: CheckContext,
    private readonly size: number,
  ) {}

  add(check: BetCheck): void {
    this.waiting.push(check);
    if (this.waiting.length >= BATCH) this.send();
  }

  /** Every result, in the order the bets were added. */
  async results(): Promise<BetResult[]> {
    if (this.batches === 0) return this.waiting.map(({ bet, earlier, chainVerdict }) => checkBet(bet, this.context, earlier, chainVerdict));
    this.send();
    if (this.sent.size > 0 && !this.failure) await new Promise<void>((resolve) => (this.settled = resolve));
    if (this.failure) throw this.failure;
    return this.answered.flat();
  }

  /** The workers go back to the process's idle ones (a failed pool's are ended: they may be stuck). */
  async close(): Promise<void> {
    this.closing = true;
    for (const worker of this.workers) {
      worker.off("message", this.onMessage);
      worker.off("error", this.onError);
      worker.off("exit", this.onExit);
    }
    if (this.failure || this.sent.size > 0) {
      await Promise.all(this.workers.map((worker) => worker.terminate()));
      return;
    }
    for (const worker of this.workers) {
      worker.unref();
      idleWorkers.push(worker);
    }
  }

  private send(): void {
    if (this.waiting.length === 0) return;
    const id = this.batches++;
    const checks = this.waiting;
    this.waiting = [];
    if (this.workers.length < Math.min(this.size, MAX_WORKERS)) this.workers.push(this.startWorker());
    let worker = 0;
    for (let i = 1; i < this.workers.length; i++) if (Atomics.load(this.queued, i) < Atomics.load(this.queued, worker)) worker = i;
    if (this.workers.length === 0 || Atomics.load(this.queued, worker) >= QUEUED_PER_WORKER) {
      this.batchesCheckedHere++;
      this.answered[id] = checks.map(({ bet, earlier, chainVerdict }) => checkBet(bet, this.context, earlier, chainVerdict));
      return;
    }
    Atomics.add(this.queued, worker, 1);
    this.sent.set(id, checks);
    this.workers[worker]!.postMessage({ id, checks, context: this.context, queued: this.queued, slot: worker } satisfies CheckBatch);
  }

  private readonly onMessage = (batch: CheckedBatch) => this.receive(batch);
  private readonly onError = (error: Error) => this.fail(error);
  private readonly onExit = (code: number) => {
    if (!this.closing) this.fail(new Error(`a check worker stopped (exit code ${code})`));
  };

  private startWorker(): Worker {
    const worker = takeWorker();
    worker.on("message", this.onMessage);
    worker.on("error", this.onError);
    worker.on("exit", this.onExit);
    return worker;
  }

  private receive({ id, results }: CheckedBatch): void {
    const checks = this.sent.get(id)!;
    this.sent.delete(id);
    this.answered[id] = results.map((result, i) => ({
      ...result,
      problems: result.problems.map((problem) => (typeof problem === "number" ? checks[i]!.earlier[problem]! : problem)),
    }));
    if (this.sent.size === 0) this.settled?.();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.settled?.();
  }
}
