import { and, eq, gt } from "drizzle-orm";
import { Router } from "express";
import { getAddress, type JsonRpcProvider } from "ethers";
import { generateNonce, SiweMessage } from "siwe";
import { z } from "zod";
import type { Db } from "../db/types";
import { siweNonces, users } from "../db/schema";
import { badRequest, parse, route, unauthorized } from "../http/errors";
import type { SignInService } from "./sign-in";

const NONCE_TTL_MS = 10 * 60 * 1000;
/** A signed message older than this is refused even without an expirationTime. */
const MAX_MESSAGE_AGE_MS = 10 * 60 * 1000;

const verifyBody = z.object({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "must be a 65-byte hex signature"),
});

export interface SiweOptions {
  db: Db;
  signIns: SignInService;
  chainId: number;
  /** The app's origin; its host is the SIWE domain. */
  appOrigin: string;
  /** For a contract wallet's sign-in (EIP-1271). */
  provider: JsonRpcProvider;
}

export function siweRouter({ db, signIns, chainId, appOrigin, provider }: SiweOptions): Router {
  const router = Router();
  const domain = new URL(appOrigin).host;

  router.get(
    "/nonce",
    route(async () => {
      const nonce = generateNonce();
      // Expired nonces are deleted by the pruning timer (auth/prune.ts), not here.
      await db.insert(siweNonces).values({ nonce, expiresAt: new Date(Date.now() + NONCE_TTL_MS) });
      return { nonce };
    }),
  );

  router.post(
    "/verify",
    route(async (req, res) => {
      const body = parse(verifyBody, req.body);
      let message: SiweMessage;
      try {
        message = new SiweMessage(body.message);
      } catch {
        throw badRequest("Malformed sign-in message");
      }
      if (message.domain !== domain) throw unauthorized(`Sign-in message is for domain ${message.domain}, expected ${domain}`);
      // The URI names the resource the wallet signs in to: a message another site had signed says so (a trailing "/" is the same origin).
      if (message.uri.replace(/\/$/, "") !== appOrigin) throw unauthorized(`Sign-in message is for URI ${message.uri}, expected ${appOrigin}`);
      if (message.chainId !== chainId) throw unauthorized(`Sign-in message is for chain ${message.chainId}, expected ${chainId}`);
      const issuedAt = Date.parse(message.issuedAt ?? "");
      if (!Number.isFinite(issuedAt) || Date.now() - issuedAt > MAX_MESSAGE_AGE_MS || issuedAt - Date.now() > 60_000) {
        throw unauthorized("Sign-in message is too old or from the future");
      }
      try {
        // With the provider, a contract wallet signs in by its EIP-1271 answer, as it signs its session grants.
        await message.verify(
          { signature: body.signature, domain, nonce: message.nonce, time: new Date().toISOString() },
          { provider, suppressExceptions: false },
        );
      } catch (failure) {
        const reason = (failure as { error?: { type?: string } }).error?.type ?? "invalid";
        throw unauthorized(`Sign-in message rejected: ${reason}`);
      }
      // Single use: only the first verification of a nonce consumes it.
      const consumed = await db
        .delete(siweNonces)
        .where(and(eq(siweNonces.nonce, message.nonce), gt(siweNonces.expiresAt, new Date())))
        .returning({ nonce: siweNonces.nonce });
      if (consumed.length === 0) throw unauthorized("Sign-in nonce is unknown, expired or already used");

      const address = getAddress(message.address);
      await signIns.issue(res, address);
      const [user] = await db.select().from(users).where(eq(users.walletAddress, address));
      return { address, chainId, user: user ?? null };
    }),
  );

  router.post(
    "/logout",
    route(async (req, res) => {
      await signIns.revoke(req, res);
      return { ok: true };
    }),
  );

  router.get(
    "/me",
    route(async (req) => {
      const address = await signIns.addressOf(req);
      if (!address) throw unauthorized();
      const [user] = await db.select().from(users).where(eq(users.walletAddress, address));
      return { address, chainId, user: user ?? null };
    }),
  );

  return router;
}
