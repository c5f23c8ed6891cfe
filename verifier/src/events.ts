import { Interface } from "ethers";
import { casinoInterface, parseCasinoLog } from "../../bindings/casino";
import { CasinoSessions__factory } from "../../typechain-types/factories/contracts/CasinoSessions__factory";

/** Where a log sits on the chain; logs are processed in (block, logIndex) order. */
export interface Position {
  block: number;
  logIndex: number;
  tx: string;
}

/** The Casino's and its CasinoSessions' events the verifier reads, typed. Amounts and ids are bigint, hashes lower-case hex. */
export type ChainEvent =
  | { name: "CommitmentSet"; at: Position; player: string; commit: string; firstNonce: bigint; length: bigint }
  | {
      name: "BetPlaced";
      at: Position;
      /** The hash of the block holding the bet: the entropy of its jackpot draw. */
      blockHash: string;
      betId: bigint;
      player: string;
      token: string;
      amount: bigint;
      gameType: number;
      params: bigint;
      nonce: bigint;
      clientSeed: string;
      terms: bigint;
      jackpotOdds: bigint;
      jackpotPrize: bigint;
    }
  | { name: "StakeAdded"; at: Position; betId: bigint; player: string; amount: bigint }
  | { name: "BetSettled"; at: Position; betId: bigint; seed: string; random: string }
  | { name: "ExpiredBetClaimed"; at: Position; betId: bigint; player: string; payout: bigint }
  | { name: "GamePlayed"; at: Position; player: string; betAmount: bigint; payout: bigint; won: boolean; gameType: number }
  | { name: "JackpotDrawn"; at: Position; betId: bigint; entropy: string; prize: bigint; hit: boolean }
  | { name: "JackpotWon"; at: Position; player: string; amount: bigint }
  | { name: "JackpotEntropyLocked"; at: Position; betId: bigint; entropy: string }
  | { name: "JackpotTicketsIssued"; at: Position; tickets: string; count: bigint }
  /** A batch's draw: recorded by the next CasinoSessions.play, or published by drawJackpots (entropy 0: void, every ticket a hit). */
  | { name: "JackpotTicketsDrawn"; at: Position; tickets: string; entropy: string }
  | { name: "JackpotFunded"; at: Position; funder: string; amount: bigint }
  | {
      name: "SessionOpened";
      at: Position;
      player: string;
      key: string;
      expiresAt: bigint;
      tokens: bigint;
      games: bigint;
      maxBetDegen: bigint;
      maxBetNative: bigint;
    }
  | { name: "SessionRevoked"; at: Position; player: string; key: string };

export type EventName = ChainEvent["name"];

export const VERIFIED_EVENTS: readonly EventName[] = [
  "CommitmentSet",
  "BetPlaced",
  "StakeAdded",
  "BetSettled",
  "ExpiredBetClaimed",
  "GamePlayed",
  "JackpotDrawn",
  "JackpotWon",
  "JackpotEntropyLocked",
  // One-click bets' jackpot draws wait for their block's hash: the tickets, drawn later.
  "JackpotTicketsIssued",
  "JackpotTicketsDrawn",
  // The pool a jackpot prize is capped by: funding adds to it, wins take from it.
  "JackpotFunded",
];

/** The session keys a player's wallet opened and revoked (CasinoSessions): who may sign the player's bets. */
export const SESSION_EVENTS: readonly EventName[] = ["SessionOpened", "SessionRevoked"];

const sessionsInterface = CasinoSessions__factory.createInterface() as unknown as Interface;

/**
 * topic0 of each verified event, the Casino's and CasinoSessions': one eth_getLogs filter over both
 * addresses (an OR of topics) fetches them all.
 */
export const VERIFIED_TOPICS: string[] = [
  ...VERIFIED_EVENTS.map((name) => casinoInterface.getEvent(name)!.topicHash),
  ...SESSION_EVENTS.map((name) => sessionsInterface.getEvent(name)!.topicHash),
];

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

/** The CasinoSessions event of a log, decoded by ethers (sessions open rarely: no fast path needed). */
function parseSessionLog(log: RawLog): { name: string; args: Record<string, unknown> } | undefined {
  const parsed = sessionsInterface.parseLog(log);
  return parsed && SESSION_EVENTS.includes(parsed.name as EventName) ? { name: parsed.name, args: parsed.args.toObject() } : undefined;
}

const SESSION_TOPICS = new Set(VERIFIED_TOPICS.slice(VERIFIED_EVENTS.length));

/** The typed event of a raw Casino or CasinoSessions log (parseCasinoLog's fast decoder for the Casino's), or undefined for others. */
export function decodeEvent(log: RawLog): ChainEvent | undefined {
  const at: Position = { block: Number(log.blockNumber), logIndex: Number(log.logIndex), tx: log.transactionHash.toLowerCase() };
  const parsed = SESSION_TOPICS.has(log.topics[0] ?? "") ? parseSessionLog(log) : parseCasinoLog({ ...log, blockNumber: at.block });
  if (!parsed) return undefined;
  const a = parsed.args;
  switch (parsed.name) {
    case "CommitmentSet":
      return { name: parsed.name, at, player: a.player as string, commit: a.commit as string, firstNonce: a.firstNonce as bigint, length: a.length as bigint };
    case "BetPlaced":
      return {
        name: parsed.name,
        at,
        blockHash: log.blockHash.toLowerCase(),
        betId: a.betId as bigint,
        player: a.player as string,
        token: a.token as string,
        amount: a.amount as bigint,
        gameType: Number(a.gameType as bigint),
        params: a.params as bigint,
        nonce: a.nonce as bigint,
        clientSeed: a.clientSeed as string,
        terms: a.terms as bigint,
        jackpotOdds: a.jackpotOdds as bigint,
        jackpotPrize: a.jackpotPrize as bigint,
      };
    case "StakeAdded":
      return { name: parsed.name, at, betId: a.betId as bigint, player: a.player as string, amount: a.amount as bigint };
    case "BetSettled":
      return { name: parsed.name, at, betId: a.betId as bigint, seed: a.seed as string, random: a.random as string };
    case "ExpiredBetClaimed":
      return { name: parsed.name, at, betId: a.betId as bigint, player: a.player as string, payout: a.payout as bigint };
    case "GamePlayed":
      return {
        name: parsed.name,
        at,
        player: a.player as string,
        betAmount: a.betAmount as bigint,
        payout: a.payout as bigint,
        won: a.won as boolean,
        gameType: Number(a.gameType as bigint),
      };
    case "JackpotDrawn":
      return { name: parsed.name, at, betId: a.betId as bigint, entropy: a.entropy as string, prize: a.prize as bigint, hit: a.hit as boolean };
    case "JackpotWon":
      return { name: parsed.name, at, player: a.player as string, amount: a.amount as bigint };
    case "JackpotEntropyLocked":
      return { name: parsed.name, at, betId: a.betId as bigint, entropy: a.entropy as string };
    case "JackpotTicketsIssued":
      return { name: parsed.name, at, tickets: (a.tickets as string).toLowerCase(), count: a.count as bigint };
    case "JackpotTicketsDrawn":
      return { name: parsed.name, at, tickets: (a.tickets as string).toLowerCase(), entropy: (a.entropy as string).toLowerCase() };
    case "JackpotFunded":
      return { name: parsed.name, at, funder: a.funder as string, amount: a.amount as bigint };
    case "SessionOpened":
      return {
        name: parsed.name,
        at,
        player: a.player as string,
        key: a.key as string,
        expiresAt: a.expiresAt as bigint,
        tokens: a.tokens as bigint,
        games: a.games as bigint,
        maxBetDegen: a.maxBetDegen as bigint,
        maxBetNative: a.maxBetNative as bigint,
      };
    case "SessionRevoked":
      return { name: parsed.name, at, player: a.player as string, key: a.key as string };
    default:
      return undefined;
  }
}
