import { eq } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import type { VaultReader } from "../chain/vault";
import { signedInAddress } from "../auth/sign-in";
import type { Db } from "../db/types";
import { users } from "../db/schema";
import { conflict, forbidden, notFound, parse, route } from "../http/errors";
import { address, positiveIntId } from "../http/validators";
import { formatAmount, TOKEN_ADDRESS } from "../tokens";

/** Usernames: 3 to 20 letters, digits or underscores, unique regardless of case. */
export const USERNAME_RULE = /^[A-Za-z0-9_]{3,20}$/;

const registerBody = z.object({
  walletAddress: address,
  username: z.string().regex(USERNAME_RULE, "must be 3 to 20 letters, digits or underscores"),
});

type UserRow = typeof users.$inferSelect;
const present = (user: UserRow) => ({
  id: user.id,
  walletAddress: user.walletAddress,
  username: user.username,
  createdAt: user.createdAt.toISOString(),
});

export function usersRouter(deps: { db: Db; casino: VaultReader; tokenAddresses: Record<"DEGEN" | "BNB", string> }): Router {
  const { db } = deps;
  const router = Router();
  async function ownUser(rawId: unknown, signedIn: string): Promise<UserRow> {
    const id = parse(positiveIntId, rawId);
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound("User not found");
    if (user.walletAddress !== signedIn) throw forbidden("This user belongs to another wallet");
    return user;
  }

  router.post(
    "/register",
    route(async (req, res) => {
      const body = parse(registerBody, req.body);
      const signedIn = signedInAddress(res);
      if (body.walletAddress !== signedIn) throw forbidden("walletAddress must be the signed-in wallet");
      const [existing] = await db.select().from(users).where(eq(users.walletAddress, signedIn));
      if (existing) {
        if (existing.username === body.username) return present(existing);
        throw conflict("This wallet is already registered");
      }
      try {
        const [created] = await db.insert(users).values({ walletAddress: signedIn, username: body.username }).returning();
        res.status(201);
        return present(created!);
      } catch (error) {
        const violated = uniqueViolation(error);
        if (violated) throw conflict(violated.includes("wallet") ? "This wallet is already registered" : "Username is already taken");
        throw error;
      }
    }),
  );

  router.get(
    "/:id",
    route(async (req, res) => present(await ownUser(req.params.id, signedInAddress(res)))),
  );

  router.get(
    "/:id/balances",
    route(async (req, res) => {
      const user = await ownUser(req.params.id, signedInAddress(res));
      const [degen, bnb] = await Promise.all([
        deps.casino.getBalance(user.walletAddress, deps.tokenAddresses.DEGEN),
        deps.casino.getBalance(user.walletAddress, TOKEN_ADDRESS.BNB),
      ]);
      return { DEGEN: formatAmount(degen), BNB: formatAmount(bnb) };
    }),
  );

  return router;
}

/** The violated unique constraint's name, looking through drizzle's wrapping of driver errors. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505") return constraint ?? "";
  }
  return undefined;
}
