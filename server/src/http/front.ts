import cookieParser from "cookie-parser";
import cors from "cors";
import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import { jsonBody } from "./body";
import { countRequest, FixedWindowCounter, ipKey, type RateLimits } from "./limits";

/**
 * What every request passes before the routes, as one Express layer: helmet's headers, CORS, the
 * per-IP limit on /api, the JSON body and the session cookie, in that order. Five layers cost
 * five rounds of the router's matching and next(); on this machine that was a tenth of a demo
 * spin. Each step's answers are the ones its library gives (server/test/front.test.ts).
 */
export function frontLayer(options: { appOrigin: string; limits: RateLimits; bodyLimitBytes: number }): RequestHandler {
  const security = helmetHeaders();
  const corsMiddleware = cors({ origin: [options.appOrigin], credentials: true });
  const ipCounter = new FixedWindowCounter(options.limits.perIpPerMinute);
  const body = jsonBody(options.bodyLimitBytes);
  const parseCookies = cookieParser();

  // Only the session cookie is read, and anonymous demo calls carry none: skip the parser for them.
  const afterLimit = (req: Request, res: Response, next: (error?: unknown) => void) =>
    body(req, res, (error?: unknown) => {
      if (error !== undefined) next(error);
      else if (req.headers.cookie === undefined) next();
      else parseCookies(req, res, next);
    });
  const afterCors = (req: Request, res: Response, next: (error?: unknown) => void) => {
    if (isApiPath(req.path) && !countRequest(ipCounter, ipKey(req), res)) return;
    afterLimit(req, res, next);
  };

  return (req, res, next) => {
    for (const name of security.removed) res.removeHeader(name);
    for (const [name, value] of security.set) res.setHeader(name, value);
    // Without an Origin, cors sets exactly these two (its Vary is the first one on the answer).
    if (req.method !== "OPTIONS" && req.headers.origin === undefined) {
      res.setHeader("Vary", "Origin");
      res.setHeader("Access-Control-Allow-Credentials", "true");
      afterCors(req, res, next);
      return;
    }
    corsMiddleware(req, res, (error?: unknown) => (error ? next(error) : afterCors(req, res, next)));
  };
}

/** app.use("/api", …) matches this path and any below it, ignoring case (path-to-regexp, end: false). */
export function isApiPath(path: string): boolean {
  return /^\/api(?:\/|$)/i.test(path);
}

interface HeaderRecorder {
  set: [string, string | number | readonly string[]][];
  removed: string[];
}

/**
 * helmet()'s headers with its default options: constant strings, so read once from the real
 * middleware and replayed, instead of running its thirteen middlewares per request.
 */
export function helmetHeaders(middleware: RequestHandler = helmet()): HeaderRecorder {
  const recorded: HeaderRecorder = { set: [], removed: [] };
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void recorded.set.push([name, value]),
    removeHeader: (name: string) => void recorded.removed.push(name),
  };
  let finished = false;
  void middleware({} as Request, res as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error("helmet did not finish synchronously; its headers cannot be precomputed");
  return recorded;
}
