import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { unauthorized } from "./errors";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Passes only requests carrying `Authorization: Bearer <token>`; every request when no token is
 * set. The digests are compared in constant time, so the answer's timing tells nothing of the token.
 */
export function bearerToken(token: string | undefined): RequestHandler {
  if (token === undefined) return (_req, _res, next) => next();
  const expected = digest(`Bearer ${token}`);
  return (req, res, next) => {
    if (timingSafeEqual(digest(req.headers.authorization ?? ""), expected)) return next();
    res.set("WWW-Authenticate", "Bearer");
    next(unauthorized("Metrics need Authorization: Bearer <METRICS_TOKEN>"));
  };
}
