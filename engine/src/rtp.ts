import { KICKBOXING_CHANCES, kickboxingPayoutBps, type KickboxingBet } from "./kickboxing";
import { BPS, type Token } from "./tokens";

/**
 * Return to player of the games whose payout the token multiplier does not scale (engine/README.md
 * "RTP"); the wheel, slots, crash, dice and plinko return the token multiplier itself (RTP_BPS).
 *
 * Blackjack, basic strategy, per stake including splits: simulated over 10^6 hands (the same hands
 * in both tokens) by `npm run bench:engine`, 95 % CI: DEGEN 98.48 % ± 0.19 %, BNB 97.56 % ± 0.19 %
 * (BNB pays a hand's winnings at 0.98x, BLACKJACK_PAYOUT_BPS). A change to the blackjack rules must
 * bring the new figures here.
 */
export const BLACKJACK_RTP: Readonly<Record<Token, number>> = { DEGEN: 0.9848, BNB: 0.9756 };

/** A kickboxing bet's RTP, its chance × what it pays (RED and BLUE 0.98, TIE 0.08; the token changes neither). */
export function kickboxingRtp(bet: KickboxingBet): number {
  const winning = kickboxingPayoutBps(bet, bet === "TIE" ? "DRAW" : bet);
  return (KICKBOXING_CHANCES[bet] * Number(winning)) / Number(BPS);
}
