import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import cookieParser from "cookie-parser";
import cors from "cors";
import helmet from "helmet";
import parseUrl from "parseurl";
import { jsonBody } from "./body";
import { sendError, type Next, type PlainRequest, type RouteHandler } from "./errors";
import { countRequest, FixedWindowCounter, ipKey, type RateLimits } from "./limits";
import { crossOriginChange } from "./origin";
import type { TrustProxy } from "./trust-proxy";

/**
 * What every request passes before the routes: helmet's headers, CORS, the per-IP limit on /api,
 * the refusal of a cross-origin change to /api (http/origin.ts), the JSON body and the session
 * cookie, in that order. One function on node:http's own objects, so that it runs before Express
 * and before the direct lane of app.ts alike. Each step's answers are the ones its library gives
 * as a separate Express layer (server/test/front.test.ts).
 */
export function frontLayer(options: { appOrigin: string; limits: RateLimits; bodyLimitBytes: number; trustProxy: TrustProxy }): RouteHandler {
  const security = helmetHeaders(helmetFor(options.appOrigin));
  const corsMiddleware = cors({ origin: [options.appOrigin], credentials: true });
  const ipCounter = new FixedWindowCounter(options.limits.perIpPerMinute);
  const body = jsonBody(options.bodyLimitBytes);
  const parseCookies = cookieParser();

  // Only the session cookie is read, and anonymous demo calls carry none: skip the parser for them.
  const afterLimit = (req: PlainRequest, res: ServerResponse, next: Next) =>
    body(req, res, (error?: unknown) => {
      if (error !== undefined) next(error);
      else if (req.headers.cookie === undefined) next();
      // cookie-parser is connect middleware: its Express types ask for more than it reads.
      else parseCookies(req as never, res as never, next);
    });
  const afterCors = (req: PlainRequest, res: ServerResponse, next: Next) => {
    const pathname = parseUrl(req)?.pathname ?? "";
    if (isApiPath(pathname) || isMetricsPath(pathname)) {
      if (!countRequest(ipCounter, ipKey(req, options.trustProxy), res)) return;
      const refused = crossOriginChange(req, options.appOrigin);
      if (refused) return next(refused);
    }
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

/**
 * The request listener: the front layer, then the route of an exact POST path in directRoutes,
 * or else the Express app. Errors before a route answer as the app's error handler does; one
 * thrown there is a 500, as Express made it, not an uncaught exception.
 */
export function withFront(front: RouteHandler, directRoutes: ReadonlyMap<string, RouteHandler>, app: RequestListener): RequestListener {
  const answerError = (req: IncomingMessage, res: ServerResponse) => (error: unknown) => sendError(req, res, error);
  return (req, res) => {
    try {
      front(req, res, (error) => {
        if (error !== undefined) return sendError(req, res, error);
        const direct = req.method === "POST" ? directRoutes.get(req.url!) : undefined;
        if (direct) direct(req, res, answerError(req, res));
        else app(req, res);
      });
    } catch (error) {
      sendError(req, res, error);
    }
  };
}

export const isMetricsPath = (path: string): boolean => /^\/metrics(?:\/|$)/i.test(path);

/** app.use("/api", …) matches this path and any below it, ignoring case (path-to-regexp, end: false). */
export function isApiPath(path: string): boolean {
  return /^\/api(?:\/|$)/i.test(path);
}

/**
 * helmet with its defaults, except that an app on a plain-http origin gets no
 * upgrade-insecure-requests: the browser would fetch each of the app's files over https from a
 * host that serves none (a rehearsal opened by a LAN name; 127.0.0.1 is exempt, an https origin
 * keeps it).
 */
export function helmetFor(appOrigin: string): ReturnType<typeof helmet> {
  if (new URL(appOrigin).protocol === "https:") return helmet();
  return helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
}

interface HeaderRecorder {
  set: [string, string | number | readonly string[]][];
  removed: string[];
}

/**
 * helmet()'s headers with its default options: constant strings, so read once from the real
 * middleware and replayed, instead of running its thirteen middlewares per request.
 */
export function helmetHeaders(middleware: (req: never, res: never, next: Next) => void = helmet()): HeaderRecorder {
  const recorded: HeaderRecorder = { set: [], removed: [] };
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void recorded.set.push([name, value]),
    removeHeader: (name: string) => void recorded.removed.push(name),
  };
  let finished = false;
  middleware({} as never, res as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error("helmet did not finish synchronously; its headers cannot be precomputed");
  return recorded;
}
