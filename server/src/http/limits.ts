import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";

export interface RateLimits {
  /** Requests per minute from one IP address, over every route. */
  perIpPerMinute: number;
  /** Requests per minute from one signed-in wallet, over the routes that need a session. */
  perAddressPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perIpPerMinute: 1200, perAddressPerMinute: 300 };

const tooMany = { error: "Too many requests, slow down" };

export function ipLimiter(limits: RateLimits): RequestHandler {
  return rateLimit({ windowMs: 60_000, limit: limits.perIpPerMinute, standardHeaders: "draft-8", legacyHeaders: false, message: tooMany });
}

/** Keyed by the session's address, so one wallet cannot spread its load over many IPs. */
export function addressLimiter(limits: RateLimits): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: limits.perAddressPerMinute,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    message: tooMany,
    keyGenerator: (_req, res) => String(res.locals.address),
  });
}
