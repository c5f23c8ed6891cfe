// The fuzz's independent model of the Casino, its swap desk, its relay, its sessions (one-click
// play on lanes, signed actions, jackpot tickets), its limits (what players set for themselves) and
// the DEGEN token's part in them: what every balance, lane, reservation, bet, session, limit,
// setting and event should be after each transaction, and which custom error (with its arguments)
// a transaction must revert with. Each player's bets run on lanes (docs/decisions.md §4, "lanes"):
// lane 0 is the wallet's, with the chain setCommitment posts; each session opened is a lane of its
// own, with its own chain (the grant's commit), nonces `lane << 32 | n` and funds.
//
// Each operation runs on a copy of the state and follows the contracts' order of checks; a check
// that fails throws `Revert` and the copy is dropped, exactly as the EVM drops a reverted
// transaction. Nothing here reads the chain: block hashes (the jackpot's entropy), the signers that
// signatures recover to, and GameRules' answer for each word (payouts are the rules', which the
// model asks for and never computes) are handed in by the harness as they become known.
import { AbiCoder, id, keccak256, ZeroAddress, ZeroHash } from "ethers";
import {
  HashChain,
  jackpotRoll,
  jackpotOdds,
  betJackpotPrize,
  maxPayout as payoutBound,
  ODDS_ONE,
  packTerms,
  PLINKO_EDGES,
  minesBestBps,
  randomWord,
  betIdOf,
} from "../helpers";
import type { SwapRequest, WithdrawRequest } from "../support";

export type Token = "DEGEN" | "BNB";
export const TOKENS: Token[] = ["DEGEN", "BNB"];
export const MIN_BET: Record<Token, bigint> = { DEGEN: 10n ** 18n, BNB: 10n ** 15n };
export const BPS = 10_000n;
export const DAY = 86_400n;
export const ANNOUNCEMENT_LIFETIME = 7n * DAY;
export const MAX_BET_UNITS = (1n << 24n) - 1n;
/** DegenToken.MAX_WALLET: 1 % of the supply. */
export const MAX_WALLET = 10_000_000n * 10n ** 18n;
export const BLACKJACK = 2;
export const CRASH = 4;
export const DICE = 5;
export const PLINKO = 6;
export const MINES = 7;
/** Game types 0 to GAME_COUNT − 1 (Payouts.GAME_COUNT); the rest are refused as InvalidGameType. */
export const GAME_COUNT = 8;
/** A grant's games: bit g for each game type g (CasinoSessions.ALL_GAMES); the rest are dropped. */
export const ALL_GAMES = (1n << BigInt(GAME_COUNT)) - 1n;
/** The games a relay batch plays (no decision after the bet). */
export const RELAYED_GAMES = [0, 1, 3, 4, DICE, PLINKO];
/** A dice bet's roll-over flag (Payouts.DICE_OVER_FLAG). */
export const DICE_OVER = 1n << 14n;
/** blackjack's SPLIT in an action log. */
export const SPLIT = "0x50";
/** CasinoSessions.MAX_SESSION: the longest a session may last. */
export const MAX_SESSION = DAY;
/** CasinoSessions.RETIRED_SETTLER_GRACE: how long a replaced settler's countersignatures still place bets. */
export const RETIRED_SETTLER_GRACE = MAX_SESSION;
/** ISessionCasino's ACCEPTANCE_WINDOW: how long a bet the server accepted may take to land. */
export const ACCEPTANCE_WINDOW = 300n;
/** CasinoSessions keeps a session's largest stakes in units of 10^9 base units, at most 2^64 − 1 of them. */
const SESSION_UNIT = 10n ** 9n;
const UINT64_MAX = (1n << 64n) - 1n;
/** CasinoSessions keeps sessions by player and key. */
export const sessionId = (player: string, key: string) => `${player.toLowerCase()}|${key.toLowerCase()}`;
/** The Casino keeps lanes by player and number (`player << 32 | lane`, a bet id without its nonce). */
export const laneId = (player: string, lane: bigint) => `${player.toLowerCase()}|${lane}`;
/** A bet's lane: the nonce's upper 32 bits (0: the wallet; CasinoLedger.laneOf). */
export const laneOfNonce = (nonce: bigint) => (nonce >> 32n) & 0xffffffffn;
/** CasinoLimits.LOOSEN_DELAY: a looser limit applies this long after it was asked for. */
export const LOOSEN_DELAY = DAY;
/** CasinoLimits' loss windows: 24 hours, 7 days, 30 days. */
export const LOSS_PERIODS = [DAY, 7n * DAY, 30n * DAY] as const;
const UINT96_MAX = (1n << 96n) - 1n;
const UINT40_MAX = (1n << 40n) - 1n;
const UINT24_MAX = (1n << 24n) - 1n;
const UINT80_MAX = (1n << 80n) - 1n;
const UINT32_MAX = (1n << 32n) - 1n;
/** House.drawsOpen saturates at its uint16 maximum. */
const UINT16_MAX = 0xffff;
const UINT128_MAX = (1n << 128n) - 1n;

/** Bounds of the owner's settings, [min, max]. */
export const BOUNDS = {
  riskBps: [1n, 2_000n],
  playerRiskBps: [1n, 5_000n],
  interactiveRiskBps: [1n, 9_000n],
  settleWindow: [600n, DAY],
  announcementDelay: [3_600n, 30n * DAY],
  jackpotEdgeBps: [0n, 200n],
  jackpotShareBps: [1n, 5_000n],
  perSwapCapBps: [1n, 500n],
  dailyCapBps: [0n, 2_000n], // min is perSwapCapBps
  rate: [1_000n, 100_000n],
} as const;

/**
 * Where the EVM finds a block's hash for FairRandom.blockHash(n), at distance d = current − n:
 * BLOCKHASH for 1 ≤ d ≤ 256; beyond that the EIP-2935 history contract:
 * - "eip2935": the canonical contract (the fuzz installs it): the hash for d ≤ 8191, else 0;
 * - "none": no contract at the address (a chain without EIP-2935): 0;
 * - "hardhat": Hardhat 2's stub, which reverts with an Error(string): 0 as well (only a 32-byte
 *   answer of a call that succeeded counts; OpenZeppelin's Blockhash took the revert data's first
 *   word, 0x08c379a0…00, for the hash).
 */
export type HistoryMode = "eip2935" | "none" | "hardhat";
export const HISTORY_SERVE_WINDOW = 8191;

/** A revert the model predicts: the custom error's name and arguments. */
export class Revert extends Error {
  constructor(
    readonly errorName: string,
    readonly args: unknown[],
  ) {
    super(`${errorName}(${args.map(norm).join(", ")})`);
  }
}

/** Canonical text of an argument (numbers in decimal, hex in lower case), to compare model and chain. */
export function norm(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return BigInt(value).toString();
  if (typeof value === "string") return value.toLowerCase();
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(norm).join(",")}]`;
  throw new Error(`cannot normalise ${String(value)}`);
}

/** The refusals settleBatch skips (SettlementSkipped), each with its error's selector. */
const SKIPPED_SETTLEMENTS: Record<string, string> = Object.fromEntries(
  ["BetNotOpen(uint256)", "EntropyNotReady(uint256)", "OutOfOrder(uint256,uint256)", "WrongSeed(uint256)", "PayoutMismatch(uint256,uint256,uint256)"].map(
    (signature) => [signature.slice(0, signature.indexOf("(")), id(signature).slice(0, 10)],
  ),
);

/** The refusals CasinoSessions.play skips a bet for (BetSkipped), each with its error's selector: none of them spends the nonce. */
export const SKIPPED_BETS: Record<string, string> = Object.fromEntries(
  [
    "NotSessionPlayer(address,address)",
    "NotBetSession(uint256,address)",
    "SessionExpired(uint256)",
    "GameNotAllowed(uint256)",
    "TokenNotAllowed(address)",
    "AboveSessionMaxBet(uint256,uint256)",
    "BetExpiredDeadline(uint256)",
    "ECDSAInvalidSignature()",
    "ECDSAInvalidSignatureS(bytes32)",
    "UnsupportedToken(address)",
    "TermsChanged(uint256)",
    "InteractiveBet(uint8,uint256)",
    "NoCommitment()",
    "WrongNonce(uint256)",
    "OpenBetExists()",
    "InsufficientBalance(uint256,uint256)",
    "BetTooSmall(uint256,uint256)",
    "InsufficientBankroll(uint256,uint256)",
    "WrongSeed(uint256)",
    "CoolingOff(uint256)",
    "AboveBetCap(uint256,uint256)",
  ].map((signature) => [signature.slice(0, signature.indexOf("(")), id(signature).slice(0, 10)]),
);

/** Runs a check that refuses with fail(); the name of its error, or null when it passed. */
function refusalOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof Revert && SKIPPED_BETS[error.errorName] !== undefined) return error.errorName;
    throw error;
  }
}

function fail(name: string, ...args: unknown[]): never {
  throw new Revert(name, args);
}

export interface ModelEvent {
  contract: "casino" | "desk" | "sessions" | "limits";
  name: string;
  args: unknown[];
}

/** The context of one transaction: its sender, msg.value, block timestamp and number. */
export interface Tx {
  from: string;
  value: bigint;
  now: bigint;
  block: number;
  events: ModelEvent[];
}

export interface Bet {
  betId: bigint;
  player: number;
  /** The bet's nonce, `lane << 32 | n`: lane 0 is the player's wallet, any other a session's lane. */
  nonce: bigint;
  token: Token;
  stake: bigint;
  gameType: number;
  params: bigint;
  split: boolean;
  placedBlock: number;
  claimableAt: bigint;
  odds: bigint;
  prize: bigint;
  edgeBps: bigint;
  clientSeed: string;
}

/** A bet as a session key signs it (ISessionCasino.BetInput); its nonce is its lane's. */
export interface BetInput {
  player: string;
  token: string;
  amount: bigint;
  gameType: number;
  params: bigint;
  clientSeed: string;
  nonce: bigint;
  terms: bigint;
}

/** A bet the harness sends to CasinoSessions: what it carries, and the key its signature recovers to. */
export interface SignedBetModel {
  input: BetInput;
  deadline: bigint;
  signer: string;
}

/**
 * A session as CasinoSessions stores it, by player and key (`expiresAt` 0 and lane 0: never opened,
 * revoked first); `revokedAt`, when it was revoked, is the harness's, not the contract's.
 */
export interface SessionState {
  player: string;
  key: string;
  lane: bigint;
  expiresAt: bigint;
  games: number;
  revokedBlock: number;
  revokedAt: bigint;
  /** Largest stakes in base units, whole 10^9 units (0: the token is not the session's). */
  maxBet: Record<Token, bigint>;
}

/**
 * A session's lane in the Casino (Lane): its hash chain (its commitment, the link that is, `head`),
 * its nonces (the next n, and the oldest open one) and its funds. `key` and `chain` (the HashChain
 * the harness signed the grant's commit of) are the harness's. Nonces here are a lane's n.
 */
export interface LaneState {
  player: string;
  lane: bigint;
  key: string;
  chain: number;
  commit: string;
  head: bigint;
  next: bigint;
  resolved: bigint;
  funds: Record<Token, bigint>;
  /** The harness's: whether closeSession has given its funds back once (a later payout lands here all the same). */
  closed: boolean;
}

/** What the player's wallet signs to open a session (CasinoSessions.Grant). */
export interface GrantModel {
  player: string;
  key: string;
  commit: string;
  expiresAt: bigint;
  tokens: bigint;
  games: bigint;
  maxBetDegen: bigint;
  maxBetNative: bigint;
  budgetDegen: bigint;
  budgetNative: bigint;
}

/** A DEGEN bet of a play transaction waiting for its jackpot draw (ICasino.JackpotTicket). */
export interface Ticket {
  betId: bigint;
  odds: bigint;
  prize: bigint;
}

/** CasinoLimits.Window: a loss window's limit (0: none), when it opened, and its net loss. */
export interface LossWindow {
  limit: bigint;
  start: bigint;
  net: bigint;
}

/** CasinoLimits.TokenLimits. */
export interface TokenLimits {
  windows: LossWindow[];
  betCap: bigint;
  pendingBetCap: bigint;
  pendingAt: bigint;
  pendingMask: number;
  pendingLoss: bigint[];
}

/** CasinoLimits.Account; `marked` is also the Casino's PlayerState.limited. */
export interface LimitsAccount {
  coolOffUntil: bigint;
  pendingCoolOffUntil: bigint;
  pendingCoolOffAt: bigint;
  limitedTokens: number;
  marked: boolean;
  /** The latest stricter setting: a one-click bet whose deadline is at most ACCEPTANCE_WINDOW after it is never refused by the cool-off or the cap. */
  tightenedAt: bigint;
}

/** CasinoLimits.LimitsView, as the Account dialog reads it. */
export interface LimitsView {
  lossLimit: bigint[];
  lossUsed: bigint[];
  windowEnds: bigint[];
  betCap: bigint;
  pendingLossLimit: bigint[];
  pendingBetCap: bigint;
  pendingAt: bigint;
  pendingMask: bigint;
  coolOffUntil: bigint;
  pendingCoolOffUntil: bigint;
  pendingCoolOffAt: bigint;
}

/** A call of GameRules.payout, or of GameRules.splitStakedPayout for a hand whose split was staked. */
export interface RulesQuery {
  gameType: number;
  params: bigint;
  isNative: boolean;
  stake: bigint;
  word: string;
  actions: string;
  splitStaked?: boolean;
}

/** GameRules' answer: the payout, or the revert it makes (with its custom error and arguments). */
export type RulesAnswer = { payout: bigint } | { revert: Revert };

export function rulesKey(q: RulesQuery): string {
  return `${q.gameType}:${q.params}:${q.isNative ? 1 : 0}:${q.splitStaked ? 1 : 0}:${q.stake}:${q.word.toLowerCase()}:${q.actions.toLowerCase()}`;
}

/**
 * BetSettlement._payoutOf: a log that splits a hand whose second stake was never added is refused;
 * a hand whose split was staked goes to GameRules.splitStakedPayout (played only when the log
 * starts with "P" and the deal allows it, else void), any other bet to GameRules.payout.
 */
export function refuseUnstakedSplit(bet: Pick<Bet, "betId" | "gameType" | "split">, actions: string): void {
  if (bet.gameType === BLACKJACK && !bet.split && actions.toLowerCase().startsWith(SPLIT)) fail("SplitNotStaked", bet.betId);
}

const abiCoder = AbiCoder.defaultAbiCoder();

/** SessionPlay.nextTickets: the hash that stands for a batch of tickets, one ticket further. */
export function nextTickets(hash: string, ticket: Ticket): string {
  return keccak256(abiCoder.encode(["bytes32", "uint256", "uint256", "uint256"], [hash, ticket.betId, ticket.odds, ticket.prize]));
}

export function ticketsHash(tickets: Ticket[]): string {
  return tickets.reduce(nextTickets, ZeroHash as string);
}

export interface Player {
  address: string;
  vault: Record<Token, bigint>;
  reserved: Record<Token, bigint>;
  commit: string;
  root: string;
  nextNonce: bigint;
  chainEnd: bigint;
  resolved: bigint;
  head: bigint;
  chainLength: bigint;
  chain: number; // index into CasinoModel.chains, -1 before the first commitment
  chainStart: bigint;
  bets: Bet[]; // open bets of every lane, in nonce order (the wallet's first; a session's lane has at most one)
  relayNonce: bigint;
  account: LimitsAccount;
  limits: Record<Token, TokenLimits>;
}

interface Flow {
  level: bigint;
  updatedAt: bigint;
}

export interface State {
  paused: boolean;
  riskBps: bigint;
  playerRiskBps: bigint;
  interactiveRiskBps: bigint;
  announcementDelay: bigint;
  maxBetUnits: Record<Token, bigint>;
  settleWindow: bigint;
  edgeBps: bigint;
  shareBps: bigint;
  owner: string;
  pendingOwner: string;
  settler: string;
  /** The announced next settler (announceSettlerChange), executable from its time. */
  pendingSettler: { settler: string; executableAt: bigint } | null;
  /** When each former settler was replaced (lower-case address): its countersignatures place bets RETIRED_SETTLER_GRACE longer. */
  settlerRetiredAt: Record<string, bigint>;
  bankroll: Record<Token, bigint>;
  reserved: Record<Token, bigint>;
  /** What the open bets of each room reserve (Payouts.roomOf): the hands', and the long shots'. */
  interactiveReserved: Record<Token, bigint>;
  longShotReserved: Record<Token, bigint>;
  accounted: Record<Token, bigint>;
  stray: Record<Token, bigint>; // held beyond `accounted` (sent outside the Casino's functions)
  otherHeld: bigint; // another ERC-20 the Casino holds
  jackpot: bigint;
  pending: Record<Token, { amount: bigint; executableAt: bigint } | null>;
  locked: Record<string, string>; // lockedEntropy(betId), including entries left behind by resolved bets
  /** House(DEGEN)'s noted blocks (CasinoLedger.noteDraw): the latest with draws and its open draws, the one before it (its gap) and its open draws. */
  draws: { block: number; open: number; gapBefore: number; openBefore: number };
  /** drawEntropy(block): the hashes recorded for draws (CasinoLedger.recordDrawBlocks). */
  drawEntropy: Record<number, string>;
  swap: { rate: bigint; perSwapCapBps: bigint; dailyCapBps: bigint; pendingRate: bigint; pendingRateAt: bigint; flow: Record<Token, Flow> };
  wallets: Record<string, bigint>; // DEGEN wallet balances (lower-case address)
  players: Player[];
  sessions: Record<string, SessionState>; // by sessionId(player, key)
  /** The Casino's lanes by laneId(player, lane). */
  lanes: Record<string, LaneState>;
  /** CasinoSessions._lanes by lower-case player: how many lanes the player's sessions opened. */
  laneCounts: Record<string, bigint>;
  /** The owner's last change of the terms (TermsChange): the terms it replaced, and when. */
  termsChange: { previous: bigint; changedAt: bigint };
  /** Issued, not yet drawn, by their hash: the block that issued them, and the draw a later play recorded (the entropy, ZeroHash when void). */
  ticketBatches: Record<string, { block: number; tickets: Ticket[]; recorded: string | null }>;
  /** SessionPlay's pendingTickets: the latest batch, whose draw the next play records. */
  pendingTickets: string;
  /** SessionPlay's ticketsBefore: a batch issued in the block of the pending one, the batch pending then. */
  ticketsBefore: Record<string, string>;
  stats: {
    hits: number;
    voidDraws: number;
    /** What void draws had the free bankroll pay into the pool: their fair value. */
    voidFunded: bigint;
    lockedDraws: number;
    /** Blocks whose hash a settlement, claim, play, draw, lock or bet recorded, and draws that read one. */
    recordedBlocks: number;
    recordedDraws: number;
    historyDraws: number;
    draws: number;
    locks: number;
    won: bigint;
    ticketBatches: number;
    ticketsDrawn: number;
    ticketHits: number;
    voidTicketBatches: number;
    /** One-click bets play skipped (BetSkipped): none spends its nonce. */
    skippedBets: number;
    /** Bets of a revoked key that landed in its acceptance window (place or play). */
    revokedLanded: number;
    /** One-click bets landed under the terms a change replaced (their deadline within the window of it). */
    replacedTermsLanded: number;
    /** One-click bets a stricter cool-off or bet cap would refuse, landed because their deadline is within its window. */
    waivedLanded: number;
    /** One-click bets whose stake took a loss window past its limit: counted, never refused. */
    pastLossLimit: number;
    /** closeSession: every call, those that returned funds, and those that returned a payout landed after an earlier close. */
    closes: { all: number; returned: number; afterPayout: number };
  };
}

/** Addresses the model needs to know. */
export interface ModelSetup {
  chainId: bigint;
  casino: string;
  degen: string;
  devWallet: string;
  pair: string;
  treasury: string; // holds DEGEN with an unlimited allowance to the Casino, like the players
  tradingOpenedAt: bigint;
  history: HistoryMode;
}

/** Payouts.isInteractive: blackjack, mines, and crash with a manual cash-out. */
export function isInteractive(gameType: number, params: bigint): boolean {
  return gameType === BLACKJACK || gameType === MINES || (gameType === CRASH && params === 0n);
}

/** The room of the bankroll an open bet reserves from besides the rest (Payouts.roomOf): a blackjack hand's, a long shot's (mines, a manual crash round), or none. */
export type Room = "hands" | "longShots" | null;
export function roomOf(gameType: number, params: bigint): Room {
  if (gameType === BLACKJACK) return "hands";
  return isInteractive(gameType, params) ? "longShots" : null;
}

export function popCount(bits: bigint): number {
  let count = 0;
  for (let b = bits; b !== 0n; b &= b - 1n) count++;
  return count;
}

/** Payouts.ratio: the largest payout as num/den of the total stake, or the library's error. */
export function ratio(gameType: number, params: bigint, isNative: boolean, split: boolean): [bigint, bigint] {
  const rtp = isNative ? 9_800n : 10_200n;
  switch (gameType) {
    case 0: {
      const colours = BigInt(popCount(params));
      if (params === 0n || params >= 1024n || colours > 9n) fail("InvalidParams", gameType, params);
      return [10n * rtp, colours * BPS];
    }
    case 1:
      if (params !== 0n) fail("InvalidParams", gameType, params);
      return [750n * rtp, BPS];
    case 2:
      if (params !== 0n) fail("InvalidParams", gameType, params);
      // A natural (2.5x, BNB 2.47x); after a split two wins (2x, BNB 1.98x).
      if (split) return [isNative ? 19_800n : 20_000n, BPS];
      return [isNative ? 24_700n : 25_000n, BPS];
    case 3:
      if (params > 2n) fail("InvalidParams", gameType, params);
      return [params === 2n ? 4n : 2n, 1n];
    case 4:
      if (params === 0n) return [10_000n, 100n];
      if (params < 101n || params > 10_000n) fail("InvalidParams", gameType, params);
      return [params, 100n];
    case DICE: {
      const target = params & (DICE_OVER - 1n);
      const winning = params & DICE_OVER ? 9_999n - target : target;
      if (params >= 2n * DICE_OVER || target >= 10_000n || winning < 1n || winning > 9_800n) fail("InvalidParams", gameType, params);
      return [rtp, winning];
    }
    case PLINKO: {
      const rows = Number(params & 0xffn);
      const edges = PLINKO_EDGES[Number(params >> 8n)];
      if (edges === undefined || rows < 8 || rows > 16) fail("InvalidParams", gameType, params);
      return [BigInt(edges[rows - 8]) * rtp, 1_000_000n];
    }
    case MINES:
      if (params === 0n || params >= 25n) fail("InvalidParams", gameType, params);
      return [minesBestBps(params, rtp), BPS];
    default:
      fail("InvalidGameType", gameType);
  }
}

export function paramsValid(gameType: number, params: bigint): boolean {
  try {
    ratio(gameType, params, false, false);
    return true;
  } catch {
    return false;
  }
}

/** A bet's terms, packed as `terms()` packs them (CasinoLedger.termsOf), taken apart (withTerms). */
export function unpackTerms(terms: bigint): { settleWindow: bigint; edgeBps: bigint; shareBps: bigint } {
  return { settleWindow: terms & 0xffffffn, edgeBps: (terms >> 32n) & 0xffffn, shareBps: (terms >> 48n) & 0xffffn };
}

/** A session's tokens as CasinoSessions.sessionOf reads them from its largest stakes: bit 0 DEGEN, bit 1 BNB. */
export function tokensOf(session: SessionState): number {
  return (session.maxBet.DEGEN === 0n ? 0 : 1) | (session.maxBet.BNB === 0n ? 0 : 2);
}

export function totalStake(bet: Bet): bigint {
  return bet.split ? 2n * bet.stake : bet.stake;
}

/** The reservation of an open bet (helpers.maxPayout, written out separately from `ratio`). */
export function betMaxPayout(bet: Bet): bigint {
  return payoutBound(bet.gameType, bet.params, bet.token === "BNB", totalStake(bet), bet.split);
}

const hashLink = (link: string) => keccak256(link);
const lower = (address: string) => address.toLowerCase();
const playerAddressOf = (betId: bigint) => `0x${(betId >> 64n).toString(16).padStart(40, "0")}`;
const min = (a: bigint, b: bigint) => (a < b ? a : b);

function noLimits(): TokenLimits {
  return {
    windows: [0, 1, 2].map(() => ({ limit: 0n, start: 0n, net: 0n })),
    betCap: 0n,
    pendingBetCap: 0n,
    pendingAt: 0n,
    pendingMask: 0,
    pendingLoss: [0n, 0n, 0n],
  };
}

/** SafeCast.toUintN. */
function toUint(value: bigint, bits: number, max: bigint): bigint {
  if (value > max) fail("SafeCastOverflowedUintDowncast", bits, value);
  return value;
}

/**
 * A deep copy of the state, as structuredClone makes it (an object reached twice is copied once),
 * for the plain objects and arrays the state is made of; the values of the records in `shared` are
 * not copied but shared. The fuzz copies the state before every operation, and the state grows with
 * the run (every session and lane opened stays): structuredClone, which serialises all of it, took
 * 10 s of a 10,000-operation run.
 */
function copyState<T>(state: T, shared: ReadonlySet<object> = new Set()): T {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      const array: unknown[] = new Array(value.length);
      copies.set(value, array);
      for (let i = 0; i < value.length; i++) array[i] = copy(value[i]);
      return array;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype)
      throw new Error(`the model's state holds a ${value.constructor?.name}: copyState copies plain objects and arrays only`);
    const object: Record<string, unknown> = {};
    copies.set(value, object);
    const source = value as Record<string, unknown>;
    if (shared.has(value)) for (const key of Object.keys(source)) object[key] = source[key];
    else for (const key of Object.keys(source)) object[key] = copy(source[key]);
    return object;
  };
  return copy(state) as T;
}

export class CasinoModel {
  s: State;
  readonly chains: HashChain[] = [];
  /** Hashes of the blocks holding DEGEN bets, as the harness learns them. */
  readonly blockHashes = new Map<number, string>();
  /** Whether the transaction being run read the house's DEGEN funds (HouseCache.degenRead): storeFunds then records the noted blocks. */
  private degenFundsRead = false;
  /** GameRules' answers, fetched by the harness before the operations that need them. */
  readonly rulesAnswers = new Map<string, RulesAnswer>();
  /** The sessions and lanes the running operation has copied or made (own()). */
  private ownedNow = new Set<object>();
  /** Refusals the floor made that the free bankroll alone would have let through (a reservation, split or swap), reverted ones included. */
  floorRefusals = 0;

  constructor(
    readonly setup: ModelSetup,
    playerAddresses: string[],
    initial: {
      bankroll: Record<Token, bigint>;
      accounted: Record<Token, bigint>;
      stray: Record<Token, bigint>;
      jackpot: bigint;
      wallets: Record<string, bigint>;
      owner: string;
      settler: string;
    },
  ) {
    this.s = {
      paused: false,
      riskBps: 500n,
      playerRiskBps: 1_000n,
      interactiveRiskBps: 5_000n,
      announcementDelay: DAY,
      maxBetUnits: { DEGEN: 1_000_000n, BNB: 100_000n },
      settleWindow: 3_600n,
      edgeBps: 50n,
      shareBps: 500n,
      owner: initial.owner,
      pendingOwner: ZeroAddress,
      settler: initial.settler,
      pendingSettler: null,
      settlerRetiredAt: {},
      bankroll: { ...initial.bankroll },
      reserved: { DEGEN: 0n, BNB: 0n },
      interactiveReserved: { DEGEN: 0n, BNB: 0n },
      longShotReserved: { DEGEN: 0n, BNB: 0n },
      accounted: { ...initial.accounted },
      stray: { ...initial.stray },
      otherHeld: 0n,
      jackpot: initial.jackpot,
      pending: { DEGEN: null, BNB: null },
      locked: {},
      draws: { block: 0, open: 0, gapBefore: 0, openBefore: 0 },
      drawEntropy: {},
      swap: {
        rate: 10_000n,
        perSwapCapBps: 100n,
        dailyCapBps: 500n,
        pendingRate: 0n,
        pendingRateAt: 0n,
        flow: { DEGEN: { level: 0n, updatedAt: 0n }, BNB: { level: 0n, updatedAt: 0n } },
      },
      wallets: Object.fromEntries(Object.entries(initial.wallets).map(([a, v]) => [lower(a), v])),
      players: playerAddresses.map((address) => ({
        address,
        vault: { DEGEN: 0n, BNB: 0n },
        reserved: { DEGEN: 0n, BNB: 0n },
        commit: ZeroHash,
        root: ZeroHash,
        nextNonce: 0n,
        chainEnd: 0n,
        resolved: 0n,
        head: 0n,
        chainLength: 0n,
        chain: -1,
        chainStart: 0n,
        bets: [],
        relayNonce: 0n,
        account: { coolOffUntil: 0n, pendingCoolOffUntil: 0n, pendingCoolOffAt: 0n, limitedTokens: 0, marked: false, tightenedAt: 0n },
        limits: { DEGEN: noLimits(), BNB: noLimits() },
      })),
      sessions: {},
      lanes: {},
      laneCounts: {},
      termsChange: { previous: 0n, changedAt: 0n },
      ticketBatches: {},
      pendingTickets: ZeroHash,
      ticketsBefore: {},
      stats: {
        hits: 0,
        voidDraws: 0,
        voidFunded: 0n,
        lockedDraws: 0,
        recordedBlocks: 0,
        recordedDraws: 0,
        historyDraws: 0,
        draws: 0,
        locks: 0,
        won: 0n,
        ticketBatches: 0,
        ticketsDrawn: 0,
        ticketHits: 0,
        voidTicketBatches: 0,
        skippedBets: 0,
        revokedLanded: 0,
        replacedTermsLanded: 0,
        waivedLanded: 0,
        pastLossLimit: 0,
        closes: { all: 0, returned: 0, afterPayout: 0 },
      },
    };
  }

  /** Runs one transaction on a copy of the state: commits it and returns null, or returns the revert. */
  run(tx: Tx, operation: (s: State, tx: Tx) => void): Revert | null {
    // The sessions and lanes themselves are shared with the state before: own() copies one before changing it.
    const draft = copyState(this.s, new Set([this.s.sessions, this.s.lanes]));
    this.ownedNow = new Set();
    this.degenFundsRead = false;
    try {
      operation(draft, tx);
    } catch (error) {
      if (error instanceof Revert) {
        tx.events.length = 0;
        return error;
      }
      throw error;
    }
    this.s = draft;
    return null;
  }

  // ───────────────────────────── helpers ─────────────────────────────

  tokenAddress(token: Token): string {
    return token === "DEGEN" ? this.setup.degen : ZeroAddress;
  }

  tokenOf(address: string): Token | null {
    if (lower(address) === lower(this.setup.degen)) return "DEGEN";
    if (address === ZeroAddress) return "BNB";
    return null;
  }

  private supported(address: string): Token {
    const token = this.tokenOf(address);
    if (token === null) fail("UnsupportedToken", address);
    return token;
  }

  playerIndex(s: State, address: string): number {
    return s.players.findIndex((p) => lower(p.address) === lower(address));
  }

  free(s: State, token: Token): bigint {
    return s.bankroll[token] - s.reserved[token];
  }

  terms(s: State): bigint {
    return packTerms(s.settleWindow, s.edgeBps, s.shareBps);
  }

  openBets(s: State = this.s): Bet[] {
    return s.players.flatMap((p) => p.bets);
  }

  findBet(s: State, betId: bigint): Bet | undefined {
    const player = s.players.find((p) => BigInt(p.address) === betId >> 64n);
    return player?.bets.find((b) => b.betId === betId);
  }

  /** What a player's open bets may still reserve of a token (uint80 cap included). */
  exposureRoom(s: State, player: Player, token: Token): bigint {
    let cap = (s.bankroll[token] * s.playerRiskBps) / BPS;
    if (cap > UINT80_MAX) cap = UINT80_MAX;
    const used = player.reserved[token];
    return cap > used ? cap - used : 0n;
  }

  /**
   * CasinoLedger.roomLeft: what the open bets of a room may still reserve, the hands
   * interactiveRiskBps of the bankroll, the long shots half of that, and never so much that the two
   * rooms together pass the largest interactiveRiskBps (CasinoLedger.longShotRiskBps).
   */
  roomLeft(s: State, token: Token, room: "hands" | "longShots"): bigint {
    const bps = room === "hands" ? s.interactiveRiskBps : min(s.interactiveRiskBps / 2n, BOUNDS.interactiveRiskBps[1] - s.interactiveRiskBps);
    const cap = (s.bankroll[token] * bps) / BPS;
    const used = (room === "hands" ? s.interactiveReserved : s.longShotReserved)[token];
    return cap > used ? cap - used : 0n;
  }

  /** Reserves a bet's maximum payout, in its room too. */
  private reserve(s: State, player: Player, token: Token, amount: bigint, room: Room): void {
    s.reserved[token] += amount;
    player.reserved[token] += amount;
    if (room === "hands") s.interactiveReserved[token] += amount;
    else if (room === "longShots") s.longShotReserved[token] += amount;
  }

  /** Casino.maxBet for a valid game (player null = address(0)). */
  maxBet(s: State, token: Token, gameType: number, params: bigint, player: Player | null): bigint {
    const [num, den] = ratio(gameType, params, token === "BNB", false);
    return this.maxBetFor(s, token, num, den, player, roomOf(gameType, params));
  }

  private maxBetFor(s: State, token: Token, num: bigint, den: bigint, player: Player | null, room: Room): bigint {
    return this.maxBetWith(s, token, num, den, player, room, true);
  }

  /**
   * CasinoLedger.maxBetFor: the largest stake whose maximum payout is within riskBps of the free
   * bankroll, the free bankroll above the floor (`floor` false: as if there were none, to count
   * what the floor refuses), the player's room and, for a hand or a long shot, its room's.
   */
  private maxBetWith(s: State, token: Token, num: bigint, den: bigint, player: Player | null, room: Room, floor: boolean): bigint {
    let reservable = (this.free(s, token) * s.riskBps) / BPS;
    if (floor) reservable = min(reservable, this.aboveFloor(s, token));
    if (player !== null) reservable = min(reservable, this.exposureRoom(s, player, token));
    if (room !== null) reservable = min(reservable, this.roomLeft(s, token, room));
    return min((reservable * den) / num, s.maxBetUnits[token] * MIN_BET[token]);
  }

  /**
   * CasinoLedger.aboveFloor: what a reservation, a split or a swap may take of the free bankroll,
   * which keeps riskBps of the bankroll free for the one-click bets on their way.
   */
  aboveFloor(s: State, token: Token): bigint {
    const free = this.free(s, token);
    const floor = (s.bankroll[token] * s.riskBps) / BPS;
    return free > floor ? free - floor : 0n;
  }

  /** A one-click bet's random word and the rules' payout (SessionPlay._play). */
  playOutcome(player: Player, bet: BetInput, seed: string, isNative: boolean): { word: string; payout: bigint } {
    const word = randomWord(seed, bet.clientSeed, player.address, bet.nonce, this.setup.chainId, this.setup.casino);
    return { word, payout: this.rules({ gameType: bet.gameType, params: bet.params, isNative, stake: bet.amount, word, actions: "0x" }) };
  }

  /** Blockhash.blockHash(n) as the Casino sees it in block `current`. */
  entropyAt(placedBlock: number, current: number): string {
    const distance = current - placedBlock;
    if (distance <= 0) return ZeroHash;
    const known = () => {
      const hash = this.blockHashes.get(placedBlock);
      if (hash === undefined) throw new Error(`model: hash of block ${placedBlock} unknown`);
      return hash;
    };
    if (distance <= 256) return known();
    switch (this.setup.history) {
      case "eip2935":
        return distance <= HISTORY_SERVE_WINDOW ? known() : ZeroHash;
      case "none":
      case "hardhat":
        return ZeroHash;
    }
  }

  /** The seed of a wallet bet's nonce under the player's current chain: link j + 1 for its j-th bet. */
  walletSeed(player: Player, nonce: bigint): string {
    if (player.chain < 0) throw new Error("model: no chain");
    return this.chains[player.chain].seed(Number(nonce - player.chainStart + 1n));
  }

  /** The seed of a lane's bet n: link n + 1 of the lane's chain. */
  laneSeed(lane: LaneState, n: bigint): string {
    return this.chains[lane.chain].seed(Number(n + 1n));
  }

  /** The seed that settles a bet: its lane's link for its nonce (the wallet's or its session's). */
  seedOf(s: State, bet: Bet): string {
    const lane = laneOfNonce(bet.nonce);
    const player = s.players[bet.player];
    return lane === 0n ? this.walletSeed(player, bet.nonce) : this.laneSeed(this.laneOf(s, player.address, lane)!, bet.nonce & UINT32_MAX);
  }

  /** Whether a lane's chain has a link for its bet n (the harness's chains are short; the contract knows no length). */
  laneHasLink(lane: LaneState, n: bigint): boolean {
    return n + 1n <= BigInt(this.chains[lane.chain].length);
  }

  /** A player's lane (undefined: never opened). */
  laneOf(s: State, player: string, lane: bigint): LaneState | undefined {
    return s.lanes[laneId(player, lane)];
  }

  /**
   * CasinoLedger.chainLink: `link` when `seed`, hashed once per link from `link` down to `head`,
   * is `commit`; else WrongSeed. Reads only.
   */
  private chainLink(betId: bigint, seed: string, link: bigint, head: bigint, commit: string): bigint {
    if (link <= head) fail("WrongSeed", betId);
    let hashed = seed;
    for (let i = head; i < link; i++) hashed = hashLink(hashed);
    if (hashed !== commit) fail("WrongSeed", betId);
    return link;
  }

  /** CasinoLedger.seedLink (a wallet bet, its j-th of the chain: link j + 1) or laneSeedLink (lane bet n: link n + 1), refused WrongSeed. */
  private seedLink(s: State, bet: { betId: bigint; nonce: bigint }, seed: string): bigint {
    const lane = laneOfNonce(bet.nonce);
    const player = s.players[this.playerIndex(s, playerAddressOf(bet.betId))];
    if (lane === 0n) return this.chainLink(bet.betId, seed, bet.nonce - player.chainStart + 1n, player.head, player.commit);
    const state = this.laneOf(s, player.address, lane)!;
    return this.chainLink(bet.betId, seed, (bet.nonce & UINT32_MAX) + 1n, state.head, state.commit);
  }

  /** CasinoSwap._room at time `now`: per-swap cap, room in the daily bucket, bucket level. */
  swapRoom(s: State, toToken: Token, now: bigint): { perSwap: bigint; room: bigint; level: bigint } {
    const free = this.free(s, toToken);
    const perSwap = (free * s.swap.perSwapCapBps) / BPS;
    const bucket = (free * s.swap.dailyCapBps) / BPS / 2n;
    const flow = s.swap.flow[toToken];
    if (now < flow.updatedAt) throw new Error("model: swap time runs backwards");
    const leaked = (bucket * (now - flow.updatedAt)) / DAY;
    const level = flow.level > leaked ? flow.level - leaked : 0n;
    return { perSwap, room: bucket > level ? bucket - level : 0n, level };
  }

  swapOut(s: State, fromToken: Token, amount: bigint): bigint {
    return fromToken === "BNB" ? amount * s.swap.rate : amount / s.swap.rate;
  }

  /** CasinoSwap.quote(fromToken, amount) at time `now`. */
  quote(s: State, fromToken: Token, amount: bigint, now: bigint): [bigint, bigint] {
    const toToken: Token = fromToken === "BNB" ? "DEGEN" : "BNB";
    const { perSwap, room } = this.swapRoom(s, toToken, now);
    return [this.swapOut(s, fromToken, amount), perSwap < room ? perSwap : room];
  }

  // ───────────────────────────── token movements ─────────────────────────────

  private wallet(s: State, address: string): bigint {
    return s.wallets[lower(address)] ?? 0n;
  }

  private addWallet(s: State, address: string, amount: bigint): void {
    s.wallets[lower(address)] = this.wallet(s, address) + amount;
  }

  /** DegenToken._update's balance check of one move from `from`. */
  private debit(s: State, from: string, amount: bigint): void {
    const balance = this.wallet(s, from);
    if (balance < amount) fail("ERC20InsufficientBalance", from, balance, amount);
    s.wallets[lower(from)] = balance - amount;
  }

  /** degen.transferFrom(from, casino, amount) by the Casino: players and the treasury approved it without limit. */
  private pullDegen(s: State, from: string, amount: bigint): void {
    const unlimited = this.playerIndex(s, from) >= 0 || lower(from) === lower(this.setup.treasury);
    if (!unlimited) fail("ERC20InsufficientAllowance", this.setup.casino, 0n, amount);
    this.debit(s, from, amount);
  }

  /** Casino._collect: receives from the sender's wallet and books it as owed. */
  private collect(s: State, tx: Tx, token: Token, amount: bigint): void {
    if (token === "BNB") {
      if (tx.value !== amount) fail("ValueMismatch", tx.value, amount);
    } else {
      if (tx.value !== 0n) fail("ValueMismatch", tx.value, 0n);
      this.pullDegen(s, tx.from, amount);
    }
    s.accounted[token] += amount;
  }

  /** Casino._send: DEGEN lands in a tracked wallet, BNB leaves the model. */
  /** What the Casino pays out of a token; DEGEN obeys the token's max wallet (the treasury, the token's owner, is exempt; pairs are not capped). */
  private send(s: State, token: Token, to: string, amount: bigint): void {
    if (token !== "DEGEN") return;
    this.addWallet(s, to, amount);
    const balance = this.wallet(s, to);
    const uncapped = [this.setup.treasury, this.setup.pair].some((a) => lower(a) === lower(to));
    if (!uncapped && balance > MAX_WALLET) fail("MaxWalletExceeded", to, balance, MAX_WALLET);
  }

  private emit(tx: Tx, name: string, ...args: unknown[]): void {
    tx.events.push({ contract: "casino", name, args });
  }

  private emitDesk(tx: Tx, name: string, ...args: unknown[]): void {
    tx.events.push({ contract: "desk", name, args });
  }

  private onlyOwner(s: State, tx: Tx): void {
    if (lower(tx.from) !== lower(s.owner)) fail("OwnableUnauthorizedAccount", tx.from);
  }

  private onlySettler(s: State, tx: Tx): void {
    if (lower(tx.from) !== lower(s.settler)) fail("NotSettler");
  }

  private checkBounds(value: bigint, min: bigint, max: bigint): void {
    if (value < min || value > max) fail("OutOfBounds", value, min, max);
  }

  private checkAnnouncement(executableAt: bigint, now: bigint): void {
    if (now < executableAt) fail("NotReady", executableAt);
    const lapsedAt = executableAt + ANNOUNCEMENT_LIFETIME;
    if (now > lapsedAt) fail("AnnouncementLapsed", lapsedAt);
  }

  // ───────────────────────────── vault ─────────────────────────────

  deposit(s: State, tx: Tx, tokenAddress: string, amount: bigint): void {
    const token = this.supported(tokenAddress);
    if (amount === 0n) fail("ZeroAmount");
    this.collect(s, tx, token, amount);
    s.players[this.playerIndex(s, tx.from)].vault[token] += amount;
    this.emit(tx, "Deposited", tx.from, tokenAddress, amount);
  }

  withdraw(s: State, tx: Tx, tokenAddress: string, amount: bigint): void {
    const token = this.supported(tokenAddress);
    this.withdrawOf(s, tx, tx.from, token, tokenAddress, amount);
  }

  private withdrawOf(s: State, tx: Tx, playerAddress: string, token: Token, tokenAddress: string, amount: bigint): void {
    if (amount === 0n) fail("ZeroAmount");
    const player = s.players[this.playerIndex(s, playerAddress)];
    const balance = player.vault[token];
    if (balance < amount) fail("InsufficientBalance", balance, amount);
    player.vault[token] = balance - amount;
    s.accounted[token] -= amount;
    this.emit(tx, "Withdrawn", playerAddress, tokenAddress, amount);
    this.send(s, token, playerAddress, amount);
  }

  /** Casino.withdrawFor / exchange / creditJackpotFromTax / desk.swapFor called by anyone but their one caller. */
  withdrawForDirect(): void {
    fail("NotRelay");
  }

  exchangeDirect(): void {
    fail("NotSwapDesk");
  }

  swapForDirect(): void {
    fail("NotRelay");
  }

  creditJackpotDirect(): void {
    fail("NotDegen");
  }

  // ───────────────────────────── relay ─────────────────────────────

  /** CasinoRelay.withdraw: `signed` is what the signature actually commits to (null: not a signature of anyone). */
  relayWithdraw(s: State, tx: Tx, request: WithdrawRequest, signed: SignedWithdraw | null): void {
    const player = s.players[this.playerIndex(s, request.player)];
    const nonce = player.relayNonce++;
    if (tx.now > request.deadline) fail("SignatureExpired", request.deadline);
    const valid =
      signed !== null &&
      signed.domainOk &&
      lower(signed.signer) === lower(request.player) &&
      lower(signed.player) === lower(request.player) &&
      lower(signed.token) === lower(request.token) &&
      signed.amount === request.amount &&
      signed.nonce === nonce &&
      signed.deadline === request.deadline;
    if (!valid) fail("InvalidSignature");
    const token = this.supported(request.token);
    this.withdrawOf(s, tx, request.player, token, request.token, request.amount);
  }

  relaySwap(s: State, tx: Tx, request: SwapRequest, signed: SignedSwap | null): void {
    const player = s.players[this.playerIndex(s, request.player)];
    const nonce = player.relayNonce++;
    if (tx.now > request.deadline) fail("SignatureExpired", request.deadline);
    const valid =
      signed !== null &&
      signed.domainOk &&
      lower(signed.signer) === lower(request.player) &&
      lower(signed.player) === lower(request.player) &&
      lower(signed.fromToken) === lower(request.fromToken) &&
      lower(signed.toToken) === lower(request.toToken) &&
      signed.amount === request.amount &&
      signed.minAmountOut === request.minAmountOut &&
      signed.nonce === nonce &&
      signed.deadline === request.deadline;
    if (!valid) fail("InvalidSignature");
    const expectedTo = request.fromToken === ZeroAddress ? this.setup.degen : ZeroAddress;
    if (lower(request.toToken) !== lower(expectedTo)) fail("InvalidSignature");
    this.swapOf(s, tx, request.player, request.fromToken, request.amount, request.minAmountOut);
  }

  useNonce(s: State, tx: Tx): void {
    s.players[this.playerIndex(s, tx.from)].relayNonce++;
  }

  // ───────────────────────────── swap desk ─────────────────────────────

  deskSwap(s: State, tx: Tx, fromTokenAddress: string, amount: bigint, minAmountOut: bigint): void {
    this.swapOf(s, tx, tx.from, fromTokenAddress, amount, minAmountOut);
  }

  private swapOf(s: State, tx: Tx, playerAddress: string, fromTokenAddress: string, amount: bigint, minAmountOut: bigint): void {
    const fromToken = this.supported(fromTokenAddress);
    const toToken: Token = fromToken === "BNB" ? "DEGEN" : "BNB";
    const out = this.swapOut(s, fromToken, amount);
    if (out === 0n) fail("ZeroAmount");
    if (out < minAmountOut) fail("SwapBelowMinimum", out, minAmountOut);
    const { perSwap, room, level } = this.swapRoom(s, toToken, tx.now);
    if (out > perSwap) fail("SwapAboveCap", out, perSwap);
    if (out > room) fail("SwapAboveDailyCap", out, room);
    s.swap.flow[toToken] = { level: level + out, updatedAt: tx.now };
    // Casino.exchange
    if (amount === 0n || out === 0n) fail("ZeroAmount");
    const player = s.players[this.playerIndex(s, playerAddress)];
    const balance = player.vault[fromToken];
    if (balance < amount) fail("InsufficientBalance", balance, amount);
    // A swap pays out of the free bankroll above the floor only.
    const free = this.aboveFloor(s, toToken);
    if (out > free) {
      if (out <= this.free(s, toToken)) this.floorRefusals++;
      fail("InsufficientBankroll", free, out);
    }
    player.vault[fromToken] = balance - amount;
    player.vault[toToken] += out;
    s.bankroll[toToken] -= out;
    s.bankroll[fromToken] += amount;
    this.emit(tx, "Swapped", playerAddress, fromTokenAddress, amount, out);
  }

  setCaps(s: State, tx: Tx, perSwapCapBps: bigint, dailyCapBps: bigint): void {
    if (lower(tx.from) !== lower(s.owner)) fail("NotOwner");
    this.checkBounds(perSwapCapBps, BOUNDS.perSwapCapBps[0], BOUNDS.perSwapCapBps[1]);
    this.checkBounds(dailyCapBps, perSwapCapBps, BOUNDS.dailyCapBps[1]);
    s.swap.perSwapCapBps = perSwapCapBps;
    s.swap.dailyCapBps = dailyCapBps;
    this.emitDesk(tx, "SwapCapsChanged", perSwapCapBps, dailyCapBps);
  }

  announceRate(s: State, tx: Tx, rate: bigint): void {
    if (lower(tx.from) !== lower(s.owner)) fail("NotOwner");
    this.checkBounds(rate, BOUNDS.rate[0], BOUNDS.rate[1]);
    const executableAt = tx.now + s.announcementDelay;
    s.swap.pendingRate = rate;
    s.swap.pendingRateAt = executableAt;
    this.emitDesk(tx, "SwapRateAnnounced", rate, executableAt);
  }

  cancelRate(s: State, tx: Tx): void {
    if (lower(tx.from) !== lower(s.owner)) fail("NotOwner");
    const rate = s.swap.pendingRate;
    if (rate === 0n) fail("NothingPending");
    s.swap.pendingRate = 0n;
    s.swap.pendingRateAt = 0n;
    this.emitDesk(tx, "SwapRateCancelled", rate);
  }

  executeRate(s: State, tx: Tx): void {
    if (lower(tx.from) !== lower(s.owner)) fail("NotOwner");
    if (s.swap.pendingRate === 0n) fail("NothingPending");
    this.checkAnnouncement(s.swap.pendingRateAt, tx.now);
    const rate = s.swap.pendingRate;
    s.swap.rate = rate;
    s.swap.pendingRate = 0n;
    s.swap.pendingRateAt = 0n;
    this.emitDesk(tx, "SwapRateChanged", rate);
  }

  // ───────────────────────────── bets ─────────────────────────────

  setCommitment(s: State, tx: Tx, playerAddress: string, commit: string, length: bigint, chain: number): void {
    this.onlySettler(s, tx);
    if (playerAddress === ZeroAddress) fail("ZeroAddress");
    if (commit === ZeroHash || length === 0n) fail("InvalidCommitment");
    const player = s.players[this.playerIndex(s, playerAddress)];
    const next = player.nextNonce;
    if (player.resolved !== next) fail("OpenBetExists");
    if (player.commit !== ZeroHash && player.chainEnd > next) fail("ChainNotExhausted", player.chainEnd - next);
    toUint(length, 24, UINT24_MAX);
    toUint(next + length, 32, UINT32_MAX);
    player.commit = commit;
    player.root = commit;
    player.head = 0n;
    player.chainLength = length;
    player.chainEnd = next + length;
    player.chain = chain;
    player.chainStart = next;
    this.emit(tx, "CommitmentSet", playerAddress, commit, next, length);
  }

  /** Casino.abandonCommitment: the caller's wallet chain, given up while no wallet bet of theirs is open (a session's lane keeps its own). */
  abandonCommitment(s: State, tx: Tx): void {
    const index = this.playerIndex(s, tx.from);
    if (index < 0) throw new Error("model: only players abandon a chain in the fuzz");
    const player = s.players[index];
    if (player.resolved !== player.nextNonce) fail("OpenBetExists");
    player.commit = ZeroHash;
    player.root = ZeroHash;
    player.chainEnd = player.nextNonce;
    this.emit(tx, "CommitmentAbandoned", player.address);
  }

  /** Casino.playGame: a bet of the wallet lane, its stake from msg.value, the vault, or (DEGEN) the wallet. */
  playGame(
    s: State,
    tx: Tx,
    tokenAddress: string,
    amount: bigint,
    gameType: number,
    params: bigint,
    clientSeed: string,
    expectedCommit: string,
    expectedTerms: bigint,
  ): void {
    const token = this.supported(tokenAddress);
    if (s.paused) fail("IsPaused");
    const terms = this.terms(s);
    if (expectedTerms !== terms) fail("TermsChanged", terms);
    const input: BetInput = { player: tx.from, token: tokenAddress, amount, gameType, params, clientSeed, nonce: 0n, terms };
    const index = this.playerIndex(s, tx.from);
    const player = s.players[index];
    const [num, den] = this.checkStake(s, input, player);
    // CasinoLedger.takeNonce: the root first (0: no chain posted, or given up), then the commitment.
    if (player.root === ZeroHash) fail("NoCommitment");
    if (expectedCommit !== player.root && expectedCommit !== player.commit) fail("StaleCommitment", player.commit);
    const nonce = player.nextNonce;
    if (nonce >= player.chainEnd) fail("ChainExhausted");
    player.nextNonce = nonce + 1n;
    this.openBet(s, tx, index, { ...input, nonce }, terms, num, den);
    if (player.account.marked) this.beforeBet(s, tx, player, token, amount, 0n);
    this.takeStake(s, tx, player, token, amount);
  }

  /**
   * CasinoLedger.checkStake: the game and params (Payouts.ratio), minBet, and maxBet with the
   * player's room; returns the bet's payout ratio. Counts a refusal the floor alone made.
   */
  private checkStake(s: State, input: BetInput, player: Player): [bigint, bigint] {
    const token = this.supported(input.token);
    const [num, den] = ratio(input.gameType, input.params, token === "BNB", false);
    if (input.amount < MIN_BET[token]) fail("BetTooSmall", input.amount, MIN_BET[token]);
    const room = roomOf(input.gameType, input.params);
    const maximum = this.maxBetFor(s, token, num, den, player, room);
    if (input.amount > maximum) {
      if (input.amount <= this.maxBetWith(s, token, num, den, player, room, false)) this.floorRefusals++;
      fail("BetTooLarge", input.amount, maximum);
    }
    return [num, den];
  }

  /**
   * CasinoLedger.openBet: a bet whose nonce is taken and stake is the caller's, under `terms` (the
   * current ones, or for a lane's bet those a change replaced within its window): its maximum
   * payout reserved, its record (settle window and jackpot edge of those terms; the prize a share
   * of the pool now), BetPlaced.
   */
  private openBet(s: State, tx: Tx, index: number, input: BetInput, terms: bigint, num: bigint, den: bigint): Bet {
    const token = this.supported(input.token);
    const player = s.players[index];
    const { settleWindow, edgeBps, shareBps } = unpackTerms(terms);
    const reservation = (input.amount * num) / den;
    this.reserve(s, player, token, reservation, roomOf(input.gameType, input.params));
    const prize = token === "DEGEN" ? betJackpotPrize(input.amount, edgeBps, s.jackpot, shareBps) : 0n;
    const odds = jackpotOdds(input.amount, edgeBps, prize);
    if (odds !== 0n) this.noteDraw(s, tx);
    const betId = betIdOf(player.address, input.nonce);
    const bet: Bet = {
      betId,
      player: index,
      nonce: input.nonce,
      token,
      stake: input.amount,
      gameType: input.gameType,
      params: input.params,
      split: false,
      placedBlock: tx.block,
      claimableAt: tx.now + settleWindow,
      odds,
      prize,
      edgeBps,
      clientSeed: input.clientSeed,
    };
    if (betMaxPayout(bet) !== reservation) throw new Error("model: the payout table and the ratio disagree");
    const at = player.bets.findIndex((b) => b.nonce > bet.nonce);
    player.bets.splice(at < 0 ? player.bets.length : at, 0, bet);
    this.emit(
      tx,
      "BetPlaced",
      betId,
      player.address,
      input.token,
      input.amount,
      input.gameType,
      input.params,
      input.nonce,
      input.clientSeed,
      terms,
      odds,
      prize,
    );
    return bet;
  }

  /** Casino._takeStake: msg.value, else the vault, else (DEGEN) the wallet. */
  private takeStake(s: State, tx: Tx, player: Player, token: Token, amount: bigint): void {
    if (tx.value !== 0n) {
      if (token !== "BNB" || tx.value !== amount) fail("ValueMismatch", tx.value, amount);
      s.accounted.BNB += amount;
      return;
    }
    const balance = player.vault[token];
    if (balance >= amount) player.vault[token] = balance - amount;
    else if (token === "BNB") fail("InsufficientBalance", balance, amount);
    else this.collect(s, tx, token, amount);
  }

  /** Casino.addStake: the split of a wallet hand, by its player (a lane's hand is split by its session key: sessionsSplit). */
  addStake(s: State, tx: Tx, betId: bigint): void {
    if (lower(tx.from) !== lower(playerAddressOf(betId)) || laneOfNonce(betId & UINT64_MAX) !== 0n) fail("NotBetPlayer");
    const bet = this.addStakeOf(s, tx, betId);
    this.takeStake(s, tx, s.players[bet.player], bet.token, bet.stake);
  }

  /**
   * CasinoLedger.addStake: the split's extra reservation within the free bankroll above the floor,
   * the player's and the interactive bets' room; the stake is the caller's to take.
   */
  private addStakeOf(s: State, tx: Tx, betId: bigint): Bet {
    const bet = this.findBet(s, betId);
    if (bet === undefined) fail("BetNotOpen", betId);
    const player = s.players[bet.player];
    if (bet.gameType !== BLACKJACK) fail("NotBlackjack");
    if (bet.split) fail("AlreadySplit");
    if (tx.now >= bet.claimableAt) fail("BetExpired");
    const isNative = bet.token === "BNB";
    const extra = payoutBound(BLACKJACK, 0n, isNative, 2n * bet.stake, true) - payoutBound(BLACKJACK, 0n, isNative, bet.stake, false);
    const free = this.aboveFloor(s, bet.token);
    if (extra > free) {
      if (extra <= this.free(s, bet.token)) this.floorRefusals++;
      fail("InsufficientBankroll", free, extra);
    }
    const room = min(this.exposureRoom(s, player, bet.token), this.roomLeft(s, bet.token, "hands"));
    if (extra > room) fail("ExposureTooHigh", room, extra);
    bet.split = true;
    this.reserve(s, player, bet.token, extra, "hands");
    if (player.account.marked) this.beforeBet(s, tx, player, bet.token, bet.stake, 0n);
    this.emit(tx, "StakeAdded", betId, player.address, bet.stake);
    return bet;
  }

  /** CasinoLedger.takeFromVault. */
  private takeFromVault(player: Player, token: Token, amount: bigint): void {
    const balance = player.vault[token];
    if (balance < amount) fail("InsufficientBalance", balance, amount);
    player.vault[token] = balance - amount;
  }

  /** CasinoLedger.takeFromLane. */
  private takeFromLane(lane: LaneState, token: Token, amount: bigint): void {
    const funds = lane.funds[token];
    if (funds < amount) fail("InsufficientBalance", funds, amount);
    lane.funds[token] = funds - amount;
  }

  /** CasinoLedger.creditBet: a payout goes where the stake came from, the bet's lane or (the wallet's) the vault. */
  private creditBet(s: State, bet: Bet, amount: bigint): void {
    const lane = laneOfNonce(bet.nonce);
    const player = s.players[bet.player];
    if (lane === 0n) player.vault[bet.token] += amount;
    else this.ownedLane(s, player.address, lane).funds[bet.token] += amount;
  }

  /** The oldest open nonce of a bet's lane: the wallet's, or its session's lane's (nonces as `lane << 32 | n`). */
  private resolvedOf(s: State, bet: Bet): bigint {
    const lane = laneOfNonce(bet.nonce);
    const player = s.players[bet.player];
    return lane === 0n ? player.resolved : this.laneOf(s, player.address, lane)!.resolved;
  }

  settle(s: State, tx: Tx, betId: bigint, seed: string, payout: bigint): void {
    this.onlySettler(s, tx);
    this.settleOne(s, tx, betId, seed, payout, "0x");
    this.recordIfDegenFundsRead(s, tx);
  }

  settleBatch(s: State, tx: Tx, betIds: bigint[], seeds: string[], payouts: bigint[]): void {
    this.onlySettler(s, tx);
    if (seeds.length !== betIds.length || payouts.length !== betIds.length) fail("LengthMismatch");
    for (let i = 0; i < betIds.length; i++) {
      try {
        this.checkSettlement(s, tx, betIds[i], seeds[i], payouts[i]);
      } catch (refusal) {
        // BetSettlement._settle: a bet that cannot be settled as given is left as it was.
        if (!(refusal instanceof Revert) || !(refusal.errorName in SKIPPED_SETTLEMENTS)) throw refusal;
        this.emit(tx, "SettlementSkipped", betIds[i], SKIPPED_SETTLEMENTS[refusal.errorName]);
        continue;
      }
      this.settleOne(s, tx, betIds[i], seeds[i], payouts[i], "0x");
    }
    this.recordIfDegenFundsRead(s, tx);
  }

  /** settleOne's checks, in its order, without its writes: the refusal a lone settle would revert with. */
  private checkSettlement(s: State, tx: Tx, betId: bigint, seed: string, named: bigint): void {
    const bet = this.findBet(s, betId);
    if (bet === undefined) fail("BetNotOpen", betId);
    if (tx.block <= bet.placedBlock) fail("EntropyNotReady", betId);
    const resolved = this.resolvedOf(s, bet);
    if ((bet.nonce & UINT32_MAX) !== resolved) fail("OutOfOrder", betId, resolved);
    this.seedLink(s, bet, seed);
    const payout = this.rules(this.betQuery(bet, seed, "0x"));
    if (payout !== named) fail("PayoutMismatch", betId, named, payout);
  }

  /** GameRules' payout for a query the harness fetched (its revert, if the rules refuse it). */
  rules(q: RulesQuery): bigint {
    const answer = this.rulesAnswers.get(rulesKey(q));
    if (answer === undefined) throw new Error(`model: GameRules' answer to ${rulesKey(q)} was not fetched`);
    if ("revert" in answer) throw answer.revert;
    return answer.payout;
  }

  /** The rules' query of an open bet for `seed` and the player's `actions` (BetSettlement._payoutOf). */
  betQuery(bet: Bet, seed: string, actions: string): RulesQuery {
    refuseUnstakedSplit(bet, actions);
    const word = randomWord(seed, bet.clientSeed, this.s.players[bet.player].address, bet.nonce, this.setup.chainId, this.setup.casino);
    return {
      gameType: bet.gameType,
      params: bet.params,
      isNative: bet.token === "BNB",
      stake: bet.stake,
      word,
      actions,
      splitStaked: bet.gameType === BLACKJACK && bet.split,
    };
  }

  /** GameRules.payout of the hand with a log of "P" alone: answered (not refused) exactly when the deal is a pair the rules let split. */
  pairQuery(bet: Bet, seed: string): RulesQuery {
    const word = randomWord(seed, bet.clientSeed, this.s.players[bet.player].address, bet.nonce, this.setup.chainId, this.setup.casino);
    return { gameType: BLACKJACK, params: 0n, isNative: bet.token === "BNB", stake: bet.stake, word, actions: SPLIT };
  }

  /**
   * BetSettlement._settle: the seed revealed in its lane's order, the rules' payout for it and the
   * player's actions (checked against `named` unless null, as settleFor does not), the reservation
   * released, the payout paid where the stake came from (CasinoLedger.creditBet), the jackpot
   * drawn and a win paid to the vault. Returns the payout.
   */
  private settleOne(s: State, tx: Tx, betId: bigint, seed: string, named: bigint | null, actions: string): { payout: bigint; token: Token } {
    const bet = this.findBet(s, betId);
    if (bet === undefined) fail("BetNotOpen", betId);
    if (tx.block <= bet.placedBlock) fail("EntropyNotReady", betId);
    const player = s.players[bet.player];
    const n = bet.nonce & UINT32_MAX;
    const resolved = this.resolvedOf(s, bet);
    if (n !== resolved) fail("OutOfOrder", betId, resolved);
    const link = this.seedLink(s, bet, seed);
    const total = totalStake(bet);
    const maxPayout = betMaxPayout(bet);
    const query = this.betQuery(bet, seed, actions);
    const payout = this.rules(query);
    if (named !== null && payout !== named) fail("PayoutMismatch", betId, named, payout);
    // The rules never pay above a bet's reservation: Casino's PayoutAboveReservation cannot happen.
    if (payout > maxPayout) throw new Error(`model: the rules pay ${payout} for bet ${betId}, above its reservation ${maxPayout}`);
    const lane = laneOfNonce(bet.nonce);
    const revealed = lane === 0n ? player : this.ownedLane(s, player.address, lane);
    revealed.commit = seed;
    revealed.head = link;
    revealed.resolved = n + 1n;
    player.bets.splice(player.bets.indexOf(bet), 1);
    this.release(s, player, bet, total, maxPayout, payout);
    if (player.account.marked) this.afterPayout(s, tx, player, bet.token, payout);
    this.emit(tx, "BetSettled", betId, seed, query.word);
    this.emit(tx, "GamePlayed", player.address, total, payout, payout > total, bet.gameType);
    this.creditBet(s, bet, payout);
    if (bet.token === "DEGEN") player.vault.DEGEN += this.drawJackpot(s, tx, bet);
    return { payout, token: bet.token };
  }

  /** BetClaims.claimExpired: the player of an expired bet takes its maximum payout, where the stake came from; its lane resolves past it, its seed unrevealed. */
  claimExpired(s: State, tx: Tx, betId: bigint): void {
    const bet = this.findBet(s, betId);
    if (bet === undefined) fail("BetNotOpen", betId);
    const player = s.players[bet.player];
    if (lower(tx.from) !== lower(player.address)) fail("NotBetPlayer");
    if (tx.now < bet.claimableAt) fail("NotExpired", bet.claimableAt);
    const n = bet.nonce & UINT32_MAX;
    const resolved = this.resolvedOf(s, bet);
    if (n !== resolved) fail("OutOfOrder", betId, resolved);
    const lane = laneOfNonce(bet.nonce);
    (lane === 0n ? player : this.ownedLane(s, player.address, lane)).resolved = n + 1n;
    player.bets.splice(player.bets.indexOf(bet), 1);
    const total = totalStake(bet);
    const maxPayout = betMaxPayout(bet);
    this.release(s, player, bet, total, maxPayout, maxPayout);
    if (player.account.marked) this.afterPayout(s, tx, player, bet.token, maxPayout);
    this.emit(tx, "ExpiredBetClaimed", betId, player.address, maxPayout);
    this.emit(tx, "GamePlayed", player.address, total, maxPayout, maxPayout > total, bet.gameType);
    const win = bet.token === "BNB" ? 0n : this.drawJackpot(s, tx, bet);
    this.recordIfDegenFundsRead(s, tx);
    this.creditBet(s, bet, maxPayout);
    player.vault[bet.token] += win;
  }

  private release(s: State, player: Player, bet: Bet, total: bigint, maxPayout: bigint, payout: bigint): void {
    if (bet.token === "DEGEN") this.degenFundsRead = true; // CasinoLedger.cachedFunds
    s.bankroll[bet.token] += total - payout;
    s.reserved[bet.token] -= maxPayout;
    player.reserved[bet.token] -= maxPayout;
    const room = roomOf(bet.gameType, bet.params);
    if (room === "hands") s.interactiveReserved[bet.token] -= maxPayout;
    else if (room === "longShots") s.longShotReserved[bet.token] -= maxPayout;
  }

  /** The DEGEN jackpot draw of a bet being resolved in this transaction; returns the prize won. */
  private drawJackpot(s: State, tx: Tx, bet: Bet): bigint {
    const key = bet.betId.toString();
    let entropy = this.entropyAt(bet.placedBlock, tx.block);
    s.stats.draws++;
    if (entropy === ZeroHash) {
      entropy = s.locked[key] ?? ZeroHash;
      if (entropy !== ZeroHash) {
        delete s.locked[key];
        s.stats.lockedDraws++;
      } else {
        entropy = s.drawEntropy[bet.placedBlock] ?? ZeroHash;
        if (entropy !== ZeroHash) s.stats.recordedDraws++;
      }
    } else if (tx.block - bet.placedBlock > 256) s.stats.historyDraws++;
    if (entropy === ZeroHash) s.stats.voidDraws++;
    if (bet.odds === 0n) return 0n;
    this.resolveDraw(s, bet.placedBlock);
    // A void draw (hash gone, never locked) wins nothing; the free bankroll pays its fair value into the pool.
    if (entropy === ZeroHash) {
      this.voidDraw(s, tx, bet.betId, bet.prize, bet.odds);
      return 0n;
    }
    // Only a hit is published; a miss is recomputed from the bet's block hash.
    if (jackpotRoll(this.setup.casino, bet.betId, entropy) >= bet.odds) return 0n;
    const prize = bet.prize < s.jackpot ? bet.prize : s.jackpot;
    this.emit(tx, "JackpotDrawn", bet.betId, entropy, prize, true);
    if (prize === 0n) return 0n;
    s.jackpot -= prize;
    s.stats.hits++;
    s.stats.won += prize;
    this.emit(tx, "JackpotWon", s.players[bet.player].address, prize);
    return prize;
  }

  /** CasinoLedger.voidDraw: no win; the free bankroll pays the draw's fair value, prize × odds, into the pool. */
  private voidDraw(s: State, tx: Tx, betId: bigint, prize: bigint, odds: bigint): void {
    const funded = min((prize * odds) / ODDS_ONE, this.free(s, "DEGEN"));
    if (funded !== 0n) {
      s.bankroll.DEGEN -= funded;
      s.jackpot += funded;
      s.stats.voidFunded += funded;
      this.emit(tx, "JackpotFunded", this.setup.casino, funded);
    }
    this.emit(tx, "JackpotDrawn", betId, ZeroHash, 0n, false);
  }

  /** CasinoLedger.noteDraw: one more open draw of this block; a new block moves the latest before it, recording the one there if its draws are open. */
  private noteDraw(s: State, tx: Tx): void {
    const d = s.draws;
    if (d.block === tx.block) {
      if (d.open !== UINT16_MAX) d.open++;
      return;
    }
    if (d.openBefore !== 0) this.recordDrawBlock(s, tx, d.block - d.gapBefore);
    let open = d.open;
    const gap = tx.block - d.block;
    if (open !== 0 && gap > 255) {
      this.recordDrawBlock(s, tx, d.block);
      open = 0;
    }
    s.draws = { block: tx.block, open: 1, gapBefore: open === 0 ? 0 : gap, openBefore: Math.min(open, 255) };
  }

  /** CasinoLedger.resolveDraw: a noted block's draw resolved; saturated counts stay. */
  private resolveDraw(s: State, placedBlock: number): void {
    const d = s.draws;
    if (placedBlock === d.block) {
      if (d.open !== 0 && d.open !== UINT16_MAX) d.open--;
    } else if (d.openBefore !== 0 && placedBlock === d.block - d.gapBefore) {
      if (d.openBefore !== 255) d.openBefore--;
    }
  }

  /** CasinoLedger.storeFunds: the noted blocks recorded when the transaction read the house's DEGEN funds. */
  private recordIfDegenFundsRead(s: State, tx: Tx): void {
    if (this.degenFundsRead) this.recordDrawBlocks(s, tx);
  }

  /** CasinoLedger.recordDrawBlocks: each noted block before this one with open draws recorded (or dropped, its hash gone). */
  private recordDrawBlocks(s: State, tx: Tx): void {
    const d = s.draws;
    if (d.openBefore !== 0) {
      this.recordDrawBlock(s, tx, d.block - d.gapBefore);
      d.gapBefore = 0;
      d.openBefore = 0;
    }
    if (d.block !== tx.block && d.open !== 0) {
      this.recordDrawBlock(s, tx, d.block);
      d.open = 0;
    }
  }

  private recordDrawBlock(s: State, tx: Tx, block: number): void {
    const entropy = this.entropyAt(block, tx.block);
    if (entropy === ZeroHash) return;
    s.drawEntropy[block] = entropy;
    s.stats.recordedBlocks++;
    this.emit(tx, "DrawBlockRecorded", BigInt(block), entropy);
  }

  lockJackpotEntropy(s: State, tx: Tx, betIds: bigint[]): void {
    this.recordDrawBlocks(s, tx);
    for (const betId of betIds) {
      const bet = this.findBet(s, betId);
      const key = betId.toString();
      if (bet === undefined || bet.token === "BNB" || (s.locked[key] ?? ZeroHash) !== ZeroHash) continue;
      const entropy = this.entropyAt(bet.placedBlock, tx.block);
      if (entropy === ZeroHash) continue;
      s.locked[key] = entropy;
      s.stats.locks++;
      this.emit(tx, "JackpotEntropyLocked", betId, entropy);
    }
  }

  // ───────────────────────────── sessions (CasinoSessions) ─────────────────────────────

  private emitSessions(tx: Tx, name: string, ...args: unknown[]): void {
    tx.events.push({ contract: "sessions", name, args });
  }

  private emitLimits(tx: Tx, name: string, ...args: unknown[]): void {
    tx.events.push({ contract: "limits", name, args });
  }

  /** A player's session of a key as stored (lane 0, expiresAt 0: never opened). */
  storedSessionOf(s: State, player: string, key: string): SessionState {
    return (
      s.sessions[sessionId(player, key)] ?? {
        player: lower(player),
        key: lower(key),
        lane: 0n,
        expiresAt: 0n,
        games: 0,
        revokedBlock: 0,
        revokedAt: 0n,
        maxBet: { DEGEN: 0n, BNB: 0n },
      }
    );
  }

  /** CasinoSessions.sessionOf(player, key): tokens read from the largest stakes. */
  sessionView(s: State, player: string, key: string): { lane: bigint; expiresAt: bigint; tokens: number; games: number; revoked: boolean; maxBet: bigint[] } {
    const session = this.storedSessionOf(s, player, key);
    return {
      lane: session.lane,
      expiresAt: session.expiresAt,
      tokens: tokensOf(session),
      games: session.games,
      revoked: session.revokedBlock !== 0,
      maxBet: [session.maxBet.DEGEN, session.maxBet.BNB],
    };
  }

  /** Casino.laneOf(player, lane): its commitment, next nonce and oldest open nonce (`lane << 32 | n`), funds DEGEN then BNB. */
  laneView(s: State, player: string, lane: bigint): { commit: string; nextNonce: bigint; nextToResolve: bigint; funds: bigint[] } {
    const state = this.laneOf(s, player, lane);
    const base = lane << 32n;
    if (state === undefined) return { commit: ZeroHash, nextNonce: base, nextToResolve: base, funds: [0n, 0n] };
    return { commit: state.commit, nextNonce: base | state.next, nextToResolve: base | state.resolved, funds: [state.funds.DEGEN, state.funds.BNB] };
  }

  /**
   * A session or lane to change: copied first if the state before the operation holds it too
   * (copyState leaves the records of sessions and lanes to this, the one place that changes one in place).
   */
  private own<T extends object>(record: Record<string, T>, id: string, fresh: () => T): T {
    const stored = record[id];
    if (stored !== undefined && this.ownedNow.has(stored)) return stored;
    const copy = stored === undefined ? fresh() : copyState(stored);
    this.ownedNow.add(copy);
    return (record[id] = copy);
  }

  private session(s: State, player: string, key: string): SessionState {
    return this.own(s.sessions, sessionId(player, key), () => this.storedSessionOf(s, player, key));
  }

  private ownedLane(s: State, player: string, lane: bigint): LaneState {
    return this.own(s.lanes, laneId(player, lane), () => {
      throw new Error(`model: lane ${lane} of ${player} was never opened`);
    });
  }

  /**
   * CasinoSessions.openSession: `signer` is whom the player's signature recovers to (null: nobody);
   * `chain` the HashChain whose root the grant commits to. The player's next lane opens
   * (Casino.openLane) with the grant's commit, its funds the budget of each of its tokens, taken
   * from the vault.
   */
  openSession(s: State, tx: Tx, grant: GrantModel, signer: string | null, chain: number): void {
    if (signer === null || lower(signer) !== lower(grant.player)) fail("InvalidSignature");
    const stored = this.storedSessionOf(s, grant.player, grant.key);
    if (stored.expiresAt !== 0n || stored.revokedBlock !== 0) fail("SessionExists", grant.key);
    const latest = tx.now + MAX_SESSION;
    if (grant.expiresAt > latest) fail("SessionTooLong", grant.expiresAt, latest);
    if (grant.expiresAt <= tx.now) fail("SessionExpired", grant.expiresAt);
    const withDegen = (grant.tokens & 1n) !== 0n;
    const withNative = (grant.tokens & 2n) !== 0n;
    const lane = (s.laneCounts[lower(grant.player)] ?? 0n) + 1n;
    s.laneCounts[lower(grant.player)] = lane;
    const units = (amount: bigint) => min(amount / SESSION_UNIT, UINT64_MAX) * SESSION_UNIT;
    const session = this.session(s, grant.player, grant.key);
    Object.assign(session, {
      lane,
      expiresAt: grant.expiresAt,
      games: Number(grant.games & ALL_GAMES),
      maxBet: { DEGEN: withDegen ? units(grant.maxBetDegen) : 0n, BNB: withNative ? units(grant.maxBetNative) : 0n },
    });
    const funds = { DEGEN: withDegen ? grant.budgetDegen : 0n, BNB: withNative ? grant.budgetNative : 0n };
    // Casino.openLane (SessionPlay.openLane)
    if (grant.commit === ZeroHash) fail("InvalidCommitment");
    const player = s.players[this.playerIndex(s, grant.player)];
    this.takeFromVault(player, "DEGEN", funds.DEGEN);
    this.takeFromVault(player, "BNB", funds.BNB);
    s.lanes[laneId(grant.player, lane)] = {
      player: lower(grant.player),
      lane,
      key: lower(grant.key),
      chain,
      commit: grant.commit,
      head: 0n,
      next: 0n,
      resolved: 0n,
      funds,
      closed: false,
    };
    this.ownedNow.add(s.lanes[laneId(grant.player, lane)]);
    this.emit(tx, "LaneOpened", grant.player, lane, grant.commit, funds.DEGEN, funds.BNB);
    this.emitSessions(
      tx,
      "SessionOpened",
      grant.player,
      grant.key,
      lane,
      grant.commit,
      grant.expiresAt,
      grant.tokens & 3n,
      grant.games & ALL_GAMES,
      grant.maxBetDegen,
      grant.maxBetNative,
      funds.DEGEN,
      funds.BNB,
    );
  }

  /**
   * CasinoSessions.revokeSession: the caller's own session of the key (one never opened can then
   * never open) ends ACCEPTANCE_WINDOW from now at the latest; no other session or lane changes.
   */
  revokeSession(s: State, tx: Tx, key: string): void {
    const session = this.session(s, tx.from, key);
    if (session.revokedBlock === 0) {
      session.revokedBlock = tx.block;
      session.revokedAt = tx.now;
      const end = tx.now + ACCEPTANCE_WINDOW;
      if (end < session.expiresAt) session.expiresAt = end;
    }
    this.emitSessions(tx, "SessionRevoked", tx.from, key);
  }

  /**
   * CasinoSessions.closeSession, by anyone once the session has ended: the lane's funds back to
   * the vault (Casino.closeLane), as often as a payout lands there.
   */
  closeSession(s: State, tx: Tx, player: string, key: string): void {
    const session = this.storedSessionOf(s, player, key);
    if (session.lane === 0n) fail("NotSessionPlayer", key, player);
    if (tx.now <= session.expiresAt) fail("SessionNotEnded", session.expiresAt);
    const lane = this.ownedLane(s, player, session.lane);
    const { DEGEN: degen, BNB: native } = lane.funds;
    const vault = s.players[this.playerIndex(s, player)].vault;
    vault.DEGEN += degen;
    vault.BNB += native;
    lane.funds = { DEGEN: 0n, BNB: 0n };
    s.stats.closes.all++;
    if (degen !== 0n || native !== 0n) {
      s.stats.closes.returned++;
      if (lane.closed) s.stats.closes.afterPayout++;
    }
    lane.closed = true;
    this.emit(tx, "LaneClosed", player, session.lane, degen, native);
    this.emitSessions(tx, "SessionClosed", player, key, degen, native);
  }

  /** CasinoSessions._onlyRelayer. */
  private onlyRelayer(s: State, tx: Tx): void {
    if (lower(tx.from) !== lower(s.settler)) fail("NotRelayer", tx.from);
  }

  /**
   * CasinoSessions._refusalOf, writing nothing: the deadline passed, the signing key's session of
   * the bet's player (none; not the lane of the bet's nonce; ended before the deadline), its
   * token, game and largest stake. A revoked session takes a bet whose deadline is within its end.
   */
  private sessionRefusal(s: State, tx: Tx, signed: SignedBetModel): void {
    const { input, deadline, signer } = signed;
    if (tx.now > deadline) fail("BetExpiredDeadline", deadline);
    const session = this.storedSessionOf(s, input.player, signer);
    if (session.lane === 0n) fail("NotSessionPlayer", signer, input.player);
    const betId = betIdOf(input.player, input.nonce);
    if (laneOfNonce(input.nonce) !== session.lane) fail("NotBetSession", betId, signer);
    if (deadline > session.expiresAt) fail("SessionExpired", session.expiresAt);
    const token = this.tokenOf(input.token);
    const maxBet = token === null ? 0n : session.maxBet[token];
    if (maxBet === 0n) fail("TokenNotAllowed", input.token);
    if (input.gameType >= GAME_COUNT || (session.games & (1 << input.gameType)) === 0) fail("GameNotAllowed", input.gameType);
    if (input.amount > maxBet) fail("AboveSessionMaxBet", input.amount, maxBet);
  }

  /**
   * CasinoSessions.play (settler only): every bet checked against its key's session, then placed
   * and settled on its lane (Casino.playFor), a refused one skipped with its nonce as it was.
   */
  sessionsPlay(s: State, tx: Tx, bets: SignedBetModel[], seeds: string[]): void {
    this.onlyRelayer(s, tx);
    if (seeds.length !== bets.length) fail("LengthMismatch");
    const refusals = bets.map((signed) => refusalOf(() => this.sessionRefusal(s, tx, signed)));
    this.playFor(s, tx, bets, seeds, refusals);
  }

  /**
   * CasinoSessions.place: the settler's, or anyone's with the settler's countersignature of the same
   * Bet (`countersigner`: whom it recovers to; "empty": none), or a replaced settler's within
   * RETIRED_SETTLER_GRACE of its replacement; the session's refusal reverts it; else an open bet of
   * its lane from the lane's funds (Casino.placeFor), settled later with its lane's seed.
   */
  sessionsPlace(s: State, tx: Tx, signed: SignedBetModel, countersigner: string): void {
    if (lower(tx.from) !== lower(s.settler)) {
      const retiredAt = countersigner === "empty" ? undefined : s.settlerRetiredAt[lower(countersigner)];
      const retiredInGrace = retiredAt !== undefined && tx.now <= retiredAt + RETIRED_SETTLER_GRACE;
      if (countersigner === "empty" || (lower(countersigner) !== lower(s.settler) && !retiredInGrace)) fail("NotRelayer", tx.from);
    }
    this.sessionRefusal(s, tx, signed);
    this.placeFor(s, tx, signed.input, signed.deadline);
    this.landed(s, tx, signed);
  }

  /**
   * SessionPlay.placeFor: the terms (the current ones, or those a change replaced within the
   * deadline's window), the stake held to the room as a wallet bet's, the lane's next nonce with no
   * bet of it open, the stake from the lane's funds; the player's own limits with the deadline.
   */
  private placeFor(s: State, tx: Tx, input: BetInput, deadline: bigint): void {
    if (s.paused) fail("IsPaused");
    const terms = this.laneTerms(s, input.terms, deadline);
    if (terms === 0n) fail("TermsChanged", this.terms(s));
    const token = this.supported(input.token);
    const index = this.playerIndex(s, input.player);
    const player = s.players[index];
    const [num, den] = this.checkStake(s, input, player);
    const lanePart = laneOfNonce(input.nonce);
    const stored = this.laneOf(s, input.player, lanePart);
    if (stored === undefined || stored.commit === ZeroHash) fail("NoCommitment");
    const next = stored.next;
    if ((input.nonce & UINT32_MAX) !== next) fail("WrongNonce", (lanePart << 32n) | next);
    if (stored.resolved !== next) fail("OpenBetExists");
    const lane = this.ownedLane(s, input.player, lanePart);
    lane.next = next + 1n;
    this.takeFromLane(lane, token, input.amount);
    this.openBet(s, tx, index, input, terms, num, den);
    if (player.account.marked) this.beforeBet(s, tx, player, token, input.amount, deadline);
  }

  /** CasinoLedger.laneTerms: the terms a one-click bet is placed under, or 0 when neither the current ones nor those the last change replaced within its window. */
  laneTerms(s: State, terms: bigint, deadline: bigint): bigint {
    if (terms === this.terms(s)) return terms;
    if (terms !== s.termsChange.previous || deadline > s.termsChange.changedAt + ACCEPTANCE_WINDOW) return 0n;
    return terms;
  }

  /** The stats of a one-click bet that landed: a revoked key's, under replaced terms. */
  private landed(s: State, tx: Tx, signed: SignedBetModel): void {
    if (this.storedSessionOf(s, signed.input.player, signed.signer).revokedBlock !== 0) s.stats.revokedLanded++;
    if (signed.input.terms !== this.terms(s)) s.stats.replacedTermsLanded++;
  }

  /**
   * CasinoSessions.split: the key that signed Actions(betId, "P") splits a hand of its own session's
   * lane alone, before the session ends or is revoked; the second stake from the lane's funds
   * (Casino.addStakeFor).
   */
  sessionsSplit(s: State, tx: Tx, betId: bigint, signer: string): void {
    const player = playerAddressOf(betId);
    const session = this.storedSessionOf(s, player, signer);
    const lane = laneOfNonce(betId & UINT64_MAX);
    if (session.lane === 0n || session.lane !== lane) fail("NotBetSession", betId, signer);
    if (session.revokedBlock !== 0) fail("SessionRevokedError", signer);
    if (tx.now > session.expiresAt) fail("SessionExpired", session.expiresAt);
    const bet = this.addStakeOf(s, tx, betId);
    this.takeFromLane(this.ownedLane(s, player, lane), bet.token, bet.stake);
  }

  /**
   * CasinoSessions.settle (settler only): `signer` signed Actions(betId, actions); `grantSigner` is
   * whom the player's ActionKey grant recovers to (undefined: no grant, the signer's session of the
   * player is used: its own lane's bet, or a wallet bet; a revoked key's log counts on a hand
   * placed in a block before the revocation's).
   */
  sessionsSettle(s: State, tx: Tx, betId: bigint, seed: string, actions: string, signer: string, grantSigner?: string | null): void {
    this.onlyRelayer(s, tx);
    const player = playerAddressOf(betId);
    if (grantSigner !== undefined) {
      if (grantSigner === null || lower(grantSigner) !== lower(player)) fail("InvalidSignature");
    } else {
      const session = this.storedSessionOf(s, player, signer);
      if (session.lane === 0n) fail("NotSessionPlayer", signer, player);
      const lane = laneOfNonce(betId & UINT64_MAX);
      if (lane !== 0n && lane !== session.lane) fail("NotBetSession", betId, signer);
      const placedBlock = this.findBet(s, betId)?.placedBlock ?? 0;
      if (session.revokedBlock !== 0 && placedBlock >= session.revokedBlock) fail("SessionRevokedError", signer);
    }
    this.settleOne(s, tx, betId, seed, null, actions);
    this.recordIfDegenFundsRead(s, tx);
  }

  // ───────────────────────────── one-click play (SessionPlay) ─────────────────────────────

  /**
   * SessionPlay.playFor: the pending batch's draw recorded, each bet placed and settled on its
   * lane, or skipped; the DEGEN bets with odds get tickets. Payout null: skipped.
   */
  private playFor(s: State, tx: Tx, bets: SignedBetModel[], seeds: string[], refusals: (string | null)[]): (bigint | null)[] {
    if (seeds.length !== bets.length) fail("LengthMismatch");
    if (s.paused) fail("IsPaused");
    const batch = { terms: this.terms(s), pool: s.jackpot, tickets: [] as Ticket[] };
    const recorded = this.recordPendingDraws(s, tx);
    const payouts = bets.map((signed, i) => this.playOne(s, tx, signed, seeds[i], refusals[i], batch));
    this.recordIfDegenFundsRead(s, tx);
    if (batch.tickets.length !== 0) {
      const hash = ticketsHash(batch.tickets);
      const pending = s.ticketBatches[s.pendingTickets];
      if (pending !== undefined && pending.recorded === null && pending.block === tx.block) s.ticketsBefore[hash] = s.pendingTickets;
      s.ticketBatches[hash] = { block: tx.block, tickets: batch.tickets, recorded: null };
      s.pendingTickets = hash;
      s.stats.ticketBatches++;
      this.emit(tx, "JackpotTicketsIssued", hash, batch.tickets.length);
    } else if (recorded) s.pendingTickets = ZeroHash;
    return payouts;
  }

  /**
   * SessionPlay._recordPendingDraws: the draws of the batches of the latest block that issued any,
   * once its hash exists (ZeroHash: gone, a void draw), the latest first, then each one before it
   * in that block; a batch drawJackpots drew is passed over.
   */
  private recordPendingDraws(s: State, tx: Tx): boolean {
    let pending = s.pendingTickets;
    if (pending === ZeroHash) return false;
    const head = s.ticketBatches[pending];
    // A recorded draw reads, as the contract stores it, as a hash above any block number.
    if (head !== undefined && (head.recorded !== null || head.block >= tx.block)) return false;
    while (pending !== ZeroHash) {
      const batch = s.ticketBatches[pending];
      if (batch !== undefined && batch.recorded === null) {
        batch.recorded = this.entropyAt(batch.block, tx.block);
        this.emit(tx, "JackpotTicketsDrawn", pending, batch.recorded);
      }
      const before = s.ticketsBefore[pending] ?? ZeroHash;
      delete s.ticketsBefore[pending];
      pending = before;
    }
    return true;
  }

  /**
   * SessionPlay._play: every check before any write, a refused bet skipped with its nonce as it
   * was (no refusal is its player's doing); else the stake from its lane's funds, the rules' payout
   * into them, and the bankroll's part. Null: skipped.
   */
  private playOne(
    s: State,
    tx: Tx,
    signed: SignedBetModel,
    seed: string,
    sessionRefusal: string | null,
    batch: { terms: bigint; pool: bigint; tickets: Ticket[] },
  ): bigint | null {
    const bet = signed.input;
    const isNative = bet.token === ZeroAddress;
    const token: Token = isNative ? "BNB" : "DEGEN";
    const index = this.playerIndex(s, bet.player);
    const betId = betIdOf(bet.player, bet.nonce);
    const lanePart = laneOfNonce(bet.nonce);
    const n = bet.nonce & UINT32_MAX;
    const terms = bet.terms === batch.terms ? bet.terms : this.laneTerms(s, bet.terms, signed.deadline);
    const skip = (reason: string) => {
      s.stats.skippedBets++;
      this.emit(tx, "BetSkipped", bet.player, bet.nonce, SKIPPED_BETS[reason]);
      return null;
    };
    if (sessionRefusal !== null) return skip(sessionRefusal);
    // Its key's session has this lane: the player is one of the run's, the lane open.
    const player = s.players[index];
    const stored = this.laneOf(s, bet.player, lanePart)!;
    // SessionPlay._refusal: the token, the terms, the game, the lane's nonce.
    const early = refusalOf(() => {
      if (!isNative && lower(bet.token) !== lower(this.setup.degen)) fail("UnsupportedToken", bet.token);
      if (terms === 0n) fail("TermsChanged", batch.terms);
      if (isInteractive(bet.gameType, bet.params)) fail("InteractiveBet", bet.gameType, bet.params);
      if (stored.commit === ZeroHash) fail("NoCommitment");
      if (n !== stored.next) fail("WrongNonce", (lanePart << 32n) | stored.next);
      if (stored.resolved !== stored.next) fail("OpenBetExists");
    });
    if (early !== null) return skip(early);
    if (token === "DEGEN") this.degenFundsRead = true; // SessionPlay._play: cachedFunds
    let link = 0n;
    const refusal = refusalOf(() => {
      if (stored.funds[token] < bet.amount) fail("InsufficientBalance", stored.funds[token], bet.amount);
      // SessionPlay._stakeRefusal: minBet, then the bet's maximum payout (never its payout)
      // within the free bankroll; params the rules refuse revert the whole batch.
      if (bet.amount < MIN_BET[token]) fail("BetTooSmall", bet.amount, MIN_BET[token]);
      const [num, den] = ratio(bet.gameType, bet.params, isNative, false);
      const bound = (bet.amount * num) / den;
      if (bound > this.free(s, token)) fail("InsufficientBankroll", this.free(s, token), bound);
      link = this.chainLink(betId, seed, n + 1n, stored.head, stored.commit);
      if (player.account.marked) {
        // CasinoLimits.beforeBet in a try/catch: a refusal leaves the limits, and their events, as they were.
        const saved = structuredClone({ account: player.account, limits: player.limits[token] });
        const events = tx.events.length;
        try {
          this.beforeBet(s, tx, player, token, bet.amount, signed.deadline);
        } catch (error) {
          Object.assign(player.account, saved.account);
          Object.assign(player.limits[token], saved.limits);
          tx.events.length = events;
          throw error;
        }
      }
    });
    if (refusal !== null) return skip(refusal);
    const { word, payout } = this.playOutcome(player, bet, seed, isNative);
    const bound = payoutBound(bet.gameType, bet.params, isNative, bet.amount);
    if (payout > bound) throw new Error(`model: the rules pay ${payout} for bet ${betId}, above its largest payout ${bound}`);
    const lane = this.ownedLane(s, bet.player, lanePart);
    lane.commit = seed;
    lane.head = link;
    lane.next = n + 1n;
    lane.resolved = n + 1n;
    lane.funds[token] = lane.funds[token] - bet.amount + payout;
    s.bankroll[token] += bet.amount - payout;
    if (player.account.marked) this.afterPayout(s, tx, player, token, payout);
    this.landed(s, tx, signed);
    const { edgeBps, shareBps } = unpackTerms(terms);
    const prize = isNative ? 0n : betJackpotPrize(bet.amount, edgeBps, batch.pool, shareBps);
    const odds = jackpotOdds(bet.amount, edgeBps, prize);
    this.emit(tx, "BetPlaced", betId, bet.player, bet.token, bet.amount, bet.gameType, bet.params, bet.nonce, bet.clientSeed, terms, odds, prize);
    this.emit(tx, "BetSettled", betId, seed, word);
    this.emit(tx, "GamePlayed", bet.player, bet.amount, payout, payout > bet.amount, bet.gameType);
    if (odds !== 0n) batch.tickets.push({ betId, odds, prize });
    return payout;
  }

  /**
   * Casino.drawJackpots: a batch of tickets, once, on the draw a later play recorded, or on the hash
   * of the block that issued it (published then; gone from the EVM: void, CasinoLedger.voidDraw).
   */
  drawJackpots(s: State, tx: Tx, tickets: Ticket[]): void {
    this.recordDrawBlocks(s, tx);
    const hash = ticketsHash(tickets);
    const batch = s.ticketBatches[hash];
    if (batch === undefined) fail("UnknownTickets", hash);
    let entropy: string;
    if (batch.recorded === null) {
      if (tx.block <= batch.block) fail("EntropyNotReady", tickets[0].betId);
      entropy = this.entropyAt(batch.block, tx.block);
      this.emit(tx, "JackpotTicketsDrawn", hash, entropy);
    } else entropy = batch.recorded;
    delete s.ticketBatches[hash];
    s.stats.ticketsDrawn += tickets.length;
    if (entropy === ZeroHash) s.stats.voidTicketBatches++;
    for (const ticket of tickets) {
      if (entropy === ZeroHash) {
        this.voidDraw(s, tx, ticket.betId, ticket.prize, ticket.odds);
        continue;
      }
      const hit = jackpotRoll(this.setup.casino, ticket.betId, entropy) < ticket.odds;
      if (!hit) continue;
      const win = min(ticket.prize, s.jackpot);
      s.stats.ticketHits++;
      this.emit(tx, "JackpotDrawn", ticket.betId, entropy, win, true);
      if (win === 0n) continue;
      s.jackpot -= win;
      s.stats.won += win;
      const player = playerAddressOf(ticket.betId);
      this.emit(tx, "JackpotWon", player, win);
      s.players[this.playerIndex(s, player)].vault.DEGEN += win;
    }
  }

  // ───────────────────────────── self-set limits (CasinoLimits) ─────────────────────────────

  private limitsIndex(tokenAddress: string): Token {
    if (lower(tokenAddress) === lower(this.setup.degen)) return "DEGEN";
    if (tokenAddress === ZeroAddress) return "BNB";
    fail("UnsupportedToken", tokenAddress);
  }

  /** CasinoLimits._stricter: a limit where there was none, or a lower one. */
  private static stricter(current: bigint, wanted: bigint): boolean {
    return wanted !== 0n && (current === 0n || wanted < current);
  }

  /** CasinoLimits._applyPending. */
  private applyPending(limits: TokenLimits, now: bigint): void {
    if (limits.pendingAt === 0n || now < limits.pendingAt) return;
    for (let i = 0; i < 3; i++) if ((limits.pendingMask & (1 << i)) !== 0) limits.windows[i].limit = limits.pendingLoss[i];
    if ((limits.pendingMask & 8) !== 0) limits.betCap = limits.pendingBetCap;
    limits.pendingAt = 0n;
    limits.pendingMask = 0;
  }

  /** CasinoLimits._applyPendingCoolOff. */
  private applyPendingCoolOff(account: LimitsAccount, now: bigint): void {
    if (account.pendingCoolOffAt === 0n || now < account.pendingCoolOffAt) return;
    account.coolOffUntil = account.pendingCoolOffUntil;
    account.pendingCoolOffAt = 0n;
  }

  /** CasinoLimits._roll: a window that ran out opens anew. */
  private static roll(window: LossWindow, i: number, now: bigint): void {
    if (now < window.start + LOSS_PERIODS[i]) return;
    window.start = now;
    window.net = 0n;
  }

  /** CasinoLimits.setLimits by tx.from. */
  setLimits(s: State, tx: Tx, tokenAddress: string, lossLimit: bigint[], betCap: bigint): void {
    const token = this.limitsIndex(tokenAddress);
    const player = s.players[this.playerIndex(s, tx.from)];
    const limits = player.limits[token];
    this.applyPending(limits, tx.now);
    let mask = 0;
    let tightened = false;
    const current: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      const window = limits.windows[i];
      const wanted = lossLimit[i];
      if (CasinoModel.stricter(window.limit, wanted)) {
        if (window.limit === 0n) {
          window.start = tx.now;
          window.net = 0n;
        }
        window.limit = toUint(wanted, 96, UINT96_MAX);
        tightened = true;
      } else if (wanted !== window.limit) {
        mask |= 1 << i;
        limits.pendingLoss[i] = toUint(wanted, 96, UINT96_MAX);
      }
      current.push(window.limit);
    }
    let stricter = false;
    if (CasinoModel.stricter(limits.betCap, betCap)) {
      limits.betCap = toUint(betCap, 96, UINT96_MAX);
      stricter = true;
    } else if (betCap !== limits.betCap) {
      mask |= 8;
      limits.pendingBetCap = toUint(betCap, 96, UINT96_MAX);
    }
    if (tightened || stricter) player.account.tightenedAt = tx.now;
    limits.pendingMask = mask;
    limits.pendingAt = mask === 0 ? 0n : tx.now + LOOSEN_DELAY;
    player.account.limitedTokens |= token === "DEGEN" ? 1 : 2;
    player.account.marked = true;
    this.emitLimits(tx, "LimitsSet", tx.from, tokenAddress, current, limits.betCap);
    if (mask !== 0) this.emitLimits(tx, "LimitsRequested", tx.from, tokenAddress, lossLimit, betCap, mask, limits.pendingAt);
  }

  /** CasinoLimits.setCoolOff by tx.from. */
  setCoolOff(s: State, tx: Tx, until: bigint): void {
    const account = s.players[this.playerIndex(s, tx.from)].account;
    this.applyPendingCoolOff(account, tx.now);
    account.marked = true;
    if (until > account.coolOffUntil) {
      account.coolOffUntil = toUint(until, 40, UINT40_MAX);
      account.tightenedAt = tx.now;
      account.pendingCoolOffAt = 0n;
      this.emitLimits(tx, "CoolOffSet", tx.from, until);
    } else if (until < account.coolOffUntil) {
      const effectiveAt = tx.now + LOOSEN_DELAY;
      account.pendingCoolOffUntil = until;
      account.pendingCoolOffAt = effectiveAt;
      this.emitLimits(tx, "CoolOffRequested", tx.from, until, effectiveAt);
    }
  }

  /**
   * CasinoLimits.beforeBet: the cool-off, the bet cap and the loss windows, each stake counted. A
   * one-click bet (its `deadline`, 0 for any other) is never refused by a loss window, only
   * counted; one whose deadline is at most ACCEPTANCE_WINDOW after the latest stricter setting is
   * never refused by the cool-off or the cap either.
   */
  private beforeBet(s: State, tx: Tx, player: Player, token: Token, stake: bigint, deadline: bigint): void {
    const account = player.account;
    this.applyPendingCoolOff(account, tx.now);
    const accepted = deadline !== 0n && deadline <= account.tightenedAt + ACCEPTANCE_WINDOW;
    const coolingOff = tx.now < account.coolOffUntil;
    if (!accepted && coolingOff) fail("CoolingOff", account.coolOffUntil);
    let waived = accepted && coolingOff;
    if ((account.limitedTokens & (token === "DEGEN" ? 1 : 2)) !== 0) {
      const limits = player.limits[token];
      this.applyPending(limits, tx.now);
      const aboveCap = limits.betCap !== 0n && stake > limits.betCap;
      if (!accepted && aboveCap) fail("AboveBetCap", stake, limits.betCap);
      waived ||= accepted && aboveCap;
      limits.windows.forEach((window, i) => {
        if (window.limit === 0n) return;
        CasinoModel.roll(window, i, tx.now);
        const net = window.net + stake;
        if (net > window.limit) {
          if (deadline === 0n) fail("LossLimitReached", i, window.net > 0n ? window.net : 0n, window.limit);
          s.stats.pastLossLimit++;
        }
        window.net = net;
      });
    }
    if (waived) s.stats.waivedLanded++;
  }

  /** CasinoLimits.afterPayout: a payout counted back in the loss windows. */
  private afterPayout(s: State, tx: Tx, player: Player, token: Token, payout: bigint): void {
    if (payout === 0n || (player.account.limitedTokens & (token === "DEGEN" ? 1 : 2)) === 0) return;
    player.limits[token].windows.forEach((window, i) => {
      if (window.limit === 0n) return;
      CasinoModel.roll(window, i, tx.now);
      window.net -= payout;
    });
  }

  /** CasinoLimits.limitsOf at time `now`. */
  limitsView(s: State, player: Player, token: Token, now: bigint): LimitsView {
    const limits = player.limits[token];
    const due = limits.pendingAt !== 0n && now >= limits.pendingAt;
    const view: LimitsView = {
      lossLimit: [0n, 0n, 0n],
      lossUsed: [0n, 0n, 0n],
      windowEnds: [0n, 0n, 0n],
      betCap: due && (limits.pendingMask & 8) !== 0 ? limits.pendingBetCap : limits.betCap,
      // Only a change still waiting is pending.
      pendingLossLimit: limits.pendingLoss.map((loss, i) => (!due && (limits.pendingMask & (1 << i)) !== 0 ? loss : 0n)),
      pendingBetCap: due ? 0n : limits.pendingBetCap,
      pendingAt: due ? 0n : limits.pendingAt,
      pendingMask: due ? 0n : BigInt(limits.pendingMask),
      coolOffUntil: 0n,
      pendingCoolOffUntil: 0n,
      pendingCoolOffAt: 0n,
    };
    limits.windows.forEach((window, i) => {
      const limit = due && (limits.pendingMask & (1 << i)) !== 0 ? limits.pendingLoss[i] : window.limit;
      view.lossLimit[i] = limit;
      if (limit === 0n) return;
      const ends = window.start + LOSS_PERIODS[i];
      if (now >= ends) return;
      view.windowEnds[i] = ends;
      view.lossUsed[i] = window.net > 0n ? window.net : 0n;
    });
    const account = player.account;
    const coolOffDue = account.pendingCoolOffAt !== 0n && now >= account.pendingCoolOffAt;
    view.coolOffUntil = coolOffDue ? account.pendingCoolOffUntil : account.coolOffUntil;
    if (!coolOffDue && account.pendingCoolOffAt !== 0n) {
      view.pendingCoolOffUntil = account.pendingCoolOffUntil;
      view.pendingCoolOffAt = account.pendingCoolOffAt;
    }
    return view;
  }

  // ───────────────────────────── house ─────────────────────────────

  fundBankroll(s: State, tx: Tx, tokenAddress: string, amount: bigint): void {
    const token = this.supported(tokenAddress);
    if (amount === 0n) fail("ZeroAmount");
    this.collect(s, tx, token, amount);
    s.bankroll[token] += amount;
    this.emit(tx, "BankrollFunded", tx.from, tokenAddress, amount);
  }

  fundJackpot(s: State, tx: Tx, amount: bigint): void {
    if (amount === 0n) fail("ZeroAmount");
    this.collect(s, tx, "DEGEN", amount);
    s.jackpot += amount;
    this.emit(tx, "JackpotFunded", tx.from, amount);
  }

  announceBankrollWithdrawal(s: State, tx: Tx, tokenAddress: string, amount: bigint): void {
    this.onlyOwner(s, tx);
    const token = this.supported(tokenAddress);
    if (amount === 0n) fail("ZeroAmount");
    if (amount > UINT128_MAX) fail("SafeCastOverflowedUintDowncast", 128, amount);
    const executableAt = tx.now + s.announcementDelay;
    s.pending[token] = { amount, executableAt };
    this.emit(tx, "BankrollWithdrawalAnnounced", tokenAddress, amount, executableAt);
  }

  cancelBankrollWithdrawal(s: State, tx: Tx, tokenAddress: string): void {
    this.onlyOwner(s, tx);
    const token = this.tokenOf(tokenAddress);
    if (token === null || s.pending[token] === null) fail("NothingPending");
    s.pending[token] = null;
    this.emit(tx, "BankrollWithdrawalCancelled", tokenAddress);
  }

  executeBankrollWithdrawal(s: State, tx: Tx, tokenAddress: string): void {
    this.onlyOwner(s, tx);
    const token = this.tokenOf(tokenAddress);
    const pending = token === null ? null : s.pending[token];
    if (token === null || pending === null) fail("NothingPending");
    this.checkAnnouncement(pending.executableAt, tx.now);
    const free = this.free(s, token);
    if (pending.amount > free) fail("InsufficientBankroll", free, pending.amount);
    s.pending[token] = null;
    s.bankroll[token] -= pending.amount;
    s.accounted[token] -= pending.amount;
    this.emit(tx, "BankrollWithdrawalExecuted", tokenAddress, pending.amount, s.owner);
    this.send(s, token, s.owner, pending.amount);
  }

  /** `other` is the address of the one other ERC-20 the fuzz sends to the Casino. */
  sweep(s: State, tx: Tx, tokenAddress: string, to: string, other: string): void {
    this.onlyOwner(s, tx);
    if (to === ZeroAddress) fail("ZeroAddress");
    const token = this.tokenOf(tokenAddress);
    const isOther = lower(tokenAddress) === lower(other);
    if (token === null && !isOther) throw new Error("model: sweep of an unknown token");
    const held = token === null ? s.otherHeld : s.accounted[token] + s.stray[token];
    const owed = token === null ? 0n : s.accounted[token];
    if (held <= owed) fail("NothingToSweep");
    const amount = held - owed;
    this.emit(tx, "Swept", tokenAddress, to, amount);
    if (token === null) s.otherHeld = 0n;
    else {
      s.stray[token] = 0n;
      this.send(s, token, to, amount);
    }
  }

  // ───────────────────────────── token (outside the Casino's functions) ─────────────────────────────

  /** degen.transfer(casino, amount) by a holder: lands beyond `accounted` (sweepable). */
  strayDegen(s: State, tx: Tx, amount: bigint): void {
    this.debit(s, tx.from, amount);
    s.stray.DEGEN += amount;
  }

  /** BNB forced into the Casino (hardhat_setBalance stands for selfdestruct or a coinbase payment). */
  strayNative(amount: bigint): void {
    this.s.stray.BNB += amount;
  }

  strayOther(amount: bigint): void {
    this.s.otherHeld += amount;
  }

  /** degen.transfer(pair, amount) by a non-exempt holder: a taxed trade whose jackpot share the Casino books. */
  taxedTrade(s: State, tx: Tx, amount: bigint): void {
    const elapsed = tx.now - this.setup.tradingOpenedAt;
    const step = elapsed / 300n;
    const taxBps = step < 5n ? 2_500n - step * 400n : 500n;
    const tax = (amount * taxBps) / BPS;
    const dev = (tax * 40n) / 100n;
    const jackpotShare = (tax * 20n) / 100n;
    const burn = tax - dev - jackpotShare;
    this.debit(s, tx.from, dev);
    this.addWallet(s, this.setup.devWallet, dev);
    this.debit(s, tx.from, burn);
    this.debit(s, tx.from, jackpotShare);
    // Casino.creditJackpotFromTax, called by the token
    s.accounted.DEGEN += jackpotShare;
    s.jackpot += jackpotShare;
    this.emit(tx, "JackpotFunded", this.setup.degen, jackpotShare);
    this.debit(s, tx.from, amount - tax);
    this.addWallet(s, this.setup.pair, amount - tax);
  }

  // ───────────────────────────── owner settings ─────────────────────────────

  pause(s: State, tx: Tx): void {
    this.onlyOwner(s, tx);
    if (s.paused) fail("IsPaused");
    s.paused = true;
    this.emit(tx, "Paused", tx.from);
  }

  unpause(s: State, tx: Tx): void {
    this.onlyOwner(s, tx);
    if (!s.paused) fail("NotPaused");
    s.paused = false;
    this.emit(tx, "Unpaused", tx.from);
  }

  announceSettlerChange(s: State, tx: Tx, settler: string): void {
    this.onlyOwner(s, tx);
    if (settler === ZeroAddress) fail("ZeroAddress");
    const executableAt = tx.now + s.announcementDelay;
    s.pendingSettler = { settler, executableAt };
    this.emit(tx, "SettlerChangeAnnounced", settler, executableAt);
  }

  cancelSettlerChange(s: State, tx: Tx): void {
    this.onlyOwner(s, tx);
    const pending = s.pendingSettler;
    if (pending === null) fail("NothingPending");
    s.pendingSettler = null;
    this.emit(tx, "SettlerChangeCancelled", pending.settler);
  }

  executeSettlerChange(s: State, tx: Tx): void {
    this.onlyOwner(s, tx);
    const pending = s.pendingSettler;
    if (pending === null) fail("NothingPending");
    this.checkAnnouncement(pending.executableAt, tx.now);
    s.pendingSettler = null;
    s.settlerRetiredAt[lower(s.settler)] = tx.now;
    this.emit(tx, "SettlerChanged", s.settler, pending.settler);
    s.settler = pending.settler;
  }

  transferOwnership(s: State, tx: Tx, newOwner: string): void {
    this.onlyOwner(s, tx);
    s.pendingOwner = newOwner;
    this.emit(tx, "OwnershipTransferStarted", s.owner, newOwner);
  }

  renounceOwnershipByIntruder(s: State, tx: Tx): void {
    this.onlyOwner(s, tx);
    throw new Error("model: the fuzz never renounces the Casino's ownership");
  }

  acceptOwnership(s: State, tx: Tx): void {
    if (lower(tx.from) !== lower(s.pendingOwner)) fail("OwnableUnauthorizedAccount", tx.from);
    s.pendingOwner = ZeroAddress;
    this.emit(tx, "OwnershipTransferred", s.owner, tx.from);
    s.owner = tx.from;
  }

  setMaxBetLimit(s: State, tx: Tx, tokenAddress: string, amount: bigint): void {
    this.onlyOwner(s, tx);
    const token = this.supported(tokenAddress);
    const unit = MIN_BET[token];
    this.checkBounds(amount, unit, unit * MAX_BET_UNITS);
    const units = amount / unit;
    s.maxBetUnits[token] = units;
    this.emit(tx, "MaxBetLimitChanged", tokenAddress, units * unit);
  }

  setRiskBps(s: State, tx: Tx, bps: bigint): void {
    this.onlyOwner(s, tx);
    this.checkBounds(bps, BOUNDS.riskBps[0], BOUNDS.riskBps[1]);
    s.riskBps = bps;
    this.emit(tx, "RiskChanged", bps);
  }

  setPlayerRiskBps(s: State, tx: Tx, bps: bigint): void {
    this.onlyOwner(s, tx);
    this.checkBounds(bps, BOUNDS.playerRiskBps[0], BOUNDS.playerRiskBps[1]);
    s.playerRiskBps = bps;
    this.emit(tx, "PlayerRiskChanged", bps);
  }

  setInteractiveRiskBps(s: State, tx: Tx, bps: bigint): void {
    this.onlyOwner(s, tx);
    this.checkBounds(bps, BOUNDS.interactiveRiskBps[0], BOUNDS.interactiveRiskBps[1]);
    s.interactiveRiskBps = bps;
    this.emit(tx, "InteractiveRiskChanged", bps);
  }

  setSettleWindow(s: State, tx: Tx, seconds: bigint): void {
    this.onlyOwner(s, tx);
    this.checkBounds(seconds, BOUNDS.settleWindow[0], BOUNDS.settleWindow[1]);
    this.keepTerms(s, tx);
    s.settleWindow = seconds;
    this.emit(tx, "SettleWindowChanged", seconds);
  }

  /**
   * HouseAdmin._keepTerms: the terms a change replaces, and when, so that a one-click bet signed
   * under them lands within the window; one change per window (a second would drop the terms the
   * bets accepted before the first were signed under).
   */
  private keepTerms(s: State, tx: Tx): void {
    const nextAt = s.termsChange.changedAt + ACCEPTANCE_WINDOW;
    if (s.termsChange.changedAt !== 0n && tx.now < nextAt) fail("NotReady", nextAt);
    s.termsChange = { previous: this.terms(s), changedAt: tx.now };
  }

  setAnnouncementDelay(s: State, tx: Tx, seconds: bigint): void {
    this.onlyOwner(s, tx);
    this.checkBounds(seconds, BOUNDS.announcementDelay[0], BOUNDS.announcementDelay[1]);
    s.announcementDelay = seconds;
    this.emit(tx, "AnnouncementDelayChanged", seconds);
  }

  setJackpotTerms(s: State, tx: Tx, edgeBps: bigint, shareBps: bigint): void {
    this.onlyOwner(s, tx);
    this.checkBounds(edgeBps, BOUNDS.jackpotEdgeBps[0], BOUNDS.jackpotEdgeBps[1]);
    this.checkBounds(shareBps, BOUNDS.jackpotShareBps[0], BOUNDS.jackpotShareBps[1]);
    this.keepTerms(s, tx);
    s.edgeBps = edgeBps;
    s.shareBps = shareBps;
    this.emit(tx, "JackpotTermsChanged", edgeBps, shareBps);
  }
}

/** What a relay signature commits to: its signer's key, the signed message, and whether its domain is the relay's. */
export interface SignedWithdraw extends WithdrawRequest {
  signer: string;
  nonce: bigint;
  domainOk: boolean;
}

export interface SignedSwap extends SwapRequest {
  signer: string;
  nonce: bigint;
  domainOk: boolean;
}
