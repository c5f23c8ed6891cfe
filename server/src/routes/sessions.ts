import { eq } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { signedInAddress } from "../auth/sign-in";
import type { Signals } from "../cluster/cluster";
import type { Db } from "../db/types";
import { sessionBets } from "../db/schema";
import { notFound, parse, route } from "../http/errors";
import { address, betId, hexSignature } from "../http/validators";
import { GAME_TYPES, playerOfBet, type GameType } from "../engine";
import type { SessionBetIntake } from "../sessions/intake";
import type { SessionKeys } from "../sessions/keys";
import { revealClientSeed } from "../sessions/reveal";

/** A uint256 as a decimal string (base units, nonces, params), or a JSON integer where a number is exact. */
const uint = z
  .union([z.string().regex(/^\d{1,78}$/, "must be a uint256 as a decimal string"), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => BigInt(value))
  .refine((value) => value < 2n ** 256n, "is out of range");
const bytes32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be 32 bytes of 0x-prefixed hex")
  .transform((value) => value.toLowerCase());

/** Bit g for each game type g (Session.games). */
const ALL_GAMES = (1n << BigInt(GAME_TYPES.length)) - 1n;

const grantBody = z
  .object({
    grant: z
      .object({
        player: address,
        key: address,
        commit: bytes32,
        expiresAt: uint,
        tokens: uint.refine((value) => value >= 1n && value <= 3n, "must be 1 (DEGEN), 2 (BNB) or 3 (both)"),
        games: uint.refine((value) => value >= 1n && value <= ALL_GAMES, `must be a bitmask of games 0–${GAME_TYPES.length - 1}, at least one`),
        maxBetDegen: uint,
        maxBetNative: uint,
        budgetDegen: uint,
        budgetNative: uint,
      })
      .strict(),
    signature: hexSignature,
  })
  .strict();

const betBody = z
  .object({
    bet: z
      .object({
        player: address,
        token: address,
        amount: uint,
        game: z
          .number()
          .int()
          .min(0)
          .max(GAME_TYPES.length - 1),
        params: uint,
        clientSeedHash: bytes32,
        nonce: uint.refine((value) => value < 2n ** 64n, "is out of range"),
        terms: uint,
      })
      .strict(),
    // Stored as a 64-bit integer read back as a JS number (session_bets.deadline): a larger one
    // would fail the statement (a 500) or come back rounded (issue #38).
    deadline: uint.refine((value) => value <= BigInt(Number.MAX_SAFE_INTEGER), "is out of range"),
    r: bytes32,
    vs: bytes32,
  })
  .strict();

/** POST /api/sessions/lane-root: the key a session would be opened for. */
const laneRootBody = z.object({ key: address }).strict();

/** POST /api/sessions/bets/:betId/seed: the client seed whose hash the key signed, revealed once the bet is countersigned. */
const revealBody = z.object({ clientSeed: bytes32 }).strict();

const statusQuery = z.object({ wait: z.enum(["sent", "mined"]).optional() }).strict();

/** GET /api/sessions/bets/:betId?wait=… waits at most this long. */
const WAIT_LIMIT_MS = 15_000;
const POLL_MS = 100;

type SessionBetRow = typeof sessionBets.$inferSelect;

function presentRelayed(row: SessionBetRow) {
  return {
    betId: row.betId,
    nonce: row.nonce.toString(),
    kind: row.kind,
    status: row.status,
    txHash: row.txHash,
    block: row.block,
    error: row.error,
    // With it the app may place the same signed bet from the wallet when the relay is late (CasinoSessions.place).
    countersignature: row.countersignature,
  };
}

/** Whether a relayed bet has gone as far as the caller wants to wait for (or will never get there). */
function reached(row: SessionBetRow, wait: "sent" | "mined" | undefined): boolean {
  if (wait === undefined || row.status === "refused" || row.status === "mined") return true;
  return wait === "sent" && row.status === "sent";
}

export interface SessionsRouterDeps {
  db: Db;
  signals: Signals;
  keys: SessionKeys;
  intake: SessionBetIntake;
}

/**
 * One-click play (README: One-click sessions): the lane root a grant names, the player's session
 * grant, the app's revoke, and the bets its key signs, which the lease holder relays
 * (sessions/relay.ts).
 */
export function sessionsRouter(deps: SessionsRouterDeps): Router {
  const router = Router();

  router.post(
    "/lane-root",
    route(async (req, res) => deps.keys.laneRoot(signedInAddress(res), parse(laneRootBody, req.body).key)),
  );

  router.post(
    "/",
    route(async (req, res) => {
      const body = parse(grantBody, req.body);
      return deps.keys.open(signedInAddress(res), body.grant, body.signature);
    }),
  );

  router.get(
    "/",
    route(async (_req, res) => ({ sessions: await deps.keys.list(signedInAddress(res)) })),
  );

  router.delete(
    "/:key",
    route(async (req, res) => {
      const key = parse(address, req.params.key);
      return { ...(await deps.keys.revoke(signedInAddress(res), key)), revoked: true };
    }),
  );

  router.post(
    "/bets",
    route(async (req, res) => {
      const body = parse(betBody, req.body);
      const { bet } = body;
      const accepted = await deps.intake.accept(signedInAddress(res), {
        bet: { ...bet, game: bet.game as GameType, deadline: body.deadline },
        r: body.r,
        vs: body.vs,
      });
      res.status(202);
      return accepted;
    }),
  );

  router.post(
    "/bets/:betId/seed",
    route(async (req, res) => {
      const id = parse(betId, req.params.betId);
      const { clientSeed } = parse(revealBody, req.body);
      return presentRelayed(await revealClientSeed(deps, signedInAddress(res), id, clientSeed));
    }),
  );

  router.get(
    "/bets/:betId",
    route(async (req, res) => {
      const id = parse(betId, req.params.betId);
      const { wait } = parse(statusQuery, req.query);
      // A bet's id is its player and nonce (player << 64 | nonce): another wallet's bet is told
      // apart by the id alone, and answered as an unknown one, before anything is read or awaited.
      const unknown = notFound("No session bet with this id");
      if (BigInt(playerOfBet(BigInt(id))) !== BigInt(signedInAddress(res))) throw unknown;
      const row = await waitFor(deps, id, wait);
      if (!row) throw unknown;
      return presentRelayed(row);
    }),
  );
  return router;
}

/** The relayed bet, once it has gone as far as `wait` asks (or WAIT_LIMIT_MS passed). */
async function waitFor(deps: SessionsRouterDeps, id: string, wait: "sent" | "mined" | undefined): Promise<SessionBetRow | undefined> {
  let wake: () => void = () => undefined;
  const unsubscribe = deps.signals.on("relay_done", () => wake());
  try {
    for (const deadline = Date.now() + WAIT_LIMIT_MS; ;) {
      const [row] = await deps.db.select().from(sessionBets).where(eq(sessionBets.betId, id));
      if (!row || reached(row, wait) || Date.now() > deadline) return row;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    unsubscribe();
  }
}
