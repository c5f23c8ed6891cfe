import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { forbidden, unauthorized } from "./errors";
import { compileTrustProxy } from "./trust-proxy";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** 127.0.0.0/8 and ::1, IPv4-mapped or not, as TRUST_PROXY's "loopback" names them. */
const isLoopback = compileTrustProxy("loopback");

/**
 * A request made on this host and not forwarded: its socket is loopback and no proxy header names
 * another client (a reverse proxy on the same host connects from loopback too).
 */
function fromThisHost(req: IncomingMessage): boolean {
  return isLoopback(req.socket.remoteAddress ?? "", 0) && req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined;
}

/**
 * GET /metrics's gate (issue #38 item 7). With a token, only requests carrying `Authorization:
 * Bearer <token>`, the digests compared in constant time so that the answer's timing tells
 * nothing of it. Without one, only requests made on this host (a Prometheus beside the server):
 * the gauges show the house's bankroll and the settler's gas, for no one outside to poll.
 */
export function metricsGate(token: string | undefined): RequestHandler {
  if (token === undefined) {
    return (req, _res, next) =>
      fromThisHost(req) ? next() : next(forbidden("Metrics are served to this host only: set METRICS_TOKEN to read them from elsewhere"));
  }
  const expected = digest(`Bearer ${token}`);
  return (req, res, next) => {
    if (timingSafeEqual(digest(req.headers.authorization ?? ""), expected)) return next();
    res.set("WWW-Authenticate", "Bearer");
    next(unauthorized("Metrics need Authorization: Bearer <METRICS_TOKEN>"));
  };
}
