import { ZeroAddress } from "ethers";
import { sessionsInterface } from "../../../bindings/casino";
import type { sessionBets } from "../db/schema";
import { bytes32Word, word } from "./abi-words";

type Row = typeof sessionBets.$inferSelect;
/** What planning reads of a queued bet: its key names its lane. */
export type PlannedBet = Pick<Row, "betId" | "player" | "key" | "nonce" | "kind" | "deadline">;

/** A bet is not sent when it would reach the chain this close to its deadline (a block and a receipt). */
export const DEADLINE_GUARD_SECONDS = 2;

export interface Round<B extends PlannedBet> {
  /**
   * Batches of bets, each placed and settled in one CasinoSessions.play, one bet a lane: the
   * batches share no lane, so each can be simulated on its own.
   */
  plays: B[][];
  /** Interactive bets, each in a CasinoSessions.place of its own, of lanes with no play in the round. */
  places: B[];
  /** Bets whose deadline leaves no time to land them. */
  expired: B[];
}

/** A lane's name in the relay's sets: its player and session key. */
export const laneOf = (bet: Pick<Row, "player" | "key">): string => `${bet.player}|${bet.key}`;

/**
 * One round of the relay from the queued bets, oldest first (each lane's in nonce order): up to
 * `batches` batches of `batchSize` plays, and the places. Each lane sends at most one bet a round,
 * its oldest queued, and its next once this one is mined (relay.ts holds the lanes with a bet in
 * flight): two bets of a lane in one pending transaction show both seeds, and a player could place
 * the first with its countersignature just before it, which skips the second, and never place the
 * second if it lost (docs/decisions.md §4, "lanes": the house's loss only, so the relay's rule).
 * Bets of a player's different lanes go together. A bet does not go now when its lane has an
 * unsettled bet on chain (`holding`: CasinoSessions.play skips it, OpenBetExists). The round has
 * as few batches as its plays need, and the lanes are spread over them, oldest bet first, each to
 * the batch with the most room.
 */
export function planRound<B extends PlannedBet>(
  queued: readonly B[],
  o: { batchSize: number; batches: number; holding: ReadonlySet<string>; now: number },
): Round<B> {
  const round: Round<B> = { plays: [], places: [], expired: [] };
  const plays: B[] = [];
  const taken = new Set<string>();
  for (const bet of queued) {
    const lane = laneOf(bet);
    if (taken.has(lane)) continue;
    // One bet a lane a round, whatever it is (see above).
    taken.add(lane);
    if (bet.deadline < o.now + DEADLINE_GUARD_SECONDS) round.expired.push(bet);
    else if (bet.kind === "place") round.places.push(bet);
    else if (!o.holding.has(lane)) plays.push(bet);
  }
  // As few batches as the plays need: each transaction costs its own base gas.
  const batches = Array.from({ length: Math.min(o.batches, Math.ceil(plays.length / o.batchSize)) }, () => [] as B[]);
  for (const bet of plays) {
    const batch = batches.reduce((roomiest, b) => (b.length < roomiest.length ? b : roomiest));
    if (batch.length < o.batchSize) batch.push(bet);
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
 * A relayed bet's seed (settler/seeds.ts: its lane's chain, link n + 1 for the lane's bet n),
 * derived only here, where the calldata that reveals it is built: no row, statement or log line
 * ever holds it before the broadcast (issue #38: a failed statement logged its parameters).
 */
export type RelaySeedOf = (bet: Pick<Row, "player" | "key" | "nonce">) => string;

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
/** A SignedBet's words: the eight of its bet, its deadline, r and vs (ISessionCasino.SIGNED_BET_SIZE). */
const SIGNED_BET_WORDS = 11;

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

/** A SignedBet's eleven words, in the struct's order. */
function signedBetWords({ bet, deadline, r, vs }: ReturnType<typeof signedBet>): string {
  return [
    word(BigInt(bet.player), 160),
    word(BigInt(bet.token), 160),
    word(bet.amount, 256),
    word(BigInt(bet.gameType), 8),
    word(bet.params, 256),
    bytes32Word(bet.clientSeed),
    word(bet.nonce, 64),
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
  InsufficientBalance: "The session's funds did not cover the stake when the bet was sent",
  SessionRevokedError: "The session was revoked",
  SessionExpired: "The session ended before the bet's deadline",
  AboveSessionMaxBet: "The stake is above the session's largest bet",
  TokenNotAllowed: "The session does not allow this token",
  GameNotAllowed: "The session does not allow this game",
  NotSessionPlayer: "The key holds no session of this wallet",
  NotBetSession: "The bet's nonce is not of its session's lane",
  NotRelayer: "Only the house's settler may send this (or a bet it countersigned)",
  BetExpiredDeadline: "The bet's deadline passed before it could be sent: sign it again",
  TermsChanged: "The Casino's terms changed before the bet was sent: sign it again",
  NoCommitment: "The session's lane has no commitment",
  WrongSeed: "The house's seed for the bet was not its lane's: the house's fault, the bet can still be placed with its countersignature",
  IsPaused: "New bets are paused",
  BetTooLarge: "The stake is above the house's largest bet right now",
  BetTooSmall: "The stake is below the smallest bet",
  InsufficientBankroll: "The house's bankroll could not cover the bet's largest payout when it was sent: the bet can still be placed with its countersignature",
  ExposureTooHigh: "The house cannot take a bet this large right now",
  LossLimitReached: "The bet is past a loss limit you set for yourself",
  AboveBetCap: "The stake is above the largest bet you set for yourself",
  CoolingOff: "You are in a cool-off you set for yourself",
  InvalidSignature: "The bet's signature does not match it",
  ECDSAInvalidSignature: "The bet's signature does not match it",
  InteractiveBet: "This game's bet is placed to be played, not played at once",
};

export function refusalText(name: string | undefined): string {
  if (name === undefined) return "Refused on chain";
  return REFUSALS[name] ?? `Refused on chain: ${name}`;
}
