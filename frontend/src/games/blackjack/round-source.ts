import type { ActiveSplit, BlackjackAction, BlackjackStatus } from "@engine/blackjack";
import type { Card } from "@engine/cards";
import type { Token } from "@/config/tokens";
import type { IdleLimit } from "@/features/bets";
import { apiRequest } from "@/lib/api-client";

export type { ActiveSplit, BlackjackStatus, Card };

/** The dealer's hole card while the hand is played. */
export interface HiddenCard {
  hidden: true;
}
export type TableCard = Card | HiddenCard;

/** docs/product.md §3 'Blackjack game response', with payout as a number (total returned, stake included). */
export interface BlackjackTable {
  sessionId: string;
  playerHand: Card[];
  dealerHand: TableCard[];
  playerScore: number;
  dealerScore: number | "?";
  status: BlackjackStatus;
  canSplit: boolean;
  payout: number;
  splitHand: Card[] | null;
  splitScore: number | null;
  activeSplit: ActiveSplit | null;
  /** Web3 only: the server's idle auto-stand, refreshed by each answer. */
  idle?: IdleLimit;
}

/** A web3 hand the page left while in play (its bet lives on chain), taken up again when the page comes back. */
export interface OpenHand {
  token: Token;
  stake: number;
  table: BlackjackTable;
}

export interface HandRequest {
  token: Token;
  sessionId: string;
}

/** A web3 hand's action carries its player's key's signature of the whole log so far, this action included. */
export type SignedHandRequest = HandRequest & { signature?: string };

/**
 * Where a hand's cards come from. Demo play asks the server's docs/product.md §7 blackjack routes (no
 * session, no chain); web3 play stakes on chain and uses the same routes with the bet's id. Each
 * call answers with the fields docs/product.md §7 says it reads; the caller merges them into the table.
 */
export interface BlackjackRoundSource {
  start(request: { token: Token; stake: number }): Promise<BlackjackTable>;
  hit(request: HandRequest): Promise<Partial<BlackjackTable>>;
  stand(request: HandRequest): Promise<Partial<BlackjackTable>>;
  /** `progress` tells the steps before the split itself (web3: the second stake in the wallet, then on chain). */
  split(request: HandRequest & { progress?: (step: string | null) => void }): Promise<Partial<BlackjackTable>>;
  /**
   * The finished hand as the player is to see it: demo, the server's last answer; web3, the hand
   * the chain settled (also one the server stood because it idled).
   */
  result(table: BlackjackTable): Promise<BlackjackTable>;
  /** A web3 hand whose result the page has not shown yet (it was left in play or settling), or null. */
  openHand(): OpenHand | null;
}

export type Answer = Omit<BlackjackTable, "payout" | "idle"> & { payout: string };
type Field = keyof Answer;
export type ActionRoute = "hit" | "stand" | "split";

/** docs/product.md §7: the fields each call reads. */
const READS = {
  start: ["sessionId", "playerHand", "dealerHand", "playerScore", "dealerScore", "status", "canSplit", "payout"],
  hit: ["playerHand", "playerScore", "status", "splitHand", "splitScore", "activeSplit", "dealerHand", "dealerScore", "payout"],
  stand: ["dealerHand", "dealerScore", "status", "splitHand", "splitScore", "activeSplit", "payout"],
  split: ["playerHand", "playerScore", "splitHand", "splitScore", "activeSplit", "status", "dealerHand", "dealerScore", "payout"],
} as const satisfies Record<string, readonly Field[]>;

function read(answer: Answer, fields: readonly Field[]): Partial<BlackjackTable> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) picked[field] = field === "payout" ? Number(answer.payout) : answer[field];
  // The split button follows canSplit: no action after the first leaves a split possible.
  return { ...picked, canSplit: fields.includes("canSplit") ? answer.canSplit : false } as Partial<BlackjackTable>;
}

/** A start answer as a whole table (no split yet). */
export const dealtTable = (answer: Answer): BlackjackTable =>
  ({ splitHand: null, splitScore: null, activeSplit: null, ...read(answer, READS.start) }) as BlackjackTable;

/** POST /api/blackjack/{hit,stand,split}: what docs/product.md §7 reads of the answer. */
export async function postAction(route: ActionRoute, { token, sessionId, signature }: SignedHandRequest): Promise<Partial<BlackjackTable>> {
  const action = route.toUpperCase() as BlackjackAction;
  return read(await apiRequest<Answer>("POST", `/api/blackjack/${route}`, { token, action, sessionId, ...(signature && { signature }) }), READS[route]);
}

export const demoBlackjackSource: BlackjackRoundSource = {
  async start({ token, stake }) {
    return dealtTable(await apiRequest<Answer>("POST", "/api/blackjack/start", { token, action: "START", betAmount: String(stake) }));
  },
  hit: (request) => postAction("hit", request),
  stand: (request) => postAction("stand", request),
  split: (request) => postAction("split", request),
  // The demo server's last answer is the result: no chain settles a demo hand.
  result: async (table) => table,
  // A demo hand lives only with the page that dealt it.
  openHand: () => null,
};
