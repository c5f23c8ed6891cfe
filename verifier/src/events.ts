import { parseCasinoLog, topicOf, type CasinoEvents } from "../../bindings/events";

/** Where a log sits on the chain; logs are processed in (block, logIndex) order. */
export interface Position {
  block: number;
  logIndex: number;
  tx: string;
}

/**
 * A verified event where it sits on the chain: its fields as bindings/events.ts decodes them
 * (amounts and ids bigint, hashes lower-case hex), but a game type, a number as engine/ takes it;
 * a BetPlaced also carries the hash of its block, the entropy of its jackpot draw.
 */
export type ChainEvent = {
  [N in EventName]: { name: N; at: Position } & Kept<CasinoEvents[N]> & (N extends "BetPlaced" ? { blockHash: string } : unknown);
}[EventName];
type Kept<Fields> = Fields extends { gameType: bigint } ? Omit<Fields, "gameType"> & { gameType: number } : Fields;

export const VERIFIED_EVENTS = [
  "CommitmentSet",
  "BetPlaced",
  // A play's signed bets are matched to their BetPlaced by order, which its skipped bets share.
  "BetSkipped",
  "StakeAdded",
  "BetSettled",
  "ExpiredBetClaimed",
  "GamePlayed",
  "JackpotDrawn",
  "JackpotWon",
  "JackpotEntropyLocked",
  // The hash of a block with open draws, recorded by a later transaction: a late draw reads it.
  "DrawBlockRecorded",
  // One-click bets' jackpot draws wait for their block's hash: the tickets, drawn later.
  "JackpotTicketsIssued",
  "JackpotTicketsDrawn",
  // The pool a jackpot prize is capped by: funding adds to it, wins take from it.
  "JackpotFunded",
  // A session's lane: its chain's root and the budget it takes from the vault, and what it gives back.
  "LaneOpened",
  "LaneClosed",
] as const;

/** The session keys a player's wallet opened and revoked (CasinoSessions): who may sign the player's bets. */
export const SESSION_EVENTS = ["SessionOpened", "SessionRevoked"] as const;

export type EventName = (typeof VERIFIED_EVENTS)[number] | (typeof SESSION_EVENTS)[number];

/**
 * topic0 of each verified event, the Casino's and CasinoSessions': one eth_getLogs filter over both
 * addresses (an OR of topics) fetches them all.
 */
export const VERIFIED_TOPICS: string[] = [...VERIFIED_EVENTS, ...SESSION_EVENTS].map(topicOf);
const VERIFIED = new Set<string>([...VERIFIED_EVENTS, ...SESSION_EVENTS]);

/** A log as eth_getLogs returns it (numbers in hex). */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  logIndex: string;
  transactionHash: string;
  removed?: boolean;
}

/** The typed event of a raw Casino or CasinoSessions log, or undefined for others. */
export function decodeEvent(log: RawLog): ChainEvent | undefined {
  const event = parseCasinoLog(log);
  if (!event || !VERIFIED.has(event.name)) return undefined;
  const at: Position = { block: Number(log.blockNumber), logIndex: Number(log.logIndex), tx: log.transactionHash.toLowerCase() };
  const blockHash = event.name === "BetPlaced" ? { blockHash: log.blockHash.toLowerCase() } : {};
  const gameType = "gameType" in event.args ? { gameType: Number(event.args.gameType) } : {};
  // Only the verified names pass the check above, which TypeScript cannot follow into the union.
  return { name: event.name, at, ...event.args, ...gameType, ...blockHash } as ChainEvent;
}
