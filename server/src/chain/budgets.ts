import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { HttpError } from "../http/errors";
import type { chainRequests } from "../db/schema";

/** What an outbox request does (chain_requests.kind). */
export type ChainRequestKind = (typeof chainRequests.$inferSelect)["kind"];

/**
 * How many transactions the settler sends on players' behalf (commitments, session grants, relayed
 * withdrawals and swaps), counted by the database's clock over every instance, so that no address
 * and no crowd of addresses can spend the settler's gas without bound (server/README.md, Gas and
 * budgets). Not counted: settlements and jackpot-entropy locks (each serves a bet already placed,
 * whose stake pays for it), a split's second stake (a session bet, SessionBetBudgets), and an ended
 * session's closeSession (one for each session opened, which was counted).
 *
 * The all-players budget is a pool that every address's share comes before (R4-12,
 * docs/findings.md): an address's first `sharePerAddressPerHour` transactions of any hour are its
 * own, and only those beyond its share draw from the pool, so no set of addresses can use up what
 * another address needs.
 */
export interface PlayerTxBudgets {
  /** Transactions sent for one address over the last 24 hours, of every kind. */
  perAddressPerDay: number;
  /** Of those, relayed withdrawals and swaps. */
  relaysPerAddressPerDay: number;
  /** Transactions sent for all players together over the last hour, beyond each address's own share. */
  allPlayersPerHour: number;
  /** Each address's own transactions of any hour: sent whatever other addresses used of the pool (at most perAddressPerDay a day). */
  sharePerAddressPerHour: number;
}

/** Three a wallet an hour: a commitment, a session and a relayed withdrawal, what a new player needs. */
export const DEFAULT_PLAYER_TX_BUDGETS: PlayerTxBudgets = {
  perAddressPerDay: 30,
  relaysPerAddressPerDay: 10,
  allPlayersPerHour: 600,
  sharePerAddressPerHour: 3,
};

/** A request past one of the budgets: answered 429, never queued. */
export class OverBudget extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

export interface BudgetUse {
  byAddress: number;
  relaysByAddress: number;
  /** The address's transactions over the last hour. */
  byAddressLastHour: number;
  /** What the addresses' transactions over the last hour took from the pool: those beyond each one's share. */
  poolLastHour: number;
}

const isRelay = (kind: ChainRequestKind): boolean => kind === "withdraw" || kind === "swap";

/** The kinds no budget counts (see PlayerTxBudgets). */
const UNCOUNTED = sql.raw("('split', 'close')");

/**
 * What the budgets have used: requests that spent the settler's gas or may still (pending, sent,
 * mined, reverted). A refused request was never broadcast, a failed one never mined, and a request
 * joined by an identical one is one transaction.
 */
export async function budgetUse(db: Db, player: string, budgets: PlayerTxBudgets): Promise<BudgetUse> {
  const [row] = rowsOf<{ by_address: number; relays_by_address: number; by_address_last_hour: number; pool_last_hour: number }>(
    await db.execute(sql`
      WITH counted AS (
        SELECT player, kind, created_at FROM chain_requests
        WHERE player IS NOT NULL AND kind NOT IN ${UNCOUNTED} AND created_at > now() - interval '24 hours' AND status IN ('pending', 'sent', 'mined', 'reverted')),
      hour AS (SELECT player, count(*) AS sent FROM counted WHERE created_at > now() - interval '1 hour' GROUP BY player)
      SELECT (SELECT count(*) FROM counted WHERE player = ${player})::int AS by_address,
             (SELECT count(*) FROM counted WHERE player = ${player} AND kind IN ('withdraw', 'swap'))::int AS relays_by_address,
             coalesce((SELECT sent FROM hour WHERE player = ${player}), 0)::int AS by_address_last_hour,
             coalesce((SELECT sum(greatest(sent - ${budgets.sharePerAddressPerHour}, 0)) FROM hour), 0)::int AS pool_last_hour`),
  );
  return {
    byAddress: Number(row!.by_address),
    relaysByAddress: Number(row!.relays_by_address),
    byAddressLastHour: Number(row!.by_address_last_hour),
    poolLastHour: Number(row!.pool_last_hour),
  };
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
  if (use.byAddressLastHour >= budgets.sharePerAddressPerHour && use.poolLastHour >= budgets.allPlayersPerHour) {
    return new OverBudget(
      `The house has reached its limit of ${budgets.allPlayersPerHour} transactions per hour for players beyond each wallet's own ${budgets.sharePerAddressPerHour}, and this wallet has used its own; try again later`,
    );
  }
  return undefined;
}

/**
 * Session bets the house relays and pays the gas of (issue #20): each bet of CasinoSessions.play or
 * place, and a split's second stake (CasinoSessions.split), about 40–65k gas each in a batch. They
 * have budgets of their own: a player clicking through one-click spins sends far more of them than
 * the commitments and relays above. Every window is the clock hour (and 24 of them for the day),
 * so that an address's share is counted in the same hour as the pool.
 */
export interface SessionBetBudgets {
  /** Session bets relayed for one address over the last 24 hours. */
  perAddressPerDay: number;
  /** Session bets relayed for one address in the current clock hour. */
  perAddressPerHour: number;
  /** Session bets relayed for all players together in the current clock hour, beyond each address's own share: the pool. */
  allPlayersPerHour: number;
  /**
   * Each address's own session bets of the clock hour (at most perAddressPerHour): taken whatever
   * other addresses used of the pool, so that no set of addresses can lock another out of
   * one-click play (R4-12: eight addresses, each within its own limits, used the whole hour).
   */
  sharePerAddressPerHour: number;
}

export const DEFAULT_SESSION_BET_BUDGETS: SessionBetBudgets = {
  perAddressPerDay: 5_000,
  perAddressPerHour: 1_000,
  allPlayersPerHour: 36_000,
  sharePerAddressPerHour: 60,
};

/** The statuses of a request that spent the settler's gas or still may. */
const SPENDING = sql.raw("('pending', 'sent', 'mined', 'reverted')");

/** What the session-bet budgets have used, for one address (SessionBetBudgets). */
export interface SessionBetUse {
  byAddress: number;
  byAddressThisHour: number;
  /** Bets of every address this clock hour beyond its share, and every split of the hour: what the pool has given. */
  poolThisHour: number;
}

/**
 * What the session-bet budgets have used, from counters in buckets (db/schema.ts relayBudget): a
 * player's by the clock hour. At hundreds of bets a second, counting the bets themselves would
 * cost each new bet a scan of the last hour's rows; the buckets cost a row a player. A player's
 * day is the 24 hourly buckets that began within it; the pool is read from the hour's buckets of
 * every player. As three columns (by_address, by_address_hour, pool_hour) for the intake's
 * statement.
 */
export function sessionBetUseColumns(player: string | SQL, budgets: SessionBetBudgets) {
  // Splits go out through the outbox (chain_requests): few enough to count one by one, and all from the pool.
  const splits = (where: SQL) => sql`(SELECT count(*) FROM chain_requests WHERE kind = 'split' AND ${where} AND status IN ${SPENDING})::int`;
  return sql`(SELECT coalesce(sum(bets), 0) FROM relay_budget WHERE scope = ${player} AND bucket > now() - interval '24 hours')
               + ${splits(sql`player = ${player} AND created_at > now() - interval '24 hours'`)} AS by_address,
             (SELECT coalesce(sum(bets), 0) FROM relay_budget WHERE scope = ${player} AND bucket = date_trunc('hour', now()))
               + ${splits(sql`player = ${player} AND created_at >= date_trunc('hour', now())`)} AS by_address_hour,
             (SELECT coalesce(sum(greatest(bets - ${budgets.sharePerAddressPerHour}, 0)), 0) FROM relay_budget WHERE bucket = date_trunc('hour', now()))
               + ${splits(sql`created_at >= date_trunc('hour', now())`)} AS pool_hour`;
}

/** The session-bet budget one more bet would exceed, as the player reads it; undefined when it fits. */
export function overSessionBudget(use: SessionBetUse, budgets: SessionBetBudgets): OverBudget | undefined {
  if (use.byAddress >= budgets.perAddressPerDay) {
    return new OverBudget(
      `This wallet has reached its limit of ${budgets.perAddressPerDay} one-click bets relayed per 24 hours: bet from your wallet, or try again later`,
    );
  }
  if (use.byAddressThisHour >= budgets.perAddressPerHour) {
    return new OverBudget(
      `This wallet has reached its limit of ${budgets.perAddressPerHour} one-click bets relayed per hour: bet from your wallet, or try again later`,
    );
  }
  if (use.byAddressThisHour >= budgets.sharePerAddressPerHour && use.poolThisHour >= budgets.allPlayersPerHour) {
    return new OverBudget(
      `One-click play is busy: this wallet has had its own ${budgets.sharePerAddressPerHour} one-click bets this hour, and the ${budgets.allPlayersPerHour} all players share beyond theirs are taken: bet from your wallet, or try again next hour`,
    );
  }
  return undefined;
}

/** What one more accepted bet of an address adds to the use its group read (sessions/intake-groups.ts), before it is stored. */
export function withOneMoreSessionBet(use: SessionBetUse, budgets: SessionBetBudgets): SessionBetUse {
  return {
    byAddress: use.byAddress + 1,
    byAddressThisHour: use.byAddressThisHour + 1,
    poolThisHour: use.poolThisHour + (use.byAddressThisHour >= budgets.sharePerAddressPerHour ? 1 : 0),
  };
}

/**
 * Counts `count` session bets (negative: bets that were never sent, given back) in the player's
 * bucket of `at` (the bets' acceptance time; now when omitted).
 */
export async function countSessionBets(db: Db, player: string, count: number, at?: Date): Promise<void> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(sql`
    INSERT INTO relay_budget (scope, bucket, bets) VALUES (${player}, date_trunc('hour', ${when}), ${count})
    ON CONFLICT (scope, bucket) DO UPDATE SET bets = relay_budget.bets + EXCLUDED.bets`);
}

/** Counts the session bets of `stored` (a statement's CTE of the bets it stored, with their `player`), one each, in one statement. */
export function countStoredSessionBetsStatement(stored: SQL) {
  return sql`
    INSERT INTO relay_budget (scope, bucket, bets)
    SELECT player, date_trunc('hour', now()), count(*)::int FROM ${stored} GROUP BY player
    ON CONFLICT (scope, bucket) DO UPDATE SET bets = relay_budget.bets + EXCLUDED.bets`;
}

/** Deletes buckets no budget reads any more (older than a day); returns how many. */
export async function pruneSessionBetBuckets(db: Db): Promise<number> {
  return rowsOf(await db.execute(sql`DELETE FROM relay_budget WHERE bucket < now() - interval '25 hours' RETURNING scope`)).length;
}
