import { keccak256, toUtf8Bytes } from "ethers";
import { addressWord, assertBytes32, hashWords, uint256Word } from "./random";
import { JACKPOT_TERMS } from "./terms";
import { BPS } from "./tokens";

/**
 * The DEGEN jackpot, drawn on chain by the Casino (contracts/FairRandom.sol) and checked here.
 *
 * - **Prize**, fixed when the bet is placed: share × the pool then, rounded down to a whole
 *   10^9 base units (at most 2^56 − 1 of them). A hit never pays more, nor more than the pool
 *   holds when it is drawn. BetPlaced publishes it.
 * - **Odds**, fixed with it: P(hit) = stake × edge / prize, at most 1 (kept as P × 2^47, rounded
 *   down). A bet's expected jackpot win is therefore the lesser of `edge` of its stake (0.5 %) and
 *   the prize, whatever the pool. A blackjack split's second stake does not change them.
 * - **Roll**, from the hash of the block that holds the bet: 47 bits of
 *   keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, blockHash)). Nobody knows that hash when
 *   the bet is sent, and the house's seed is not an input, so no one can choose a winning bet.
 *   A hit is roll < odds.
 * - **A void draw wins nothing; the house pays its fair value into the pool.** When the bet is
 *   settled or claimed after the EVM has forgotten its block's hash (256 blocks, 8191 with
 *   EIP-2935) and nobody recorded it (lockJackpotEntropy), the draw is void: no hit, no win, and
 *   the house's free bankroll pays the draw's fair value, prize × odds / 2^47, into the pool (at
 *   most what no open bet has reserved). The player sees the hash as soon as the house does: if a
 *   void draw paid the player anything, they would keep the hits and let the misses go void, and
 *   a 1 DEGEN bet would farm the whole prize while the house is down. Paying the fair value keeps a
 *   player's expected jackpot win at the edge of their stake, and withholding a draw costs the
 *   house exactly what the draw was worth. Anyone keeps a draw real by locking the hash in time
 *   (contracts/README.md "Trust assumptions").
 */
export const JACKPOT = {
  DOMAIN: keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT")),
  /** Odds are P × 2^47; a roll is uniform in [0, 2^47). */
  ODDS_ONE: 1n << 47n,
  /** Prizes are whole multiples of this many base units. */
  PRIZE_UNIT: 10n ** 9n,
  ...JACKPOT_TERMS,
} as const;

const MAX_PRIZE = ((1n << 56n) - 1n) * JACKPOT.PRIZE_UNIT;

/** roll = uint256(keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, entropy))) >> 209. */
export function jackpotRoll(casino: string, betId: bigint, entropy: string): bigint {
  const hash = hashWords([JACKPOT.DOMAIN, addressWord(casino), uint256Word(betId, "betId"), assertBytes32(entropy, "entropy")]);
  return BigInt(hash) >> 209n;
}

/** The prize a bet placed now wins on a hit: pool × shareBps / 10000, rounded down to a whole PRIZE_UNIT, capped. */
export function jackpotPrizeOf(pool: bigint, shareBps: number | bigint): bigint {
  const share = (pool * BigInt(shareBps)) / BPS;
  const prize = share < MAX_PRIZE ? share : MAX_PRIZE;
  return prize - (prize % JACKPOT.PRIZE_UNIT);
}

/**
 * The prize a DEGEN bet of `stake` records when placed now: jackpotPrizeOf(pool, share), or 0 when
 * that gives it no odds (a zero edge, an empty pool, or a stake too small for one 2^-47 of a chance).
 */
export function betJackpotPrize(stake: bigint, edgeBps: number | bigint, pool: bigint, shareBps: number | bigint): bigint {
  const prize = jackpotPrizeOf(pool, shareBps);
  return jackpotOdds(stake, edgeBps, prize) === 0n ? 0n : prize;
}

/** P(hit) × 2^47 for a stake against a prize: stake × edge × 2^47 / (10000 × prize), at most 2^47. */
export function jackpotOdds(stake: bigint, edgeBps: number | bigint, prize: bigint): bigint {
  if (prize === 0n) return 0n;
  const odds = (stake * BigInt(edgeBps) * JACKPOT.ODDS_ONE) / (prize * BPS);
  return odds < JACKPOT.ODDS_ONE ? odds : JACKPOT.ODDS_ONE;
}

/**
 * What a draw is worth: prize × odds / 2^47, rounded down (Math.mulDiv on chain). A void draw's
 * house funds the pool with this much, at most its free bankroll.
 */
export function jackpotFairValue(prize: bigint, odds: bigint): bigint {
  return (prize * odds) / JACKPOT.ODDS_ONE;
}

export interface JackpotDrawInput {
  casino: string;
  betId: bigint;
  /** The hash of the bet's block, or ZeroHash when it was gone and never locked (a void draw). */
  entropy: string;
  /** BetPlaced's odds and prize. */
  odds: bigint;
  prize: bigint;
  /** The pool just before the draw. */
  pool: bigint;
}

export interface JackpotDrawResult {
  /** The roll, or null for a void draw. */
  roll: bigint | null;
  /** roll < odds (a hit on an empty pool pays nothing); never for a void draw. */
  hit: boolean;
  /** The prize at stake: the bet's, at most the pool. */
  prize: bigint;
  /** What the draw pays the player: the prize on a hit, else 0. */
  win: bigint;
  /**
   * What the house's free bankroll owes the pool: a void draw's fair value (jackpotFairValue of
   * the bet's prize and odds), 0 for a real draw. The contract pays at most the free bankroll.
   */
  houseFunding: bigint;
}

/** The draw the contract makes at settlement or expired claim. */
export function jackpotDraw(input: JackpotDrawInput): JackpotDrawResult {
  const prize = input.prize < input.pool ? input.prize : input.pool;
  if (isVoidEntropy(input.entropy)) {
    return { roll: null, hit: false, prize, win: 0n, houseFunding: jackpotFairValue(input.prize, input.odds) };
  }
  const roll = jackpotRoll(input.casino, input.betId, input.entropy);
  const hit = roll < input.odds;
  return { roll, hit, prize, win: hit ? prize : 0n, houseFunding: 0n };
}

/** A draw's entropy of zero: the bet block's hash was gone and never locked, the draw is void. */
export function isVoidEntropy(entropy: string): boolean {
  return BigInt(entropy) === 0n;
}
