import type { MinesView } from "@engine/mines";
import type { Token } from "@/config/tokens";
import type { IdleLimit } from "@/features/bets";
import { apiRequest } from "@/lib/api-client";

/** docs/product.md §7 'Mines': a round as the server answers it, amounts as exact decimal text. */
export interface MinesRound extends MinesView {
  roundId: string;
  /** The bet's id on chain (web3), null for a demo round. */
  betId: string | null;
  token: Token;
  /** Web3 only: when the server settles the round by the idle rule, refreshed by each answer. */
  idle?: IdleLimit;
}

/** A web3 round the page left while in play (its bet lives on chain), taken up again when the page comes back. */
export interface OpenRound {
  token: Token;
  stake: number;
  round: MinesRound;
}

/**
 * Where a round's tiles come from. Demo play asks the server's /api/mines routes with the stake
 * (no chain); web3 play stakes on chain and plays the same routes with the bet's id, each action
 * signed by the player's key.
 */
export interface MinesRoundSource {
  start(request: { token: Token; stake: number; mines: number }): Promise<MinesRound>;
  reveal(round: MinesRound, tile: number): Promise<MinesRound>;
  cashOut(round: MinesRound): Promise<MinesRound>;
  /** The finished round as the player is to see it: demo, the server's last answer; web3, the round the chain settled. */
  result(round: MinesRound): Promise<MinesRound>;
  /** A web3 round whose result the page has not shown yet, or null. */
  openRound(): OpenRound | null;
}

/** POST /api/mines/reveal and /api/mines/cashout; a web3 round's call carries the key's signature of the log. */
export const postReveal = (round: MinesRound, tile: number, signature?: string) =>
  apiRequest<MinesRound>("POST", "/api/mines/reveal", { token: round.token, roundId: round.roundId, tile, ...(signature && { signature }) });

export const postCashOut = (round: MinesRound, signature?: string) =>
  apiRequest<MinesRound>("POST", "/api/mines/cashout", { token: round.token, roundId: round.roundId, ...(signature && { signature }) });

export const demoMinesSource: MinesRoundSource = {
  start: ({ token, stake, mines }) => apiRequest<MinesRound>("POST", "/api/mines/start", { token, action: "START", betAmount: String(stake), mines }),
  reveal: (round, tile) => postReveal(round, tile),
  cashOut: (round) => postCashOut(round),
  // The demo server's last answer is the result: no chain settles a demo round.
  result: async (round) => round,
  // A demo round lives only with the page that started it.
  openRound: () => null,
};
