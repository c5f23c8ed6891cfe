import { sql } from "drizzle-orm";
import { formatEther } from "ethers";
import type { Casino } from "../../../bindings/casino";
import type { Lease } from "../cluster/cluster";
import { rowsOf } from "../db/index";
import { storedCursor, type ReaderOptions } from "../settler/reader";
import { TOKEN_ADDRESS, type TokenSymbol } from "../tokens";
import { formatBnb, GasSpending } from "./gas";

/** A snapshot serves every reader for this long: health checks and scrapes cost the chain one read a second at most. */
const SNAPSHOT_TTL_MS = 1_000;
/** The house's figures change only with bets; they are read again after this long. */
const HOUSE_TTL_MS = 5_000;
/** A read of the chain that takes longer is counted as the chain being unreachable. */
const CHAIN_TIMEOUT_MS = 2_000;

export const UNSETTLED_STATUSES = ["open", "ready", "sent"] as const;
export type UnsettledStatus = (typeof UNSETTLED_STATUSES)[number];

export interface StatusSnapshot {
  /** The chain's head block, undefined when it could not be read (chainError says why). */
  head?: number;
  chainError?: string;
  /** The last block whose logs are recorded, and what the database said when it could not be read. */
  cursor?: number;
  databaseError?: string;
  /** Blocks the settler could have read and has not: head − confirmations − cursor. */
  lagBlocks?: number;
  /** Bets recorded and not settled, per status, and how long the oldest of each has been in it (seconds). */
  unsettled: Record<UnsettledStatus, { count: number; oldestAgeSeconds: number | undefined }>;
  /** Session bets on their way (sessions/relay.ts): queued, or sent and awaiting their receipt, and how long the oldest has waited since it was accepted. */
  relay: { queued: number; sent: number; oldestWaitSeconds: number | undefined };
  /** Whether some instance holds the settler lease. */
  leaseHeld?: boolean;
  /** The settler key's balance (wei of the native coin) and what it fell by over the last hour. */
  settlerGas?: { address: string; balance: bigint; spentLastHour: bigint };
}

export interface HouseSnapshot {
  /** Whole tokens (floats: what a dashboard plots, not what a ledger adds). */
  tokens: Record<TokenSymbol, { bankroll: number; reserved: number }>;
  jackpotPool: number;
}

export interface HealthLimits {
  /** Degraded when the settler lags the chain by more blocks than this. */
  maxLagBlocks: number;
  /** Degraded when a bet has waited longer than this for its settlement (ready or sent). */
  maxBetAgeSeconds: number;
  /** Degraded when a session bet has waited longer than this to be relayed (queued or sent). */
  maxRelayWaitSeconds: number;
  /** Degraded when the settler's key holds less than this (wei). */
  minSettlerBalanceWei: bigint;
  /** Degraded when the settler's balance would last fewer hours than this at the last hour's spending. */
  minSettlerRunwayHours: number;
}

const noneUnsettled = (): StatusSnapshot["unsettled"] => ({
  open: { count: 0, oldestAgeSeconds: undefined },
  ready: { count: 0, oldestAgeSeconds: undefined },
  sent: { count: 0, oldestAgeSeconds: undefined },
});

/** Why the instance reports degraded: an empty list is healthy. */
export function assessHealth(snapshot: StatusSnapshot, limits: HealthLimits): string[] {
  const reasons: string[] = [];
  if (snapshot.chainError !== undefined) reasons.push(`chain unreachable: ${snapshot.chainError}`);
  if (snapshot.databaseError !== undefined) reasons.push(`database unreachable: ${snapshot.databaseError}`);
  if (snapshot.lagBlocks !== undefined && snapshot.lagBlocks > limits.maxLagBlocks) {
    reasons.push(`settler lags ${snapshot.lagBlocks} blocks behind the chain (limit ${limits.maxLagBlocks})`);
  }
  const waited = Math.max(snapshot.unsettled.ready.oldestAgeSeconds ?? 0, snapshot.unsettled.sent.oldestAgeSeconds ?? 0);
  if (waited > limits.maxBetAgeSeconds) reasons.push(`a bet has waited ${Math.round(waited)} s for its settlement (limit ${limits.maxBetAgeSeconds} s)`);
  const relayWait = snapshot.relay.oldestWaitSeconds ?? 0;
  if (relayWait > limits.maxRelayWaitSeconds) {
    reasons.push(`a one-click bet has waited ${Math.round(relayWait)} s to be relayed (limit ${limits.maxRelayWaitSeconds} s)`);
  }
  if (snapshot.leaseHeld === false) reasons.push("no instance holds the settler lease: nothing settles and no transaction is sent");
  if (snapshot.settlerGas) reasons.push(...gasReasons(snapshot.settlerGas, limits));
  return reasons;
}

/** The settler pays every transaction: a balance below the floor, or one the last hour's spending would empty soon. */
function gasReasons({ address, balance, spentLastHour }: NonNullable<StatusSnapshot["settlerGas"]>, limits: HealthLimits): string[] {
  const reasons: string[] = [];
  if (balance < limits.minSettlerBalanceWei) {
    reasons.push(`the settler's balance is ${formatBnb(balance)} BNB, below the limit of ${formatBnb(limits.minSettlerBalanceWei)} BNB: top up ${address}`);
  }
  if (spentLastHour > 0n) {
    const runwayHours = Number((balance * 100n) / spentLastHour) / 100;
    if (runwayHours < limits.minSettlerRunwayHours) {
      reasons.push(
        `the settler's balance lasts about ${Math.floor(runwayHours)} h at the last hour's spending of ${formatBnb(spentLastHour)} BNB (limit ${limits.minSettlerRunwayHours} h): top up ${address}`,
      );
    }
  }
  return reasons;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHAIN_TIMEOUT_MS / 1000} s`)), CHAIN_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Reads once, then shares that reading (and a reading under way) with every caller for `ttlMs`. */
function cached<T>(read: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) last = { at: Date.now(), value: read() };
    return last.value;
  };
}

export interface StatusSources extends Pick<ReaderOptions, "db" | "provider" | "deploymentBlock" | "confirmations"> {
  /** The settler key's address, whose balance pays every transaction. */
  settlerAddress: string;
  casino: Casino;
  degenAddress: string;
  lease: Lease;
}

/**
 * What /api/health and /metrics report, read on demand (any instance can: the cursor and the bets
 * are in the shared database, the rest on chain) and cached briefly. A failed read is part of
 * the answer, never an exception: an unreachable chain is exactly what the health check reports.
 */
export class StatusSampler {
  readonly snapshot: () => Promise<StatusSnapshot>;
  readonly house: () => Promise<HouseSnapshot>;
  private readonly gasSpending = new GasSpending();

  constructor(private readonly s: StatusSources) {
    this.snapshot = cached(() => this.read(), SNAPSHOT_TTL_MS);
    this.house = cached(() => this.readHouse(), HOUSE_TTL_MS);
  }

  /** Whether this instance holds the settler lease now (not cached: a takeover shows at once). */
  get leading(): boolean {
    return this.s.lease.leading;
  }

  private async read(): Promise<StatusSnapshot> {
    const [head, database, leaseHeld, balance] = await Promise.allSettled([
      withTimeout(this.s.provider.send("eth_blockNumber", []), "the chain").then(Number),
      this.readDatabase(),
      this.s.lease.held(),
      withTimeout(this.s.provider.send("eth_getBalance", [this.s.settlerAddress, "latest"]), "the chain").then(BigInt),
    ]);
    const snapshot: StatusSnapshot = {
      unsettled: noneUnsettled(),
      relay: { queued: 0, sent: 0, oldestWaitSeconds: undefined },
    };
    if (head.status === "fulfilled") snapshot.head = head.value;
    else snapshot.chainError = (head.reason as Error).message;
    if (database.status === "fulfilled") {
      snapshot.cursor = database.value.cursor;
      snapshot.unsettled = database.value.unsettled;
      snapshot.relay = database.value.relay;
    } else snapshot.databaseError = (database.reason as Error).message;
    if (leaseHeld.status === "fulfilled") snapshot.leaseHeld = leaseHeld.value;
    if (balance.status === "fulfilled") {
      this.gasSpending.record(balance.value);
      snapshot.settlerGas = { address: this.s.settlerAddress, balance: balance.value, spentLastHour: this.gasSpending.lastHour() };
    }
    if (snapshot.head !== undefined && snapshot.cursor !== undefined) snapshot.lagBlocks = Math.max(0, snapshot.head - this.s.confirmations - snapshot.cursor);
    return snapshot;
  }

  private async readDatabase(): Promise<Pick<StatusSnapshot, "cursor" | "unsettled" | "relay">> {
    const [cursor, result, relayed] = await Promise.all([
      storedCursor(this.s.db, this.s.deploymentBlock),
      this.s.db.execute(sql`
        SELECT status, count(*)::int AS count, extract(epoch FROM clock_timestamp() - min(updated_at))::float8 AS oldest
        FROM bets WHERE status IN ('open', 'ready', 'sent') GROUP BY status`),
      this.s.db.execute(sql`
        SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'sent')::int AS sent,
          extract(epoch FROM clock_timestamp() - min(created_at))::float8 AS oldest
        FROM session_bets WHERE status IN ('queued', 'sent')`),
    ]);
    const unsettled = noneUnsettled();
    for (const row of rowsOf<{ status: UnsettledStatus; count: number; oldest: number }>(result)) {
      unsettled[row.status] = { count: Number(row.count), oldestAgeSeconds: Number(row.oldest) };
    }
    const [waiting] = rowsOf<{ queued: number; sent: number; oldest: number | null }>(relayed);
    const relay = {
      queued: Number(waiting!.queued),
      sent: Number(waiting!.sent),
      oldestWaitSeconds: waiting!.oldest === null ? undefined : Number(waiting!.oldest),
    };
    return { cursor, unsettled, relay };
  }

  private async readHouse(): Promise<HouseSnapshot> {
    const tokens = { DEGEN: this.s.degenAddress, BNB: TOKEN_ADDRESS.BNB };
    const [degen, bnb, pool] = await withTimeout(
      Promise.all([this.s.casino.house(tokens.DEGEN), this.s.casino.house(tokens.BNB), this.s.casino.jackpotPool()]),
      "the chain",
    );
    const whole = (wei: bigint) => Number(formatEther(wei));
    return {
      tokens: { DEGEN: { bankroll: whole(degen[0]), reserved: whole(degen[1]) }, BNB: { bankroll: whole(bnb[0]), reserved: whole(bnb[1]) } },
      jackpotPool: whole(pool),
    };
  }
}
