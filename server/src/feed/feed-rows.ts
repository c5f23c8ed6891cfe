import { sql } from "drizzle-orm";
import { gameName, type GameName, type GameType } from "../engine";
import { rowsOf } from "../db/index";
import type { Db } from "../db/types";

/** A settled on-chain bet as every browser's live feed shows it. Amounts are wei, as decimal strings. */
export interface LiveBet {
  /** Its place in the order settlements were recorded (bets.settled_seq). */
  seq: number;
  betId: string;
  gameType: number;
  game: GameName;
  player: string;
  /** The player's username, when the wallet registered one. */
  username: string | null;
  token: "DEGEN" | "BNB";
  /** Everything staked: a split blackjack hand staked twice its bet. */
  stake: string;
  payout: string;
  /** What its jackpot draw paid ("0" when it missed or had none; null while not drawn). */
  jackpotWin: string | null;
  settledBlock: number;
  settleTxHash: string;
}

/** A jackpot hit, announced to every page. */
export interface JackpotHit {
  seq: number;
  betId: string;
  player: string;
  username: string | null;
  amount: string;
}

interface BetRow {
  settled_seq: string;
  bet_id: string;
  game_type: number;
  player: string;
  username: string | null;
  token: "DEGEN" | "BNB";
  amount: string;
  split: boolean;
  payout: string;
  jackpot_win: string | null;
  settled_block: string;
  settle_tx_hash: string;
}

const BET_COLUMNS = sql`bets.settled_seq, bets.bet_id, bets.game_type, bets.player, users.username, bets.token, bets.amount, bets.split, bets.payout,
  bets.jackpot_win, bets.settled_block, bets.settle_tx_hash`;

function liveBetOf(row: BetRow): LiveBet {
  return {
    seq: Number(row.settled_seq),
    betId: row.bet_id,
    gameType: row.game_type,
    game: gameName(row.game_type as GameType),
    player: row.player,
    username: row.username,
    token: row.token,
    stake: (BigInt(row.amount) * (row.split ? 2n : 1n)).toString(),
    payout: row.payout,
    jackpotWin: row.jackpot_win,
    settledBlock: Number(row.settled_block),
    settleTxHash: row.settle_tx_hash,
  };
}

/** The newest settled bets, newest first. */
export async function newestBets(db: Db, limit: number): Promise<LiveBet[]> {
  const result = await db.execute(sql`
    SELECT ${BET_COLUMNS} FROM bets LEFT JOIN users ON users.wallet_address = bets.player
    WHERE bets.settled_seq IS NOT NULL ORDER BY bets.settled_seq DESC LIMIT ${limit}`);
  return rowsOf<BetRow>(result).map(liveBetOf);
}

/** The bets settled after a place in the feed's order, oldest first, but those of `skip` (sent already). */
export async function betsAfter(db: Db, seq: number, limit: number, skip: readonly number[] = []): Promise<LiveBet[]> {
  const skipped = `{${skip.join(",")}}`;
  const result = await db.execute(sql`
    SELECT ${BET_COLUMNS} FROM bets LEFT JOIN users ON users.wallet_address = bets.player
    WHERE bets.settled_seq > ${seq} AND bets.settled_seq <> ALL(${skipped}::bigint[]) ORDER BY bets.settled_seq LIMIT ${limit}`);
  return rowsOf<BetRow>(result).map(liveBetOf);
}

/** The jackpot hits recorded after a place in the feed's order, oldest first. */
export async function jackpotsAfter(db: Db, seq: number, limit: number): Promise<JackpotHit[]> {
  const result = await db.execute(sql`
    SELECT bets.jackpot_seq, bets.bet_id, bets.player, users.username, bets.jackpot_win
    FROM bets LEFT JOIN users ON users.wallet_address = bets.player
    WHERE bets.jackpot_seq > ${seq} ORDER BY bets.jackpot_seq LIMIT ${limit}`);
  return rowsOf<{ jackpot_seq: string; bet_id: string; player: string; username: string | null; jackpot_win: string }>(result).map((row) => ({
    seq: Number(row.jackpot_seq),
    betId: row.bet_id,
    player: row.player,
    username: row.username,
    amount: row.jackpot_win,
  }));
}

/** The highest place any jackpot hit holds (0 when none): a new instance announces only hits after it. */
export async function lastJackpotSeq(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT coalesce(max(jackpot_seq), 0) AS seq FROM bets WHERE jackpot_seq IS NOT NULL`);
  return Number(rowsOf<{ seq: string }>(result)[0]!.seq);
}
