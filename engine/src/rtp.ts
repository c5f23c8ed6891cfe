import { crashWinProbability } from "./crash";
import { GameType } from "./gameTypes";
import { KICKBOXING_CHANCES, kickboxingPayoutBps, type KickboxingBet } from "./kickboxing";
import { decodeParams } from "./settle";
import { BPS, RTP_BPS, type Token } from "./tokens";

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

/**
 * What a bet returns to its player per unit of stake, on average under the rules (engine/README.md
 * "RTP"): the house's edge on it is 1 minus this. Where the player's play decides the return (a
 * blackjack hand, a manual crash cash-out), the figure is the best play's: basic strategy, and a
 * cash-out returning the token's RTP. Throws on params the contract refuses.
 */
export function betRtp(gameType: GameType, params: bigint, token: Token): number {
  const decoded = decodeParams(gameType, params);
  switch (decoded.gameType) {
    case GameType.BLACKJACK:
      return BLACKJACK_RTP[token];
    case GameType.KICKBOXING:
      return kickboxingRtp(decoded.bet);
    case GameType.CRASH:
      if (decoded.autoCashOut !== null) {
        const { numerator, denominator } = crashWinProbability(token, decoded.autoCashOut);
        return (Number(numerator) / Number(denominator)) * (decoded.autoCashOut / 100);
      }
      return Number(RTP_BPS[token]) / Number(BPS);
    case GameType.WHEEL:
    case GameType.SLOTS:
    case GameType.DICE:
    case GameType.PLINKO:
    case GameType.MINES:
      return Number(RTP_BPS[token]) / Number(BPS);
  }
}
