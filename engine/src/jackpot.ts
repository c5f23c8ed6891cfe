import { keccak256, toUtf8Bytes } from "ethers";
import { addressWord, assertBytes32, hashWords, uint256Word } from "./random";
import { JACKPOT_TERMS } from "./terms";
import { BPS } from "./tokens";

/**
 * The DEGEN jackpot, drawn on chain by the Casino (contracts/FairRandom.sol) and checked here.
 *
 * - **Odds**, fixed when the bet is placed: P(hit) = stake × edge / prize, at most 1, where prize
 *   = pool × share then. A bet's expected jackpot win is therefore `edge` of its stake (0.5 %),
 *   whatever the pool or the stake: the jackpot adds exactly that to DEGEN's RTP. Kept as
 *   P × 2^47, rounded down.
 * - **Roll**, from the hash of the block that holds the bet: 47 bits of
 *   keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, blockHash)). Nobody knows that hash when
 *   the bet is sent, and the house's seed is not an input, so no one can choose a winning bet.
 *   A hit is roll < odds.
 * - **Prize** paid on a hit: the prize the odds were set for, recovered from them (stake × edge ×
 *   2^47 / (10000 × odds), rounded down), never more than the pool.
 */
export const JACKPOT = {
  DOMAIN: keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT")),
  /** Odds are P × 2^47; a roll is uniform in [0, 2^47). */
  ODDS_ONE: 1n << 47n,
  ...JACKPOT_TERMS,
} as const;

/** roll = uint256(keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, entropy))) >> 209. */
export function jackpotRoll(casino: string, betId: bigint, entropy: string): bigint {
  const hash = hashWords([JACKPOT.DOMAIN, addressWord(casino), uint256Word(betId, "betId"), assertBytes32(entropy, "entropy")]);
  return BigInt(hash) >> 209n;
}

/** The prize a hit would win from a pool now: pool × shareBps / 10000. */
export function jackpotPrizeOf(pool: bigint, shareBps: number | bigint): bigint {
  return (pool * BigInt(shareBps)) / BPS;
}

/** P(hit) × 2^47 for a stake against a prize: stake × edge × 2^47 / (10000 × prize), at most 2^47. */
export function jackpotOdds(stake: bigint, edgeBps: number | bigint, prize: bigint): bigint {
  if (prize === 0n) return 0n;
  const odds = (stake * BigInt(edgeBps) * JACKPOT.ODDS_ONE) / (prize * BPS);
  return odds < JACKPOT.ODDS_ONE ? odds : JACKPOT.ODDS_ONE;
}

/** The prize a bet's odds were set for, recovered from them, rounded down (0 for no odds). */
export function jackpotPrize(stake: bigint, edgeBps: number | bigint, odds: bigint): bigint {
  if (odds === 0n) return 0n;
  return (stake * BigInt(edgeBps) * JACKPOT.ODDS_ONE) / (odds * BPS);
}

/** The odds after a blackjack split: twice the stake, twice the chance of the same prize. */
export function splitJackpotOdds(odds: bigint): bigint {
  return 2n * odds < JACKPOT.ODDS_ONE ? 2n * odds : JACKPOT.ODDS_ONE;
}

/** The chance a bet's odds give, as a number in [0, 1], for display. */
export function jackpotChance(odds: bigint): number {
  return Number(odds) / Number(JACKPOT.ODDS_ONE);
}

export interface JackpotDrawInput {
  casino: string;
  betId: bigint;
  /** The hash of the bet's block, or ZeroHash when it was gone and never locked (a void draw). */
  entropy: string;
  odds: bigint;
  /** Total stake (both stakes of a split hand). */
  stake: bigint;
  edgeBps: number | bigint;
  /** The pool just before the draw. */
  pool: bigint;
}

export interface JackpotDrawResult {
  roll: bigint | null;
  /** roll < odds, as JackpotDrawn publishes it (a hit on an empty pool pays nothing). */
  hit: boolean;
  /** The prize at stake: the one the odds were set for, at most the pool. */
  prize: bigint;
  /** What the draw pays: the prize on a hit, else 0. */
  win: bigint;
}

/** The draw the contract makes at settlement or expired claim. */
export function jackpotDraw(input: JackpotDrawInput): JackpotDrawResult {
  const recovered = jackpotPrize(input.stake, input.edgeBps, input.odds);
  const prize = recovered < input.pool ? recovered : input.pool;
  if (BigInt(input.entropy) === 0n) return { roll: null, hit: false, prize, win: 0n };
  const roll = jackpotRoll(input.casino, input.betId, input.entropy);
  const hit = roll < input.odds;
  return { roll, hit, prize, win: hit ? prize : 0n };
}
