import { sql } from "drizzle-orm";
import { ZeroAddress, ZeroHash, type JsonRpcProvider } from "ethers";
import {
  BET_ACCEPTANCE_WINDOW_SECONDS,
  betIdOf,
  decodeParams,
  formatAmount,
  gameName,
  isInteractive,
  laneOfNonce,
  MIN_BET,
  placeInLane,
  SESSION_TOKEN_BITS,
  sessionAmountOnChain,
  type GameType,
  type SessionBet,
} from "../engine";
import { decodeIntakeView, intakeViewCall, type Casino, type PlayerIntakeView } from "../../../bindings/casino";
import type { ChainClock } from "../chain/clock";
import { KeptRead } from "../chain/kept-read";
import { rowsOf } from "../db/index";
import { badRequest, conflict, forbidden, HttpError } from "../http/errors";
import { FixedWindowCounter } from "../http/limits";
import type { SeedVault } from "../settler/seeds";
import { symbolOf, type TokenSymbol } from "../tokens";
import { acceptanceWindow, STALLED_CHAIN_SECONDS } from "./acceptance-window";
import { ownLimitRefusal } from "./own-limits";
import { refusalText } from "./relay-plan";
import type { SessionKeyRow, SessionKeys } from "./keys";
import { IntakeGroups, judgeKnown, KNOWN_BET_COLUMNS, type GroupDeps, type KnownBetRow } from "./intake-groups";
import type { AcceptedBet, SignedSessionBet } from "./intake-types";

export type { AcceptedBet, Countersigner, SessionBetRow, SignedSessionBet } from "./intake-types";
import { recoverCompact, type SessionTypedData } from "./typed-data";

/** A bet's deadline must leave the relay this long to land it (a block or two, and a transaction pending before it). */
export const DEADLINE_MARGIN_SECONDS = 5;
/** The head block is read again after this long. */
const HEAD_TTL_MS = 200;
/**
 * A player's chain view is read again once it is this many blocks behind the head. At a bet a second
 * from hundreds of players, reading it every block asked the node a call a bet. A view kept
 * longer stays right for what the intake checks with it: the lane's bets mined since its block
 * count as on their way (their stakes held back, their payouts not counted), the acceptance
 * window counts from its block's time, and a bet refused on a kept view is checked again on the
 * head's before the refusal is answered.
 */
const VIEW_KEPT_BLOCKS = 20;
/** Players' chain views kept (one per player, token, key, game and params; the latest block's only matter). */
const VIEWS_KEPT = 10_000;
/** The Casino's terms at the blocks views were read at, kept for this many blocks. */
const TERMS_KEPT = 64;
/** Session keys' grants kept (a grant never changes; whether it was revoked is read with each bet). */
const GRANTS_KEPT = 10_000;
/**
 * A wallet whose one-click bets were refused this often in a minute gets 429 without a read: the
 * app stops after a refusal, so only a script gets there, and each refusal may cost the chain
 * reads of a view at a new head (issue #38 item 6).
 */
export const REFUSALS_PER_ADDRESS_PER_MINUTE = 30;

/** The refusal of a one-click stake below the floor: the same bet from the wallet is taken, its gas the player's. */
export const oneClickFloorText = (floor: bigint, token: TokenSymbol) =>
  `The smallest one-click stake is ${formatAmount(floor)} ${token}: place a smaller bet from your wallet`;

export interface IntakeDeps extends GroupDeps {
  /** Reads only: terms. */
  casino: Casino;
  /** The head block, at which the reads are made, and the view's call. */
  provider: Pick<JsonRpcProvider, "getBlockNumber" | "call">;
  casinoAddress: string;
  typedData: SessionTypedData;
  keys: SessionKeys;
  seeds: SeedVault;
  clock: ChainClock;
  /** ONE_CLICK_MIN_STAKE_DEGEN / _BNB: the smallest stake whose relay gas the house pays (docs/decisions.md §3, "The smallest one-click stake"). */
  minStake: Record<TokenSymbol, bigint>;
  degenAddress: string;
}

/** A player's session, lane, limits and room as the chain shows them at `block` (contracts/views/IntakeView.sol), and the terms then. */
interface ChainView {
  view: PlayerIntakeView;
  terms: bigint;
  block: number;
  /** When it was read (this machine's clock). */
  readAt: number;
}

/**
 * Checks a signed session bet as the contract will (the key, its session and lane, the nonce, the
 * terms, the stake against the lane's funds, the room and the player's own limits), and queues it
 * for the lease holder's relay (sessions/relay.ts), countersigned. Every refusal is a sentence
 * that says what to do; the contract checks everything again when the bet is sent. A bet the
 * intake takes is one nothing its player does can make fail (docs/decisions.md §4, "lanes"):
 * its lane's funds and nonces move by its own bets alone, and its deadline is within the
 * acceptance window of the block the intake read, which every later change honours.
 */
export class SessionBetIntake {
  /** The chain's head. */
  private readonly headRead: KeptRead<number>;
  private readonly views = new Map<string, { block: number; value: Promise<ChainView> }>();
  private readonly terms = new Map<number, Promise<bigint>>();
  private readonly grants = new Map<string, SessionKeyRow>();
  private readonly groups: IntakeGroups;
  /** Each address's refused bets this minute (this instance's count): past the limit, refused unread. */
  private readonly refusals = new FixedWindowCounter(REFUSALS_PER_ADDRESS_PER_MINUTE);

  constructor(private readonly d: IntakeDeps) {
    this.groups = new IntakeGroups(d);
    this.headRead = new KeptRead(() => d.provider.getBlockNumber(), HEAD_TTL_MS);
  }

  async accept(player: string, signed: SignedSessionBet): Promise<AcceptedBet> {
    if (this.refusals.count(player) >= REFUSALS_PER_ADDRESS_PER_MINUTE) {
      throw new HttpError(
        429,
        `${REFUSALS_PER_ADDRESS_PER_MINUTE} one-click bets of this wallet were refused in the last minute: read why, then try again in a minute`,
      );
    }
    try {
      return await this.judge(player, signed);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) this.refusals.hit(player);
      throw error;
    }
  }

  private async judge(player: string, signed: SignedSessionBet): Promise<AcceptedBet> {
    const { bet } = signed;
    if (bet.player !== player) throw forbidden("This bet is signed for another wallet than the one signed in");
    const token = symbolOf(bet.token, this.d.degenAddress);
    if (!token) throw badRequest(`token must be DEGEN (${this.d.degenAddress}) or BNB (${ZeroAddress})`);
    const betId = betIdOf(player, bet.nonce).toString();
    const arrivedAt = Date.now();
    try {
      const viewUsed = { kept: false, block: 0 };
      try {
        return await this.checkAndQueue(player, signed, token, betId, viewUsed);
      } catch (error) {
        // Refused for what the chain showed at an earlier block (the lane's nonce or funds, the
        // room, a limit): judged again at the head, when there is a newer one. A view of the head
        // itself stands: refusals repeated within a block cost the node no view (issue #38). The
        // head is one read since the bet arrived, as the kept one may predate what the player
        // waited for before betting; bets refused at once share that read.
        if (!viewUsed.kept || !(error instanceof HttpError) || (error.status !== 409 && error.status !== 403)) throw error;
        const head = await this.headRead.since(arrivedAt);
        if (head <= viewUsed.block) throw error;
        return await this.checkAndQueue(player, signed, token, betId, { kept: false, block: 0 }, head);
      }
    } catch (error) {
      // A retry of a bet taken already gets its answer again, whatever changed since (the session
      // expired, the chain moved on); another bet of a nonce taken, the conflict. Read only when
      // the bet is refused: a bet taken now finds a retry under the player's lock.
      const known = await this.sameBetQueued(betId, signed, await this.d.clock.now());
      if (known) return known;
      throw error;
    }
  }

  private async checkAndQueue(
    player: string,
    signed: SignedSessionBet,
    token: TokenSymbol,
    betId: string,
    viewUsed: { kept: boolean; block: number },
    /** A head just read: the bet is judged on a view read there, not on one kept. */
    atHead?: number,
  ): Promise<AcceptedBet> {
    const { bet } = signed;
    const digest = this.d.typedData.betDigest(bet);
    const key = this.recoverKey(digest, signed);
    const session = await this.grant(player, key);
    if (!session || session.lane === null) throw forbidden(`No session of this wallet is open for key ${key}: open one first (POST /api/sessions)`);
    if (session.commit !== this.d.seeds.laneRoot(player, key)) {
      throw conflict("This session's lane names a hash chain this server did not make: it cannot relay its bets; open a session through this server");
    }
    const lane = BigInt(session.lane);
    if (laneOfNonce(bet.nonce) !== lane) {
      throw conflict(`Nonce ${bet.nonce} is not of this session's lane ${lane}: its bets' nonces are ${lane} << 32 | n (from ${lane << 32n})`);
    }
    if (placeInLane(bet.nonce) >= BigInt(this.d.seeds.laneLength)) {
      throw conflict(`This session's hash chain is spent (its ${this.d.seeds.laneLength} bets): open a new session`);
    }
    const now = await this.d.clock.now();
    if (session.expiresAt <= now) throw forbidden("This session has expired: open a new one");
    if (Number(bet.deadline) < now + DEADLINE_MARGIN_SECONDS) throw badRequest("The bet's deadline has passed (or is too close to land it): sign it again");
    this.checkGame(bet, token, session);

    const head = atHead ?? (await this.headRead.get());
    const read = await this.chainView(player, bet, key, head, atHead === undefined ? VIEW_KEPT_BLOCKS : 0);
    const { view, terms, block: viewBlock } = read;
    // Read at a head kept a while, or kept itself: what is refused from here on is judged again at a head read now.
    viewUsed.kept = atHead === undefined;
    viewUsed.block = viewBlock;
    const wallClock = Math.floor(Date.now() / 1000);
    const window = acceptanceWindow(Number(view.blockTimestamp), await this.stillHead(read, head, wallClock), wallClock);
    // A conflict with the chain's time, judged again at a newer head when the view was kept.
    if (Number(bet.deadline) > window.end) {
      throw conflict(
        `The bet's deadline is more than ${BET_ACCEPTANCE_WINDOW_SECONDS / 60} minutes after the chain's time (${window.start}): sign it again with a deadline by ${window.end}`,
      );
    }
    if (view.lane !== lane) throw forbidden(`No session of this wallet is open for key ${key}: open one first (POST /api/sessions)`);
    if (view.revoked) throw forbidden("This session was revoked: open a new one");
    if (bet.deadline > view.expiresAt) throw forbidden(`The bet's deadline is after this session ends: sign it with a deadline by ${view.expiresAt}`);
    if (bet.terms !== terms) throw conflict(`The Casino's terms changed since the bet was signed: sign it again with terms ${terms}`);
    if (bet.amount > view.roomMaxBet) {
      throw conflict(
        `The stake of ${formatAmount(bet.amount)} ${token} is above the house's largest bet on this game now, ${formatAmount(view.roomMaxBet)} ${token}: lower it`,
      );
    }
    const ownLimit = ownLimitRefusal(view.limits, bet.amount, now);
    if (ownLimit !== null) throw forbidden(refusalText(ownLimit));
    if (view.laneCommit === ZeroHash) throw forbidden(`No session of this wallet is open for key ${key}: open one first (POST /api/sessions)`);

    return this.groups.submit({
      player,
      betId,
      signed,
      token,
      key,
      digest,
      now,
      viewBlock,
      laneNext: view.laneNext,
      laneFunds: view.laneFunds[token === "BNB" ? 1 : 0]!,
      kind: isInteractive(bet.game, bet.params) ? "place" : "play",
    });
  }

  /**
   * Whether a view's block is still the chain's head, as the acceptance window's wall-clock rule
   * asks (acceptance-window.ts). Only a view of a block STALLED_CHAIN_SECONDS old, read at the head
   * the intake kept, can count from the wall clock: for it the head is read again, since the view
   * was, as a block may have come meanwhile. Any other view counts from its block's time.
   */
  private async stillHead(view: ChainView, head: number, wallClock: number): Promise<boolean> {
    if (view.block !== head || wallClock - Number(view.view.blockTimestamp) < STALLED_CHAIN_SECONDS) return false;
    return (await this.headRead.since(view.readAt)) === view.block;
  }

  /** The answer to a retry of a bet taken already (judgeKnown), read when the bet is refused. */
  private async sameBetQueued(betId: string, signed: SignedSessionBet, now: number): Promise<AcceptedBet | undefined> {
    const [row] = rowsOf<KnownBetRow>(await this.d.db.execute(sql`SELECT ${KNOWN_BET_COLUMNS} FROM session_bets WHERE bet_id = ${betId}`));
    return judgeKnown(row, betId, signed, now, () => this.d.countersigner.signDigest(this.d.typedData.betDigest(signed.bet)));
  }

  /**
   * The session of a key, as its grant was opened: kept once found with its lane, since a grant
   * never changes. Whether it was revoked since is read with the bet (the chain's view, and the
   * app's revoke under the player's lock: intake-groups.ts).
   */
  private async grant(player: string, key: string): Promise<SessionKeyRow | undefined> {
    const id = `${player}|${key}`;
    const kept = this.grants.get(id);
    if (kept) return kept;
    const row = await this.d.keys.find(player, key);
    if (row?.lane == null) return row;
    this.grants.set(id, row);
    if (this.grants.size > GRANTS_KEPT) this.grants.delete(this.grants.keys().next().value!);
    return row;
  }

  private recoverKey(digest: string, signed: SignedSessionBet): string {
    try {
      return recoverCompact(digest, signed.r, signed.vs);
    } catch {
      // MalformedSignature, or a point that is not on the curve: nothing signed it.
      throw badRequest("The bet's signature is malformed");
    }
  }

  /** The game, its params and the stake, against the Casino's rules and the session's terms. */
  private checkGame(bet: SessionBet, token: TokenSymbol, session: { tokens: number; games: number; maxBetDegen: string; maxBetNative: string }): void {
    try {
      decodeParams(bet.game, bet.params);
    } catch (error) {
      throw badRequest(`Invalid bet: ${(error as Error).message}`);
    }
    if ((session.games & (1 << bet.game)) === 0) throw forbidden(`This session does not allow ${gameName(bet.game as GameType).toLowerCase()}`);
    if ((session.tokens & SESSION_TOKEN_BITS[token]) === 0) throw forbidden(`This session does not allow ${token} bets`);
    if (bet.amount < MIN_BET[token]) throw badRequest(`The smallest stake is ${formatAmount(MIN_BET[token])} ${token}`);
    if (bet.amount < this.d.minStake[token]) throw badRequest(oneClickFloorText(this.d.minStake[token], token));
    const maxBet = sessionAmountOnChain(BigInt(token === "BNB" ? session.maxBetNative : session.maxBetDegen));
    if (bet.amount > maxBet) {
      throw forbidden(`The stake of ${formatAmount(bet.amount)} ${token} is above this session's largest bet, ${formatAmount(maxBet)} ${token}`);
    }
  }

  /**
   * What the chain shows of a player at a recent block for this bet (IntakeView: the session, its
   * lane, the limits and the room for the bet's game), and the terms there: the view read at most
   * `keptBlocks` before `head`, and early enough that the bet's deadline is within its acceptance
   * window, else read at `head` (always, when keptBlocks is 0). The lane's bets mined after its
   * block count as on their way (intake-groups.ts), so the view plus the queue is what the chain
   * will hold when the bet lands.
   */
  private chainView(player: string, bet: SessionBet, key: string, head: number, keptBlocks: number): Promise<ChainView> {
    const id = `${player}|${bet.token}|${key}|${bet.game}|${bet.params}`;
    const known = this.views.get(id);
    // keptBlocks 0 (a bet refused on a kept view, judged again): read now, whatever was read in this block.
    if (known && keptBlocks > 0 && known.block <= head && known.block >= head - keptBlocks) {
      return known.value.then((kept) =>
        Number(bet.deadline) <= Number(kept.view.blockTimestamp) + BET_ACCEPTANCE_WINDOW_SECONDS ? kept : this.readView(id, player, bet, key, head),
      );
    }
    return this.readView(id, player, bet, key, head);
  }

  private readView(id: string, player: string, bet: SessionBet, key: string, head: number): Promise<ChainView> {
    const call = { ...intakeViewCall(this.d.casinoAddress, player, bet.token, key, bet.game, bet.params), blockTag: head };
    const value = Promise.all([this.d.provider.call(call), this.termsAt(head)]).then(([answer, terms]) => ({
      view: decodeIntakeView(answer),
      terms,
      block: head,
      readAt: Date.now(),
    }));
    value.catch(() => this.views.delete(id));
    this.views.delete(id);
    this.views.set(id, { block: head, value });
    if (this.views.size > VIEWS_KEPT) this.views.delete(this.views.keys().next().value!);
    return value;
  }

  /**
   * The Casino's terms at a view's block: a bet signed under terms the owner replaced after that
   * block is honoured on chain (its deadline is within the window of the change), one replaced
   * before it is not.
   */
  private termsAt(block: number): Promise<bigint> {
    let terms = this.terms.get(block);
    if (!terms) {
      terms = this.d.casino.terms({ blockTag: block });
      terms.catch(() => this.terms.delete(block));
      this.terms.set(block, terms);
      if (this.terms.size > TERMS_KEPT) this.terms.delete(this.terms.keys().next().value!);
    }
    return terms;
  }
}
