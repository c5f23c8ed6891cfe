/**
 * A worker thread of check-pool.ts: runs checkBet on batches of resolved bets. A result's
 * problems found before the resolution (`earlier`) travel back as their index in the batch's
 * `earlier`, so that the pool can hand back the very objects the audit listed.
 */
import { parentPort } from "node:worker_threads";
import { checkBet } from "./checks";
import type { BetCheck, BetResult, CheckContext, Problem } from "./types";

export interface CheckBatch {
  id: number;
  checks: BetCheck[];
  /** The run's context: a worker serves the pools of many runs in turn (check-pool.ts). */
  context: CheckContext;
  /** The pool's count of unfinished batches per worker (shared memory), and this worker's slot in it. */
  queued: Int32Array;
  slot: number;
}

export interface CheckedBatch {
  id: number;
  results: (Omit<BetResult, "problems"> & { problems: (Problem | number)[] })[];
}

parentPort!.on("message", ({ id, checks, context, queued, slot }: CheckBatch) => {
  const results = checks.map(({ bet, earlier, chainVerdict }) => {
    const result = checkBet(bet, context, earlier, chainVerdict);
    return { ...result, problems: result.problems.map((problem) => (earlier.includes(problem) ? earlier.indexOf(problem) : problem)) };
  });
  Atomics.sub(queued, slot, 1);
  parentPort!.postMessage({ id, results } satisfies CheckedBatch);
});
