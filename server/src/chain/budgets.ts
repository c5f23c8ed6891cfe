import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/index";
import { HttpError } from "../http/errors";
import type { ChainRequestKind } from "./outbox";

/**
 * How many transactions the settler sends on players' behalf (commitments, relayed withdrawals and
 * swaps: every request of the outbox), counted by the database's clock over every instance, so
 * that no address and no crowd of addresses can spend the settler's gas without bound
 * (server/README.md, Gas and budgets). Settlements and jackpot-entropy locks are not counted: each
 * serves a bet already placed, whose stake pays for it.
 */
export interface PlayerTxBudgets {
  /** Transactions sent for one address over the last 24 hours, of every kind. */
  perAddressPerDay: number;
  /** Of those, relayed withdrawals and swaps. */
  relaysPerAddressPerDay: number;
  /** Transactions sent for all players together over the last hour. */
  allPlayersPerHour: number;
}

export const DEFAULT_PLAYER_TX_BUDGETS: PlayerTxBudgets = { perAddressPerDay: 30, relaysPerAddressPerDay: 10, allPlayersPerHour: 600 };

/** A request past one of the budgets: answered 429, never queued. */
export class OverBudget extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

export interface BudgetUse {
  byAddress: number;
  relaysByAddress: number;
  allPlayersLastHour: number;
}

const isRelay = (kind: ChainRequestKind): boolean => kind === "withdraw" || kind === "swap";

/**
 * What the budgets have used: requests that spent the settler's gas or may still (pending, sent,
 * mined, reverted). A refused request was never broadcast, a failed one never mined, and a request
 * joined by an identical one is one transaction.
 */
export async function budgetUse(db: Db, player: string): Promise<BudgetUse> {
  const [row] = rowsOf<{ by_address: number; relays_by_address: number; all_players_last_hour: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE player = ${player})::int AS by_address,
             count(*) FILTER (WHERE player = ${player} AND kind IN ('withdraw', 'swap'))::int AS relays_by_address,
             count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS all_players_last_hour
      FROM chain_requests
      WHERE player IS NOT NULL AND created_at > now() - interval '24 hours' AND status IN ('pending', 'sent', 'mined', 'reverted')`),
  );
  return { byAddress: Number(row!.by_address), relaysByAddress: Number(row!.relays_by_address), allPlayersLastHour: Number(row!.all_players_last_hour) };
}

/** The budget one more request of `kind` would exceed, as the player reads it; undefined when it fits. */
export function overBudget(kind: ChainRequestKind, use: BudgetUse, budgets: PlayerTxBudgets): OverBudget | undefined {
  if (isRelay(kind) && use.relaysByAddress >= budgets.relaysPerAddressPerDay) {
    return new OverBudget(
      `This wallet has reached its limit of ${budgets.relaysPerAddressPerDay} relayed withdrawals and swaps per 24 hours: withdraw or swap from your wallet directly, or try again later`,
    );
  }
  if (use.byAddress >= budgets.perAddressPerDay) {
    return new OverBudget(`This wallet has reached its limit of ${budgets.perAddressPerDay} transactions sent for it per 24 hours; try again later`);
  }
  if (use.allPlayersLastHour >= budgets.allPlayersPerHour) {
    return new OverBudget(`The house has reached its limit of ${budgets.allPlayersPerHour} transactions for players per hour; try again later`);
  }
  return undefined;
}
