import { sql } from "drizzle-orm";
import { ZeroAddress, ZeroHash } from "ethers";
import { decodeParams, formatAmount, gameName, MIN_BET, SESSION_TOKEN_BITS, sessionAmountOnChain, type GameType, type SessionBet } from "../engine";
import { countSessionBetsStatement, overSessionBudget, sessionBetUseColumns, type SessionBetBudgets } from "../chain/budgets";
import type { Casino, CasinoSessions } from "../chain/casino";
import type { ChainClock } from "../chain/clock";
import type { Signals } from "../cluster/cluster";
import { rowsOf, type Db } from "../db/index";
import { sessionBets } from "../db/schema";
import { badRequest, conflict, forbidden } from "../http/errors";
import { isInteractive } from "../settler/outcome";
import type { SeedVault } from "../settler/seeds";
import { symbolOf, type TokenSymbol } from "../tokens";
import type { SessionKeyRow, SessionKeys } from "./keys";
import { recoverCompact, type SessionTypedData } from "./typed-data";

/** A bet's deadline must leave the relay this long to land it (a block or two, and a transaction pending before it). */
export const DEADLINE_MARGIN_SECONDS = 5;
/** Taken per player (with the player's address hashed into the second key) while a bet is checked and queued. */
const PLAYER_LOCK = 727004;

/** Holds the player's intake lock until the transaction ends: no bet of theirs is queued meanwhile. */
export async function lockPlayer(db: Db, player: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${PLAYER_LOCK}, hashtext(${player}))`);
}
/** The head block is read again after this long: the chain views of a player are read once per block. */
const HEAD_TTL_MS = 200;
/** Players' chain views kept (one per player, token and key; the latest block's only matter). */
const VIEWS_KEPT = 10_000;
/** The Casino's terms() change only by the owner's hand: read again after this long. */
const TERMS_TTL_MS = 1_000;
/** Session keys' grants kept (a grant never changes; whether it was revoked is read with each bet). */
const GRANTS_KEPT = 10_000;

export type SessionBetRow = typeof sessionBets.$inferSelect;

/** A bet as the session key signed it, with its compact (EIP-2098) signature. */
export interface SignedSessionBet {
  bet: SessionBet;
  r: string;
  vs: string;
}

export interface AcceptedBet {
  betId: string;
  nonce: string;
  kind: SessionBetRow["kind"];
  status: SessionBetRow["status"];
  /**
   * The settler's signature (65 bytes, r ‖ s ‖ v) of the bet's EIP-712 digest, the one its key
   * signed: CasinoSessions.place takes the bet from anyone with it (issue #20 item 6, the app's
   * wallet fallback when the relay fails).
   */
  countersignature: string;
}

/** Signs digests as the settler: the countersignature of a bet the server stored. */
export interface Countersigner {
  address: string;
  signDigest(digest: string): string;
}

export interface IntakeDeps {
  db: Db;
  /**
   * PostgreSQL, which several instances share: each bet is checked under its player's advisory
   * lock. PGlite runs one transaction at a time already (one process per database), and the lock
   * would cost every bet a statement for nothing.
   */
  sharedDatabase: boolean;
  /** Reads only: commitmentOf, getBalance, terms. */
  casino: Casino;
  /** The head block, at which the reads are made. */
  provider: { getBlockNumber(): Promise<number> };
  /** Reads only: sessionOf. */
  sessions: CasinoSessions;
  typedData: SessionTypedData;
  keys: SessionKeys;
  seeds: SeedVault;
  signals: Signals;
  clock: ChainClock;
  budgets: SessionBetBudgets;
  degenAddress: string;
  countersigner: Countersigner;
}

/** The player's commitment as commitmentOf returns it, by position (its `length` output collides with the array's). */
type CommitmentView = [commit: string, nextNonce: bigint, remaining: bigint, root: string, nextToResolve: bigint, chainLength: bigint];

/** A player's commitment, vault and session as the chain shows them at `block`. */
interface ChainView {
  block: number;
  view: CommitmentView;
  balance: bigint;
  allowance: { lost: bigint[] };
}

/** A bet's row as sameBetQueued judges it. */
interface KnownBetRow {
  r: string;
  vs: string;
  kind: SessionBetRow["kind"];
  status: SessionBetRow["status"];
  countersignature: string | null;
  exposed: boolean;
  deadline: string;
}

/** What the player's bets on their way (queued or sent) hold back, and the last nonce the relay took. */
interface OnTheirWay {
  lastNonce: bigint | null;
  /** Stakes of the player's bets on their way in the bet's token: each may lose. */
  staked: bigint;
  /** Of those, the ones of this key: the session's budget counts them as lost until paid. */
  stakedByKey: bigint;
  /** An interactive bet (a blackjack hand, a manual crash round) of the player not settled yet. */
  openInteractive: string | null;
}

/**
 * Checks a signed session bet as the contract will (the key, its session, the nonce, the
 * commitment, the terms, the stake against the vault and the session's limits), derives its seed,
 * and queues it for the lease holder's relay (sessions/relay.ts). Every refusal is a sentence that
 * says what to do; the contract checks everything again when the bet is sent.
 */
export class SessionBetIntake {
  private terms: { at: number; value: Promise<bigint> } | undefined;
  private headRead: { at: number; value: Promise<number> } | undefined;
  private readonly views = new Map<string, { block: number; value: Promise<ChainView> }>();
  private readonly grants = new Map<string, SessionKeyRow>();

  constructor(private readonly d: IntakeDeps) {}

  async accept(player: string, signed: SignedSessionBet): Promise<AcceptedBet> {
    const { bet } = signed;
    if (bet.player !== player) throw forbidden("This bet is signed for another wallet than the one signed in");
    const token = symbolOf(bet.token, this.d.degenAddress);
    if (!token) throw badRequest(`token must be DEGEN (${this.d.degenAddress}) or BNB (${ZeroAddress})`);
    const betId = ((BigInt(player) << 64n) | bet.nonce).toString();
    try {
      return await this.checkAndQueue(player, signed, token, betId);
    } catch (error) {
      // A retry of a bet taken already gets its answer again, whatever changed since (the session
      // expired, the chain moved on); another bet of a nonce taken, the conflict. Read only when
      // the bet is refused: a bet taken now finds a retry under the player's lock.
      const known = await this.sameBetQueued(betId, signed, await this.d.clock.now());
      if (known) return known;
      throw error;
    }
  }

  private async checkAndQueue(player: string, signed: SignedSessionBet, token: TokenSymbol, betId: string): Promise<AcceptedBet> {
    const { bet } = signed;
    const digest = this.d.typedData.betDigest(bet);
    const key = this.recoverKey(digest, signed);
    const session = await this.grant(player, key);
    if (!session) throw forbidden(`No session of this wallet is open for key ${key}: open one first (POST /api/sessions)`);
    const now = await this.d.clock.now();
    if (session.expiresAt <= now) throw forbidden("This session has expired: open a new one");
    if (Number(bet.deadline) < now + DEADLINE_MARGIN_SECONDS) throw badRequest("The bet's deadline has passed (or is too close to land it): sign it again");
    this.checkGame(bet, token, session);

    const [{ block: viewBlock, view, balance, allowance }, terms] = await Promise.all([this.chainView(player, bet.token, key), this.currentTerms()]);
    if (bet.terms !== terms) throw conflict(`The Casino's terms changed since the bet was signed: sign it again with terms ${terms}`);
    const [commit, chainNext, remaining, root, , chainLength] = view;
    if (commit === ZeroHash || remaining === 0n)
      throw conflict("There is no commitment with links left: POST /api/fairness/commitment once your bets have landed");
    const chainEnd = chainNext + remaining;
    const chainFirstNonce = chainEnd - chainLength;
    if (this.d.seeds.root(player, chainFirstNonce) !== root) throw conflict("This wallet's commitment was not made by this server: it cannot relay its bets");
    if (bet.nonce >= chainEnd) throw conflict(`The hash chain has no link for nonce ${bet.nonce}: POST /api/fairness/commitment once your bets have landed`);
    const kind = isInteractive(bet.game, bet.params.toString()) ? "place" : "play";
    const sessionIndex = token === "BNB" ? 1 : 0;
    const budget = sessionAmountOnChain(BigInt(token === "BNB" ? session.budgetNative : session.budgetDegen));

    return this.d.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // Under this lock too: the app's revoke (SessionKeys.revoke), which refuses the key's queued bets.
      if (this.d.sharedDatabase) await lockPlayer(db, player);
      const state = await playerState(db, betId, player, key, token, viewBlock);
      // The same bet sent twice at once: the second finds the first here.
      const joined = this.judgeKnown(state.known, betId, signed, now);
      if (joined) return joined;
      if (state.revoked) throw forbidden("This session was revoked: open a new one");
      const { way } = state;
      if (way.openInteractive) throw conflict(`Finish your open hand or round (bet ${way.openInteractive}) before the next bet`);
      // Bets the relay took that the chain has not counted yet come before this one.
      const onTheWay = way.lastNonce !== null && way.lastNonce >= chainNext;
      const expected = onTheWay ? way.lastNonce! + 1n : chainNext;
      if (bet.nonce < expected) throw conflict(`Nonce ${bet.nonce} is taken: your next bet's nonce is ${expected}`);
      if (bet.nonce > expected) throw conflict(`Nonce ${bet.nonce} skips ahead: your next bet's nonce is ${expected}`);
      // The current commitment moves with every bet that lands: only the root stays valid behind bets on their way.
      if (bet.expectedCommit !== root && (bet.expectedCommit !== commit || onTheWay)) {
        throw conflict(`The bet names a stale commitment: sign it again with expectedCommit ${root} (the chain's root)`);
      }
      if (balance - way.staked < bet.amount) {
        throw conflict(
          `Your vault's ${formatAmount(balance)} ${token}, less ${formatAmount(way.staked)} staked on bets still landing, does not cover a stake of ${formatAmount(bet.amount)}`,
        );
      }
      const lost = allowance.lost[sessionIndex]! + way.stakedByKey;
      if (lost + bet.amount > budget) {
        throw forbidden(
          `This bet would take the session past its budget: ${formatAmount(lost > 0n ? lost : 0n)} of ${formatAmount(budget)} ${token} spent or staked`,
        );
      }
      const overBudget = overSessionBudget(state.use, this.d.budgets);
      if (overBudget) throw overBudget;
      // The relay seed: link 2k-1 of the chain, below the wallet's seed of this nonce.
      const seed = this.d.seeds.seed(player, chainFirstNonce, bet.nonce, true);
      // Stored before it is returned: the settler countersigns one bet per nonce, and a refused
      // one is replaced (the same bet checked afresh, or another once it can no longer land:
      // sameBetQueued) only under this player's lock, in the same statement that records it.
      const countersignature = this.d.countersigner.signDigest(digest);
      // The bet and its count in the budgets, in one statement.
      const result = await db.execute(sql`
        WITH stored AS (INSERT INTO session_bets (bet_id, player, nonce, key, kind, token, amount, game_type, params, client_seed, expected_commit, terms, deadline, r, vs, seed, chain_first_nonce, status, countersignature)
        VALUES (${betId}, ${player}, ${bet.nonce.toString()}, ${key}, ${kind}, ${token}, ${bet.amount.toString()}, ${bet.game}, ${bet.params.toString()},
          ${bet.clientSeed}, ${bet.expectedCommit}, ${bet.terms.toString()}, ${bet.deadline.toString()}, ${signed.r}, ${signed.vs}, ${seed}, ${chainFirstNonce.toString()}, 'queued',
          ${countersignature})
        ON CONFLICT (bet_id) DO UPDATE SET key = EXCLUDED.key, kind = EXCLUDED.kind, token = EXCLUDED.token, amount = EXCLUDED.amount,
          game_type = EXCLUDED.game_type, params = EXCLUDED.params, client_seed = EXCLUDED.client_seed, expected_commit = EXCLUDED.expected_commit,
          terms = EXCLUDED.terms, deadline = EXCLUDED.deadline, r = EXCLUDED.r, vs = EXCLUDED.vs, seed = EXCLUDED.seed,
          chain_first_nonce = EXCLUDED.chain_first_nonce, status = 'queued', tx_hash = NULL, block = NULL, error = NULL, attempts = 0,
          countersignature = EXCLUDED.countersignature, created_at = clock_timestamp(), updated_at = now()
        WHERE session_bets.status = 'refused' AND ((session_bets.r = EXCLUDED.r AND session_bets.vs = EXCLUDED.vs)
          OR (NOT session_bets.exposed AND session_bets.deadline < ${now}))
        RETURNING bet_id),
        counted AS (${countSessionBetsStatement(player, 1)} RETURNING scope)
        SELECT bet_id FROM stored`);
      if (rowsOf(result).length === 0) throw conflict(`Nonce ${bet.nonce} is taken by another bet of yours`);
      await this.d.signals.notify(db, "relay");
      return { betId, nonce: bet.nonce.toString(), kind, status: "queued" as const, countersignature };
    });
  }

  /**
   * The same signed bet sent again (a retry): its row, unless it was refused (then it is checked
   * afresh). Another bet of a nonce the server took is refused: the settler countersigned the
   * first, which its player may place until its deadline, and a second countersigned bet would let
   * the player choose between the two once a relay transaction shows the nonce's seed. A refused
   * bet gives its nonce up only once it can no longer land (its deadline passed) and only if its
   * seed was never broadcast; else that nonce is the wallet's (playGame, settled with another link).
   */
  private async sameBetQueued(betId: string, signed: SignedSessionBet, now: number): Promise<AcceptedBet | undefined> {
    const [row] = rowsOf<KnownBetRow>(await this.d.db.execute(sql`SELECT ${KNOWN_BET_COLUMNS} FROM session_bets WHERE bet_id = ${betId}`));
    return this.judgeKnown(row, betId, signed, now);
  }

  /** sameBetQueued's verdict on the row of the bet's id, if there is one. */
  private judgeKnown(row: KnownBetRow | undefined | null, betId: string, signed: SignedSessionBet, now: number): AcceptedBet | undefined {
    if (!row) return undefined;
    const same = row.r === signed.r && row.vs === signed.vs;
    if (row.status === "refused") {
      if (same || (!row.exposed && Number(row.deadline) < now)) return undefined;
      if (row.exposed)
        throw conflict(`Nonce ${signed.bet.nonce}'s relay seed was shown by a relay transaction that failed: place this nonce's bet from your wallet`);
      throw conflict(`Nonce ${signed.bet.nonce} is taken by another bet of yours until its deadline, ${row.deadline}: send that bet again, or wait`);
    }
    if (!same) throw conflict(`Nonce ${signed.bet.nonce} is taken by another bet of yours`);
    const countersignature = row.countersignature ?? this.d.countersigner.signDigest(this.d.typedData.betDigest(signed.bet));
    return { betId, nonce: signed.bet.nonce.toString(), kind: row.kind, status: row.status, countersignature };
  }

  /**
   * The session of a key, as its grant was opened: kept once found, since a grant never changes.
   * Whether it was revoked since is read with the bet, under the player's lock (playerState).
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
    const maxBet = sessionAmountOnChain(BigInt(token === "BNB" ? session.maxBetNative : session.maxBetDegen));
    if (bet.amount > maxBet) {
      throw forbidden(`The stake of ${formatAmount(bet.amount)} ${token} is above this session's largest bet, ${formatAmount(maxBet)} ${token}`);
    }
  }

  /**
   * What the chain shows of a player at one recent block (commitment, vault, session), read once
   * per block and player however many bets arrive: at hundreds of bets a second the node would
   * otherwise answer three calls a bet. Bets mined after that block count as on their way
   * (onTheirWay), so the view plus the queue is what the chain will hold when the bet lands.
   */
  private chainView(player: string, token: string, key: string): Promise<ChainView> {
    return this.head().then((block) => {
      const id = `${player}|${token}|${key}`;
      const known = this.views.get(id);
      if (known && known.block === block) return known.value;
      const value = Promise.all([
        this.d.casino.commitmentOf(player, { blockTag: block }) as unknown as Promise<CommitmentView>,
        this.d.casino.getBalance(player, token, { blockTag: block }),
        this.d.sessions.sessionOf(player, key, { blockTag: block }),
      ]).then(([view, balance, allowance]) => ({ block, view, balance, allowance: { lost: [...allowance.lost] as bigint[] } }));
      value.catch(() => this.views.delete(id));
      this.views.delete(id);
      this.views.set(id, { block, value });
      if (this.views.size > VIEWS_KEPT) this.views.delete(this.views.keys().next().value!);
      return value;
    });
  }

  /** The chain's head, read again after HEAD_TTL_MS. */
  private head(): Promise<number> {
    if (!this.headRead || Date.now() - this.headRead.at > HEAD_TTL_MS) {
      const value = this.d.provider.getBlockNumber();
      this.headRead = { at: Date.now(), value };
      value.catch(() => (this.headRead = undefined));
    }
    return this.headRead.value;
  }

  private currentTerms(): Promise<bigint> {
    if (!this.terms || Date.now() - this.terms.at > TERMS_TTL_MS) {
      const value = this.d.casino.terms();
      this.terms = { at: Date.now(), value };
      value.catch(() => (this.terms = undefined));
    }
    return this.terms.value;
  }
}

/** The columns of a session bet's row that sameBetQueued reads. */
const KNOWN_BET_COLUMNS = sql`r, vs, kind, status, countersignature, exposed, deadline::text AS deadline`;

/**
 * What the database holds of a player for a bet under way, in one statement: the row of the bet's
 * id (a retry, or a nonce taken), whether the app revoked the key, the player's bets on their way
 * and open interactive bets, and what the session-bet budgets have used. On their way: queued,
 * sent, or mined after `viewBlock`, the block the intake read the chain at.
 */
async function playerState(
  db: Db,
  betId: string,
  player: string,
  key: string,
  token: TokenSymbol,
  viewBlock: number,
): Promise<{ known: KnownBetRow | null; revoked: boolean; way: OnTheirWay; use: { byAddress: number; allPlayersLastHour: number } }> {
  const onTheWay = sql`(status IN ('queued', 'sent') OR (status = 'mined' AND block > ${viewBlock}))`;
  const [row] = rowsOf<{
    known: KnownBetRow | string | null;
    revoked: boolean | null;
    last_nonce: string | null;
    staked: string;
    staked_by_key: string;
    open_interactive: string | null;
    by_address: number;
    all_players: number;
  }>(
    await db.execute(sql`
      SELECT (SELECT row_to_json(known) FROM (SELECT ${KNOWN_BET_COLUMNS} FROM session_bets WHERE bet_id = ${betId}) known) AS known,
             (SELECT revoked_at IS NOT NULL OR revoked_on_chain FROM session_keys WHERE player = ${player} AND key = ${key}) AS revoked,
             ${sessionBetUseColumns(player)},
             (SELECT max(nonce) FROM session_bets WHERE player = ${player} AND status IN ('queued', 'sent', 'mined'))::text AS last_nonce,
             (SELECT coalesce(sum(amount::numeric), 0) FROM session_bets WHERE player = ${player} AND token = ${token} AND ${onTheWay})::text AS staked,
             (SELECT coalesce(sum(amount::numeric), 0) FROM session_bets WHERE player = ${player} AND key = ${key} AND token = ${token} AND ${onTheWay})::text AS staked_by_key,
             coalesce(
               (SELECT bet_id FROM session_bets s WHERE s.player = ${player} AND s.kind = 'place' AND s.status IN ('queued', 'sent', 'mined')
                  AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.bet_id = s.bet_id AND b.status IN ('settled', 'expired')) LIMIT 1),
               (SELECT bet_id FROM bets WHERE player = ${player} AND status IN ('open', 'ready', 'sent')
                  AND (game_type = 2 OR (game_type = 4 AND params = '0')) LIMIT 1)
             ) AS open_interactive`),
  );
  return {
    known: typeof row!.known === "string" ? (JSON.parse(row!.known) as KnownBetRow) : row!.known,
    revoked: row!.revoked === true,
    way: {
      lastNonce: row!.last_nonce === null ? null : BigInt(row!.last_nonce),
      staked: BigInt(row!.staked),
      stakedByKey: BigInt(row!.staked_by_key),
      openInteractive: row!.open_interactive,
    },
    use: { byAddress: Number(row!.by_address), allPlayersLastHour: Number(row!.all_players) },
  };
}
