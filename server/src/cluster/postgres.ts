import { sql } from "drizzle-orm";
import { keccak256, toUtf8Bytes } from "ethers";
import pg from "pg";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { logger } from "../observability/log";
import { SignalListeners, type Cluster, type Lease, type SignalName, type Signals } from "./cluster";

const log = logger("cluster");

/** The lease's advisory lock is (LEASE_CLASS, a key per deployment schema); migrations use the one-key lock 727001. */
const LEASE_CLASS = 727002;
/**
 * A follower tries the lease this often, and the holder checks its lease connection as often.
 * A holder killed outright closes its connection with its process, PostgreSQL ends the session
 * and frees the lock, and a follower takes it at its next try: within about this long. Every
 * second of it, one-click bets wait for the relay (issue #40); a try is one query.
 */
const TRY_EVERY_MS = 250;
/** A lease connection that does not answer within this long is given up, and the lease with it. */
const QUERY_TIMEOUT_MS = 2_000;
/**
 * Keepalives of the lease connection on the server's side: when the holder's host vanishes without
 * closing the connection, PostgreSQL finds it dead after about 5 + 2 × 2 s and frees the lease.
 */
const SERVER_KEEPALIVES = "-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=2";
const SIGNALS: readonly SignalName[] = ["settle", "chain_request", "chain_request_done", "relay", "relay_done", "feed"];

/** The lock's second key: a non-negative int4 from the schema name, so deployments sharing a server have leases of their own. */
export function leaseKey(schema: string): number {
  return Number(BigInt(keccak256(toUtf8Bytes(schema))) & 0x7fffffffn);
}

/**
 * Several instances on one PostgreSQL. The lease is a session advisory lock held on a connection
 * of its own, which dies with the holder (kill -9 included), so no expiry has to be waited out.
 * The same connection LISTENs for the signals; they are sent with pg_notify over the pool.
 */
export class PostgresCluster implements Cluster {
  readonly lease: Lease;
  readonly signals: Signals;
  private readonly listeners = new SignalListeners();
  private readonly leadership: ((leading: boolean) => void)[] = [];
  private readonly key: number;
  private readonly url: string;
  private leading = false;
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private lastProblem = "";

  constructor(
    private readonly db: Db,
    private readonly options: { url: string; schema: string; campaign: boolean },
  ) {
    this.key = leaseKey(options.schema);
    const url = new URL(options.url);
    url.searchParams.set("options", `${url.searchParams.get("options") ?? ""} ${SERVER_KEEPALIVES}`.trim());
    this.url = url.toString();
    const isLeading = () => this.leading;
    this.lease = {
      get leading() {
        return isLeading();
      },
      held: () => this.held(),
    };
    this.signals = {
      notify: async (on, name) => void (await on.execute(sql`SELECT pg_notify(${this.channel(name)}, '')`)),
      on: (name, listener) => this.listeners.on(name, listener),
    };
  }

  onLeadership(listener: (leading: boolean) => void): void {
    this.leadership.push(listener);
  }

  async start(): Promise<void> {
    await this.round();
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
    const client = this.client;
    this.client = undefined;
    if (this.leading) this.setLeading(false);
    // Ending the session frees the lock at once: the next instance need not wait for a timeout.
    await client?.end().catch(() => undefined);
  }

  private channel(name: SignalName): string {
    return `${this.options.schema}_${name}`;
  }

  private async held(): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ${LEASE_CLASS} AND objid = ${this.key} AND objsubid = 2
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS held`);
    return rowsOf<{ held: boolean }>(result)[0]!.held;
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, TRY_EVERY_MS);
  }

  /** One try: the holder checks its connection, a follower tries the lock. */
  private async round(): Promise<void> {
    try {
      const client = this.client ?? (await this.connect());
      if (this.leading) {
        await client.query("SELECT 1");
      } else if (this.options.campaign) {
        const result = await client.query<{ won: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS won", [LEASE_CLASS, this.key]);
        if (result.rows[0]?.won) this.setLeading(true);
      }
      if (this.lastProblem) log.info("the lease connection works again");
      this.lastProblem = "";
    } catch (error) {
      this.lose(error as Error, this.client);
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, query_timeout: QUERY_TIMEOUT_MS });
    client.on("error", (error) => this.lose(error, client));
    client.on("end", () => this.lose(new Error("the connection was closed"), client));
    client.on("notification", ({ channel }) => {
      const name = SIGNALS.find((signal) => this.channel(signal) === channel);
      if (name) this.listeners.emit(name);
    });
    try {
      await client.connect();
      for (const name of SIGNALS) await client.query(`LISTEN "${this.channel(name)}"`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error("closed");
    }
    this.client = client;
    return client;
  }

  /**
   * The lease connection failed. Its session is gone, or will be once the server notices, and the
   * lock with it: this instance stops leading at once rather than risk two senders.
   */
  private lose(error: Error, client: pg.Client | undefined): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    void client?.end().catch(() => undefined);
    if (error.message !== this.lastProblem) log.warn(`The lease connection failed (retrying every ${TRY_EVERY_MS / 1000} s): ${error.message}`);
    this.lastProblem = error.message;
    if (this.leading) this.setLeading(false);
  }

  private setLeading(leading: boolean): void {
    this.leading = leading;
    log.info(
      leading ? "This instance holds the settler lease: it reads the chain and sends every transaction" : "This instance no longer holds the settler lease",
    );
    for (const listener of this.leadership) listener(leading);
  }
}
