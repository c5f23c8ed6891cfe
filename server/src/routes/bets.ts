import type { Token } from "../engine";
import type { bets } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import type { Settler } from "../settler/settler";

/**
 * The on-chain bet a web3 game call names: it must exist (the chain is read again when the
 * server has not seen it yet), be the caller's, of this game and token, and not resolved.
 */
export async function ownOpenBet(settler: Settler, betId: string, player: string, gameType: number, token: Token): Promise<typeof bets.$inferSelect> {
  const bet = await settler.waitForBet(betId);
  if (!bet) throw notFound("Bet not found on chain");
  if (bet.player !== player) throw forbidden("This bet belongs to another wallet");
  if (bet.gameType !== gameType) throw badRequest("This bet is for another game");
  if (bet.token !== token) throw badRequest(`This bet was placed in ${bet.token}`);
  if (bet.status === "expired" || bet.status === "orphan") throw conflict("This bet is closed");
  return bet;
}
