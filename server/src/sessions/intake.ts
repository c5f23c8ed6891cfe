import { sql } from "drizzle-orm";
import { ZeroAddress, ZeroHash } from "ethers";
import {
  BET_ACCEPTANCE_WINDOW_SECONDS,
  betIdOf,
  decodeParams,
  formatAmount,
  gameName,
  isInteractive,
  MIN_BET,
  SESSION_TOKEN_BITS,
  sessionAmountOnChain,
  type GameType,
  type SessionBet,
} from "../engine";
import type { Casino } from "../../../bindings/casino";
import type { ChainClock } from "../chain/clock";
import { KeptRead } from "../chain/kept-read";
import { rowsOf } from "../db/index";
import { badRequest, conflict, forbidden, HttpError } from "../http/errors";
import { FixedWindowCounter } from "../http/limits";
import type { SeedVault } from "../settler/seeds";
import { symbolOf, type TokenSymbol } from "../tokens";
import { markedView, type MarkedView, type MarkReads } from "./chain-marks";
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
 * from hundreds of players, reading it every block asked the node three calls a bet. A view kept
 * longer stays right for what the intake checks with it: the bets mined since its block count as
 * on their way (their stakes held back, their payouts not counted), and a bet refused on a kept
 * view is checked again on the head's before the refusal is answered.
 */
const VIEW_KEPT_BLOCKS = 20;
/** Players' chain views kept (one per player, token and key; the latest block's only matter). */
const VIEWS_KEPT = 10_000;
/** The Casino's terms() change only by the owner's hand: read again after this long. */
const TERMS_TTL_MS = 1_000;
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
  /** The head block, at which the reads are made. */
  provider: { getBlockNumber(): Promise<number> };
  typedData: SessionTypedData;
  keys: SessionKeys;
  seeds: SeedVault;
  clock: ChainClock;
  /** ONE_CLICK_MIN_STAKE_DEGEN / _BNB: the smallest stake whose relay gas the house pays (docs/decisions.md §3, "The smallest one-click stake"). */
  minStake: Record<TokenSymbol, bigint>;
  degenAddress: string;
  /** What a player's view and mark are read with (sessions/chain-marks.ts). */
  marks: MarkReads;
}

/** A player's commitment, vault, session and mark as the chain shows them at `block`. */
interface ChainView extends MarkedView {
  block: number;
  /** When it was read (this machine's clock). */
  readAt: number;
}

/**
 * Checks a signed session bet as the contract will (the key, its session, the nonce, the
 * commitment, the terms, the stake against the vault and the session's limits), derives its seed,
 * and queues it for the lease holder's relay (sessions/relay.ts). Every refusal is a sentence that
 * says what to do; the contract checks everything again when the bet is sent.
 */
export class SessionBetIntake {
  private readonly terms: KeptRead<bigint>;
  /** The chain's head. */
  private readonly headRead: KeptRead<number>;
  private readonly views = new Map<string, { block: number; value: Promise<ChainView> }>();
  private readonly grants = new Map<string, SessionKeyRow>();
  private readonly groups: IntakeGroups;
  /** Each address's refused bets this minute (this instance's count): past the limit, refused unread. */
  private readonly refusals = new FixedWindowCounter(REFUSALS_PER_ADDRESS_PER_MINUTE);

  constructor(private readonly d: IntakeDeps) {
    this.groups = new IntakeGroups(d);
    this.terms = new KeptRead(() => d.casino.terms(), TERMS_TTL_MS);
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
        // Refused for what the chain showed at an earlier block (a nonce, a commitment, the vault,
        // the session's loss): judged again at the head, when there is a newer one. A view of the
        // head itself stands: refusals repeated within a block cost the node no view (issue #38).
        // The head is one read since the bet arrived, as the kept one may predate a deposit the
        // player waited for before betting; bets refused at once share that read.
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
    if (!session) throw forbidden(`No session of this wallet is open for key ${key}: open one first (POST /api/sessions)`);
    const now = await this.d.clock.now();
    if (session.expiresAt <= now) throw forbidden("This session has expired: open a new one");
    if (Number(bet.deadline) < now + DEADLINE_MARGIN_SECONDS) throw badRequest("The bet's deadline has passed (or is too close to land it): sign it again");
    // A revocation, a stricter limit or a withdrawal waits this window for the bets taken before it
    // (contracts/README.md "Trust assumptions"): a later deadline would let it cancel this one.
    if (Number(bet.deadline) > now + BET_ACCEPTANCE_WINDOW_SECONDS) {
      throw badRequest(`The bet's deadline is more than ${BET_ACCEPTANCE_WINDOW_SECONDS / 60} minutes ahead: sign it again with an earlier one`);
    }
    this.checkGame(bet, token, session);

    const [head, terms] = await Promise.all([atHead ?? this.headRead.get(), this.terms.get()]);
    const keptBlocks = atHead === undefined ? VIEW_KEPT_BLOCKS : 0;
    const { block: viewBlock, readAt: viewReadAt, view, mark } = await this.chainView(player, bet.token, key, head, keptBlocks, now);
    // Read at a head kept a while, or kept itself: what is refused from here on is judged again at a head read now.
    viewUsed.kept = atHead === undefined;
    viewUsed.block = viewBlock;
    if (bet.terms !== terms) throw conflict(`The Casino's terms changed since the bet was signed: sign it again with terms ${terms}`);
    const { commit, nextNonce: chainNext, remaining, root, chainLength, balance } = view;
    // The stake must stay in the vault until the bet can no longer land (CasinoSessions.heldOf).
    if (view.heldUntil < bet.deadline)
      throw conflict("Your one-click session holds no stake in the vault until this bet's deadline (a session was revoked): open a new one");
    const ownLimit = ownLimitRefusal(view.limits, bet.amount, now);
    if (ownLimit !== null) throw forbidden(refusalText(ownLimit));
    if (commit === ZeroHash || remaining === 0n)
      throw conflict("There is no commitment with links left: POST /api/fairness/commitment once your bets have landed");
    const chainEnd = chainNext + remaining;
    const chainFirstNonce = chainEnd - chainLength;
    if (this.d.seeds.root(player, chainFirstNonce) !== root) throw conflict("This wallet's commitment was not made by this server: it cannot relay its bets");
    if (bet.nonce >= chainEnd) throw conflict(`The hash chain has no link for nonce ${bet.nonce}: POST /api/fairness/commitment once your bets have landed`);
    const kind = isInteractive(bet.game, bet.params) ? "place" : "play";
    const sessionIndex = token === "BNB" ? 1 : 0;
    const budget = sessionAmountOnChain(BigInt(token === "BNB" ? session.budgetNative : session.budgetDegen));

    return this.groups.submit({
      player,
      betId,
      signed,
      token,
      key,
      digest,
      now,
      viewBlock,
      viewReadAt,
      commit,
      root,
      chainNext,
      chainFirstNonce,
      balance,
      lostOnChain: view.lost[sessionIndex]!,
      budget,
      kind,
      // A session that may expire before the bet's deadline can make the chain refuse it: simulated.
      chainMark: session.expiresAt > Number(bet.deadline) ? mark : null,
    });
  }

  /** The answer to a retry of a bet taken already (judgeKnown), read when the bet is refused. */
  private async sameBetQueued(betId: string, signed: SignedSessionBet, now: number): Promise<AcceptedBet | undefined> {
    const [row] = rowsOf<KnownBetRow>(await this.d.db.execute(sql`SELECT ${KNOWN_BET_COLUMNS} FROM session_bets WHERE bet_id = ${betId}`));
    return judgeKnown(row, betId, signed, now, () => this.d.countersigner.signDigest(this.d.typedData.betDigest(signed.bet)));
  }

  /**
   * The session of a key, as its grant was opened: kept once found, since a grant never changes.
   * Whether it was revoked since is read with the bet, under the player's lock (intake-groups.ts).
   */
  private async grant(player: string, key: string): Promise<SessionKeyRow | undefined> {
    const id = `${player}|${key}`;
    const kept = this.grants.get(id);
    if (kept) return kept;
    const row = await this.d.keys.find(player, key);
    if (!row) return undefined;
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
   * What the chain shows of a player at a recent block (commitment, vault, session): the one read
   * at most `keptBlocks` before `head`, else read at `head` (always, when keptBlocks is 0). Bets
   * mined after its block count as on their way (intake-groups.ts), so the view plus the queue is
   * what the chain will hold when the bet lands, but for the player's own wallet transactions since
   * (VIEW_KEPT_BLOCKS), which a refusal by the chain shows.
   */
  private chainView(player: string, token: string, key: string, head: number, keptBlocks: number, now: number): Promise<ChainView> {
    const id = `${player}|${token}|${key}`;
    const known = this.views.get(id);
    // keptBlocks 0 (a bet refused on a kept view, judged again): read now, whatever was read in this block.
    if (known && keptBlocks > 0 && known.block <= head && known.block >= head - keptBlocks) return known.value;
    const value = markedView(this.d.marks, player, token, key, head, now).then((read) => ({ ...read, block: head, readAt: Date.now() }));
    value.catch(() => this.views.delete(id));
    this.views.delete(id);
    this.views.set(id, { block: head, value });
    if (this.views.size > VIEWS_KEPT) this.views.delete(this.views.keys().next().value!);
    return value;
  }
}
