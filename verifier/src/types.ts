import type { ChainEvent } from "./events";

export type EventOf<N extends ChainEvent["name"]> = Extract<ChainEvent, { name: N }>;

/** What a bet's verification found in one column of the table. */
export type Verdict =
  /** recomputed from chain data and equal */
  | "exact"
  /** within what the rules allow, but not recomputable from the chain alone (see the problem text) */
  | "allowed"
  | "mismatch"
  /** the check does not apply (a BNB bet has no jackpot, an expired claim reveals no seed) */
  | "n/a"
  /** the data it needs lies before the range read (--from-block after the deployment) */
  | "unchecked";

export type CheckName = "word" | "chain" | "payout" | "jackpot";

export type ProblemKind =
  /** BetSettled's random word is not keccak256 of the seed and the bet's inputs */
  | "word"
  /** the seed does not hash back to the player's previous commitment */
  | "link"
  /** nonce order or commitment order broken */
  | "order"
  /** a settled payout the rules do not give */
  | "payout"
  /** an expired claim that did not pay the bet's maximum payout */
  | "claim"
  /** the jackpot roll, hit, prize or win does not follow from the draw */
  | "jackpot"
  /** the jackpot entropy is not the hash of the bet's block, or a draw was voided while it was known */
  | "entropy"
  /** events missing, malformed or inconsistent with each other */
  | "events";

export interface Problem {
  kind: ProblemKind;
  message: string;
  block: number;
  betId?: bigint;
  player?: string;
}

export interface JackpotView {
  entropy: string;
  prize: bigint;
  hit: boolean;
  /** What JackpotWon paid (0 without one). */
  won: bigint;
}

/** One settled or claimed bet, verified. */
export interface BetResult {
  betId: bigint;
  player: string;
  nonce: bigint;
  placedBlock: number;
  resolvedBlock: number;
  resolution: "settled" | "expired";
  game: string;
  token: string;
  /** Both stakes of a split hand. */
  stake: bigint;
  split: boolean;
  /** GamePlayed's payout (ExpiredBetClaimed's for a claim); null when the event is missing. */
  payout: bigint | null;
  seed: string | null;
  random: string | null;
  jackpot: JackpotView | null;
  checks: Record<CheckName, Verdict>;
  problems: Problem[];
}

/** A bet still open at the end of the range. */
export interface OpenBet {
  betId: bigint;
  player: string;
  nonce: bigint;
  placedBlock: number;
  game: string;
  token: string;
  stake: bigint;
  /** Seconds after placement from which the player may claim it (its terms). */
  settleWindow: number;
}
