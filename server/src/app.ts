import type { RequestListener } from "node:http";
import express, { type RequestHandler } from "express";
import type { SignInService } from "./auth/sign-in";
import { siweRouter } from "./auth/siwe";
import type { VaultReader } from "./chain/vault";
import type { ChainRequests } from "./chain/chain-requests";
import type { TxSender } from "./chain/sender";
import type { Settler } from "./settler/settler";
import { blackjackRoutes } from "./routes/blackjack";
import { crashRouter } from "./routes/crash";
import { minesRoutes } from "./routes/mines";
import { fairnessRouter } from "./routes/fairness";
import { slotsRoutes } from "./routes/slots";
import { walletRouter } from "./routes/wallet";
import { sessionsRouter } from "./routes/sessions";
import { actionKeysRouter } from "./routes/action-keys";
import type { ActionSigners } from "./sessions/actions";
import type { Signals } from "./cluster/cluster";
import type { SessionBetIntake } from "./sessions/intake";
import type { SessionKeys } from "./sessions/keys";
import type { Db } from "./db/types";
import { frontLayer, withFront } from "./http/front";
import { errorHandler, notFound, route, type RouteHandler } from "./http/errors";
import { observed, routePrefix } from "./http/observe";
import { addressLimiter, DEFAULT_RATE_LIMITS, FixedWindowCounter, ipKey, limiter, type RateLimits } from "./http/limits";
import { metricsGate } from "./http/bearer";
import type { TrustProxy } from "./http/trust-proxy";
import type { ServerConfig } from "./config";
import type { Metrics } from "./observability/metrics";
import { assessHealth, type StatusSampler } from "./observability/status";
import type { PriceFeed } from "./prices";
import { usersRouter } from "./routes/users";
import { statsRouter } from "./routes/stats";
import type { PublicConfig } from "./routes/config";
import { servedApp } from "./http/served-app";
import type { LiveBets } from "./feed/live-bets";

export const BODY_LIMIT_BYTES = 16 * 1024;

/** The services the app answers from, and the settings it applies. */
export interface AppDeps extends Pick<ServerConfig, "appOrigin" | "appDir" | "health" | "metricsToken" | "playerTxBudgets" | "relayMinimum"> {
  chainId: number;
  db: Db;
  signIns: SignInService;
  casino: VaultReader;
  casinoAddress: string;
  /** CasinoRelay, which carries out the withdrawals and swaps players sign. */
  relayAddress: string;
  /** CasinoSessions: session grants, signed bets and actions (issue #20). */
  sessionsAddress: string;
  /** What instances tell each other: a relayed bet's route waits on "relay_done". */
  signals: Signals;
  sessionKeys: SessionKeys;
  sessionBets: SessionBetIntake;
  actionSigners: ActionSigners;
  provider: import("ethers").JsonRpcProvider;
  tokenAddresses: { DEGEN: string; BNB: string };
  settler: Settler;
  /** The settler's account (the relays' simulations call as it); transactions go through the outbox. */
  sender: TxSender;
  chainRequests: ChainRequests;
  prices: PriceFeed;
  metrics: Metrics;
  status: StatusSampler;
  /** GET /api/config: the chain, contracts and SIWE terms the browser app learns at run time. */
  publicConfig: PublicConfig;
  rateLimits?: RateLimits;
  /** TRUST_PROXY: whose X-Forwarded-For names the caller, for req.ip and the per-IP limits alike. */
  trustProxy: TrustProxy;
  /** GET /api/bets/live: every settled on-chain bet, streamed (feed/live-bets.ts). */
  liveBets: LiveBets;
}

/** The server's request listener: `http.createServer(createApp(deps))`. */
export type App = RequestListener;

/**
 * Every request passes the front layer (security headers, CORS, the per-IP limit, body, cookies).
 * The game calls are then answered directly, everything else by Express. Express 5's own handling
 * of a request (app.handle, before any route runs) costs about 130 µs on this machine, more than
 * a demo spin's game; the game routes take nothing from it. They are registered in Express as
 * well, which answers the same handler for the URL forms Express also accepts (/API/…, a trailing
 * slash, a query string): the direct lane takes only the exact path.
 */
export function createApp(deps: AppDeps): App {
  const limits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const front = frontLayer({ appOrigin: deps.appOrigin, limits, bodyLimitBytes: BODY_LIMIT_BYTES, trustProxy: deps.trustProxy });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy);
  app.set("etag", false);

  const signedIn = [deps.signIns.require, addressLimiter(limits)];
  // The prefix also labels the latency metric's routes (http/observe.ts).
  const mount = (prefix: string, ...handlers: RequestHandler[]) => app.use(prefix, routePrefix(prefix), ...handlers);

  // A call naming an on-chain bet checks the session inside; demo play needs none.
  const playRoutes = new Map<string, RouteHandler>();
  for (const { path, handler } of [
    ...slotsRoutes({ signIns: deps.signIns, settler: deps.settler }),
    ...blackjackRoutes({
      db: deps.db,
      signIns: deps.signIns,
      settler: deps.settler,
      signers: deps.actionSigners,
      split: { provider: deps.provider, chainRequests: deps.chainRequests, sessionsAddress: deps.sessionsAddress, settlerAddress: deps.sender.address },
    }),
    ...minesRoutes({ db: deps.db, signIns: deps.signIns, settler: deps.settler, signers: deps.actionSigners }),
  ]) {
    playRoutes.set(path, handler);
    app.post(path, handler);
  }
  // 200 { ok: true, chainId } when healthy; 503 with the reasons when degraded (README: Routes).
  app.get(
    "/api/health",
    route(async (_req, res) => {
      const reasons = assessHealth(await deps.status.snapshot(), deps.health);
      if (reasons.length === 0) return { ok: true, chainId: deps.chainId };
      res.status(503);
      return { ok: false, status: "degraded", chainId: deps.chainId, reasons };
    }),
  );
  app.get(
    "/metrics",
    metricsGate(deps.metricsToken),
    route(async (_req, res) => {
      res.set("Content-Type", deps.metrics.contentType).send(await deps.metrics.text());
    }),
  );
  // No session; no-cache: the app revalidates each time, so it sees a redeploy.
  app.get("/api/config", (_req, res) => {
    res.set("Cache-Control", "no-cache").json(deps.publicConfig);
  });
  app.get("/api/prices", (_req, res) => {
    res.json(deps.prices.snapshot());
  });
  // Server-Sent Events rather than a WebSocket: one-way, plain HTTP through Express and any proxy,
  // and the browser's EventSource reconnects by itself.
  app.get("/api/bets/live", (req, res) => deps.liveBets.attach(res, ipKey(req, deps.trustProxy)));
  // Leaderboards and players' numbers: public, as the chain they are read from.
  mount("/api", statsRouter({ db: deps.db, readUpTo: () => deps.settler.cursor(), trustProxy: deps.trustProxy }));
  // Signing in is a nonce row and a signature check per call: a tight limit per IP of its own.
  const signInLimit = limiter(new FixedWindowCounter(limits.authPerIpPerMinute), (req) => ipKey(req, deps.trustProxy));
  mount(
    "/api/auth",
    signInLimit,
    siweRouter({ db: deps.db, signIns: deps.signIns, chainId: deps.chainId, appOrigin: deps.appOrigin, provider: deps.provider }),
  );
  mount("/api/user", ...signedIn, usersRouter({ db: deps.db, casino: deps.casino, tokenAddresses: deps.tokenAddresses }));
  mount("/api/crash", ...signedIn, crashRouter({ db: deps.db, settler: deps.settler, signers: deps.actionSigners }));
  mount("/api/sessions", ...signedIn, sessionsRouter({ db: deps.db, signals: deps.signals, keys: deps.sessionKeys, intake: deps.sessionBets }));
  mount("/api/action-keys", ...signedIn, actionKeysRouter({ settler: deps.settler, signers: deps.actionSigners }));
  mount("/api/fairness", ...signedIn, fairnessRouter({ db: deps.db, settler: deps.settler, chainId: deps.chainId, casino: deps.casinoAddress }));
  mount(
    "/api",
    walletRouter({
      db: deps.db,
      chainRequests: deps.chainRequests,
      budgets: deps.playerTxBudgets,
      relayMinimum: deps.relayMinimum,
      provider: deps.provider,
      settlerAddress: deps.sender.address,
      relayAddress: deps.relayAddress,
      tokenAddresses: deps.tokenAddresses,
      signedIn,
    }),
  );

  if (deps.appDir !== undefined) app.use(servedApp(deps.appDir));
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler);

  return observed(withFront(front, playRoutes, app), deps.metrics, playRoutes);
}
