import { and, eq } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { CRASH, crashCashOutBytes, crashRound, crashTimeToReach, GameType, type Token } from "../engine";
import { signedInAddress } from "../auth/sign-in";
import type { Db } from "../db/types";
import { bets, crashRounds } from "../db/schema";
import { conflict, forbidden, notFound, parse, route } from "../http/errors";
import { betId, keySignature, tokenSymbol } from "../http/validators";
import type { ActionSigners } from "../sessions/actions";
import { databaseNow } from "../settler/rounds";
import type { Settler } from "../settler/settler";
import { formatAmount } from "../tokens";
import { ownOpenBet } from "./bets";

/**
 * A manual cash-out: the multiplier the player saw when they clicked, in hundredths, and the key's
 * EIP-712 signature of Actions(betId, its 2 bytes) (engine crashCashOutBytes).
 */
const cashOutBody = z
  .object({
    token: tokenSymbol,
    betId,
    multiplier: z.number().int().min(CRASH.MIN_MANUAL_CASH_OUT).max(CRASH.MAX_HUNDREDTHS),
    signature: keySignature,
  })
  .strict();

/**
 * Manual crash rounds (params 0): the round starts when the server records the bet. A cash-out is
 * the player's signed multiplier; the contract pays it when it is at or below the crash point, and
 * the server, whose clock the round runs on, takes it only when the round had reached it and not
 * crashed by the time the request arrived (contracts/README.md "Trust assumptions": the timing).
 */
export function crashRouter(deps: { db: Db; settler: Settler; signers: ActionSigners }): Router {
  const { db, settler } = deps;
  const router = Router();

  router.post(
    "/cashout",
    route(async (req, res) => {
      // The round's clock (the database's, whichever instance started it) stops when the request
      // arrives, not after the bet is looked up.
      const requestedAt = (await databaseNow(db)).getTime();
      const body = parse(cashOutBody, req.body);
      const bet = await ownOpenBet(settler, body.betId, signedInAddress(res), GameType.CRASH, body.token);
      if (bet.params !== "0") throw conflict("This round cashes out automatically at its target");
      const signed = await deps.signers.check(bet, crashCashOutBytes(body.multiplier), body.signature);
      return db.transaction(async (tx) => {
        const [round] = await tx.select().from(crashRounds).where(eq(crashRounds.betId, bet.betId)).for("update");
        if (!round) throw notFound("Crash round not found");
        if (round.finished) throw conflict("This round is over");
        const engineRound = crashRound(settler.wordOf(bet), bet.token as Token);
        const elapsed = (requestedAt - round.startedAt.getTime()) / 1000;
        const crashed = engineRound.crashPoint === CRASH.INSTANT_BUST_HUNDREDTHS || elapsed >= engineRound.crashTimeSec;
        if (!crashed && crashTimeToReach(engineRound.curve, body.multiplier / 100) > elapsed) {
          throw conflict(`The round had not reached ${(body.multiplier / 100).toFixed(2)}x when the cash-out arrived`);
        }
        const cashOut = crashed ? null : body.multiplier;
        await tx
          .update(crashRounds)
          .set({ finished: true, cashoutHundredths: cashOut })
          .where(and(eq(crashRounds.betId, bet.betId), eq(crashRounds.finished, false)));
        // A round that crashed first pays nothing: settled without the cash-out (Casino.settle, payout 0).
        const payout = await settler.markReady(tx, bet, { cashOut }, crashed ? null : signed);
        return {
          betId: bet.betId,
          crashed: cashOut === null,
          cashOut: cashOut === null ? null : cashOut / 100,
          crashPoint: engineRound.crashPoint / 100,
          payout: formatAmount(payout),
        };
      });
    }),
  );

  router.get(
    "/:betId",
    route(async (req, res) => {
      const id = parse(betId, req.params.betId);
      const [round] = await db.select().from(crashRounds).where(eq(crashRounds.betId, id));
      if (!round) throw notFound("Crash round not found");
      if (round.player !== signedInAddress(res)) throw forbidden("This round belongs to another wallet");
      const [bet] = await db.select().from(bets).where(eq(bets.betId, id));
      return {
        betId: id,
        startedAt: round.startedAt.toISOString(),
        // The round's clock (the database's), so the browser can fly the round on it whatever its own clock says.
        serverTime: (await databaseNow(db)).toISOString(),
        // The curve's wobble (the 2nd and 3rd draws of the round's word) tells nothing of the crash
        // point (the 1st): the browser shows the very multiplier a cash-out now would fix.
        curve: bet ? crashRound(settler.wordOf(bet), bet.token as Token).curve : null,
        finished: round.finished,
        cashOut: round.cashoutHundredths === null ? null : round.cashoutHundredths / 100,
        // Revealed only once the round is over.
        crashPoint: round.finished ? round.crashPointHundredths / 100 : null,
        status: bet?.status ?? "open",
      };
    }),
  );
  return router;
}
