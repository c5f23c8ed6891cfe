import { AbiCoder, keccak256, toUtf8Bytes } from "ethers";
import { assertBytes32 } from "./random";
import { BPS, type Token } from "./tokens";

/**
 * The jackpot, drawn on chain at settlement from the bet's random word and a domain separator,
 * so it is independent of every draw the game made from the same word (notes/interop.md).
 */
export const JACKPOT = {
  DOMAIN: keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT")),
  /** 100 bps = 1 % of DEGEN bets hit. */
  DEFAULT_CHANCE_BPS: 100,
  /** A hit wins 500 bps = 5 % of the pool. */
  DEFAULT_PAYOUT_BPS: 500,
  ROLL_RANGE: 10_000,
} as const;

const abi = AbiCoder.defaultAbiCoder();

/** roll = uint256(keccak256(abi.encode(JACKPOT_DOMAIN, word))) % 10000. */
export function jackpotRoll(word: string): number {
  const hash = keccak256(abi.encode(["bytes32", "bytes32"], [JACKPOT.DOMAIN, assertBytes32(word, "word")]));
  return Number(BigInt(hash) % BigInt(JACKPOT.ROLL_RANGE));
}

export interface JackpotDraw {
  roll: number;
  hit: boolean;
}

/** Whether a settled bet hits the jackpot: DEGEN only, roll < chance. BNB bets never do. */
export function jackpotDraw(
  token: Token,
  word: string,
  chanceBps: number = JACKPOT.DEFAULT_CHANCE_BPS,
): JackpotDraw {
  const roll = jackpotRoll(word);
  return { roll, hit: token === "DEGEN" && roll < chanceBps };
}

/** The amount a hit wins: pool × payoutBps / 10000, rounded down. */
export function jackpotWinAmount(pool: bigint, payoutBps: number = JACKPOT.DEFAULT_PAYOUT_BPS): bigint {
  return (pool * BigInt(payoutBps)) / BPS;
}
