import { BLACKJACK_PAYOUT_BPS, type HandResult } from "@engine/blackjack";
import { formatTokenAmount, type Token } from "@/config/tokens";
import type { BlackjackTable } from "./round-source";

export const BANNER_MS = 3000;
export const FINAL_STATUSES = ["PLAYER_WIN", "DEALER_WIN", "PUSH", "BLACKJACK"] as const;

export const isFinal = (table: BlackjackTable | null) => table !== null && (FINAL_STATUSES as readonly string[]).includes(table.status);

export type BannerTone = "win" | "lose" | "push" | "info" | "error";
export interface BannerMessage {
  text: string;
  tone: BannerTone;
  /** What a won hand paid, for its USD value beneath the text. */
  win?: { token: Token; amount: number };
}

/** What a hand pays per stake with `token`, as the header shows it: "2.5x", "2.47x" (the engine's table). */
export const payoutText = (token: Token, result: HandResult) => `${Number(BLACKJACK_PAYOUT_BPS[token][result]) / 10_000}x`;

/** docs/product.md §8 'Blackjack banner' for a finished hand. */
export function outcomeBanner(table: BlackjackTable, token: Token): BannerMessage {
  const payout = `${formatTokenAmount(token, table.payout)} ${token}`;
  switch (table.status) {
    case "BLACKJACK":
      return { text: `BLACKJACK! Win ${payout}!`, tone: "win", win: { token, amount: table.payout } };
    case "PLAYER_WIN":
      return { text: `Win ${payout}!`, tone: "win", win: { token, amount: table.payout } };
    case "PUSH":
      return { text: "Push - Tie", tone: "push" };
    default: {
      const hands = table.splitHand === null ? [table.playerScore] : [table.playerScore, table.splitScore ?? 0];
      return { text: hands.every((score) => score > 21) ? "Bust! Dealer wins" : "Dealer wins", tone: "lose" };
    }
  }
}

/** docs/product.md §5: the balance must cover the bet. */
export function dealRefusal(token: Token, balance: number, bet: number): string | null {
  return bet > balance ? `Insufficient ${token}: ${formatTokenAmount(token, balance)}/${formatTokenAmount(token, bet)}` : null;
}

/**
 * docs/product.md §5: a split needs twice the bet. The first bet is already on the table, so the player's
 * funds for the hand are the balance plus that bet; both figures in the message count it.
 */
export function splitRefusal(token: Token, balance: number, bet: number): string | null {
  const funds = balance + bet;
  return funds < bet * 2 ? `Insufficient ${token} for split: ${formatTokenAmount(token, funds)}/${formatTokenAmount(token, bet * 2)}` : null;
}
