import { KICKBOXING_CHANCES, kickboxingPayoutBps, type KickboxingBet } from "./kickboxing";
import { BPS, type Token } from "./tokens";

/**
 * Return to player of the games whose payout the token multiplier does not scale (engine/README.md
 * "RTP"); the wheel, slots and crash return the token multiplier itself (RTP_BPS).
 *
 * Blackjack, basic strategy, per stake including splits: simulated over 10^6 hands by
 * `npm run bench:engine`, 98.48 % ± 0.19 % (95 % CI), on both tokens. A change to the blackjack
 * rules must bring the new figure here.
 */
export const BLACKJACK_RTP: Readonly<Record<Token, number>> = { DEGEN: 0.9848, BNB: 0.9848 };

/** A kickboxing bet's RTP, its chance × what it pays (RED and BLUE 0.98, TIE 0.08; the token changes neither). */
export function kickboxingRtp(bet: KickboxingBet): number {
  const winning = kickboxingPayoutBps(bet, bet === "TIE" ? "DRAW" : bet);
  return (KICKBOXING_CHANCES[bet] * Number(winning)) / Number(BPS);
}
