import { crashWinProbability } from "./crash";
import { DICE, diceMultiplier, diceWinningRolls } from "./dice";
import { payoutRatio } from "./limits";
import { plinkoMultiplier, plinkoSlotChance } from "./plinko";
import { WHEEL_SEGMENTS } from "./wheel";
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

/**
 * What a bet pays per unit of stake, on average and squared on average: the house's expected
 * result on a stake s is s × (1 − mean), its variance s² × (meanSquare − mean²). Exact where the
 * rules alone give the payouts' odds (wheel, dice, kickboxing, plinko, crash with an auto cash-out);
 * where the player's play or the reels' many lines decide (blackjack, mines, slots, a manual crash
 * cash-out), `exact` is false and meanSquare is the bound max × mean (a payout never exceeds the
 * bet's maximum), so that a spread built on it is never too narrow (the house page).
 */
export interface PayoutMoments {
  mean: number;
  meanSquare: number;
  exact: boolean;
}

export function payoutMoments(gameType: GameType, params: bigint, token: Token): PayoutMoments {
  const decoded = decodeParams(gameType, params);
  const mean = betRtp(gameType, params, token);
  const oneWin = (chance: number, multiple: number): PayoutMoments => ({ mean, meanSquare: chance * multiple * multiple, exact: true });
  switch (decoded.gameType) {
    case GameType.WHEEL:
      return oneWin(decoded.colours.length / WHEEL_SEGMENTS, ratio(payoutRatio(gameType, params, token)));
    case GameType.DICE: {
      const winning = diceWinningRolls(decoded.bet);
      return oneWin(winning / DICE.ROLLS, ratio(diceMultiplier(token, decoded.bet)));
    }
    case GameType.KICKBOXING: {
      const chance = KICKBOXING_CHANCES[decoded.bet];
      return oneWin(chance, mean / chance);
    }
    case GameType.PLINKO: {
      let meanSquare = 0;
      for (let slot = 0; slot <= decoded.bet.rows; slot++)
        meanSquare += ratio(plinkoSlotChance(decoded.bet.rows, slot)) * ratio(plinkoMultiplier(token, decoded.bet, slot)) ** 2;
      return { mean, meanSquare, exact: true };
    }
    case GameType.CRASH:
      if (decoded.autoCashOut !== null) {
        const { numerator, denominator } = crashWinProbability(token, decoded.autoCashOut);
        return oneWin(Number(numerator) / Number(denominator), decoded.autoCashOut / 100);
      }
      return { mean, meanSquare: ratio(payoutRatio(gameType, params, token)) * mean, exact: false };
    case GameType.SLOTS:
    case GameType.BLACKJACK:
    case GameType.MINES:
      return { mean, meanSquare: ratio(payoutRatio(gameType, params, token)) * mean, exact: false };
  }
}

const ratio = (fraction: { num: bigint; den: bigint }) => Number(fraction.num) / Number(fraction.den);
