import type { GameName } from "@engine/gameTypes";
import type { Token } from "@/config/tokens";

/** The leaderboards' windows, as GET /api/leaderboards takes them. */
export type StatsWindow = "24h" | "7d" | "all";
export const STATS_WINDOWS: readonly { id: StatsWindow; label: string }[] = [
  { id: "24h", label: "24 hours" },
  { id: "7d", label: "7 days" },
  { id: "all", label: "All time" },
];

/** Wire types of server/src/stats (leaderboards.ts, player-stats.ts). Amounts are wei, as decimal strings. */
export interface LeaderboardEntry {
  player: string;
  username: string | null;
  bets: number;
  amount: string;
}

export interface BigWin {
  betId: string;
  player: string;
  username: string | null;
  gameType: number;
  game: GameName;
  stake: string;
  paid: string;
  settledBlock: number;
}

export interface Leaderboards {
  window: StatsWindow;
  token: Token;
  since: number | null;
  wagered: LeaderboardEntry[];
  biggestWins: BigWin[];
  profit: LeaderboardEntry[];
  /** The last block whose events the numbers include. */
  readUpTo: number;
}

export interface GameStats {
  gameType: number;
  game: GameName;
  token: Token;
  bets: number;
  wagered: string;
  paid: string;
  profit: string;
  biggestWin: string;
}

/** [unix time of the block, profit so far in wei]. */
export type ProfitPoint = [number, string];

export interface PlayerStats {
  player: string;
  username: string | null;
  games: GameStats[];
  profitOverTime: Partial<Record<Token, ProfitPoint[]>>;
  readUpTo: number;
}

export interface PlayerBet {
  seq: number;
  betId: string;
  gameType: number;
  game: GameName;
  token: Token;
  stake: string;
  paid: string;
  jackpotWin: string;
  settledBlock: number;
  settledAt: number | null;
  settleTxHash: string;
}

export interface PlayerBetsPage {
  bets: PlayerBet[];
  /** Pass as `before` for the next page; null on the last. */
  next: number | null;
  readUpTo: number;
}

export type BetResult = "won" | "lost" | "even";

export interface BetFilter {
  gameType?: number;
  token?: Token;
  result?: BetResult;
}

export const leaderboardsUrl = (window: StatsWindow, token: Token) => `/api/leaderboards?window=${window}&token=${token}`;
export const playerStatsUrl = (player: string) => `/api/players/${player}`;

/** The history's URL for a filter: a page of JSON (from `before` on), or the whole as CSV. */
export function playerBetsUrl(player: string, filter: BetFilter, o: { before?: number; format?: "csv" } = {}): string {
  const query = new URLSearchParams();
  if (filter.gameType !== undefined) query.set("game", String(filter.gameType));
  if (filter.token) query.set("token", filter.token);
  if (filter.result) query.set("result", filter.result);
  if (o.before !== undefined) query.set("before", String(o.before));
  if (o.format) query.set("format", o.format);
  const search = query.toString();
  return `/api/players/${player}/bets${search ? `?${search}` : ""}`;
}
