import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import proxyAddr from "proxy-addr";
import { sendJson } from "./errors";
import type { TrustProxy } from "./trust-proxy";

export interface RateLimits {
  /** Requests per minute from one IP address, over every route. */
  perIpPerMinute: number;
  /** Requests per minute from one signed-in wallet, over the routes that need a session. */
  perAddressPerMinute: number;
  /** Requests per minute from one IP address to /api/auth/* (sign-in), on top of perIpPerMinute. */
  authPerIpPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perIpPerMinute: 1200, perAddressPerMinute: 300, authPerIpPerMinute: 20 };

const WINDOW_MS = 60_000;
const tooMany = { error: "Too many requests, slow down" };

interface Window {
  hits: number;
  resetAt: number;
}

/**
 * Fixed windows per key, each starting at the key's first request. A synchronous map instead of
 * express-rate-limit: that library awaits its store and hashes a partition key with sha256 on
 * every request, a tenth of the CPU of a demo spin. Expired windows are swept once a window, so
 * the map holds at most the keys seen in the last two windows.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();
  private nextSweep: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number = WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + windowMs;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Counts one request for the key: the key's count in its window and how long that window still runs. */
  hit(key: string): { hits: number; resetInMs: number } {
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.hits++;
    return { hits: window.hits, resetInMs: window.resetAt - now };
  }

  /** The key's count in its current window, counting nothing. */
  count(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.hits : 0;
  }

  private sweep(now: number): void {
    this.nextSweep = now + this.windowMs;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counts one request for key: RateLimit-Limit / -Remaining / -Reset (seconds) on the answer, where
 * two limiters apply the tighter one shows; over the limit it answers a 429 JSON error with
 * Retry-After and returns false.
 */
export function countRequest(counter: FixedWindowCounter, key: string, res: ServerResponse): boolean {
  const { hits, resetInMs } = counter.hit(key);
  const remaining = Math.max(counter.limit - hits, 0);
  const resetSeconds = Math.ceil(resetInMs / 1000);
  const shown = res.getHeader("RateLimit-Remaining");
  if (shown === undefined || remaining < Number(shown)) {
    res.setHeader("RateLimit-Limit", counter.limit);
    res.setHeader("RateLimit-Remaining", remaining);
    res.setHeader("RateLimit-Reset", resetSeconds);
  }
  if (hits > counter.limit) {
    res.setHeader("Retry-After", resetSeconds);
    sendJson(res, 429, tooMany);
    return false;
  }
  return true;
}

/** A limiter middleware over countRequest. */
export function limiter(counter: FixedWindowCounter, keyOf: (req: Request, res: Response) => string): RequestHandler {
  return (req, res, next) => {
    if (countRequest(counter, keyOf(req, res), res)) next();
  };
}

/**
 * The caller's key: the address Express's req.ip gives under the same TRUST_PROXY, with IPv6
 * callers counted per /56, as express-rate-limit does, so one host cannot rotate addresses.
 * Without X-Forwarded-For that is the socket's address, so the header parsing is skipped.
 */
export function ipKey(req: IncomingMessage, trustProxy: TrustProxy): string {
  const ip = req.headers["x-forwarded-for"] === undefined ? req.socket.remoteAddress : proxyAddr(req, trustProxy);
  return ipKeyGenerator(ip ?? "");
}

/** Keyed by the session's address, so one wallet cannot spread its load over many IPs. */
export function addressLimiter(limits: RateLimits): RequestHandler {
  return limiter(new FixedWindowCounter(limits.perAddressPerMinute), (_req, res) => String(res.locals.address));
}
