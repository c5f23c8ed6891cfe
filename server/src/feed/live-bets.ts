import type { ServerResponse } from "node:http";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { sendJson } from "../http/errors";
import { PassLoop } from "../loop";
import { logger } from "../observability/log";
import { betsAfter, jackpotsAfter, lastJackpotSeq, newestBets, type JackpotHit, type LiveBet } from "./feed-rows";

const log = logger("feed");

/** A new browser gets this many of the newest settled bets at once. */
export const SNAPSHOT_SIZE = 50;
/**
 * Sequence numbers are drawn inside the lease holder's ingest transactions, and two of those (the
 * log scan and a receipt's) may commit out of order: each read looks back this far, and skips
 * what it has sent already, so a bet that committed late is not lost. One ingest numbers a block's
 * relayed bets at once: up to ROUNDS_IN_FLIGHT × RELAY_BATCHES_PER_ROUND × RELAY_BATCH_SIZE
 * (2 × 10 × 235, sessions/relay.ts).
 */
const LOOK_BACK = 8192;
/** The most rows one read takes; a longer backlog is read by the next round at once. */
const READ_LIMIT = 500;
/** A comment this often keeps proxies from closing an idle stream; each also re-reads, in case a signal was lost. */
export const HEARTBEAT_MS = 15_000;
/**
 * A client that has not taken this much of what was written is too slow to keep: it is dropped,
 * and its browser reconnects. A snapshot is about 15 kB; at the total cap the buffers stay under
 * 64 kB × LIVE_FEED_STREAMS (issue #38 item 4).
 */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** How many streams the feed holds (issue #38 item 4: one IP held 400). */
export interface FeedLimits {
  /** LIVE_FEED_STREAMS_PER_IP: streams one caller may hold at once (a few tabs, or an office behind one address). */
  perIp: number;
  /** LIVE_FEED_STREAMS: streams this instance holds at once. */
  total: number;
  /** LIVE_FEED_STREAM_MINUTES: a stream ends after between three quarters of this and all of it (spread, so they do not all end together); the browser reconnects. */
  lifetimeMs: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = { perIp: 10, total: 2_000, lifetimeMs: 30 * 60_000 };

/**
 * The live bets feed (issue #22): every instance keeps the newest settled bets in memory and
 * streams new ones to its Server-Sent Events clients. A "feed" signal (sent by the lease holder's
 * log reader when it records a settlement or a jackpot hit, delivered to every instance through
 * LISTEN/NOTIFY) starts one read of what is new, shared by every connection: each event is
 * serialised once and written to all, and a connection costs no database query, neither when it
 * opens (the snapshot is in memory) nor per bet.
 */
export class LiveBets {
  private readonly clients = new Set<ServerResponse>();
  private readonly byIp = new Map<string, number>();
  /** Newest first, at most SNAPSHOT_SIZE. */
  private newest: LiveBet[] = [];
  private highestBet = 0;
  private highestJackpot = 0;
  /** The bets' places already sent within LOOK_BACK of the highest. */
  private readonly sent = new Set<number>();
  /**
   * Reads of what is new, run by the signals and the heartbeat (never started: no timer of its own).
   * A signal arriving during a read makes one more read after it, however many arrive.
   */
  private readonly reads = new PassLoop(() => this.readNew(), HEARTBEAT_MS);
  private heartbeat: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private lastError = "";

  constructor(
    private readonly db: Db,
    private readonly signals: Signals,
    private readonly limits: FeedLimits = DEFAULT_FEED_LIMITS,
  ) {}

  async start(): Promise<void> {
    this.newest = await newestBets(this.db, SNAPSHOT_SIZE);
    for (const bet of this.newest) this.sent.add(bet.seq);
    this.highestBet = this.newest[0]?.seq ?? 0;
    this.highestJackpot = await lastJackpotSeq(this.db);
    this.unsubscribe = this.signals.on("feed", () => void this.refresh());
    this.heartbeat = setInterval(() => {
      this.broadcast(": heartbeat\n\n");
      void this.refresh();
    }, HEARTBEAT_MS).unref();
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.heartbeat);
    await this.reads.stop();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  get connections(): number {
    return this.clients.size;
  }

  /** The newest settled bets, newest first. */
  snapshot(): readonly LiveBet[] {
    return this.newest;
  }

  /**
   * Streams the feed to one client (`ip`, the caller as http/limits.ts ipKey names it) until it
   * goes away or its lifetime ends: the snapshot first, then each new bet and jackpot hit. Past
   * the caller's or the instance's cap it answers 429 or 503 instead.
   */
  attach(res: ServerResponse, ip: string): void {
    const held = this.byIp.get(ip) ?? 0;
    if (held >= this.limits.perIp) {
      return sendJson(res, 429, { error: `This address holds ${this.limits.perIp} live feed streams already: close a tab, or try again later` });
    }
    if (this.clients.size >= this.limits.total) {
      res.setHeader("Retry-After", "30");
      return sendJson(res, 503, { error: "The live feed is full: try again shortly" });
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      // nginx buffers a proxied answer unless told not to.
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: 2000\n\nevent: snapshot\ndata: ${JSON.stringify(this.newest)}\n\n`);
    this.clients.add(res);
    this.byIp.set(ip, held + 1);
    const lifetime = setTimeout(() => res.end(), this.limits.lifetimeMs * (0.75 + Math.random() / 4)).unref();
    res.once("close", () => {
      clearTimeout(lifetime);
      this.clients.delete(res);
      const left = (this.byIp.get(ip) ?? 1) - 1;
      if (left > 0) this.byIp.set(ip, left);
      else this.byIp.delete(ip);
    });
  }

  /** Reads what is new. */
  refresh(): Promise<void> {
    return this.reads.run();
  }

  private async readNew(): Promise<void> {
    try {
      const bets = await betsAfter(this.db, Math.max(0, this.highestBet - LOOK_BACK), READ_LIMIT, [...this.sent]);
      const jackpots = await jackpotsAfter(this.db, this.highestJackpot, READ_LIMIT);
      for (const bet of bets) this.publishBet(bet);
      for (const seq of this.sent) if (seq <= this.highestBet - LOOK_BACK) this.sent.delete(seq);
      for (const hit of jackpots) this.publishJackpot(hit);
      if (this.lastError) log.info("The live feed reads the database again");
      this.lastError = "";
      // Asked during this read: one more read follows it.
      if (bets.length === READ_LIMIT || jackpots.length === READ_LIMIT) void this.reads.run();
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastError) log.warn(`The live feed could not read new bets (retrying at the next signal): ${message}`);
      this.lastError = message;
    }
  }

  private publishBet(bet: LiveBet): void {
    this.sent.add(bet.seq);
    this.highestBet = Math.max(this.highestBet, bet.seq);
    this.newest = [bet, ...this.newest].sort((a, b) => b.seq - a.seq).slice(0, SNAPSHOT_SIZE);
    this.broadcast(`event: bet\ndata: ${JSON.stringify(bet)}\n\n`);
  }

  private publishJackpot(hit: JackpotHit): void {
    this.highestJackpot = Math.max(this.highestJackpot, hit.seq);
    this.broadcast(`event: jackpot\ndata: ${JSON.stringify(hit)}\n\n`);
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) {
      if (client.writableLength > MAX_BUFFERED_BYTES) {
        client.destroy();
        this.clients.delete(client);
        continue;
      }
      client.write(frame);
    }
  }
}
