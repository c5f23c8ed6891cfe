import type { JackpotRecord } from "../../engine/src/index";
import type { PlacementInput, SettlementInput } from "./calls";
import type { ChainEvent, Position } from "./events";

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
  /** the seed does not hash back to its lane's previous commitment */
  | "link"
  /** nonce order, commitment order or lane order broken */
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
  /** a session's lane staked more than it held, or gave back to the vault other than its budget, stakes and payouts leave */
  | "funds";

export interface Problem {
  kind: ProblemKind;
  message: string;
  block: number;
  betId?: bigint;
  player?: string;
}

/** A DEGEN bet's draw as checked: what the house's bankroll paid into the pool is 0 but for a void draw. */
export type JackpotView = Required<Omit<JackpotRecord, "blockHash">>;

/**
 * How the chain enforced a bet's payout (issue #21; there is no dispute window): the rules contract
 * (contracts/rules/GameRules.sol) computed it in the settlement transaction, from the word and,
 * for blackjack, mines and manual crash, the action log the player signed; or the player claimed the
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
 * Which link of its lane's hash chain a settled bet's seed is (engine/src/hashChain.ts: one link a
 * bet). Lane 0 is the player's wallet: its k-th bet after the commitment settles with link k. A
 * session's lane n-th bet (nonce `lane << 32 | n`) with link n + 1 of the chain whose root the
 * session's grant named. position: null when the range did not show the wallet chain's start.
 */
export interface SeedLink {
  lane: number;
  position: number | null;
}

/** The action log an interactive round was settled with, from its settlement transaction. */
export interface SettledActions {
  /** As the engine takes it: blackjack's letters ("" none: the hand stood), a mines log (tiles a to y, then C), a crash cash-out in hundredths (null: none). */
  log: string | number | null;
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
  /** Blackjack, mines and manual crash settled (not claimed): the log the rules computed the payout from; null when its transaction was not read. */
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

/**
 * A player's session key, as SessionOpened and SessionRevoked published it: its lane (the only lane
 * whose bets it signs), Session.tokens (bit 0 DEGEN, bit 1 BNB), Session.games (bit g: game type g)
 * and the largest stakes.
 */
export interface SessionKey extends Pick<EventOf<"SessionOpened">, "key" | "lane" | "tokens" | "games" | "maxBetDegen" | "maxBetNative"> {
  /** Null: revoked before it was ever opened, which stops it from ever opening (CasinoSessions.revokeSession). */
  opened: Position | null;
  revoked: Position | null;
}

/** A bet with everything its resolution published, gathered from the events in chain order. */
export interface ResolvedBet {
  placed: EventOf<"BetPlaced">;
  split: boolean;
  lockedEntropy: string | null;
  /** The jackpot pool when the bet was placed and just before its draw (null: not known, history not read from the start). */
  poolAtPlacement: bigint | null;
  poolBeforeDraw: bigint | null;
  /** What the Casino's own bankroll put in the pool just before this bet's draw (JackpotFunded by the Casino): a void draw's fair value. */
  fundedByHouse: bigint | null;
  resolution: EventOf<"BetSettled"> | EventOf<"ExpiredBetClaimed">;
  gamePlayed: EventOf<"GamePlayed"> | null;
  /** A published hit (only hits are published): a wallet bet's with its resolution, a one-click bet's by drawJackpots, later. */
  drawn: EventOf<"JackpotDrawn"> | null;
  /** A one-click bet's batch draw (JackpotTicketsDrawn); null: not drawn by the last block read, or no ticket. */
  ticketDraw: { entropy: string; at: Position } | null;
  won: EventOf<"JackpotWon"> | null;
  /** Placed and settled in one transaction: a one-click bet (CasinoSessions.play), whose jackpot ticket is drawn later. */
  settledAtPlacement: boolean;
  /** The link the seed was found to be (audit.ts checkLink); null for a claim or an unchecked chain. */
  linked: SeedLink | null;
  /** The player's session keys, as far as the events read when the bet was handed out for checking. */
  sessionKeys: readonly SessionKey[];
  /** How the bet was placed, from its transaction (transactions.ts). */
  placementInput: PlacementInput;
  /** Blackjack, mines and manual crash: the action log of the settlement's transaction; null when not read. */
  settlementInput: SettlementInput | null;
}

export interface CheckContext {
  chainId: bigint;
  casino: string;
  /** The Casino's CasinoSessions: the EIP-712 domain of session keys' signatures. */
  sessions: string;
  /** The DEGEN token's address; BNB is address(0). */
  degen: string;
  /**
   * The events start at (or before) the Casino's deployment, so every player's chain, session keys
   * and the jackpot pool are seen from their beginning.
   */
  fromDeployment: boolean;
}

/** One resolved bet for checkBet, with what the audit found before its resolution. */
export interface BetCheck {
  bet: ResolvedBet;
  /** The open bet's problems and those of its resolution's order and seed. */
  earlier: Problem[];
  chainVerdict: Verdict;
  /** Transactions whose inputs the check needs (transactions.ts reads them): what a session key signed, the action log settled. */
  reads: TransactionReads;
}

export interface TransactionReads {
  /** A bet of a session's lane: its session key signed it, in this transaction. */
  placementTx?: string;
  /** Blackjack, mines and manual crash: the settlement carries the action log. */
  settlementTx?: string;
  /** Which signed bet of its transaction the bet is: its BetPlaced's place among the transaction's BetPlaced and BetSkipped. */
  indexInTx: number;
}
