import type { CheckName, Problem, ProblemKind, Verdict } from "./types";

/** The less certain of two verdicts wins: a column checked twice (S: the bet, then its actions) shows the weaker. */
const CERTAINTY: Record<Verdict, number> = { "n/a": 0, exact: 1, pending: 2, allowed: 3, unchecked: 4, mismatch: 5 };

/** Collects a bet's problems and the verdict of each column. */
export class Findings {
  readonly problems: Problem[] = [];
  readonly checks: Record<CheckName, Verdict> = { word: "n/a", chain: "n/a", payout: "n/a", jackpot: "n/a", signed: "n/a" };
  constructor(private readonly bet: { betId: bigint; player: string; block: number }) {}

  problem(check: CheckName, kind: ProblemKind, message: string): void {
    this.adopt(check, { kind, message, block: this.bet.block, betId: this.bet.betId, player: this.bet.player });
  }

  /** A problem found before the bet was resolved (order, link, locked entropy), kept as it is. */
  adopt(check: CheckName, problem: Problem): void {
    this.problems.push(problem);
    this.checks[check] = "mismatch";
  }

  /** Sets a verdict unless the column already holds a less certain one (a mismatch, above all). */
  verdict(check: CheckName, verdict: Verdict): void {
    if (CERTAINTY[verdict] > CERTAINTY[this.checks[check]]) this.checks[check] = verdict;
  }
}
