// Sign-in: the cookie a wallet gets once it signed in with Ethereum (SIWE), kept in the `sessions`
// table. Called a sign-in in the code: a "session" is a one-click key's (docs/README.md "Words").
import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { CookieOptions, NextFunction, Request, RequestHandler, Response } from "express";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/types";
import { sessions } from "../db/schema";
import { unauthorized, type RouteRequest } from "../http/errors";

export const SIGN_IN_COOKIE = "degen_session";
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Cookies whose signature was checked, kept with their claims: a one-click bet and its client
 * seed carry one each, and checking the HMAC through WebCrypto took an eighth of an instance's CPU
 * under the relay bench's load (issue #40). Whether the sign-in was revoked is still read each time.
 */
const VERIFIED_KEPT = 10_000;

export interface SignInService {
  issue(res: Response, address: string): Promise<void>;
  revoke(req: Request, res: Response): Promise<void>;
  /** The signed-in address, or undefined. */
  addressOf(req: RouteRequest): Promise<string | undefined>;
  /** Middleware: 401 without a valid session; sets res.locals.address. */
  require: RequestHandler;
}

export function createSignIns(db: Db, secretHex: string, secureCookie: boolean): SignInService {
  const key = Buffer.from(secretHex.slice(2), "hex");
  const cookieOptions: CookieOptions = { httpOnly: true, sameSite: "strict", secure: secureCookie, path: "/" };
  const verified = new Map<string, { sub: string; jti: string; exp: number }>();

  /** The token's subject and id once its signature checks out and it has not expired. */
  async function verifiedClaims(token: string): Promise<{ sub: string; jti: string } | undefined> {
    const kept = verified.get(token);
    if (kept) return kept.exp * 1000 > Date.now() ? kept : undefined;
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.jti !== "string" || typeof payload.exp !== "number") return undefined;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    const claims = { sub: payload.sub, jti: payload.jti, exp: payload.exp };
    verified.set(token, claims);
    return claims;
  }

  async function claimsOf(req: RouteRequest): Promise<{ address: string; sessionId: string } | undefined> {
    const token: unknown = req.cookies?.[SIGN_IN_COOKIE];
    if (typeof token !== "string" || token.length > 2048) return undefined;
    try {
      const payload = await verifiedClaims(token);
      if (!payload) return undefined;
      const [row] = await db
        .select({ address: sessions.address })
        .from(sessions)
        .where(and(eq(sessions.id, payload.jti), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      if (!row || row.address !== payload.sub) return undefined;
      return { address: row.address, sessionId: payload.jti };
    } catch {
      return undefined;
    }
  }

  return {
    async issue(res, address) {
      const sessionId = randomUUID();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ id: sessionId, address, expiresAt });
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(address)
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      res.cookie(SIGN_IN_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    },
    async revoke(req, res) {
      const claims = await claimsOf(req);
      if (claims) await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, claims.sessionId));
      res.clearCookie(SIGN_IN_COOKIE, cookieOptions);
    },
    async addressOf(req) {
      return (await claimsOf(req))?.address;
    },
    require: async (req: Request, res: Response, next: NextFunction) => {
      const claims = await claimsOf(req);
      if (!claims) return next(unauthorized());
      res.locals.address = claims.address;
      next();
    },
  };
}

/** The signed-in address set by `require`. */
export function signedInAddress(res: Response): string {
  const address = res.locals.address as string | undefined;
  if (!address) throw unauthorized();
  return address;
}
