import { createDeferredAudit, type AuditOptions, type AuditResult } from "../../src/audit";
import { decodeCall, type RawTransaction } from "../../src/calls";
import { checkBet } from "../../src/checks";
import type { ChainEvent } from "../../src/events";
import { withInputs } from "../../src/transactions";
import type { BetResult } from "../../src/types";

/** A whole history audited at once, its bets checked on this thread as they are handed out. */
export function audit(events: Iterable<ChainEvent>, options: AuditOptions, transactions: ReadonlyMap<string, RawTransaction> = new Map()): AuditResult {
  const results: BetResult[] = [];
  const run = createDeferredAudit(options, (check) => {
    const { bet, earlier, chainVerdict } = withInputs(check, (tx) => decodeCall(transactions.get(tx), options));
    results.push(checkBet(bet, options, earlier, chainVerdict));
  });
  run.add(events);
  run.end();
  return run.finish(results);
}
