import express, { type Express } from "express";
import type { SessionService } from "./auth/session";
import { siweRouter } from "./auth/siwe";
import type { VaultReader } from "./chain/vault";
import type { TxSender } from "./chain/sender";
import type { Settler } from "./settler/settler";
import { addBlackjackRoutes } from "./routes/blackjack";
import { crashRouter } from "./routes/crash";
import { fairnessRouter } from "./routes/fairness";
import { addSlotsRoutes } from "./routes/slots";
import { walletRouter } from "./routes/wallet";
import type { Db } from "./db/index";
import { frontLayer } from "./http/front";
import { errorHandler, notFound } from "./http/errors";
import { addressLimiter, DEFAULT_RATE_LIMITS, type RateLimits } from "./http/limits";
import type { PriceFeed } from "./prices";
import { usersRouter } from "./routes/users";

export const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppDeps {
  chainId: number;
  db: Db;
  sessions: SessionService;
  /** The frontend origin: the only CORS origin and the SIWE domain. */
  appOrigin: string;
  casino: VaultReader;
  casinoAddress: string;
  tokenAddresses: { DEGEN: string; BNB: string };
  settler: Settler;
  sender: TxSender;
  prices: PriceFeed;
  rateLimits?: RateLimits;
}

export function createApp(deps: AppDeps): Express {
  const limits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.set("etag", false);
  app.use(frontLayer({ appOrigin: deps.appOrigin, limits, bodyLimitBytes: BODY_LIMIT_BYTES }));

  const signedIn = [deps.sessions.require, addressLimiter(limits)];

  // Demo play needs no session; a call naming an on-chain bet checks the session inside. First
  // among the routes (their paths are disjoint) so the busiest calls pass the fewest layers.
  addSlotsRoutes(app, "/api/slots", { sessions: deps.sessions, settler: deps.settler });
  addBlackjackRoutes(app, "/api/blackjack", { db: deps.db, sessions: deps.sessions, settler: deps.settler });
  app.get("/api/health", (_req, res) => {
    res.json({ ok: true, chainId: deps.chainId });
  });
  app.get("/api/prices", (_req, res) => {
    res.json(deps.prices.snapshot());
  });
  app.use("/api/auth", siweRouter({ db: deps.db, sessions: deps.sessions, chainId: deps.chainId, appOrigin: deps.appOrigin }));
  app.use("/api/user", ...signedIn, usersRouter({ db: deps.db, casino: deps.casino, tokenAddresses: deps.tokenAddresses }));
  app.use("/api/crash", ...signedIn, crashRouter({ db: deps.db, settler: deps.settler }));
  app.use("/api/fairness", ...signedIn, fairnessRouter({ db: deps.db, settler: deps.settler, chainId: deps.chainId, casino: deps.casinoAddress }));
  app.post("/api/withdraw", ...signedIn);
  app.post("/api/swap", ...signedIn);
  app.use("/api", walletRouter({ sender: deps.sender, casinoAddress: deps.casinoAddress, tokenAddresses: deps.tokenAddresses }));

  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler);
  return app;
}
