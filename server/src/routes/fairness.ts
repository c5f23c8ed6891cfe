import { and, desc, eq, lt } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { GameType, gameName, unpackTerms, verify, type BlackjackAction, type SettlementActions, type Token } from "../engine";
import { signedInAddress } from "../auth/sign-in";
import type { Db } from "../db/types";
import { bets } from "../db/schema";
import { forbidden, notFound, parse, route } from "../http/errors";
import { betId } from "../http/validators";
import type { Settler } from "../settler/settler";

type BetRow = typeof bets.$inferSelect;

const listQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    beforeNonce: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();

/** The settlement actions as the engine reads them: blackjack's log, a mines log ("acC"), or a crash cash-out. */
function engineActions(bet: BetRow): SettlementActions | null {
  const actions = bet.actions as unknown[] | null;
  if (!actions) return null;
  if (bet.gameType === GameType.MINES) return actions[0] as string;
  const first = actions[0] as { cashOut?: number | null } | undefined;
  if (first && typeof first === "object" && "cashOut" in first) return first.cashOut ?? null;
  return actions as BlackjackAction[];
}

/** A DEGEN bet's published jackpot draw, as the engine's verify reads it. */
function jackpotRecordOf(bet: BetRow) {
  if (bet.token !== "DEGEN" || bet.jackpotEntropy === null || bet.jackpotPrize === null || bet.jackpotHit === null) return undefined;
  return { entropy: bet.jackpotEntropy, prize: BigInt(bet.jackpotPrize), hit: bet.jackpotHit, won: BigInt(bet.jackpotWin ?? "0") };
}

/** A bet as the player may see it: the seed and word only once settled (revealing earlier shows the outcome). */
export function presentBet(bet: BetRow, chainId: number, casino: string) {
  const revealed = bet.status === "settled";
  const actions = engineActions(bet);
  const verification =
    revealed && bet.seed && bet.payout !== null
      ? verify(
          {
            gameType: bet.gameType as GameType,
            token: bet.token as Token,
            amount: BigInt(bet.amount),
            params: BigInt(bet.params),
            player: bet.player,
            nonce: bet.nonce,
            clientSeed: bet.clientSeed,
            chainId,
            casino,
            split: bet.split,
            jackpotOdds: BigInt(bet.jackpotOdds),
            jackpotPrize: BigInt(bet.placedJackpotPrize),
          },
          { seed: bet.seed, payout: BigInt(bet.payout), actions, random: bet.random ?? undefined, jackpot: jackpotRecordOf(bet) },
        )
      : null;
  return {
    betId: bet.betId,
    game: gameName(bet.gameType as GameType),
    gameType: bet.gameType,
    token: bet.token,
    amount: bet.amount,
    params: bet.params,
    nonce: bet.nonce.toString(),
    clientSeed: bet.clientSeed,
    split: bet.split,
    status: bet.status,
    placedTxHash: bet.placedTxHash,
    placedBlock: bet.placedBlock,
    payout: revealed || bet.status === "expired" ? bet.payout : null,
    jackpotWin: bet.jackpotWin,
    terms: unpackTerms(bet.terms),
    jackpotOdds: bet.jackpotOdds,
    placedJackpotPrize: bet.placedJackpotPrize,
    jackpotEntropy: bet.jackpotEntropy,
    jackpotPrize: bet.jackpotPrize,
    jackpotHit: bet.jackpotHit,
    seed: revealed ? bet.seed : null,
    random: revealed ? bet.random : null,
    actions: revealed ? actions : null,
    // What the player signed (issue #21): the log the contract replayed, the key's signature, the
    // key, and the wallet's ActionKey grant for a key named for this bet; anyone can check the
    // signature and replay the hand (or cash-out) from the seed.
    signedActions:
      revealed && bet.actionLog !== null ? { log: bet.actionLog, signature: bet.actionSignature, key: bet.actionKey, keyGrant: bet.actionKeyGrant } : null,
    settleTxHash: revealed ? bet.settleTxHash : null,
    settledBlock: revealed ? bet.settledBlock : null,
    verification: verification && {
      ok: verification.ok,
      expectedPayout: verification.expectedPayout?.toString() ?? null,
      problems: verification.problems,
    },
  };
}

export function fairnessRouter(deps: { db: Db; settler: Settler; chainId: number; casino: string }): Router {
  const { db, settler } = deps;
  const router = Router();

  // Read-only: a GET never sends a transaction. POST posts a chain first when needed (README: Routes).
  router.get(
    "/commitment",
    route(async (_req, res) => settler.readCommitment(signedInAddress(res))),
  );
  router.post(
    "/commitment",
    route(async (_req, res) => settler.ensureCommitment(signedInAddress(res))),
  );

  router.get(
    "/bets",
    route(async (req, res) => {
      const query = parse(listQuery, req.query);
      const player = signedInAddress(res);
      const rows = await db
        .select()
        .from(bets)
        .where(query.beforeNonce === undefined ? eq(bets.player, player) : and(eq(bets.player, player), lt(bets.nonce, BigInt(query.beforeNonce))))
        .orderBy(desc(bets.nonce))
        .limit(query.limit);
      return { bets: rows.map((row) => presentBet(row, deps.chainId, deps.casino)) };
    }),
  );

  router.get(
    "/bets/:betId",
    route(async (req, res) => {
      const id = parse(betId, req.params.betId);
      const bet = await settler.waitForBet(id);
      if (!bet) throw notFound("Bet not found");
      if (bet.player !== signedInAddress(res)) throw forbidden("This bet belongs to another wallet");
      return presentBet(bet, deps.chainId, deps.casino);
    }),
  );
  return router;
}
