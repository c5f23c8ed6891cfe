import { sql, type SQL } from "drizzle-orm";
import { ALWAYS_INTERACTIVE, formatAmount, GameType } from "../engine";
import { countStoredSessionBetsStatement, overSessionBudget, sessionBetUseColumns, type SessionBetBudgets } from "../chain/budgets";
import type { Signals } from "../cluster/cluster";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { conflict, forbidden } from "../http/errors";
import type { TokenSymbol } from "../tokens";
import type { ChainMark } from "./chain-marks";
import type { AcceptedBet, Countersigner, SessionBetRow, SignedSessionBet } from "./intake-types";
import { overRevertBudgetText, revertGasColumn } from "./relay-reverts";

/** Taken per player (with the player's address hashed into the second key) while a bet is checked and queued. */
const PLAYER_LOCK = 727004;
/** Bets of different players stored in one transaction at most: the rest wait for the next one. */
const GROUP_MAX = 100;

/** Holds the player's intake lock until the transaction ends: no bet of theirs is queued meanwhile. */
export function lockPlayer(db: Db, player: string): Promise<void> {
  return lockPlayers(db, [player]);
}

/** lockPlayer for several players, in one statement, in address order: two instances locking the same players never wait on each other in a circle. */
async function lockPlayers(db: Db, players: string[]): Promise<void> {
  const values = sql.join(
    [...players].sort().map((player) => sql`(${player})`),
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
  /** The session key that signed it. */
  key: string;
  /** The EIP-712 digest the key signed. */
  digest: string;
  /** The chain's time when the bet was checked. */
  now: number;
  /** The block the player's commitment, vault and session were read at, and when (this machine's clock). */
  viewBlock: number;
  viewReadAt: number;
  commit: string;
  root: string;
  chainNext: bigint;
  chainFirstNonce: bigint;
  /** The player's vault in the bet's token, at viewBlock. */
  balance: bigint;
  /** What the session has lost in the bet's token, at viewBlock. */
  lostOnChain: bigint;
  /** The session's budget in the bet's token. */
  budget: bigint;
  kind: SessionBetRow["kind"];
  /** The player's mark at viewBlock, or null when the relay must simulate the bet (sessions/relay-trust.ts). */
  chainMark: ChainMark;
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
 * no longer land (its deadline passed) and only if its seed was never broadcast; else that nonce is
 * the wallet's (playGame, settled with another link).
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
      throw conflict(`Nonce ${signed.bet.nonce}'s relay seed was shown by a relay transaction that failed: place this nonce's bet from your wallet`);
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
  /** RELAY_REVERT_GAS_PER_ADDRESS_PER_DAY: an address whose bets cost the house this much gas in reverts gets no bet relayed (relay-reverts.ts). */
  revertGasPerAddressPerDay: number;
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
 * runs go into the next, one transaction for all of them, at most one bet per player. At hundreds
 * of bets a second a transaction per bet held the database (one at a time on PGlite) while the
 * event loop served other requests between its statements; a group reads every player's state in
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

  /** The oldest waiting bet of each player, up to GROUP_MAX; a player's later bets wait, in order, for the next group. */
  private nextGroup(): Waiting[] {
    const players = new Set<string>();
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of this.waiting) {
      if (group.length < GROUP_MAX && !players.has(waiting.bet.player)) {
        players.add(waiting.bet.player);
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
      const states = await playerStates(db, bets);
      const outcomes: Outcome[] = [];
      const toStore: { index: number; row: ToStore }[] = [];
      let allPlayersUse = states[0]!.allPlayersLastHour;
      for (const [i, bet] of bets.entries()) {
        try {
          const countersign = () => this.d.countersigner.signDigest(bet.digest);
          // The same bet sent twice at once: the second finds the first here.
          const joined = judgeKnown(states[i]!.known, bet.betId, bet.signed, bet.now, countersign);
          if (joined) {
            outcomes[i] = { accepted: joined };
            continue;
          }
          const overBudget = overSessionBudget({ ...states[i]!, allPlayersLastHour: allPlayersUse }, this.d.budgets);
          if (overBudget) throw overBudget;
          // Past it the relay would refuse the bet: refused now, and the player bets from the wallet.
          if (states[i]!.revertGas >= this.d.revertGasPerAddressPerDay)
            throw conflict(overRevertBudgetText(states[i]!.revertGas, this.d.revertGasPerAddressPerDay));
          checkAgainstQueue(bet, states[i]!);
          // Stored before it is returned: the settler countersigns one bet per nonce, and a refused
          // one is replaced (the same bet checked afresh, or another once it can no longer land:
          // judgeKnown) only under this player's lock, in the same statement that records it.
          toStore.push({ index: i, row: { bet, countersignature: countersign() } });
          allPlayersUse++;
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

/** What the database holds of a player for a bet under way (playerStates). */
interface PlayerState {
  /** The row of the bet's id: a retry, or a nonce taken. */
  known: KnownBetRow | null;
  revoked: boolean;
  /** The last nonce the relay took of the player (queued, sent or mined). */
  lastNonce: bigint | null;
  /** Stakes of the player's bets on their way in the bet's token: each may lose. */
  staked: bigint;
  /** Of those, the ones of this key: the session's budget counts them as lost until paid. */
  stakedByKey: bigint;
  /** An interactive bet (a blackjack hand, a manual crash round) of the player not settled yet. */
  openInteractive: string | null;
  /** When the relay last refused a bet of the player (ms), or null. */
  lastRefusedAt: number | null;
  byAddress: number;
  byAddressThisHour: number;
  allPlayersLastHour: number;
  /** Gas the player's bets cost the house in reverted relay transactions over 24 hours (relay-reverts.ts). */
  revertGas: number;
}

/** The checks of a bet against its player's queue, the vault and the session's budget; throws the refusal. */
function checkAgainstQueue(bet: CheckedBet, state: PlayerState): void {
  const { nonce, expectedCommit, amount } = bet.signed.bet;
  if (state.revoked) throw forbidden("This session was revoked: open a new one");
  // The chain refused a bet of the player since the view was read (its vault emptied from the
  // wallet, say): the view is not trusted, and the intake judges the bet again on one read now
  // rather than queue more bets the chain will refuse.
  if (state.lastRefusedAt !== null && state.lastRefusedAt >= bet.viewReadAt)
    throw conflict("The chain refused a bet of yours since this server last read it: send the bet again");
  if (state.openInteractive) throw conflict(`Finish your open hand or round (bet ${state.openInteractive}) before the next bet`);
  // Bets the relay took that the chain has not counted yet come before this one.
  const onTheWay = state.lastNonce !== null && state.lastNonce >= bet.chainNext;
  const expected = onTheWay ? state.lastNonce! + 1n : bet.chainNext;
  if (nonce < expected) throw conflict(`Nonce ${nonce} is taken: your next bet's nonce is ${expected}`);
  if (nonce > expected) throw conflict(`Nonce ${nonce} skips ahead: your next bet's nonce is ${expected}`);
  // The current commitment moves with every bet that lands: only the root stays valid behind bets on their way.
  if (expectedCommit !== bet.root && (expectedCommit !== bet.commit || onTheWay)) {
    throw conflict(`The bet names a stale commitment: sign it again with expectedCommit ${bet.root} (the chain's root)`);
  }
  if (bet.balance - state.staked < amount) {
    throw conflict(
      `Your vault's ${formatAmount(bet.balance)} ${bet.token}, less ${formatAmount(state.staked)} staked on bets still landing, does not cover a stake of ${formatAmount(amount)}`,
    );
  }
  const lost = bet.lostOnChain + state.stakedByKey;
  if (lost + amount > bet.budget) {
    throw forbidden(
      `This bet would take the session past its budget: ${formatAmount(lost > 0n ? lost : 0n)} of ${formatAmount(bet.budget)} ${bet.token} spent or staked`,
    );
  }
}

/**
 * Every bet's player state, in one statement, in the bets' order: the row of the bet's id, whether
 * the app revoked the key, the player's bets on their way and open interactive bets, and what the
 * session-bet budgets have used. On their way: queued, sent, or mined after the block the intake
 * read the chain at (viewBlock).
 */
async function playerStates(db: Db, bets: CheckedBet[]): Promise<PlayerState[]> {
  const rows = sql.join(
    bets.map((bet, i) => sql`(${i}::int, ${bet.player}::text, ${bet.key}::text, ${bet.betId}::text, ${bet.token}::text, ${bet.viewBlock}::bigint)`),
    sql`, `,
  );
  const player = sql`q.player`;
  const result = rowsOf<{
    known: KnownBetRow | string | null;
    revoked: boolean | null;
    last_nonce: string | null;
    staked: string;
    staked_by_key: string;
    open_interactive: string | null;
    last_refused_at: number | null;
    by_address: number;
    by_address_hour: number;
    all_players: number;
    revert_gas: string;
  }>(
    await db.execute(sql`
      SELECT (SELECT row_to_json(known) FROM (SELECT ${KNOWN_BET_COLUMNS} FROM session_bets WHERE bet_id = q.bet_id) known) AS known,
             (SELECT revoked_at IS NOT NULL OR revoked_on_chain FROM session_keys k WHERE k.player = q.player AND k.key = q.key) AS revoked,
             ${sessionBetUseColumns(player)},
             ${revertGasColumn(player)},
             (SELECT nonce FROM session_bets s WHERE s.player = q.player AND s.status IN ('queued', 'sent', 'mined') ORDER BY s.nonce DESC LIMIT 1)::text AS last_nonce,
             way.staked, way.staked_by_key,
             coalesce(
               (SELECT bet_id FROM session_bets s WHERE s.player = q.player AND s.kind = 'place' AND s.status IN ('queued', 'sent', 'mined')
                  AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.bet_id = s.bet_id AND b.status IN ('settled', 'expired')) LIMIT 1),
               -- A wallet bet of an interactive game (engine isInteractive) in play or being settled.
               (SELECT bet_id FROM bets b WHERE b.player = q.player AND b.status IN ('open', 'ready', 'sent')
                  AND (b.game_type IN (${sql.join(
                    ALWAYS_INTERACTIVE.map((gameType) => sql`${gameType}`),
                    sql`, `,
                  )}) OR (b.game_type = ${GameType.CRASH} AND b.params = '0')) LIMIT 1)
             ) AS open_interactive,
             (SELECT extract(epoch FROM max(updated_at)) * 1000 FROM session_bets s WHERE s.player = q.player AND s.status = 'refused')::float8 AS last_refused_at
      FROM (VALUES ${rows}) AS q(i, player, key, bet_id, token, view_block)
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(amount::numeric), 0)::text AS staked, coalesce(sum(amount::numeric) FILTER (WHERE s.key = q.key), 0)::text AS staked_by_key
        FROM (SELECT amount, key FROM session_bets WHERE player = q.player AND token = q.token AND status IN ('queued', 'sent')
              UNION ALL
              SELECT amount, key FROM session_bets WHERE player = q.player AND token = q.token AND status = 'mined' AND block > q.view_block) s
      ) way
      ORDER BY q.i`),
  );
  return result.map((row) => ({
    known: typeof row.known === "string" ? (JSON.parse(row.known) as KnownBetRow) : row.known,
    revoked: row.revoked === true,
    lastNonce: row.last_nonce === null ? null : BigInt(row.last_nonce),
    staked: BigInt(row.staked),
    stakedByKey: BigInt(row.staked_by_key),
    openInteractive: row.open_interactive,
    lastRefusedAt: row.last_refused_at === null ? null : Number(row.last_refused_at),
    byAddress: Number(row.by_address),
    byAddressThisHour: Number(row.by_address_hour),
    allPlayersLastHour: Number(row.all_players),
    revertGas: Number(row.revert_gas),
  }));
}

/**
 * Stores the bets and counts them in the budgets, in one statement; returns the ids stored. A row
 * of the same id is replaced only when it was refused and the bet is the same (checked afresh), or
 * it can no longer land and its seed was never broadcast (judgeKnown).
 */
async function storeBets(db: Db, rows: ToStore[], now: number): Promise<Set<string>> {
  const values = sql.join(
    rows.map(({ bet, countersignature }) => {
      const b = bet.signed.bet;
      return sql`(${bet.betId}, ${bet.player}, ${b.nonce.toString()}, ${bet.key}, ${bet.kind}, ${bet.token}, ${b.amount.toString()}, ${b.game}, ${b.params.toString()},
        ${b.clientSeedHash}, ${b.expectedCommit}, ${b.terms.toString()}, ${b.deadline.toString()}, ${bet.signed.r}, ${bet.signed.vs},
        ${bet.chainFirstNonce.toString()}, 'queued', ${countersignature}, ${bet.chainMark})`;
    }),
    sql`, `,
  );
  const stored: SQL = sql`stored`;
  const result = await db.execute(sql`
    WITH stored AS (INSERT INTO session_bets (bet_id, player, nonce, key, kind, token, amount, game_type, params, client_seed_hash, expected_commit, terms, deadline, r, vs, chain_first_nonce, status, countersignature, chain_mark)
    VALUES ${values}
    ON CONFLICT (bet_id) DO UPDATE SET key = EXCLUDED.key, kind = EXCLUDED.kind, token = EXCLUDED.token, amount = EXCLUDED.amount,
      game_type = EXCLUDED.game_type, params = EXCLUDED.params, client_seed_hash = EXCLUDED.client_seed_hash, client_seed = NULL, expected_commit = EXCLUDED.expected_commit,
      terms = EXCLUDED.terms, deadline = EXCLUDED.deadline, r = EXCLUDED.r, vs = EXCLUDED.vs,
      chain_first_nonce = EXCLUDED.chain_first_nonce, status = 'queued', tx_hash = NULL, block = NULL, error = NULL, attempts = 0,
      countersignature = EXCLUDED.countersignature, chain_mark = EXCLUDED.chain_mark, created_at = clock_timestamp(), updated_at = now()
    WHERE session_bets.status = 'refused' AND ((session_bets.r = EXCLUDED.r AND session_bets.vs = EXCLUDED.vs)
      OR (NOT session_bets.exposed AND session_bets.deadline < ${now}))
    RETURNING bet_id, player),
    counted AS (${countStoredSessionBetsStatement(stored)} RETURNING scope)
    SELECT bet_id FROM stored`);
  return new Set(rowsOf<{ bet_id: string }>(result).map((row) => row.bet_id));
}
