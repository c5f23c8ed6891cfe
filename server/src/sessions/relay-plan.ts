import { ZeroAddress } from "ethers";
import { sessionsInterface } from "../../../bindings/casino";
import type { sessionBets } from "../db/schema";
import { bytes32Word, word } from "./abi-words";

type Row = typeof sessionBets.$inferSelect;
/** What planning reads of a queued bet. */
export type PlannedBet = Pick<Row, "betId" | "player" | "nonce" | "kind" | "deadline">;

/** A bet is not sent when it would reach the chain this close to its deadline (a block and a receipt). */
export const DEADLINE_GUARD_SECONDS = 2;

export interface Round<B extends PlannedBet> {
  /**
   * Batches of bets, each placed and settled in one CasinoSessions.play, one bet a player: the
   * batches share no player, so each can be simulated on its own.
   */
  plays: B[][];
  /** Interactive bets, each in a CasinoSessions.place of its own, of players with no play in the round. */
  places: B[];
  /** Bets whose deadline leaves no time to land them. */
  expired: B[];
}

/**
 * One round of the relay from the queued bets, oldest first (each player's in nonce order): up to
 * `batches` batches of `batchSize` plays, and the places. Each player sends at most one bet a
 * round, their oldest queued: the relay seed of nonce n+1 hashes to the wallet seed of nonce n
 * (docs/protocol.md §2), so a transaction that shows it (pending, or reverted) while nonce n is
 * still free would let its player pick a wallet bet on n that wins (issue #37 item 1). The player's
 * next bet waits for this one to be mined (relay.ts holds players with a bet in flight). A bet
 * does not go now when its player has an unsettled bet on chain (`holding`: CasinoSessions.play
 * refuses it, OpenBetExists). The round has as few batches as its plays need, and the players are
 * spread over them, oldest bet first, each to the batch with the most room.
 */
export function planRound<B extends PlannedBet>(
  queued: readonly B[],
  o: { batchSize: number; batches: number; holding: ReadonlySet<string>; now: number },
): Round<B> {
  const round: Round<B> = { plays: [], places: [], expired: [] };
  // Each player's plays that may go now, in the order of the players' oldest queued bets.
  const runs = new Map<string, B[]>();
  const stopped = new Set<string>();
  for (const bet of queued) {
    if (stopped.has(bet.player)) continue;
    // One bet a player a round, whatever it is (see above).
    stopped.add(bet.player);
    if (!runs.has(bet.player)) runs.set(bet.player, []);
    if (bet.deadline < o.now + DEADLINE_GUARD_SECONDS) round.expired.push(bet);
    else if (bet.kind === "place") round.places.push(bet);
    else if (!o.holding.has(bet.player)) runs.get(bet.player)!.push(bet);
  }
  // As few batches as the plays need: each transaction costs its own base gas.
  const plays = [...runs.values()].reduce((sum, run) => sum + run.length, 0);
  const batches = Array.from({ length: Math.min(o.batches, Math.ceil(plays / o.batchSize)) }, () => [] as B[]);
  for (const run of runs.values()) {
    if (run.length === 0) continue;
    const batch = batches.reduce((roomiest, b) => (b.length < roomiest.length ? b : roomiest));
    if (batch.length < o.batchSize) batch.push(...run);
  }
  round.plays = batches.filter((batch) => batch.length > 0);
  return round;
}

/**
 * Gas limits, fixed rather than estimated: an estimate is several more executions of a batch the
 * simulation just ran. bench/session-gas.ts measures 34–64k per bet of play in a batch of 20 (a
 * player's first bet and a long kickboxing fight cost more, many bets of one player less); only
 * the gas used is paid. A batch that runs out of it in the simulation is halved, never blamed on a
 * bet (sessions/relay.ts), and 235 bets (RELAY_BATCH_SIZE's maximum) stay under EIP-7825's 2^24.
 */
export function playGasLimit(bets: number): bigint {
  return 100_000n + 70_000n * BigInt(bets);
}
export const PLACE_GAS_LIMIT = 300_000n;

/** A bet's client seed: the relay reads only bets whose seed the app revealed (sessions/reveal.ts). */
function revealedSeed(bet: Row): string {
  if (bet.clientSeed === null) throw new Error(`Bet ${bet.betId} has no client seed revealed: the relay cannot send it`);
  return bet.clientSeed;
}

/** A queued bet as CasinoSessions takes it: the bet as signed (the client seed itself in its hash's place), its deadline and compact signature. */
function signedBet(bet: Row, degenAddress: string) {
  return {
    bet: {
      player: bet.player,
      token: bet.token === "BNB" ? ZeroAddress : degenAddress,
      amount: BigInt(bet.amount),
      gameType: bet.gameType,
      params: BigInt(bet.params),
      clientSeed: revealedSeed(bet),
      nonce: bet.nonce,
      expectedCommit: bet.expectedCommit,
      terms: BigInt(bet.terms),
    },
    deadline: BigInt(bet.deadline),
    r: bet.r,
    vs: bet.vs,
  };
}

export interface RelayRequest {
  to: string;
  data: string;
  gasLimit: bigint;
}

/**
 * A relayed bet's seed (settler/seeds.ts, relayed: link 2k-1 of its chain), derived only here,
 * where the calldata that reveals it is built: no row, statement or log line ever holds it before
 * the broadcast (issue #38: a failed statement logged its parameters).
 */
export type RelaySeedOf = (bet: Pick<Row, "player" | "chainFirstNonce" | "nonce">) => string;

/** CasinoSessions.play of the bets; `gasLimit` is the batch's own unless a longer batch's prefix is simulated under that batch's. */
export function playRequest(
  sessions: string,
  degenAddress: string,
  relaySeedOf: RelaySeedOf,
  bets: readonly Row[],
  gasLimit = playGasLimit(bets.length),
): RelayRequest {
  return { to: sessions, data: playCalldata(degenAddress, relaySeedOf, bets), gasLimit };
}

const PLAY_SELECTOR = sessionsInterface.getFunction("play")!.selector;
/** A SignedBet's words: the nine of its bet, its deadline, r and vs. */
const SIGNED_BET_WORDS = 12;

/**
 * CasinoSessions.play(SignedBet[] bets, bytes32[] seeds) of the bets, encoded by hand: the same
 * bytes as ethers' encodeFunctionData (relay-plan.test.ts), which took a relay round of 600 bets
 * about 0.22 s, twice (the simulation's request, then the transaction's). Every field is static, so
 * each array is its length and then its elements' words in order.
 */
function playCalldata(degenAddress: string, relaySeedOf: RelaySeedOf, bets: readonly Row[]): string {
  const count = BigInt(bets.length);
  const words = [
    word(64n, 256),
    word(96n + count * BigInt(SIGNED_BET_WORDS * 32), 256),
    word(count, 256),
    ...bets.map((bet) => signedBetWords(signedBet(bet, degenAddress))),
    word(count, 256),
    ...bets.map((bet) => bytes32Word(relaySeedOf(bet))),
  ];
  return PLAY_SELECTOR + words.join("");
}

/** A SignedBet's twelve words, in the struct's order. */
function signedBetWords({ bet, deadline, r, vs }: ReturnType<typeof signedBet>): string {
  return [
    word(BigInt(bet.player), 160),
    word(BigInt(bet.token), 160),
    word(bet.amount, 256),
    word(BigInt(bet.gameType), 8),
    word(bet.params, 256),
    bytes32Word(bet.clientSeed),
    word(bet.nonce, 64),
    bytes32Word(bet.expectedCommit),
    word(bet.terms, 256),
    word(deadline, 256),
    bytes32Word(r),
    bytes32Word(vs),
  ].join("");
}

export function placeRequest(sessions: string, degenAddress: string, bet: Row): RelayRequest {
  return { to: sessions, data: sessionsInterface.encodeFunctionData("place", [signedBet(bet, degenAddress), "0x"]), gasLimit: PLACE_GAS_LIMIT };
}

/** Why the chain refused a session bet, as its player reads it (GET /api/sessions/bets/:betId `error`). */
const REFUSALS: Record<string, string> = {
  InsufficientBalance: "Your vault did not cover the stake when the bet was sent",
  SessionRevokedError: "The session was revoked",
  SessionExpired: "The session expired before the bet was sent",
  SessionBudgetExceeded: "The bet would have taken the session past its budget",
  AboveSessionMaxBet: "The stake is above the session's largest bet",
  TokenNotAllowed: "The session does not allow this token",
  GameNotAllowed: "The session does not allow this game",
  NotSessionPlayer: "The key holds no session of this wallet",
  NotRelayer: "Only the house's settler may send this (or a bet it countersigned)",
  BetExpiredDeadline: "The bet's deadline passed before it could be sent: sign it again",
  TermsChanged: "The Casino's terms changed before the bet was sent: sign it again",
  StaleCommitment: "The commitment changed before the bet was sent: sign it again with the chain's root",
  ChainExhausted: "The hash chain ran out before the bet was sent: ask for a new commitment",
  NoCommitment: "There is no commitment: ask for one first",
  IsPaused: "New bets are paused",
  BetTooLarge: "The stake is above the house's largest bet right now",
  BetTooSmall: "The stake is below the smallest bet",
  LossLimitReached: "The bet is past a loss limit you set for yourself",
  AboveBetCap: "The stake is above the largest bet you set for yourself",
  CoolingOff: "You are in a cool-off you set for yourself",
  InvalidSignature: "The bet's signature does not match it",
  NonceTakenByWallet: "A wallet bet of yours took this bet's nonce while it was on its way",
};

export function refusalText(name: string | undefined): string {
  if (name === undefined) return "Refused on chain";
  return REFUSALS[name] ?? `Refused on chain: ${name}`;
}
