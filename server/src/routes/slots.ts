import { z } from "zod";
import { GameType, MIN_BET, randomBytes32, settleSlots, type SlotsOutcome } from "../engine";
import type { SignInService } from "../auth/sign-in";
import { badRequest, conflict, parse, plainRoute, unauthorized, type PlainRequest, type PlayRoute } from "../http/errors";
import { betId, tokenAmount, tokenSymbol, type TokenSymbol } from "../http/validators";
import type { Settler } from "../settler/settler";
import { formatAmount } from "../tokens";
import { ownOpenBet } from "./bets";

const spinBody = z.union([z.object({ token: tokenSymbol, betId }).strict(), z.object({ token: tokenSymbol, betAmount: tokenAmount }).strict()]);

const present = (payout: bigint, outcome: SlotsOutcome) => ({
  reels: outcome.reels,
  payout: formatAmount(payout),
  winLines: outcome.winLines,
  isBigWin: outcome.isBigWin,
  lines: outcome.lines.map(({ line, symbol, count, label, multiple }) => ({ line, symbol, count, label, multiple })),
});

/** POST /api/slots/spin. */
export function slotsRoutes(deps: { signIns: SignInService; settler: Settler }): PlayRoute[] {
  // The demo spin answers synchronously; only a call naming an on-chain bet waits.
  const spin = plainRoute((req) => {
    const body = parse(spinBody, req.body);
    if (!("betAmount" in body)) return onChainSpin(req, body);
    if (body.betAmount < MIN_BET[body.token]) throw badRequest(`Minimum bet is ${formatAmount(MIN_BET[body.token])} ${body.token}`);
    const { payout, outcome } = settleSlots(body.token, body.betAmount, 0n, randomBytes32());
    return present(payout, outcome);
  });

  async function onChainSpin(req: PlainRequest, body: { token: TokenSymbol; betId: string }) {
    const player = await deps.signIns.addressOf(req);
    if (!player) throw unauthorized("Sign in to play with an on-chain bet");
    await ownOpenBet(deps.settler, body.betId, player, GameType.SLOTS, body.token);
    // The outcome is fixed by the bet's word; answer once it is settled (or at least fixed).
    const bet = await deps.settler.waitForStatus(body.betId, ["settled", "expired"]);
    if (!bet || !bet.random || bet.payout === null) throw conflict("The bet is not settled yet; try again shortly");
    const { payout, outcome } = settleSlots(body.token, BigInt(bet.amount), 0n, bet.random);
    return { ...present(payout, outcome), betId: bet.betId, status: bet.status, settleTxHash: bet.status === "settled" ? bet.settleTxHash : null };
  }

  return [{ path: "/api/slots/spin", handler: spin }];
}
