import { and, eq, inArray, sql } from "drizzle-orm";
import { crashRound, GameType, isInteractive, laneNonce, laneOfNonce, ticketDraws, ticketsHash, ticketsOf } from "../engine";
import { parseCasinoLog, type CasinoEvent, type CasinoEvents, type CasinoLog } from "../../../bindings/events";
import { WATCHED_EVENTS, WATCHED_SESSION_EVENTS } from "./watched-events";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";
import { bets, commitments, crashRounds, jackpotTickets, sessionBets, sessionKeys } from "../db/schema";
import { symbolOf } from "../tokens";
import { logger } from "../observability/log";
import { recordSession } from "../sessions/keys";
import { outcomeOf } from "./outcome";
import type { SeedVault } from "./seeds";

type BetInsert = typeof bets.$inferInsert;

const RECORDED = new Set<string>([...WATCHED_EVENTS, ...WATCHED_SESSION_EVENTS]);
const settlerLog = logger("settler");

export interface IngestContext {
  degenAddress: string;
  seeds: SeedVault;
}

interface Settled {
  betId: string;
  seed: string;
  random: string;
  txHash: string;
  block: number;
  jackpot?: Drawn;
}

interface Drawn {
  entropy: string;
  prize: bigint;
  hit: boolean;
}

/** What a JackpotTicketsIssued needs of its transaction's BetPlaced logs (engine/src/session.ts ticketsOf). */
interface PlacedTicket {
  betId: bigint;
  token: string;
  jackpotOdds: bigint;
  jackpotPrize: bigint;
}

/**
 * Records a run of Casino (and CasinoSessions) logs in one database transaction, in log order.
 * Runs of BetPlaced logs are written with one multi-row insert and runs of BetSettled with one
 * update, and a bet that needs no player action is recorded `ready` with its payout at once: a
 * busy block costs a few statements, not a few per bet. A one-click bet, placed and settled in one
 * transaction (CasinoSessions.play), has its BetSettled right after its BetPlaced: it is inserted
 * settled, so a relay batch of any size is one insert. Returns whether a settlement or a jackpot hit
 * was recorded: something the live feed (feed/live-bets.ts) shows.
 */
export async function ingestLogs(db: Db, logs: readonly CasinoLog[], ctx: IngestContext): Promise<boolean> {
  const parsedLogs = logs.map((log) => ({ log, parsed: parseCasinoLog(log) }));
  const placedLogs = parsedLogs.flatMap(({ parsed }) => (parsed?.name === "BetPlaced" ? [parsed.args] : []));
  const chains = await confirmedChains(
    db,
    placedLogs.map((a) => a.player),
  );
  const lanes = await laneKeys(db, placedLogs, parsedLogs, ctx.seeds);
  let placed = new Map<string, BetInsert>();
  let settled: Settled[] = [];
  /** Draws of jackpot tickets (drawJackpots), apart from any settlement. */
  let drawn: (Drawn & { betId: string })[] = [];
  const placedInTx = new Map<string, PlacedTicket[]>();
  let announced = false;
  const flush = async () => {
    announced ||= settled.length > 0 || drawn.some((draw) => draw.hit) || [...placed.values()].some((bet) => bet.status === "settled");
    if (placed.size)
      await insertBets(
        db,
        [...placed.values()].map((bet) => withOutcome(bet, ctx)),
        ctx,
      );
    if (settled.length) await markSettled(db, settled);
    if (drawn.length) await markDrawn(db, drawn);
    placed = new Map();
    settled = [];
    drawn = [];
  };
  for (const { log, parsed } of parsedLogs) {
    if (!parsed || !RECORDED.has(parsed.name)) continue;
    if (parsed.name === "BetPlaced") {
      const a = parsed.args;
      if (settled.length) await flush();
      const bet = betOf(a, log, chains, lanes, ctx);
      if (bet) placed.set(bet.betId, bet);
      const inTx = placedInTx.get(log.transactionHash) ?? [];
      inTx.push({ betId: a.betId, token: a.token, jackpotOdds: a.jackpotOdds, jackpotPrize: a.jackpotPrize });
      placedInTx.set(log.transactionHash, inTx);
      continue;
    }
    if (parsed.name === "BetSettled") {
      const a = parsed.args;
      const betId = a.betId.toString();
      const settlement = { seed: a.seed, random: a.random, settleTxHash: log.transactionHash, settledBlock: log.blockNumber };
      const placedNow = placed.get(betId);
      if (placedNow) {
        // Placed and settled in one transaction: only CasinoSessions.play does that, with its lane's
        // seed. The payout is the rules' for the word the chain published.
        const payout = placedNow.status === "orphan" ? undefined : payoutOf(placedNow, settlement.random);
        placed.set(betId, { ...placedNow, ...settlement, ...(payout !== undefined && { payout }), status: "settled" });
        continue;
      }
      if (placed.size) await flush();
      settled.push({ betId, seed: settlement.seed, random: settlement.random, txHash: log.transactionHash, block: log.blockNumber });
      continue;
    }
    if (parsed.name === "JackpotDrawn") {
      // A DEGEN settlement's draw follows its BetSettled: recorded with it, in the same statement.
      const a = parsed.args;
      const betId = a.betId.toString();
      const draw = { entropy: a.entropy, prize: a.prize, hit: a.hit };
      const last = settled[settled.length - 1];
      if (last?.betId === betId) last.jackpot = draw;
      else {
        if (placed.size || settled.length) await flush();
        drawn.push({ betId, ...draw });
      }
      continue;
    }
    await flush();
    await recordEvent(db, parsed, log, { chains, placedInTx, ctx });
  }
  await flush();
  return announced;
}

/** Where recordEvent keeps what later logs of the run read. */
interface RunState {
  chains: Map<string, bigint[]>;
  placedInTx: Map<string, PlacedTicket[]>;
  ctx: IngestContext;
}

/** An event recorded on its own, after the runs of bets before it are written. */
async function recordEvent(db: Db, event: CasinoEvent, log: CasinoLog, { chains, placedInTx, ctx }: RunState): Promise<void> {
  switch (event.name) {
    case "CommitmentSet": {
      const row = {
        player: event.args.player,
        firstNonce: event.args.firstNonce,
        length: Number(event.args.length),
        root: event.args.commit,
        status: "confirmed" as const,
        txHash: log.transactionHash,
      };
      await db
        .insert(commitments)
        .values(row)
        .onConflictDoUpdate({
          target: [commitments.player, commitments.firstNonce],
          set: { status: "confirmed", root: row.root, length: row.length, txHash: row.txHash },
        });
      chains.set(row.player, [...(chains.get(row.player) ?? []), row.firstNonce]);
      break;
    }
    case "StakeAdded":
      await db.update(bets).set({ split: true, updatedAt: new Date() }).where(eq(bets.betId, event.args.betId.toString()));
      break;
    case "SettlementSkipped":
      // settleBatch left the bet open (a split mined just before changed its payout, or the
      // like): it is ready to be sent again, unless a later settlement took it meanwhile.
      await db
        .update(bets)
        .set({ status: "ready", updatedAt: new Date() })
        .where(and(eq(bets.betId, event.args.betId.toString()), eq(bets.status, "sent"), eq(bets.settleTxHash, log.transactionHash)));
      break;
    case "JackpotEntropyLocked":
      await db.update(bets).set({ jackpotLocked: true }).where(eq(bets.betId, event.args.betId.toString()));
      break;
    case "ExpiredBetClaimed":
      await db
        .update(bets)
        .set({ status: "expired", payout: event.args.payout.toString(), updatedAt: new Date() })
        .where(eq(bets.betId, event.args.betId.toString()));
      break;
    case "JackpotTicketsIssued":
      await recordTickets(db, event.args, log, placedInTx.get(log.transactionHash) ?? [], ctx.degenAddress);
      break;
    case "JackpotTicketsDrawn":
      await recordTicketDraw(db, event.args, ctx.seeds.casino);
      break;
    case "SessionOpened": {
      const { player, key, commit } = event.args;
      await recordSession(db, event.args, log.transactionHash);
      // Derived now, and kept (settler/seeds.ts): the chain is 16,384 links, which the lane's
      // first bet would otherwise wait for in the relay and the log reader.
      if (commit.toLowerCase() !== ctx.seeds.laneRoot(player, key)) {
        settlerLog.warn(`Session ${key} of ${player} names a lane chain this server did not make: its bets are not relayed, and any placed is an orphan`);
      }
      break;
    }
    case "SessionRevoked":
      await db
        .update(sessionKeys)
        .set({ revokedOnChain: true })
        .where(and(eq(sessionKeys.player, event.args.player), eq(sessionKeys.key, event.args.key)));
      // The player stopped the key (a key that leaked, say): its bets not sent yet never are. The
      // chain would still take them until the session's end; their outcomes are unknown to all
      // but the house, so nothing is lost by either side.
      await db
        .update(sessionBets)
        .set({ status: "refused", error: "The session was revoked on chain before this bet was sent", updatedAt: new Date() })
        .where(and(eq(sessionBets.player, event.args.player), eq(sessionBets.key, event.args.key), eq(sessionBets.status, "queued")));
      break;
  }
}

/**
 * A play transaction's jackpot tickets, rebuilt from its BetPlaced logs as the contract hashed
 * them: a draw sent with anything else is refused (UnknownTickets). A mismatch is logged and left:
 * it would mean the engine and the contract disagree on which bets hold a ticket.
 */
async function recordTickets(db: Db, a: CasinoEvents["JackpotTicketsIssued"], log: CasinoLog, placed: PlacedTicket[], degenAddress: string): Promise<void> {
  const tickets = ticketsOf(placed, degenAddress);
  const hash = a.tickets;
  if (tickets.length !== Number(a.count) || ticketsHash(tickets) !== hash) {
    settlerLog.error(`The jackpot tickets of ${log.transactionHash} do not match their BetPlaced logs; they are left for anyone to draw`);
    return;
  }
  await db
    .insert(jackpotTickets)
    .values({
      hash,
      placedTxHash: log.transactionHash,
      placedBlock: log.blockNumber,
      tickets: tickets.map((t) => [t.betId.toString(), t.odds.toString(), t.prize.toString()] as [string, string, string]),
      status: "waiting",
    })
    .onConflictDoNothing();
}

/**
 * A batch's draw, recorded by a later play or made by drawJackpots (JackpotTicketsDrawn): its
 * misses are written to their bets now (nothing else publishes a miss), its hits and void tickets
 * (its block's hash gone) when drawJackpots publishes them (JackpotDrawn: a hit paid, or a void
 * ticket that wins nothing once the house funded its fair value). A batch still waiting becomes
 * `recorded`: the lease holder sends drawJackpots for it only if a ticket hit or the batch is void
 * (settler/jackpot-draws.ts).
 */
async function recordTicketDraw(db: Db, a: CasinoEvents["JackpotTicketsDrawn"], casino: string): Promise<void> {
  const hash = a.tickets;
  const entropy = a.entropy;
  const [row] = await db.select().from(jackpotTickets).where(eq(jackpotTickets.hash, hash));
  if (!row) return;
  await db
    .update(jackpotTickets)
    .set({ status: "recorded", entropy, updatedAt: new Date() })
    .where(and(eq(jackpotTickets.hash, hash), eq(jackpotTickets.status, "waiting")));
  const tickets = row.tickets.map(([betId, odds, prize]) => ({ betId: BigInt(betId), odds: BigInt(odds), prize: BigInt(prize) }));
  const misses = ticketDraws(casino, tickets, entropy).filter((draw) => !draw.hit && draw.roll !== null);
  if (misses.length)
    await markDrawn(
      db,
      misses.map((draw) => ({ betId: draw.betId.toString(), entropy, prize: draw.prize, hit: false })),
    );
}

/** The first nonces of the confirmed chains of these players. */
async function confirmedChains(db: Db, players: string[]): Promise<Map<string, bigint[]>> {
  const chains = new Map<string, bigint[]>();
  if (players.length === 0) return chains;
  const rows = await db
    .select({ player: commitments.player, firstNonce: commitments.firstNonce })
    .from(commitments)
    .where(and(inArray(commitments.player, [...new Set(players)]), eq(commitments.status, "confirmed")));
  for (const row of rows) chains.set(row.player, [...(chains.get(row.player) ?? []), row.firstNonce]);
  return chains;
}

/** A session lane's key, by `player|lane`: the lanes whose chain this server made (SeedVault.laneRoot), the only ones it settles. */
type LaneKeys = Map<string, string>;

/**
 * The session keys of the lanes these BetPlaced logs' lane bets are of (session_keys, or a
 * SessionOpened of this run, which a bet in the same block may follow), kept only when the lane's
 * chain is this server's: a session opened on chain with another commitment is not this server's
 * to settle (its bets are orphans).
 */
async function laneKeys(db: Db, placed: CasinoEvents["BetPlaced"][], run: { parsed: CasinoEvent | undefined }[], seeds: SeedVault): Promise<LaneKeys> {
  const pairs = [...new Set(placed.filter((a) => laneOfNonce(a.nonce) !== 0n).map((a) => `${a.player}|${laneOfNonce(a.nonce)}`))];
  const lanes: LaneKeys = new Map();
  if (pairs.length === 0) return lanes;
  const sessions = new Map<string, { key: string; commit: string | null }>();
  const players = [...new Set(pairs.map((pair) => pair.split("|")[0]!))];
  for (const row of await db.select().from(sessionKeys).where(inArray(sessionKeys.player, players)))
    if (row.lane !== null) sessions.set(`${row.player}|${row.lane}`, { key: row.key, commit: row.commit });
  for (const { parsed } of run)
    if (parsed?.name === "SessionOpened")
      sessions.set(`${parsed.args.player}|${parsed.args.lane}`, { key: parsed.args.key, commit: parsed.args.commit.toLowerCase() });
  for (const pair of pairs) {
    const session = sessions.get(pair);
    if (session && session.commit === seeds.laneRoot(pair.split("|")[0]!, session.key)) lanes.set(pair, session.key);
  }
  return lanes;
}

/** The payout of a bet that needs no player action, from its published word; undefined when the engine refuses it. */
function payoutOf(bet: BetInsert, random: string): string | undefined {
  try {
    return outcomeOf({ gameType: bet.gameType, params: bet.params, token: bet.token, amount: bet.amount }, random, null).payout.toString();
  } catch (error) {
    settlerLog.error(`Bet ${bet.betId} cannot be settled by the engine: ${(error as Error).message}`);
    return undefined;
  }
}

function betOf(a: CasinoEvents["BetPlaced"], log: CasinoLog, chains: Map<string, bigint[]>, lanes: LaneKeys, ctx: IngestContext): BetInsert | undefined {
  const betId = a.betId.toString();
  const player = a.player;
  const nonce = a.nonce;
  const token = symbolOf(a.token, ctx.degenAddress);
  if (!token) return undefined;
  const lane = laneOfNonce(nonce);
  const laneKey = lane === 0n ? null : (lanes.get(`${player}|${lane}`) ?? null);
  // A lane's bets are settled by its own chain from its first nonce; a wallet bet by the latest
  // wallet chain posted at or before its nonce.
  const chainFirstNonce =
    lane !== 0n
      ? laneKey === null
        ? undefined
        : laneNonce(lane, 0)
      : (chains.get(player) ?? []).filter((first) => first <= nonce).reduce<bigint | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);
  const bet = {
    betId,
    player,
    token,
    amount: a.amount.toString(),
    gameType: Number(a.gameType),
    params: a.params.toString(),
    nonce,
    clientSeed: a.clientSeed,
    chainFirstNonce: chainFirstNonce ?? -1n,
    laneKey,
    placedBlock: log.blockNumber,
    placedTxHash: log.transactionHash,
    placedBlockHash: log.blockHash ?? null,
    terms: a.terms.toString(),
    jackpotOdds: a.jackpotOdds.toString(),
    placedJackpotPrize: a.jackpotPrize.toString(),
  };
  if (chainFirstNonce === undefined) {
    settlerLog.error(`Bet ${betId} uses a commitment this server did not make; it cannot be settled here`);
    return { ...bet, status: "orphan" };
  }
  // Its seed, word and payout are found as the run is written (withOutcome): a played one-click
  // bet's BetSettled follows in the same transaction with the chain's own.
  return { ...bet, status: isInteractive(bet.gameType, BigInt(bet.params)) ? "open" : "ready" };
}

/**
 * A bet recorded `ready` and not settled in the run: its seed, word and payout, or `open` when the
 * engine refuses it. Computed once the run is read, not for each BetPlaced: under the relay
 * bench's load, the hash-chain links and words of bets their own transaction settled took the
 * lease holder about 0.4 ms a bet, 120 ms a block of 300 (issue #40).
 */
function withOutcome(bet: BetInsert, ctx: IngestContext): BetInsert {
  if (bet.status !== "ready" || bet.random !== undefined) return bet;
  const fixed = fixedOutcome({ ...bet, chainFirstNonce: bet.chainFirstNonce!, laneKey: bet.laneKey ?? null }, ctx.seeds);
  return fixed ? { ...bet, ...fixed } : { ...bet, status: "open" };
}

/**
 * The seed (stored now, published at settlement), word and payout of a bet that needs no player
 * action, or undefined when the engine refuses the bet: it is logged and stays open, for its
 * player to reclaim once it expires, instead of holding back everyone else's settlements.
 */
export function fixedOutcome(
  bet: Parameters<SeedVault["word"]>[0] & Parameters<typeof outcomeOf>[0],
  seeds: SeedVault,
): { seed: string; random: string; payout: string } | undefined {
  try {
    const { seed, word } = seeds.word(bet);
    return { seed, random: word, payout: outcomeOf(bet, word, null).payout.toString() };
  } catch (error) {
    settlerLog.error(`Bet ${bet.player}/${bet.nonce} cannot be settled by the engine: ${(error as Error).message}`);
    return undefined;
  }
}

/** One array parameter per column: a block's bets cost one short statement, whatever their number. */
function columns<T, K extends keyof T>(rows: readonly T[], keys: readonly K[]): ReturnType<typeof sql.param>[] {
  return keys.map((key) => sql.param(rows.map((row) => (row[key] == null ? null : String(row[key])))));
}

/** A recorded bet's columns as the insert writes them: its field, its column and the SQL type of its array. */
const INSERTED = [
  ["betId", "bet_id", "text"],
  ["player", "player", "text"],
  ["token", "token", "text"],
  ["amount", "amount", "text"],
  ["gameType", "game_type", "integer"],
  ["params", "params", "text"],
  ["nonce", "nonce", "bigint"],
  ["clientSeed", "client_seed", "text"],
  ["chainFirstNonce", "chain_first_nonce", "bigint"],
  ["laneKey", "lane_key", "text"],
  ["placedBlock", "placed_block", "bigint"],
  ["placedTxHash", "placed_tx_hash", "text"],
  ["placedBlockHash", "placed_block_hash", "text"],
  ["status", "status", "text"],
  ["payout", "payout", "text"],
  ["seed", "seed", "text"],
  ["random", "random", "text"],
  ["terms", "terms", "text"],
  ["jackpotOdds", "jackpot_odds", "text"],
  ["placedJackpotPrize", "placed_jackpot_prize", "text"],
  ["settleTxHash", "settle_tx_hash", "text"],
  ["settledBlock", "settled_block", "bigint"],
] as const satisfies readonly (readonly [keyof BetInsert, string, string])[];
const INSERTED_NAMES = sql.raw(INSERTED.map(([, name]) => name).join(", "));

async function insertBets(db: Db, rows: BetInsert[], ctx: IngestContext): Promise<void> {
  const arrays = columns(
    rows,
    INSERTED.map(([field]) => field),
  ).map((values, i) => sql`${values}::${sql.raw(INSERTED[i]![2])}[]`);
  const result = await db.execute(sql`
    INSERT INTO bets (${INSERTED_NAMES}, settled_seq)
    SELECT *, CASE WHEN v.status = 'settled' THEN nextval('bets_feed_seq') END FROM unnest(${sql.join(arrays, sql`, `)}) AS v(${INSERTED_NAMES})
    ON CONFLICT DO NOTHING
    RETURNING bet_id`);
  const inserted = new Set(rowsOf<{ bet_id: string }>(result).map((row) => row.bet_id));
  // A manual crash round starts when the server first sees its bet, by the database's clock, which
  // the cash-out route reads on whichever instance it runs.
  const rounds = rows
    .filter((bet) => inserted.has(bet.betId) && bet.status === "open" && bet.gameType === GameType.CRASH && bet.params === "0")
    .map((bet) => ({
      betId: bet.betId,
      player: bet.player,
      startedAt: sql`clock_timestamp()`,
      crashPointHundredths: crashRound(ctx.seeds.word({ ...bet, chainFirstNonce: bet.chainFirstNonce!, laneKey: bet.laneKey ?? null }).word, bet.token)
        .crashPoint,
    }));
  if (rounds.length) await db.insert(crashRounds).values(rounds).onConflictDoNothing();
}

async function markSettled(db: Db, rows: Settled[]): Promise<void> {
  const flat = rows.map((row) => ({ ...row, ...(row.jackpot && jackpotColumns(row.jackpot)) }));
  const [ids, seeds, randoms, txHashes, blocks, entropies, prizes, hits, wins] = columns(flat, [
    "betId",
    "seed",
    "random",
    "txHash",
    "block",
    "jackpotEntropy",
    "jackpotPrize",
    "jackpotHit",
    "jackpotWin",
  ] as const);
  // A DEGEN bet's settlement publishes its jackpot draw only when it hits or is void (JackpotDrawn,
  // hit false and nothing won when void): without one, its roll on its block's hash missed. The feed's places are numbered in log order before
  // the join, whose order is the planner's.
  const missed = sql`(v.entropy IS NULL AND bets.token = 'DEGEN' AND bets.jackpot_odds <> '0' AND bets.placed_block_hash IS NOT NULL)`;
  await db.execute(sql`
    UPDATE bets SET status = 'settled', seed = v.seed, random = v.random, settle_tx_hash = v.tx_hash, settled_block = v.block,
      jackpot_entropy = CASE WHEN ${missed} THEN bets.placed_block_hash ELSE v.entropy END,
      jackpot_prize = CASE WHEN ${missed} THEN bets.placed_jackpot_prize ELSE v.prize END,
      jackpot_hit = CASE WHEN ${missed} THEN false ELSE v.hit END,
      jackpot_win = CASE WHEN ${missed} THEN '0' ELSE v.win END, updated_at = now(),
      settled_seq = COALESCE(bets.settled_seq, v.seq),
      jackpot_seq = COALESCE(bets.jackpot_seq, CASE WHEN v.hit AND v.win <> '0' THEN nextval('bets_feed_seq') END)
    FROM (SELECT logged.*, nextval('bets_feed_seq') AS seq FROM (
      SELECT * FROM unnest(${ids}::text[], ${seeds}::text[], ${randoms}::text[], ${txHashes}::text[], ${blocks}::bigint[],
        ${entropies}::text[], ${prizes}::text[], ${hits}::boolean[], ${wins}::text[]) WITH ORDINALITY AS u(bet_id, seed, random, tx_hash, block, entropy, prize, hit, win, ord)
      ORDER BY ord) AS logged) AS v
    WHERE bets.bet_id = v.bet_id`);
}

/** Draws of one-click bets' tickets, in one statement however many. */
async function markDrawn(db: Db, rows: (Drawn & { betId: string })[]): Promise<void> {
  const [ids, entropies, prizes, hits, wins] = columns(
    rows.map((row) => ({ betId: row.betId, ...jackpotColumns(row) })),
    ["betId", "jackpotEntropy", "jackpotPrize", "jackpotHit", "jackpotWin"] as const,
  );
  await db.execute(sql`
    UPDATE bets SET jackpot_entropy = v.entropy, jackpot_prize = v.prize, jackpot_hit = v.hit, jackpot_win = v.win, updated_at = now(),
      jackpot_seq = COALESCE(bets.jackpot_seq, CASE WHEN v.hit AND v.win <> '0' THEN nextval('bets_feed_seq') END)
    FROM unnest(${ids}::text[], ${entropies}::text[], ${prizes}::text[], ${hits}::boolean[], ${wins}::text[]) AS v(bet_id, entropy, prize, hit, win)
    WHERE bets.bet_id = v.bet_id`);
}

/** A jackpot draw as bet columns: a hit wins the prize, a miss or a void draw nothing. */
function jackpotColumns(drawn: Drawn) {
  return { jackpotEntropy: drawn.entropy, jackpotPrize: drawn.prize.toString(), jackpotHit: drawn.hit, jackpotWin: drawn.hit ? drawn.prize.toString() : "0" };
}
