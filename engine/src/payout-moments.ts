// What a bet returns on average (betRtp), and its payout's second moment: the one-click relay's
// margin and the house page's prediction and spread are built from them. Apart from rtp.ts's
// figures, which the lobby shows: these read every game's params and payout table, and a bundle
// that shared one module with the lobby would load them all before any game is opened.
import { crashWinProbability } from "./crash";
import { DICE, diceMultiplier, diceWinningRolls } from "./dice";
import { GameType } from "./gameTypes";
import { KICKBOXING_CHANCES } from "./kickboxing";
import { payoutRatio } from "./limits";
import { plinkoMultiplier, plinkoSlotChance } from "./plinko";
import { BLACKJACK_RTP, kickboxingRtp } from "./rtp";
import { decodeParams } from "./settle";
import { BPS, RTP_BPS, type Token } from "./tokens";
import { WHEEL_SEGMENTS } from "./wheel";

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
