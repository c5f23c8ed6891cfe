import http, { type RequestListener } from "node:http";
import cookieParser from "cookie-parser";
import cors from "cors";
import express, { type Express, type RequestHandler } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import helmet from "helmet";
import { describe, expect, it, vi } from "vitest";
import { jsonBody } from "../src/http/body";
import { errorHandler, HttpError, plainRoute, sendJson } from "../src/http/errors";
import { frontLayer, helmetFor, helmetHeaders, isApiPath, withFront } from "../src/http/front";
import { FixedWindowCounter, limiter } from "../src/http/limits";
import { crossOriginChange } from "../src/http/origin";
import { compileTrustProxy } from "../src/http/trust-proxy";
import { logger } from "../src/observability/log";
import { listen } from "./support/http";

const APP_ORIGIN = "http://127.0.0.1:5173";
/** The /api requests among CASES before the last three, which go past it (OPTIONS and other X-Forwarded-For callers count apart). */
const LIMIT = 15;
const BODY_LIMIT = 16 * 1024;

/** The parsed body and cookies echoed, so parsing differences show; a refusal goes the error path. */
const echo = plainRoute((req) => {
  if ((req.body as { refuse?: boolean } | undefined)?.refuse) throw new HttpError(409, "Refused");
  return { body: req.body ?? null, cookies: req.cookies ?? null };
});

/** The routes both apps share. */
function withRoutes(app: Express, front: RequestHandler[]): Express {
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.set("etag", false);
  for (const layer of front) app.use(layer);
  app.post("/api/echo", echo);
  app.get("/api/ip", (req, res) => void res.json({ ip: req.ip }));
  app.get("/elsewhere", (_req, res) => void res.json({ ok: true }));
  app.use((_req, res) => void res.status(404).json({ error: "Not found" }));
  app.use(errorHandler);
  return app;
}

/** The layers as app.ts had them before they were fused into frontLayer. */
function separateLayers(): Express {
  const parseCookies = cookieParser();
  const app = express();
  return withRoutes(app, [
    // APP_ORIGIN is plain http: helmet's defaults without upgrade-insecure-requests (helmetFor).
    helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }),
    cors({ origin: [APP_ORIGIN], credentials: true }),
    express.Router().use(
      "/api",
      limiter(new FixedWindowCounter(LIMIT), (req) => ipKeyGenerator(req.ip ?? "")),
      (req, _res, next) => next(crossOriginChange(req, APP_ORIGIN)),
    ),
    jsonBody(BODY_LIMIT),
    (req, res, next) => (req.headers.cookie === undefined ? next() : parseCookies(req, res, next)),
  ]);
}

/** The front layer before Express, with /api/echo also in the direct lane, as app.ts builds it. */
function fusedLayer(): RequestListener {
  const front = frontLayer({
    appOrigin: APP_ORIGIN,
    limits: { perIpPerMinute: LIMIT, perAddressPerMinute: LIMIT, authPerIpPerMinute: LIMIT },
    bodyLimitBytes: BODY_LIMIT,
    trustProxy: compileTrustProxy("loopback"),
  });
  return withFront(front, new Map([["/api/echo", echo]]), withRoutes(express(), []));
}

interface RawAnswer {
  status: number;
  headers: string[];
  body: string;
}

/** Status, every header in order (Date and the window's reset second blanked: they follow the clock) and body. */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url + path, { method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        const raw = response.rawHeaders.map((value, i, all) => (i % 2 === 1 && /^(date|ratelimit-reset|retry-after)$/i.test(all[i - 1]!) ? "<clock>" : value));
        resolve({ status: response.statusCode!, headers: raw, body: text });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

const json = { "content-type": "application/json" };
const CASES: [string, string, Record<string, string>, string?][] = [
  ["POST", "/api/echo", json, '{"token":"DEGEN","betAmount":10}'],
  ["POST", "/api/echo", { ...json, origin: APP_ORIGIN }, '{"a":1}'],
  ["POST", "/api/echo", { ...json, origin: "http://evil.example" }, '{"a":1}'],
  ["DELETE", "/API/echo", { origin: "null" }],
  ["GET", "/api/ip", { origin: "http://evil.example" }],
  ["OPTIONS", "/api/echo", { origin: APP_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" }],
  ["OPTIONS", "/api/echo", {}],
  ["POST", "/api/echo", { ...json, cookie: "degen_session=abc; other=1" }, "[1,2]"],
  ["POST", "/api/echo", { ...json, "x-forwarded-for": "203.0.113.9" }, "{}"],
  ["GET", "/api/ip", { "x-forwarded-for": "203.0.113.9, 198.51.100.7" }],
  ["POST", "/api/echo", json, '{"refuse":true}'],
  ["POST", "/api/echo/", json, '{"a":1}'],
  ["POST", "/api/echo?x=1", json, '{"a":1}'],
  ["PUT", "/api/echo", json, '{"a":1}'],
  ["POST", "/api/echo", json, "{oops"],
  ["POST", "/api/echo", json, "x".repeat(BODY_LIMIT + 1)],
  ["POST", "/api/echo", { "content-type": "application/json; charset=latin1" }, '{"a":1}'],
  ["POST", "/API/echo", json, '{"a":1}'],
  ["GET", "/elsewhere", {}],
  ["GET", "/apix", {}],
  ["GET", "/api", {}],
  // Past the per-IP limit: 429 with Retry-After from the same calls.
  ["POST", "/api/echo", json, "{}"],
  ["POST", "/api/echo", json, "{}"],
  ["GET", "/api/nothing", {}],
];

describe("front layer", () => {
  it("answers every request exactly as helmet, cors, the IP limiter, the body parser and cookie-parser did as separate Express layers, in the direct lane or not", async () => {
    const before = await listen(separateLayers());
    const after = await listen(fusedLayer());
    try {
      let limited = 0;
      for (const [method, path, headers, body] of CASES) {
        const expected = await send(before.url, method, path, headers, body);
        const actual = await send(after.url, method, path, headers, body);
        expect(actual, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(expected);
        if (expected.status === 429) limited++;
      }
      // The last three cases reach past the limit, so the 429 path was compared too.
      expect(limited).toBe(3);
    } finally {
      await before.close();
      await after.close();
    }
  });

  it("sends JSON with the bytes and headers of Express's res.status().json() when ETags are off", async () => {
    const app = express();
    app.set("etag", false);
    const value = { error: "Ünïcode ✓", n: [1, 2.5, null], nested: { ok: true } };
    app.all("/express/:status", (req, res) => void res.status(Number(req.params.status)).json(value));
    app.all("/plain/:status", (req, res) => sendJson(res, Number(req.params.status), value));
    const server = await listen(app);
    try {
      for (const status of [200, 201, 400, 429, 500]) {
        for (const method of ["POST", "GET", "HEAD"]) {
          const expected = await send(server.url, method, `/express/${status}`, {});
          const actual = await send(server.url, method, `/plain/${status}`, {});
          expect(actual, `${method} ${status}`).toEqual(expected);
        }
      }
    } finally {
      await server.close();
    }
  });

  it("answers a step that throws with a 500 JSON error instead of losing the process", async () => {
    const throwing = () => {
      throw new Error("boom");
    };
    const server = await listen(withFront(throwing, new Map(), withRoutes(express(), [])));
    const logged = vi.spyOn(logger("http"), "error").mockImplementation(() => undefined);
    try {
      const answer = await send(server.url, "POST", "/api/echo", json, "{}");
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toEqual({ error: "Internal error" });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });

  it("replays helmet's default headers in helmet's order", () => {
    const { set, removed } = helmetHeaders();
    expect(set.map(([name]) => name)).toEqual([
      "Content-Security-Policy",
      "Cross-Origin-Opener-Policy",
      "Cross-Origin-Resource-Policy",
      "Origin-Agent-Cluster",
      "Referrer-Policy",
      "Strict-Transport-Security",
      "X-Content-Type-Options",
      "X-DNS-Prefetch-Control",
      "X-Download-Options",
      "X-Frame-Options",
      "X-Permitted-Cross-Domain-Policies",
      "X-XSS-Protection",
    ]);
    expect(removed).toEqual(["X-Powered-By"]);
  });

  it("keeps upgrade-insecure-requests for an https origin only", () => {
    const policy = (origin: string) => helmetHeaders(helmetFor(origin)).set.find(([name]) => name === "Content-Security-Policy")![1] as string;
    expect(policy("https://casino.example")).toContain("upgrade-insecure-requests");
    expect(policy("http://casino.lan:3001")).not.toContain("upgrade-insecure-requests");
    expect(policy("http://casino.lan:3001")).toBe(policy("https://casino.example").replace(";upgrade-insecure-requests", ""));
  });

  it("refuses to precompute a middleware that does not finish synchronously", () => {
    expect(() => helmetHeaders(() => undefined)).toThrow(/synchronously/);
  });

  it("counts exactly the paths app.use('/api') matches", async () => {
    const app = express();
    app.use("/api", (req, res) => void res.json({ api: true }));
    app.use((req, res) => void res.json({ api: false }));
    const server = await listen(app);
    try {
      for (const path of ["/api", "/api/", "/api/slots/spin", "/API/x", "/Api", "/apix", "/ap", "/", "/x/api", "/api%2Fx", "/api/x?y=1", "//api"]) {
        const answer = await send(server.url, "GET", path, {});
        expect(isApiPath(path.split("?")[0]!), path).toBe(JSON.parse(answer.body).api);
      }
    } finally {
      await server.close();
    }
  });
});
