// The house's books of one token, added up from the Casino's events (the house page): what was
// wagered and paid, the house's result, and what the published odds predict for exactly those
// bets, with its spread. Pure: read-books.ts reads the events, this counts them.
import type { GameType } from "@engine/gameTypes";
import { payoutMoments } from "@engine/payout-moments";
import type { Token } from "@engine/tokens";

/** A bet resolved on chain: settled by the house, or claimed back by its player at its maximum payout. */
export interface ResolvedBet {
  betId: bigint;
  player: string;
  token: Token;
  gameType: GameType;
  params: bigint;
  /** Both stakes of a split hand. */
  totalStake: bigint;
  payout: bigint;
  claimed: boolean;
  block: number;
}

export interface GameBooks {
  gameType: GameType;
  bets: number;
  wagered: bigint;
  paid: bigint;
}

export interface HouseBooks {
  token: Token;
  bets: number;
  wagered: bigint;
  paid: bigint;
  /** What the house kept: wagered − paid (negative: the players are ahead). */
  result: bigint;
  /** What the published odds predict the house keeps on these same bets, in whole tokens. */
  expected: number;
  /** One standard deviation of the house's result under those odds, in whole tokens. */
  spread: number;
  /** Some bets' spread is an upper bound (slots, blackjack, mines, a manual crash cash-out: engine payoutMoments). */
  spreadBounded: boolean;
  claimed: number;
  byGame: GameBooks[];
  /** The bets that paid the most, largest first. */
  largest: ResolvedBet[];
  /** After each bet, in the chain's order: what the house had kept, what the odds predicted, and the spread then (whole tokens). */
  path: { kept: number[]; expected: number[]; spread: number[] };
}

const LARGEST = 5;
const toTokens = (wei: bigint) => Number(wei) / 1e18;

export function houseBooks(token: Token, resolved: readonly ResolvedBet[]): HouseBooks {
  const bets = resolved.filter((bet) => bet.token === token);
  const byGame = new Map<GameType, GameBooks>();
  let wagered = 0n;
  let paid = 0n;
  let expected = 0;
  let variance = 0;
  let spreadBounded = false;
  const path: HouseBooks["path"] = { kept: [], expected: [], spread: [] };
  for (const bet of bets) {
    wagered += bet.totalStake;
    paid += bet.payout;
    const stake = toTokens(bet.totalStake);
    if (bet.claimed) {
      // Claimed back at its maximum payout: what the house owed for not settling, not a draw of the odds.
      expected += stake - toTokens(bet.payout);
    } else {
      const moments = payoutMoments(bet.gameType, bet.params, token);
      expected += stake * (1 - moments.mean);
      variance += stake * stake * (moments.meanSquare - moments.mean * moments.mean);
      spreadBounded ||= !moments.exact;
    }
    const game = byGame.get(bet.gameType) ?? { gameType: bet.gameType, bets: 0, wagered: 0n, paid: 0n };
    byGame.set(bet.gameType, { ...game, bets: game.bets + 1, wagered: game.wagered + bet.totalStake, paid: game.paid + bet.payout });
    path.kept.push(toTokens(wagered - paid));
    path.expected.push(expected);
    path.spread.push(Math.sqrt(variance));
  }
  return {
    token,
    bets: bets.length,
    wagered,
    paid,
    result: wagered - paid,
    expected,
    spread: Math.sqrt(variance),
    spreadBounded,
    claimed: bets.filter((bet) => bet.claimed).length,
    byGame: [...byGame.values()].sort((a, b) => a.gameType - b.gameType),
    largest: [...bets].sort((a, b) => (b.payout > a.payout ? 1 : b.payout < a.payout ? -1 : 0)).slice(0, LARGEST),
    path,
  };
}

/** How many standard deviations the house's result lies from what the odds predict (0 with no spread). */
export function deviations(books: HouseBooks): number {
  return books.spread === 0 ? 0 : (toTokens(books.result) - books.expected) / books.spread;
}
