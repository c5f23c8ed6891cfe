import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";

/**
 * What a reverted relay transaction costs, and whom (issue #37 items 8 and 9). A player can make
 * a relay transaction revert by a transaction of theirs mined just before it (a withdrawal, a
 * wallet bet, their countersigned bet placed themselves): the revert is charged to that player's
 * bet alone, their bets then go out alone for a while, and the gas the house burnt on their
 * reverts is counted against a daily budget per address, past which their bets are refused.
 */
export interface RevertPolicy {
  /** RELAY_ISOLATION_MINUTES: how long a player blamed for a revert has each bet sent in a transaction of its own. */
  isolationMs: number;
  /** RELAY_REVERT_GAS_PER_ADDRESS_PER_DAY: gas of reverted relay transactions one address may cost the house over 24 hours. */
  gasPerAddressPerDay: number;
}

/**
 * An hour of isolation: long enough that a griefer's next tries cost the house a one-bet
 * transaction each, not a batch. 1.5M gas a day is about four reverted batches of the review's
 * size (387,486 gas each), or some 20 reverted one-bet transactions.
 */
export const DEFAULT_REVERT_POLICY: RevertPolicy = { isolationMs: 60 * 60_000, gasPerAddressPerDay: 1_500_000 };

/** A queued bet as the blame reads it. */
export interface RevertedBet {
  player: string;
}

export interface BlameReads<B extends RevertedBet> {
  /** Whether the bet, alone in a transaction, fails at the latest block. */
  failsAlone(bet: B): Promise<boolean>;
  /** The players whose own transactions (wallet or CasinoRelay) were mined in the block the relay transaction reverted in. */
  actedInBlock(players: readonly string[]): Promise<Set<string>>;
}

/**
 * The players to blame for a reverted relay transaction: a transaction of one bet, its player;
 * else those whose bet fails when checked alone (the rest would have landed without them); else,
 * when the chain moved back meanwhile (a withdrawal and a deposit back), those who acted in the
 * revert's block. An empty set: nobody can be blamed (the house's pause or terms, its bankroll).
 */
export async function blameRevert<B extends RevertedBet>(bets: readonly B[], reads: BlameReads<B>): Promise<Set<string>> {
  const players = [...new Set(bets.map((bet) => bet.player))];
  if (players.length <= 1) return new Set(players);
  const failing = await Promise.all(bets.map((bet) => reads.failsAlone(bet)));
  const blamed = new Set(bets.filter((_, i) => failing[i]).map((bet) => bet.player));
  if (blamed.size > 0) return blamed;
  return reads.actedInBlock(players);
}

/** Players isolated after a revert: each of their bets goes in a transaction of its own until the time set. Kept for the lease term. */
export class RelayIsolation {
  private readonly until = new Map<string, number>();

  constructor(private readonly isolationMs: number) {}

  isolate(players: Iterable<string>, now = Date.now()): void {
    for (const player of players) this.until.set(player, now + this.isolationMs);
  }

  isolated(player: string, now = Date.now()): boolean {
    const until = this.until.get(player);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(player);
    return false;
  }
}

/** The batches with every isolated player's bet taken out into a batch of its own, after the others. */
export function separateIsolated<B extends RevertedBet>(batches: readonly B[][], isolated: (player: string) => boolean): B[][] {
  const shared = batches.map((batch) => batch.filter((bet) => !isolated(bet.player))).filter((batch) => batch.length > 0);
  const alone = batches.flat().filter((bet) => isolated(bet.player));
  return [...shared, ...alone.map((bet) => [bet])];
}

/**
 * The revert budget's scope in relay_budget (chain/budgets.ts keeps the session-bet budgets there,
 * by the hour): the same buckets, pruned with them after a day, counting gas instead of bets.
 */
const SCOPE_PREFIX = "revert-gas:";
const scopeOf = (player: string) => `${SCOPE_PREFIX}${player}`;

/** revertGasUse of one player as a column, revert_gas, for a statement that reads more (the intake's). */
export function revertGasColumn(player: SQL) {
  return sql`(SELECT coalesce(sum(bets), 0) FROM relay_budget WHERE scope = ${SCOPE_PREFIX} || ${player} AND bucket > now() - interval '24 hours')::text AS revert_gas`;
}

/** Counts `gas` burnt by a reverted relay transaction against `player`'s budget. */
export async function chargeRevertGas(db: Db, player: string, gas: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO relay_budget (scope, bucket, bets) VALUES (${scopeOf(player)}, date_trunc('hour', now()), ${gas})
    ON CONFLICT (scope, bucket) DO UPDATE SET bets = relay_budget.bets + EXCLUDED.bets`);
}

/** The gas each of `players` cost the house in reverted relay transactions over the last 24 hours (those with none are left out). */
export async function revertGasUse(db: Db, players: readonly string[]): Promise<Map<string, number>> {
  if (players.length === 0) return new Map();
  const scopes = players.map(scopeOf);
  const rows = rowsOf<{ scope: string; gas: string }>(
    await db.execute(sql`
      SELECT scope, sum(bets)::text AS gas FROM relay_budget
      WHERE scope IN (${sql.join(
        scopes.map((scope) => sql`${scope}`),
        sql`, `,
      )}) AND bucket > now() - interval '24 hours'
      GROUP BY scope`),
  );
  return new Map(rows.map((row) => [row.scope.slice(SCOPE_PREFIX.length), Number(row.gas)]));
}

/** Why a bet of an address past its revert budget is refused, as its player reads it. */
export function overRevertBudgetText(gas: number, budget: number): string {
  return `Relay transactions carrying this wallet's bets reverted, costing the house ${gas.toLocaleString("en-US")} gas in 24 hours (the limit is ${budget.toLocaleString("en-US")}): place your bets from your wallet, or try again later`;
}
