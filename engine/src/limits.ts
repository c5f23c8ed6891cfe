import { BLACKJACK_PAYOUT_BPS } from "./blackjack";
import { diceMultiplier } from "./dice";
import { GameType, gameName } from "./gameTypes";
import { minesBestRatio } from "./mines";
import { plinkoMultiplier } from "./plinko";
import { decodeParams } from "./settle";
import { BPS, RTP_BPS, type Token } from "./tokens";

/**
 * The largest payout of a bet as the fraction num / den of its total stake: what the contract
 * reserves when the bet is placed and pays if it is claimed as expired (contracts/Payouts.sol,
 * the same table). Each bound is the very expression the game pays with at its best outcome, so
 * `stake × num / den` rounded down covers every payout to the base unit.
 */
export interface PayoutRatio {
  num: bigint;
  den: bigint;
}

const WHEEL_SEGMENTS = 10n;
/** Five lines of five DEGEN symbols at 150x each. */
const SLOTS_MAX_LINE_UNITS = 750n;
const CRASH_CAP_HUNDREDTHS = 10_000n;

/** The bound of a bet on `gameType` with `params`; throws on params the contract refuses. */
export function payoutRatio(gameType: GameType, params: bigint, token: Token, split = false): PayoutRatio {
  const decoded = decodeParams(gameType, params);
  if (split && gameType !== GameType.BLACKJACK) throw new RangeError(`${gameName(gameType)} has no split`);
  switch (decoded.gameType) {
    case GameType.WHEEL:
      return { num: WHEEL_SEGMENTS * RTP_BPS[token], den: BigInt(decoded.colours.length) * BPS };
    case GameType.SLOTS:
      return { num: SLOTS_MAX_LINE_UNITS * RTP_BPS[token], den: BPS };
    case GameType.BLACKJACK:
      // A natural (BLACKJACK_PAYOUT_BPS); after a split the best is two wins on the doubled stake.
      return { num: BLACKJACK_PAYOUT_BPS[token][split ? "WIN" : "BLACKJACK"], den: BPS };
    case GameType.KICKBOXING:
      return { num: decoded.bet === "TIE" ? 4n : 2n, den: 1n };
    case GameType.CRASH:
      return { num: decoded.autoCashOut === null ? CRASH_CAP_HUNDREDTHS : BigInt(decoded.autoCashOut), den: 100n };
    case GameType.DICE:
      return diceMultiplier(token, decoded.bet);
    case GameType.PLINKO:
      return plinkoMultiplier(token, decoded.bet, 0); // an edge slot pays the most
    case GameType.MINES:
      return minesBestRatio(token, decoded.mines);
  }
}

/** The largest payout of a bet of `totalStake` (both stakes of a split hand). */
export function maxPayout(gameType: GameType, params: bigint, token: Token, totalStake: bigint, split = false): bigint {
  const { num, den } = payoutRatio(gameType, params, token, split);
  return (totalStake * num) / den;
}
