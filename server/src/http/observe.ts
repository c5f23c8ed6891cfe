import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { logger, requestIdOf } from "../observability/log";
import type { Metrics } from "../observability/metrics";
import type { PlainRequest } from "./errors";

const log = logger("http");

/** An answer slower than this is logged at info even when it succeeded. */
const SLOW_REQUEST_MS = 1_000;

/**
 * Marks the requests an Express mount passes, so a route matched inside it is labelled with its
 * whole template (`/api/user` + `/:id`): Express restores req.baseUrl before the answer is done.
 */
export function routePrefix(prefix: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.routePrefix = prefix;
    next();
  };
}

/**
 * The route template a request is counted under: the direct lane's exact path, or the Express
 * route that matched (with its mount's prefix); requests no route took share one label, so a
 * scan of random URLs cannot add label values.
 */
function routeOf(req: IncomingMessage, res: ServerResponse, directRoutes: ReadonlyMap<string, unknown>): string {
  if (req.method === "POST" && directRoutes.has(req.url!)) return req.url!;
  const matched = (req as { route?: { path?: unknown } }).route?.path;
  const prefix = (res as { locals?: { routePrefix?: string } }).locals?.routePrefix ?? "";
  if (typeof matched === "string") return prefix + matched;
  return prefix ? `${prefix}/*` : "(unmatched)";
}

/**
 * The outermost layer: a request id (the caller's X-Request-Id, or a new one) on the request, its
 * answer and every log line about it; the answer's latency in the histogram; an access log line
 * (debug for a quick success, info for a refusal or a slow answer, warn for a failure). It costs a
 * demo call a 'finish' listener, two clock reads and a map lookup.
 */
export function observed(listener: RequestListener, metrics: Metrics, directRoutes: ReadonlyMap<string, unknown>): RequestListener {
  return (req, res) => {
    const started = performance.now();
    const id = requestIdOf(req.headers["x-request-id"]);
    (req as PlainRequest).id = id;
    res.setHeader("X-Request-Id", id);
    res.once("finish", () => {
      const ms = performance.now() - started;
      const route = routeOf(req, res, directRoutes);
      const status = res.statusCode;
      metrics.observeLatency(route, req.method ?? "", status, ms / 1000);
      const level = status >= 500 ? "warn" : status >= 400 || ms > SLOW_REQUEST_MS ? "info" : "debug";
      if (!log.isLevelEnabled(level)) return;
      const url = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").slice(0, 200);
      log[level]({ reqId: id, method: req.method, url, route, status, ms: Math.round(ms * 10) / 10 }, "request");
    });
    listener(req, res);
  };
}
