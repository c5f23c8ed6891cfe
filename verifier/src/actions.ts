import type { SettlementActions } from "../../engine/src/index";

/**
 * `--actions FILE`: the action logs of interactive rounds, which the server publishes with each
 * settlement but which are not on chain. With them blackjack and manual crash payouts are replayed
 * exactly instead of checked against every possible play. Accepted shapes:
 *  - `{ "<betId>": actions, … }` — actions: a blackjack log ("PHS" or ["SPLIT", "HIT", "STAND"]),
 *    a crash cash-out in hundredths, or null (no action: all stands, or no cash-out);
 *  - the server's fairness answer `{ "bets": [{ "betId", "status", "actions" }, …] }` (GET
 *    /api/fairness/bets, as a player saves it), or several of them in an array. Only settled
 *    records count: an open bet's actions are not published yet.
 */
export function parseActionLogs(json: unknown): Map<string, SettlementActions | null> {
  const logs = new Map<string, SettlementActions | null>();
  const add = (betId: unknown, actions: unknown) => {
    if (typeof betId !== "string" || !/^\d+$/.test(betId)) throw new TypeError(`bet id ${JSON.stringify(betId)} is not a decimal bet id`);
    logs.set(BigInt(betId).toString(), actionsOf(actions, betId));
  };
  const records = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(records);
    if (typeof value !== "object" || value === null) throw new TypeError("expected an object of bet id → actions, or the server's { bets: [...] }");
    const bets = (value as { bets?: unknown }).bets;
    if (bets === undefined) {
      for (const [betId, actions] of Object.entries(value)) add(betId, actions);
      return;
    }
    if (!Array.isArray(bets)) throw new TypeError("`bets` must be an array");
    for (const bet of bets as { betId?: unknown; status?: unknown; actions?: unknown }[]) {
      if (bet.status === undefined || bet.status === "settled") add(bet.betId, bet.actions ?? null);
    }
  };
  records(json);
  return logs;
}

function actionsOf(value: unknown, betId: string): SettlementActions | null {
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  if (Array.isArray(value) && value.every((action) => action === "HIT" || action === "STAND" || action === "SPLIT")) return value as SettlementActions;
  throw new TypeError(`the actions of bet ${betId} are neither a blackjack log, a cash-out nor null: ${JSON.stringify(value)}`);
}
