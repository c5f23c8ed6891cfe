import { Router } from "express";
import { z } from "zod";
import { signedInAddress } from "../auth/sign-in";
import { badRequest, conflict, forbidden, notFound, parse, route } from "../http/errors";
import { address, betId, hexSignature } from "../http/validators";
import type { ActionSigners } from "../sessions/actions";
import { isInteractive } from "../engine";
import type { Settler } from "../settler/settler";

const body = z
  .object({
    betId,
    key: address,
    grant: hexSignature,
  })
  .strict();

/**
 * POST /api/action-keys: a player without a session names, with one wallet signature (EIP-712
 * ActionKey(player, betId, key) on the CasinoSessions domain), a key the app holds for one
 * interactive bet (a blackjack hand, a mines round, a manual crash round); that key then signs the bet's actions,
 * with no wallet popup per action (issue #21 item 3).
 */
export function actionKeysRouter(deps: { settler: Settler; signers: ActionSigners }): Router {
  const router = Router();
  router.post(
    "/",
    route(async (req, res) => {
      const { betId: id, key, grant } = parse(body, req.body);
      const player = signedInAddress(res);
      const bet = await deps.settler.waitForBet(id);
      if (!bet) throw notFound("Bet not found on chain");
      if (bet.player !== player) throw forbidden("This bet belongs to another wallet");
      if (!isInteractive(bet.gameType, BigInt(bet.params))) throw badRequest("Only a blackjack hand, a mines round or a manual crash round takes actions");
      if (bet.status !== "open") throw conflict("This bet's outcome is fixed already");
      await deps.signers.nameKey(player, id, key, grant);
      return { betId: id, key };
    }),
  );
  return router;
}
