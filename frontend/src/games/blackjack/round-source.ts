import type { ActiveSplit, BlackjackStatus } from "@engine/blackjack";
import type { Card } from "@engine/cards";
import type { Token } from "@/config/tokens";
import { apiRequest } from "@/lib/api-client";

export type { ActiveSplit, BlackjackStatus, Card };

/** The dealer's hole card while the hand is played. */
export interface HiddenCard {
  hidden: true;
}
export type TableCard = Card | HiddenCard;

/** SPEC §3 'Blackjack game response', with payout as a number (total returned, stake included). */
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
}

/**
 * Where a hand's cards come from. Demo play asks the server's SPEC §7 blackjack routes (no
 * session, no chain); web3 play will stake on chain and use the same routes with the bet's id.
 * Each call answers with the fields SPEC §7 says it reads; the caller merges them into the table.
 */
export interface BlackjackRoundSource {
  start(request: { token: Token; stake: number }): Promise<BlackjackTable>;
  hit(request: { token: Token; sessionId: string }): Promise<Partial<BlackjackTable>>;
  stand(request: { token: Token; sessionId: string }): Promise<Partial<BlackjackTable>>;
  split(request: { token: Token; sessionId: string }): Promise<Partial<BlackjackTable>>;
}

type Answer = Omit<BlackjackTable, "payout"> & { payout: string };
type Field = keyof BlackjackTable;

/** SPEC §7: the fields each call reads. */
const READS = {
  start: ["sessionId", "playerHand", "dealerHand", "playerScore", "dealerScore", "status", "canSplit", "payout"],
  hit: ["playerHand", "playerScore", "status", "splitHand", "splitScore", "activeSplit", "dealerHand", "dealerScore", "payout"],
  stand: ["dealerHand", "dealerScore", "status", "splitHand", "splitScore", "activeSplit", "payout"],
  split: ["playerHand", "playerScore", "splitHand", "splitScore", "activeSplit", "status"],
} as const satisfies Record<string, readonly Field[]>;

function read(answer: Answer, fields: readonly Field[]): Partial<BlackjackTable> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) picked[field] = field === "payout" ? Number(answer.payout) : answer[field];
  // The split button follows canSplit: no action after the first leaves a split possible.
  return { ...picked, canSplit: fields.includes("canSplit") ? answer.canSplit : false } as Partial<BlackjackTable>;
}

const post = (action: "hit" | "stand" | "split") => async ({ token, sessionId }: { token: Token; sessionId: string }) =>
  read(await apiRequest<Answer>("POST", `/api/blackjack/${action}`, { token, action: action.toUpperCase(), sessionId }), READS[action]);

export const demoBlackjackSource: BlackjackRoundSource = {
  async start({ token, stake }) {
    const answer = await apiRequest<Answer>("POST", "/api/blackjack/start", { token, action: "START", betAmount: String(stake) });
    return { splitHand: null, splitScore: null, activeSplit: null, ...read(answer, READS.start) } as BlackjackTable;
  },
  hit: post("hit"),
  stand: post("stand"),
  split: post("split"),
};
