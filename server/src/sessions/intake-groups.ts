import { sql, type SQL } from "drizzle-orm";
import { formatAmount } from "../engine";
import {
  countStoredSessionBetsStatement,
  overSessionBudget,
  sessionBetUseColumns,
  withOneMoreSessionBet,
  type SessionBetBudgets,
  type SessionBetUse,
} from "../chain/budgets";
import type { Signals } from "../cluster/cluster";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { conflict, forbidden } from "../http/errors";
import type { TokenSymbol } from "../tokens";
import type { AcceptedBet, Countersigner, SessionBetRow, SignedSessionBet } from "./intake-types";

/** Taken per player (with the player's address hashed into the second key) while a bet is checked and queued. */
const PLAYER_LOCK = 727004;
/** Bets stored in one transaction at most: the rest wait for the next one. */
const GROUP_MAX = 100;

/** Holds the player's intake lock until the transaction ends: no bet of theirs is queued meanwhile. */
export function lockPlayer(db: Db, player: string): Promise<void> {
  return lockPlayers(db, [player]);
}

/** lockPlayer for several players, in one statement, in address order: two instances locking the same players never wait on each other in a circle. */
async function lockPlayers(db: Db, players: string[]): Promise<void> {
  const values = sql.join(
    [...new Set(players)].sort().map((player) => sql`(${player})`),
    sql`, `,
  );
  await db.execute(sql`SELECT count(pg_advisory_xact_lock(${PLAYER_LOCK}, hashtext(p))) FROM (VALUES ${values}) AS locked(p)`);
}

/** A bet checked against its key, its session and the chain (SessionBetIntake); what is left is checked against the database. */
export interface CheckedBet {
  player: string;
  betId: string;
  signed: SignedSessionBet;
  token: TokenSymbol;
  /** The session key that signed it: its lane's. */
  key: string;
  /** The EIP-712 digest the key signed. */
  digest: string;
  /** The chain's time when the bet was checked. */
  now: number;
  /** The block the lane was read at. */
  viewBlock: number;
  /** The lane's next nonce at viewBlock (`lane << 32 | n`). */
  laneNext: bigint;
  /** The lane's funds in the bet's token at viewBlock. */
  laneFunds: bigint;
  kind: SessionBetRow["kind"];
}

/** A bet's row as judgeKnown reads it. */
export interface KnownBetRow {
  r: string;
  vs: string;
  kind: SessionBetRow["kind"];
  status: SessionBetRow["status"];
  countersignature: string | null;
  exposed: boolean;
  deadline: string;
}

/** The columns of a session bet's row that judgeKnown reads. */
export const KNOWN_BET_COLUMNS = sql`r, vs, kind, status, countersignature, exposed, deadline::text AS deadline`;

/**
 * The verdict on a bet whose id has a row already: the same signed bet sent again (a retry) gets
 * that row's answer, unless it was refused (then it is checked afresh: undefined). Another bet of a
 * nonce the server took is refused: the settler countersigned the first, which its player may place
 * until its deadline, and a second countersigned bet would let the player choose between the two
 * once a relay transaction shows the nonce's seed. A refused bet gives its nonce up only once it can
 * no longer land (its deadline passed) and only if its seed was never broadcast.
 */
export function judgeKnown(
  row: KnownBetRow | undefined | null,
  betId: string,
  signed: SignedSessionBet,
  now: number,
  countersign: () => string,
): AcceptedBet | undefined {
  if (!row) return undefined;
  const same = row.r === signed.r && row.vs === signed.vs;
  if (row.status === "refused") {
    if (same || (!row.exposed && Number(row.deadline) < now)) return undefined;
    if (row.exposed)
      throw conflict(
        `Nonce ${signed.bet.nonce}'s seed was shown by a relay transaction that skipped its bet: that bet can still be placed with its countersignature until its deadline, and this session takes no other bet of that nonce; open a new session`,
      );
    throw conflict(`Nonce ${signed.bet.nonce} is taken by another bet of yours until its deadline, ${row.deadline}: send that bet again, or wait`);
  }
  if (!same) throw conflict(`Nonce ${signed.bet.nonce} is taken by another bet of yours`);
  return { betId, nonce: signed.bet.nonce.toString(), kind: row.kind, status: row.status, countersignature: row.countersignature ?? countersign() };
}

export interface GroupDeps {
  db: Db;
  /**
   * PostgreSQL, which several instances share: each group's players are locked while their bets
   * are checked. PGlite runs one transaction at a time already (one process per database), and the
   * lock would cost every group a statement for nothing.
   */
  sharedDatabase: boolean;
  signals: Signals;
  budgets: SessionBetBudgets;
  countersigner: Countersigner;
}

interface Waiting {
  bet: CheckedBet;
  resolve(accepted: AcceptedBet): void;
  reject(error: unknown): void;
}

type Outcome = { accepted: AcceptedBet } | { error: unknown };

/** A bet that passed every check, as it is stored. */
interface ToStore {
  bet: CheckedBet;
  countersignature: string;
}

/**
 * Queues checked bets in groups (group commit): the bets that arrive while one group's transaction
 * runs go into the next, one transaction for all of them, at most one bet per lane. At hundreds
 * of bets a second a transaction per bet held the database (one at a time on PGlite) while the
 * event loop served other requests between its statements; a group reads every lane's state in
 * one statement and stores every bet in another. A bet is answered once its group has committed.
 */
export class IntakeGroups {
  private readonly waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly d: GroupDeps) {}

  submit(bet: CheckedBet): Promise<AcceptedBet> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ bet, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length) await this.commitOrSplit(this.nextGroup());
    } finally {
      this.running = false;
    }
  }

  /** The oldest waiting bet of each lane, up to GROUP_MAX; a lane's later bets wait, in order, for the next group. */
  private nextGroup(): Waiting[] {
    const lanes = new Set<string>();
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of this.waiting) {
      const lane = `${waiting.bet.player}|${waiting.bet.key}`;
      if (group.length < GROUP_MAX && !lanes.has(lane)) {
        lanes.add(lane);
        group.push(waiting);
      } else later.push(waiting);
    }
    this.waiting.splice(0, this.waiting.length, ...later);
    return group;
  }

  private async commitOrSplit(group: Waiting[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.commit(group.map((waiting) => waiting.bet));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      // A statement failed the whole transaction: each bet goes again alone, so that only its own fails.
      for (const waiting of group) await this.commitOrSplit([waiting]);
      return;
    }
    for (const [i, outcome] of outcomes.entries()) {
      if ("accepted" in outcome) group[i]!.resolve(outcome.accepted);
      else group[i]!.reject(outcome.error);
    }
  }

  private commit(bets: CheckedBet[]): Promise<Outcome[]> {
    return this.d.db.transaction(async (db) => {
      // Under these locks too: the app's revoke (SessionKeys.revoke), which refuses the key's queued bets.
      if (this.d.sharedDatabase)
        await lockPlayers(
          db,
          bets.map((bet) => bet.player),
        );
      const states = await laneStates(db, bets, this.d.budgets);
      const outcomes: Outcome[] = [];
      const toStore: { index: number; row: ToStore }[] = [];
      // The budgets' use as this group's earlier bets leave it: a player's other lanes, and every player's pool.
      const used = new Map<string, SessionBetUse>();
      let pool = states[0]!.use.poolThisHour;
      for (const [i, bet] of bets.entries()) {
        try {
          const state = states[i]!;
          const countersign = () => this.d.countersigner.signDigest(bet.digest);
          // The same bet sent twice at once: the second finds the first here.
          const joined = judgeKnown(state.known, bet.betId, bet.signed, bet.now, countersign);
          if (joined) {
            outcomes[i] = { accepted: joined };
            continue;
          }
          const use = { ...(used.get(bet.player) ?? state.use), poolThisHour: pool };
          const overBudget = overSessionBudget(use, this.d.budgets);
          if (overBudget) throw overBudget;
          checkAgainstLane(bet, state);
          // Stored before it is returned: the settler countersigns one bet per nonce, and a refused
          // one is replaced (the same bet checked afresh, or another once it can no longer land:
          // judgeKnown) only under this player's lock, in the same statement that records it.
          toStore.push({ index: i, row: { bet, countersignature: countersign() } });
          const after = withOneMoreSessionBet(use, this.d.budgets);
          used.set(bet.player, after);
          pool = after.poolThisHour;
        } catch (error) {
          outcomes[i] = { error };
        }
      }
      if (toStore.length === 0) return outcomes;
      const stored = await storeBets(
        db,
        toStore.map(({ row }) => row),
        Math.min(...toStore.map(({ row }) => row.bet.now)),
      );
      for (const { index, row } of toStore) {
        const { bet } = row;
        const nonce = bet.signed.bet.nonce;
        outcomes[index] = stored.has(bet.betId)
          ? { accepted: { betId: bet.betId, nonce: nonce.toString(), kind: bet.kind, status: "queued", countersignature: row.countersignature } }
          : { error: conflict(`Nonce ${nonce} is taken by another bet of yours`) };
      }
      if (stored.size) await this.d.signals.notify(db, "relay");
      return outcomes;
    });
  }
}

/** What the database holds of a bet's lane for a bet under way (laneStates). */
interface LaneState {
  /** The row of the bet's id: a retry, or a nonce taken. */
  known: KnownBetRow | null;
  /** The server saw this client seed hash with another signature of this nonce (seen_client_seeds). */
  seedSeen: boolean;
  /** The app revoked the key. */
  revoked: boolean;
  /** The last nonce the relay took of the lane (queued, sent or mined). */
  lastNonce: bigint | null;
  /** Stakes of the lane's bets on their way in the bet's token: each may lose. */
  staked: bigint;
  /** An interactive bet (a blackjack hand, a mines round, a manual crash round) of the lane not settled yet. */
  openInteractive: string | null;
  /** The player's use of the session-bet budgets, and the hour's pool, before this group. */
  use: SessionBetUse;
}

/**
 * The checks of a bet against its lane's queue and funds; throws the refusal. The lane's next
 * nonce follows the bets the relay took that the chain has not counted yet; its funds, less the
 * stakes of those, must cover the stake (a payout on its way is not counted).
 */
function checkAgainstLane(bet: CheckedBet, state: LaneState): void {
  const { nonce, amount } = bet.signed.bet;
  if (state.revoked) throw forbidden("This session was revoked: open a new one");
  // Every signature gets a client seed the server never saw (docs/decisions.md §4): the seed of a
  // nonce's earlier bet reached the server with its reveal, and would show this one's outcome.
  if (state.seedSeen) {
    throw conflict(`This client seed was sent with an earlier bet of nonce ${nonce}: sign the bet again with a new client seed`);
  }
  if (state.openInteractive) throw conflict(`Finish your open hand or round (bet ${state.openInteractive}) before the next bet of this session`);
  const onTheWay = state.lastNonce !== null && state.lastNonce >= bet.laneNext;
  const expected = onTheWay ? state.lastNonce! + 1n : bet.laneNext;
  if (nonce < expected) throw conflict(`Nonce ${nonce} is taken: this session's next bet's nonce is ${expected}`);
  if (nonce > expected) throw conflict(`Nonce ${nonce} skips ahead: this session's next bet's nonce is ${expected}`);
  if (bet.laneFunds - state.staked < amount) {
    throw conflict(
      `This session holds ${formatAmount(bet.laneFunds)} ${bet.token}, less ${formatAmount(state.staked)} staked on bets still landing: not enough for a stake of ${formatAmount(amount)}`,
    );
  }
}

/**
 * Every bet's lane state, in one statement, in the bets' order: the row of the bet's id, whether
 * its client seed hash was seen with another signature, whether the app revoked the key, the
 * lane's bets on their way and open interactive bets, and what the session-bet budgets have used.
 * A lane's bets are its key's. On their way: queued, sent, or mined after the block the intake
 * read the chain at (viewBlock).
 */
async function laneStates(db: Db, bets: CheckedBet[], budgets: SessionBetBudgets): Promise<LaneState[]> {
  const rows = sql.join(
    bets.map(
      (bet, i) =>
        sql`(${i}::int, ${bet.player}::text, ${bet.key}::text, ${bet.betId}::text, ${bet.signed.bet.clientSeedHash}::text, ${bet.signed.r}::text, ${bet.signed.vs}::text, ${bet.token}::text, ${bet.viewBlock}::bigint)`,
    ),
    sql`, `,
  );
  const player = sql`q.player`;
  const result = rowsOf<{
    known: KnownBetRow | string | null;
    seed_seen: boolean;
    revoked: boolean | null;
    last_nonce: string | null;
    staked: string;
    open_interactive: string | null;
    by_address: number;
    by_address_hour: number;
    pool_hour: number;
  }>(
    await db.execute(sql`
      SELECT (SELECT row_to_json(known) FROM (SELECT ${KNOWN_BET_COLUMNS} FROM session_bets WHERE bet_id = q.bet_id) known) AS known,
             EXISTS (SELECT 1 FROM seen_client_seeds c WHERE c.bet_id = q.bet_id AND c.client_seed_hash = q.seed_hash)
               AND NOT EXISTS (SELECT 1 FROM session_bets s WHERE s.bet_id = q.bet_id AND s.r = q.r AND s.vs = q.vs) AS seed_seen,
             (SELECT revoked_at IS NOT NULL FROM session_keys k WHERE k.player = q.player AND k.key = q.key) AS revoked,
             ${sessionBetUseColumns(player, budgets)},
             (SELECT nonce FROM session_bets s WHERE s.key = q.key AND s.player = q.player AND s.status IN ('queued', 'sent', 'mined') ORDER BY s.nonce DESC LIMIT 1)::text AS last_nonce,
             way.staked,
             (SELECT bet_id FROM session_bets s WHERE s.key = q.key AND s.player = q.player AND s.kind = 'place' AND s.status IN ('queued', 'sent', 'mined')
                AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.bet_id = s.bet_id AND b.status IN ('settled', 'expired')) LIMIT 1) AS open_interactive
      FROM (VALUES ${rows}) AS q(i, player, key, bet_id, seed_hash, r, vs, token, view_block)
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(amount::numeric), 0)::text AS staked
        FROM session_bets s
        WHERE s.key = q.key AND s.player = q.player AND s.token = q.token AND (s.status IN ('queued', 'sent') OR (s.status = 'mined' AND s.block > q.view_block))
      ) way
      ORDER BY q.i`),
  );
  return result.map((row) => ({
    known: typeof row.known === "string" ? (JSON.parse(row.known) as KnownBetRow) : row.known,
    seedSeen: row.seed_seen,
    revoked: row.revoked === true,
    lastNonce: row.last_nonce === null ? null : BigInt(row.last_nonce),
    staked: BigInt(row.staked),
    openInteractive: row.open_interactive,
    use: { byAddress: Number(row.by_address), byAddressThisHour: Number(row.by_address_hour), poolThisHour: Number(row.pool_hour) },
  }));
}

/**
 * Stores the bets, their client seed hashes (seen_client_seeds) and counts them in the budgets, in
 * one statement; returns the ids stored. A row of the same id is replaced only when it was refused
 * and the bet is the same (checked afresh), or it can no longer land and its seed was never
 * broadcast (judgeKnown).
 */
async function storeBets(db: Db, rows: ToStore[], now: number): Promise<Set<string>> {
  const values = sql.join(
    rows.map(({ bet, countersignature }) => {
      const b = bet.signed.bet;
      return sql`(${bet.betId}, ${bet.player}, ${b.nonce.toString()}, ${bet.key}, ${bet.kind}, ${bet.token}, ${b.amount.toString()}, ${b.game}, ${b.params.toString()},
        ${b.clientSeedHash}, ${b.terms.toString()}, ${b.deadline.toString()}, ${bet.signed.r}, ${bet.signed.vs}, 'queued', ${countersignature})`;
    }),
    sql`, `,
  );
  const stored: SQL = sql`stored`;
  const result = await db.execute(sql`
    WITH stored AS (INSERT INTO session_bets (bet_id, player, nonce, key, kind, token, amount, game_type, params, client_seed_hash, terms, deadline, r, vs, status, countersignature)
    VALUES ${values}
    ON CONFLICT (bet_id) DO UPDATE SET key = EXCLUDED.key, kind = EXCLUDED.kind, token = EXCLUDED.token, amount = EXCLUDED.amount,
      game_type = EXCLUDED.game_type, params = EXCLUDED.params, client_seed_hash = EXCLUDED.client_seed_hash, client_seed = NULL,
      terms = EXCLUDED.terms, deadline = EXCLUDED.deadline, r = EXCLUDED.r, vs = EXCLUDED.vs,
      status = 'queued', tx_hash = NULL, block = NULL, error = NULL,
      countersignature = EXCLUDED.countersignature, created_at = clock_timestamp(), updated_at = now()
    WHERE session_bets.status = 'refused' AND ((session_bets.r = EXCLUDED.r AND session_bets.vs = EXCLUDED.vs)
      OR (NOT session_bets.exposed AND session_bets.deadline < ${now}))
    RETURNING bet_id, player, client_seed_hash),
    seen AS (INSERT INTO seen_client_seeds (bet_id, client_seed_hash) SELECT bet_id, client_seed_hash FROM stored ON CONFLICT DO NOTHING),
    counted AS (${countStoredSessionBetsStatement(stored)} RETURNING scope)
    SELECT bet_id FROM stored`);
  return new Set(rowsOf<{ bet_id: string }>(result).map((row) => row.bet_id));
}
