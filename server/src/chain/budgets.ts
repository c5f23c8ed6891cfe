import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { HttpError } from "../http/errors";
import type { chainRequests } from "../db/schema";

/** What an outbox request does (chain_requests.kind). */
export type ChainRequestKind = (typeof chainRequests.$inferSelect)["kind"];

/**
 * How many transactions the settler sends on players' behalf (commitments, session grants, relayed
 * withdrawals and swaps: every request of the outbox but a split's second stake, which is a
 * session bet), counted by the database's clock over every instance, so
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
      WHERE player IS NOT NULL AND kind <> 'split' AND created_at > now() - interval '24 hours' AND status IN ('pending', 'sent', 'mined', 'reverted')`),
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

/**
 * Session bets the house relays and pays the gas of (issue #20): each bet of CasinoSessions.play or
 * place, and a split's second stake (CasinoSessions.split), about 40–65k gas each in a batch. They
 * have budgets of their own: a player clicking through one-click spins sends far more of them than
 * the commitments and relays above.
 */
export interface SessionBetBudgets {
  /** Session bets relayed for one address over the last 24 hours. */
  perAddressPerDay: number;
  /**
   * Session bets relayed for one address in the current clock hour: far below allPlayersPerHour,
   * so that a few addresses cannot use everyone's hour (issue #38 item 3).
   */
  perAddressPerHour: number;
  /** Session bets relayed for all players together over the last hour. */
  allPlayersPerHour: number;
}

export const DEFAULT_SESSION_BET_BUDGETS: SessionBetBudgets = { perAddressPerDay: 5_000, perAddressPerHour: 1_000, allPlayersPerHour: 36_000 };

/**
 * The last fifth of the all-players hour is kept for wallets that bet little in their own hour
 * (fewer than a twentieth of perAddressPerHour): at the defaults, addresses at their hourly cap
 * stop at 28,800 bets, and the last 7,200 take 147 more wallets to use up, while a player who
 * has not bet yet still gets in.
 */
const RESERVED_FIFTHS = 1;
export function reservedSessionBets(budgets: SessionBetBudgets): { reserved: number; quietBelow: number } {
  return { reserved: Math.floor((budgets.allPlayersPerHour * RESERVED_FIFTHS) / 5), quietBelow: Math.max(1, Math.floor(budgets.perAddressPerHour / 20)) };
}

/** The statuses of a request that spent the settler's gas or still may. */
const SPENDING = sql.raw("('pending', 'sent', 'mined', 'reverted')");

/**
 * The scopes of the all-players budget in relay_budget (a player's scope is its address): each bet
 * counts in one of them, at random, and the budget reads their sum. With one row every bet of
 * every player would update it, and PostgreSQL would run the instances' intakes one at a time.
 */
const ALL_PLAYERS_SCOPES = Array.from({ length: 8 }, (_, shard) => `*${shard}`);
const allPlayersScope = () => ALL_PLAYERS_SCOPES[Math.floor(Math.random() * ALL_PLAYERS_SCOPES.length)]!;

/**
 * What the session-bet budgets have used, from counters in buckets (db/schema.ts relayBudget): a
 * player's by the hour, everyone's by the minute. At hundreds of bets a second, counting the bets
 * themselves would cost each new bet a scan of the last hour's rows; the buckets cost a few rows.
 * A player's day is the 24 hourly buckets that began within it. As three columns (by_address,
 * by_address_hour, all_players) for the intake's statement.
 */
export function sessionBetUseColumns(player: string | SQL) {
  // Splits go out through the outbox (chain_requests): few enough to count one by one.
  return sql`(SELECT coalesce(sum(bets), 0) FROM relay_budget WHERE scope = ${player} AND bucket > now() - interval '24 hours')
               + (SELECT count(*) FROM chain_requests WHERE kind = 'split' AND player = ${player} AND created_at > now() - interval '24 hours'
                    AND status IN ${SPENDING})::int AS by_address,
             (SELECT coalesce(sum(bets), 0) FROM relay_budget WHERE scope = ${player} AND bucket = date_trunc('hour', now()))
               + (SELECT count(*) FROM chain_requests WHERE kind = 'split' AND player = ${player} AND created_at >= date_trunc('hour', now())
                    AND status IN ${SPENDING})::int AS by_address_hour,
             (SELECT coalesce(sum(bets), 0) FROM relay_budget WHERE scope IN ${sql.raw(`('${ALL_PLAYERS_SCOPES.join("', '")}')`)} AND bucket > now() - interval '1 hour')
               + (SELECT count(*) FROM chain_requests WHERE kind = 'split' AND created_at > now() - interval '1 hour' AND status IN ${SPENDING})::int AS all_players`;
}

/** The session-bet budget one more bet would exceed, as the player reads it; undefined when it fits. */
export function overSessionBudget(
  use: { byAddress: number; byAddressThisHour: number; allPlayersLastHour: number },
  budgets: SessionBetBudgets,
): OverBudget | undefined {
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
  if (use.allPlayersLastHour >= budgets.allPlayersPerHour) {
    return new OverBudget(
      `The house has reached its limit of ${budgets.allPlayersPerHour} one-click bets per hour: bet from your wallet, or try again shortly`,
    );
  }
  const { reserved, quietBelow } = reservedSessionBets(budgets);
  if (use.allPlayersLastHour >= budgets.allPlayersPerHour - reserved && use.byAddressThisHour >= quietBelow) {
    return new OverBudget(
      `One-click play is busy: the house keeps its last ${reserved} one-click bets of the hour for wallets with fewer than ${quietBelow} in it: bet from your wallet, or try again shortly`,
    );
  }
  return undefined;
}

/**
 * Counts `count` session bets (negative: bets that were never sent, given back) in the buckets of
 * `at` (the bets' acceptance time; now when omitted).
 */
export async function countSessionBets(db: Db, player: string, count: number, at?: Date): Promise<void> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(sql`
    INSERT INTO relay_budget (scope, bucket, bets)
    VALUES (${player}, date_trunc('hour', ${when}), ${count}), (${allPlayersScope()}, date_trunc('minute', ${when}), ${count})
    ON CONFLICT (scope, bucket) DO UPDATE SET bets = relay_budget.bets + EXCLUDED.bets`);
}

/**
 * Counts the session bets of `stored` (a statement's CTE of the bets it stored, with their
 * `player`), one each, in one statement: each player's bucket and one all-players bucket.
 */
export function countStoredSessionBetsStatement(stored: SQL) {
  return sql`
    INSERT INTO relay_budget (scope, bucket, bets)
    SELECT player, date_trunc('hour', now()), count(*)::int FROM ${stored} GROUP BY player
    UNION ALL SELECT ${allPlayersScope()}, date_trunc('minute', now()), count(*)::int FROM ${stored} HAVING count(*) > 0
    ON CONFLICT (scope, bucket) DO UPDATE SET bets = relay_budget.bets + EXCLUDED.bets`;
}

/** Deletes buckets no budget reads any more (older than a day); returns how many. */
export async function pruneSessionBetBuckets(db: Db): Promise<number> {
  return rowsOf(await db.execute(sql`DELETE FROM relay_budget WHERE bucket < now() - interval '25 hours' RETURNING scope`)).length;
}
