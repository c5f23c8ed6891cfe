import { RandomStream, type Draws } from "./random";
import { RTP_BPS, assertPositiveStake, type Token } from "./tokens";

/**
 * Dice (engine/README.md "Dice"). The roll is the first draw, an integer in [0, 10000): 0.00 to
 * 99.99 in hundredths. The player picks a target t (hundredths) and a side:
 *   roll under t wins iff roll < t        (t of the 10000 rolls win),
 *   roll over t  wins iff roll > t        (9999 − t of them win).
 * A win pays stake × RTP_BPS ÷ (winning rolls), rounded down: the chance is winning rolls ÷ 10000,
 * so every target returns exactly the token's RTP, less at most one base unit of rounding.
 * Winning rolls must be 1..9800 (0.01 %–98 % to win).
 *
 * Params: the target (below 2^14) with bit 14 set for "roll over": below 2^15, so that they fit the
 * uint16 the Casino keeps a bet's params in (contracts/casino/CasinoStorage.sol).
 */
export const DICE = {
  ROLLS: 10_000,
  MIN_WINNING_ROLLS: 1,
  MAX_WINNING_ROLLS: 9_800,
  OVER_BIT: 14,
} as const;

export type DiceSide = "UNDER" | "OVER";

export interface DiceBet {
  /** Hundredths, 0..9999. */
  target: number;
  side: DiceSide;
}

const TARGET_MASK = (1n << BigInt(DICE.OVER_BIT)) - 1n;
const OVER_FLAG = 1n << BigInt(DICE.OVER_BIT);

/** How many of the 10000 rolls win the bet. */
export function diceWinningRolls(bet: DiceBet): number {
  return bet.side === "UNDER" ? bet.target : DICE.ROLLS - 1 - bet.target;
}

/** The target whose bet on `side` wins on `winning` of the 10,000 rolls: diceWinningRolls the other way round. */
export function diceTargetOf(side: DiceSide, winning: number): number {
  return side === "UNDER" ? winning : DICE.ROLLS - 1 - winning;
}

/** Every target of a side whose bet wins on 1 to 9,800 rolls (0.01 %–98 %). */
export function diceTargetRange(side: DiceSide): { min: number; max: number } {
  const [fewest, most] = [diceTargetOf(side, DICE.MIN_WINNING_ROLLS), diceTargetOf(side, DICE.MAX_WINNING_ROLLS)];
  return { min: Math.min(fewest, most), max: Math.max(fewest, most) };
}

/** The bet of params; throws RangeError on params the contract refuses (a chance outside 0.01 %–98 %). */
export function decodeDiceParams(params: bigint): DiceBet {
  if (params < 0n || params > (OVER_FLAG | TARGET_MASK)) throw new RangeError(`Dice params must be a target with an optional roll-over bit, got ${params}`);
  const bet: DiceBet = { target: Number(params & TARGET_MASK), side: params & OVER_FLAG ? "OVER" : "UNDER" };
  const winning = diceWinningRolls(bet);
  if (bet.target >= DICE.ROLLS || winning < DICE.MIN_WINNING_ROLLS || winning > DICE.MAX_WINNING_ROLLS) {
    throw new RangeError(`A dice bet must win on 1 to 9800 of the 10000 rolls (0.01 %–98 %), got target ${bet.target} ${bet.side.toLowerCase()}`);
  }
  return bet;
}

export function encodeDiceParams(bet: DiceBet): bigint {
  if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target >= DICE.ROLLS)
    throw new RangeError(`A dice target must be 0..9999 hundredths, got ${bet.target}`);
  const params = BigInt(bet.target) | (bet.side === "OVER" ? OVER_FLAG : 0n);
  decodeDiceParams(params); // validates the chance
  return params;
}

/** The total payout per stake on a win as num / den: RTP_BPS ÷ winning rolls. */
export function diceMultiplier(token: Token, bet: DiceBet): { num: bigint; den: bigint } {
  return { num: RTP_BPS[token], den: BigInt(diceWinningRolls(bet)) };
}

/**
 * The target whose bet pays `multiplier` (a total payout per stake, e.g. 2 for 2x) as closely as a
 * whole number of winning rolls allows, the chance rounded down so the multiplier is never below
 * the one asked for. The chance is kept within 0.01 %–98 %.
 */
export function diceTargetForMultiplier(token: Token, side: DiceSide, multiplier: number): number {
  const rolls = Math.floor(Number(RTP_BPS[token]) / multiplier);
  return diceTargetOf(side, Math.min(DICE.MAX_WINNING_ROLLS, Math.max(DICE.MIN_WINNING_ROLLS, rolls)));
}

/** The roll: the first draw, an integer in [0, 10000). */
export function diceRoll(draws: Draws): number {
  return draws.int(DICE.ROLLS);
}

export function diceWins(bet: DiceBet, roll: number): boolean {
  return bet.side === "UNDER" ? roll < bet.target : roll > bet.target;
}

export interface DiceOutcome extends DiceBet {
  /** Hundredths, 0..9999. */
  roll: number;
  won: boolean;
}

export function settleDice(token: Token, stake: bigint, params: bigint, word: string): { payout: bigint; outcome: DiceOutcome } {
  assertPositiveStake(stake);
  const bet = decodeDiceParams(params);
  const roll = diceRoll(new RandomStream(word));
  const won = diceWins(bet, roll);
  const { num, den } = diceMultiplier(token, bet);
  return { payout: won ? (stake * num) / den : 0n, outcome: { ...bet, roll, won } };
}
