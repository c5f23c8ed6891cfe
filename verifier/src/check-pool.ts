/**
 * Where the bets of a deferred audit (audit.ts) are checked: on this thread, or on worker threads
 * (check-worker.ts), which take batches in turn while this thread reads and audits the next events.
 * checkBet is pure, so both give the same results, in the order the bets were handed out.
 */
import { Worker } from "node:worker_threads";
import type { BetCheck } from "./audit";
import { checkBet, type CheckContext } from "./checks";
import type { CheckBatch, CheckedBatch } from "./check-worker";
import type { BetResult } from "./types";

/** Bets per message to a worker: large enough that messaging costs little next to the checks. */
const BATCH = 256;

export interface Checker {
  add(check: BetCheck): void;
  /** Every result, in the order the bets were added. */
  results(): Promise<BetResult[]>;
  close(): Promise<void>;
}

/** `workers` threads, or this thread when 0. */
export function createChecker(context: CheckContext, workers: number): Checker {
  return workers > 0 ? new CheckPool(context, workers) : new InlineChecker(context);
}

class InlineChecker implements Checker {
  private readonly checked: BetResult[] = [];
  constructor(private readonly context: CheckContext) {}

  add({ bet, earlier, chainVerdict }: BetCheck): void {
    this.checked.push(checkBet(bet, this.context, earlier, chainVerdict));
  }

  async results(): Promise<BetResult[]> {
    return this.checked;
  }

  async close(): Promise<void> {}
}

/**
 * Workers start with the batches that need them, so that a short history (fewer bets than a
 * batch, as a player's own check) is checked here: a worker takes 0.7–1.8 s to answer its first
 * batch on this busy 2-core machine (it loads the engine through tsx).
 */
class CheckPool implements Checker {
  private readonly workers: Worker[] = [];
  private waiting: BetCheck[] = [];
  /** Batches sent and not yet answered, by id: their earlier problems are mapped back from them. */
  private readonly sent = new Map<number, BetCheck[]>();
  private readonly answered: BetResult[][] = [];
  private batches = 0;
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

  async results(): Promise<BetResult[]> {
    if (this.batches === 0) return this.waiting.map(({ bet, earlier, chainVerdict }) => checkBet(bet, this.context, earlier, chainVerdict));
    this.send();
    if (this.sent.size > 0 && !this.failure) await new Promise<void>((resolve) => (this.settled = resolve));
    if (this.failure) throw this.failure;
    return this.answered.flat();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private send(): void {
    if (this.waiting.length === 0) return;
    const id = this.batches++;
    if (this.workers.length < this.size) this.workers.push(this.startWorker());
    this.sent.set(id, this.waiting);
    this.workers[id % this.workers.length]!.postMessage({ id, checks: this.waiting } satisfies CheckBatch);
    this.waiting = [];
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL("./check-worker.mjs", import.meta.url), { workerData: this.context });
    worker.on("message", (batch: CheckedBatch) => this.receive(batch));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => {
      if (!this.closing) this.fail(new Error(`a check worker stopped (exit code ${code})`));
    });
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
