import type { SettlementActions } from "../../engine/src/index";
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
  /** the data it needs lies before the range read (--from-block after the deployment), or in a transaction sent through another contract */
  | "unchecked"
  /** a one-click bet's jackpot ticket not drawn yet at the last block read */
  | "pending";

export type CheckName = "word" | "chain" | "payout" | "jackpot" | "signed";

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
  /** a relayed bet or action log that the player's key did not sign as it settled */
  | "signature"
  /** events missing, malformed or inconsistent with each other */
  | "events"
  /** the seed that settled the bet, or its preimage, was in a transaction's calldata before the bet was placed (--scan-transactions) */
  | "shown";

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
  /** What the house's bankroll paid into the pool for a void draw (its fair value, less only on a short bankroll); 0 otherwise. */
  fundedByHouse: bigint;
}

/**
 * How the chain enforced a bet's payout (issue #21; there is no dispute window): the rules contract
 * (contracts/rules/GameRules.sol) computed it in the settlement transaction, from the word and,
 * for blackjack and manual crash, the action log the player signed; or the player claimed the
 * bet's maximum payout back after its settle window.
 */
export type Enforcement = "computed on chain" | "the maximum, claimed back";

/** How a bet reached the chain: sent by the player's wallet, or signed by a session key and relayed. */
export type Placement =
  | { via: "wallet" }
  /** CasinoSessions.play (placed and settled at once) or .place (placed, settled later), with the key that signed it (null: none could) */
  | { via: "session"; call: "play" | "place"; key: string | null }
  /** the placement transaction was sent through another contract, or the node did not serve it */
  | { via: "unknown" };

/**
 * Which link of its player's hash chain a settled bet's seed is (engine/src/hashChain.ts: two links
 * per bet): its relay seed, link 2k − 1, for a bet placed through CasinoSessions, or its wallet
 * seed, link 2k, for one placed from the wallet. position: null when the range did not show the
 * chain's start.
 */
export interface SeedLink {
  as: "relayed" | "wallet";
  position: number | null;
}

/** The action log an interactive round was settled with, from its settlement transaction. */
export interface SettledActions {
  /** As the engine takes it: blackjack's letters ("" none: the hand stood), a crash cash-out in hundredths (null: none). */
  log: SettlementActions | null;
  /** The key that signed it; null for an unsigned settlement (Casino.settle: the auto-stand, or no cash-out). */
  signedBy: string | null;
}

/** One settled or claimed bet, verified. */
export interface BetResult {
  betId: bigint;
  player: string;
  nonce: bigint;
  /** The client seed BetPlaced published. */
  clientSeed: string;
  placedBlock: number;
  /** The transaction that placed it. */
  placedTx: string;
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
  /** The chain link the seed was found to be; null for a claim, or when the chain could not tell. */
  link: SeedLink | null;
  random: string | null;
  jackpot: JackpotView | null;
  enforcement: Enforcement;
  placement: Placement;
  /** Blackjack and manual crash settled (not claimed): the log the rules computed the payout from; null when its transaction was not read. */
  actions: SettledActions | null;
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
