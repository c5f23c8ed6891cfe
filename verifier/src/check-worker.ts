/**
 * A worker thread of check-pool.ts: runs checkBet on batches of resolved bets. A result's
 * problems found before the resolution (`earlier`) travel back as their index in the batch's
 * `earlier`, so that the pool can hand back the very objects the audit listed.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { BetCheck } from "./audit";
import { checkBet, type CheckContext } from "./checks";
import type { BetResult, Problem } from "./types";

export interface CheckBatch {
  id: number;
  checks: BetCheck[];
}

export interface CheckedBatch {
  id: number;
  results: (Omit<BetResult, "problems"> & { problems: (Problem | number)[] })[];
}

const context = workerData as CheckContext;

parentPort!.on("message", ({ id, checks }: CheckBatch) => {
  const results = checks.map(({ bet, earlier, chainVerdict }) => {
    const result = checkBet(bet, context, earlier, chainVerdict);
    return { ...result, problems: result.problems.map((problem) => (earlier.includes(problem) ? earlier.indexOf(problem) : problem)) };
  });
  parentPort!.postMessage({ id, results } satisfies CheckedBatch);
});
