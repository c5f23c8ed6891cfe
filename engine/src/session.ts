/**
 * One-click play (contracts/CasinoSessions.sol): what a player's wallet signs once (a Session for a
 * key the browser holds), what that key signs for each bet and action, and how a session's lane
 * numbers its bets. The server, the app and the verifier all use these definitions, so that a
 * signature made by one is checked by the others exactly as the contract checks it.
 */
import { keccak256 } from "ethers";
import { assertBytes32, hashWords, uint256Word } from "./random";
import { isVoidEntropy, jackpotFairValue, jackpotRoll } from "./jackpot";
import type { GameType } from "./gameTypes";

/** The EIP-712 domain of a deployment's CasinoSessions. */
export function sessionDomain(chainId: bigint | number, verifyingContract: string) {
  return { name: "DEGEN Casino Sessions", version: "1", chainId: BigInt(chainId), verifyingContract };
}

/** The EIP-712 types, as the contract declares them (CasinoSessions.SESSION_TYPEHASH and the others). */
export const SESSION_TYPES = {
  Session: [
    { name: "player", type: "address" },
    { name: "key", type: "address" },
    { name: "commit", type: "bytes32" },
    { name: "expiresAt", type: "uint256" },
    { name: "tokens", type: "uint256" },
    { name: "games", type: "uint256" },
    { name: "maxBetDegen", type: "uint256" },
    { name: "maxBetNative", type: "uint256" },
    { name: "budgetDegen", type: "uint256" },
    { name: "budgetNative", type: "uint256" },
  ],
} as const;

export const BET_TYPES = {
  Bet: [
    { name: "player", type: "address" },
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "game", type: "uint256" },
    { name: "params", type: "uint256" },
    { name: "clientSeedHash", type: "bytes32" },
    { name: "nonce", type: "uint256" },
    { name: "terms", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export const ACTIONS_TYPES = {
  Actions: [
    { name: "betId", type: "uint256" },
    { name: "actions", type: "bytes" },
  ],
} as const;

export const ACTION_KEY_TYPES = {
  ActionKey: [
    { name: "player", type: "address" },
    { name: "betId", type: "uint256" },
    { name: "key", type: "address" },
  ],
} as const;

/** The unit CasinoSessions keeps a session's max bets and budgets in: 10^9 base units. */
export const SESSION_AMOUNT_UNIT = 10n ** 9n;
const MAX_SESSION_UNITS = (1n << 64n) - 1n;

/**
 * A signed max bet or budget as the contract keeps and enforces it: rounded down to whole
 * SESSION_AMOUNT_UNITs, at most 2^64 − 1 of them (CasinoSessions._units), so never more than signed.
 */
export function sessionAmountOnChain(amount: bigint): bigint {
  const units = amount / SESSION_AMOUNT_UNIT;
  return (units > MAX_SESSION_UNITS ? MAX_SESSION_UNITS : units) * SESSION_AMOUNT_UNIT;
}

/** Session.tokens: bit 0 DEGEN, bit 1 BNB. */
export const SESSION_TOKEN_BITS = { DEGEN: 1, BNB: 2 } as const;
/** The longest a session may last (CasinoSessions.MAX_SESSION). */
export const MAX_SESSION_SECONDS = 24 * 60 * 60;

/**
 * The one bound of every window of one-click play (ISessionCasino.ACCEPTANCE_WINDOW, docs/decisions.md
 * §9): the server accepts a bet only with its deadline at most this far ahead of the latest block it
 * read, and a change mined later (a revocation, a stricter limit, new terms) honours every bet whose
 * deadline is at most this long after it. So none of them cancels a bet the server accepted.
 */
export const BET_ACCEPTANCE_WINDOW_SECONDS = 300;
/** The app signs a bet's deadline this far inside the window, for clocks that differ a little. */
const DEADLINE_CLOCK_MARGIN_SECONDS = 30;

/** The deadline the app signs on a bet when the chain's clock reads `now`: within the acceptance window, and the session's life. */
export function betDeadline(now: number, sessionExpiresAt: number): bigint {
  return BigInt(Math.min(sessionExpiresAt, now + BET_ACCEPTANCE_WINDOW_SECONDS - DEADLINE_CLOCK_MARGIN_SECONDS));
}

/** What the player's wallet signs to open a session. Amounts in base units; the budgets move from the vault into the session's lane. */
export interface SessionGrant {
  player: string;
  key: string;
  /** The root of the lane's hash chain, which the house derived for this key (laneChainTip). */
  commit: string;
  expiresAt: bigint;
  tokens: bigint;
  games: bigint;
  maxBetDegen: bigint;
  maxBetNative: bigint;
  budgetDegen: bigint;
  budgetNative: bigint;
}

/**
 * A bet as the session key signs it: the Casino's BetInput with the hash of its client seed in
 * place of the seed, plus a deadline. The server countersigns it knowing only the hash, so it
 * commits to the bet before it can know its outcome; the app reveals the seed after (docs/protocol.md §4.3).
 * Its nonce is its lane's (laneNonce). Every signature gets a client seed of its own, drawn at random.
 */
export interface SessionBet {
  player: string;
  token: string;
  amount: bigint;
  game: GameType;
  params: bigint;
  clientSeedHash: string;
  nonce: bigint;
  terms: bigint;
  deadline: bigint;
}

/** A lane's bets are numbered `lane << 32 | n`: lane 0 is the player's wallet, each session has one of its own. */
export function laneNonce(lane: bigint | number, n: bigint | number): bigint {
  return (BigInt(lane) << 32n) | BigInt(n);
}

/** The lane of a nonce (or of a bet id: its low 64 bits are its nonce). */
export function laneOfNonce(nonce: bigint): bigint {
  return (nonce >> 32n) & 0xffffffffn;
}

/** A nonce's place in its lane: the lane's n-th bet is settled with link n + 1 of its chain. */
export function placeInLane(nonce: bigint): bigint {
  return nonce & 0xffffffffn;
}

/** The games a session allows, as Session.games' bits (bit g: game type g). */
export function gamesMask(games: readonly GameType[]): bigint {
  return games.reduce((mask, game) => mask | (1n << BigInt(game)), 0n);
}

/** What a session bet signs in place of its client seed: keccak256 of the seed's 32 bytes (CasinoSessions._betDigest). */
export function clientSeedHash(clientSeed: string): string {
  return keccak256(assertBytes32(clientSeed, "clientSeed"));
}

/** The log of actions as the contract and the engine write it: "H", "S", "P" (blackjack). */
export function blackjackActionBytes(log: string): string {
  if (!/^[HSP]*$/.test(log)) throw new RangeError(`a blackjack log is made of H, S and P, got ${log}`);
  return "0x" + Array.from(log, (c) => c.charCodeAt(0).toString(16)).join("");
}

/** A manual crash cash-out as the contract reads it: the multiplier in hundredths, two bytes big-endian. */
export function crashCashOutBytes(hundredths: number): string {
  if (!Number.isInteger(hundredths) || hundredths < 100 || hundredths > 10_000) {
    throw new RangeError(`a cash-out is 100..10000 hundredths, got ${hundredths}`);
  }
  return "0x" + hundredths.toString(16).padStart(4, "0");
}

/** One DEGEN bet of a play transaction awaiting its jackpot draw (Casino.JackpotTicket). */
export interface JackpotTicket {
  betId: bigint;
  odds: bigint;
  prize: bigint;
}

/**
 * The tickets a play transaction issued, from its BetPlaced events in log order: every DEGEN bet
 * with odds above 0 (the Casino's JackpotTicketsIssued gives their count and hash).
 */
export function ticketsOf(placed: readonly { betId: bigint; token: string; jackpotOdds: bigint; jackpotPrize: bigint }[], degen: string): JackpotTicket[] {
  return placed
    .filter((bet) => bet.token.toLowerCase() === degen.toLowerCase() && bet.jackpotOdds !== 0n)
    .map((bet) => ({ betId: bet.betId, odds: bet.jackpotOdds, prize: bet.jackpotPrize }));
}

/** The hash that stands for a batch of tickets on chain (SessionPlay.nextTickets, ticket after ticket). */
export function ticketsHash(tickets: readonly JackpotTicket[]): string {
  let hash = "0x" + "00".repeat(32);
  for (const t of tickets) hash = hashWords([hash, uint256Word(t.betId), uint256Word(t.odds), uint256Word(t.prize)]);
  return hash;
}

/** One ticket's draw as drawJackpots made it: the roll (null when void), whether it hit, and what a void draw's house funds. */
export interface TicketDraw extends JackpotTicket {
  roll: bigint | null;
  hit: boolean;
  /** A void ticket's fair value, which the house's free bankroll pays into the pool (at most what it has free); 0 otherwise. */
  houseFunding: bigint;
}

/**
 * Every ticket's draw from the one JackpotTicketsDrawn(tickets, entropy) of its batch: a hit when
 * the roll is below the odds. An entropy of zero (the hash was gone) makes every ticket void: no
 * hit, and the house funds the pool with its fair value. drawJackpots publishes a hit again on its
 * own (JackpotDrawn, JackpotWon), a void ticket too (JackpotFunded by the Casino when above 0,
 * then JackpotDrawn with hit false); a miss only here.
 */
export function ticketDraws(casino: string, tickets: readonly JackpotTicket[], entropy: string): TicketDraw[] {
  if (isVoidEntropy(entropy)) {
    return tickets.map((ticket) => ({ ...ticket, roll: null, hit: false, houseFunding: jackpotFairValue(ticket.prize, ticket.odds) }));
  }
  return tickets.map((ticket) => {
    const roll = jackpotRoll(casino, ticket.betId, entropy);
    return { ...ticket, roll, hit: roll < ticket.odds, houseFunding: 0n };
  });
}
