import type { GameName } from "@engine/gameTypes";
import type { Token } from "@/config/tokens";

/** A settled on-chain bet as GET /api/bets/live sends it (server/src/feed/feed-rows.ts). Amounts are wei, as decimal strings. */
export interface LiveBet {
  seq: number;
  betId: string;
  gameType: number;
  game: GameName;
  player: string;
  username: string | null;
  token: Token;
  stake: string;
  payout: string;
  jackpotWin: string | null;
  settledBlock: number;
  settleTxHash: string;
}

/** A jackpot hit, announced to every page. */
export interface JackpotHit {
  seq: number;
  betId: string;
  player: string;
  username: string | null;
  amount: string;
}

const isWei = (value: unknown): value is string => typeof value === "string" && /^\d+$/.test(value);

/** A bet as the stream sent it, or an error naming what is wrong: the feed shows nothing it cannot read exactly. */
export function readLiveBet(value: unknown): LiveBet {
  const bet = value as Partial<LiveBet> | null;
  if (typeof bet !== "object" || bet === null) throw new Error("A live bet must be an object");
  if (typeof bet.seq !== "number" || typeof bet.betId !== "string" || typeof bet.player !== "string") throw new Error("A live bet needs seq, betId and player");
  if (bet.token !== "DEGEN" && bet.token !== "BNB") throw new Error(`A live bet's token must be DEGEN or BNB, not ${String(bet.token)}`);
  if (!isWei(bet.stake) || !isWei(bet.payout)) throw new Error("A live bet's stake and payout must be wei as decimal strings");
  return bet as LiveBet;
}

export function readJackpotHit(value: unknown): JackpotHit {
  const hit = value as Partial<JackpotHit> | null;
  if (typeof hit !== "object" || hit === null || typeof hit.player !== "string" || !isWei(hit.amount))
    throw new Error("A jackpot hit needs a player and an amount in wei");
  return hit as JackpotHit;
}
