import { RandomStream, type Draws } from "./random";

/** docs/product.md §3 card: suit and value (ACE, JACK, QUEEN, KING or a number 2..10). */
export const SUITS = ["HEARTS", "DIAMONDS", "SPADES", "CLUBS"] as const;
export type Suit = (typeof SUITS)[number];
export type CardValue = "ACE" | "JACK" | "QUEEN" | "KING" | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
export const CARD_VALUES: readonly CardValue[] = ["ACE", 2, 3, 4, 5, 6, 7, 8, 9, 10, "JACK", "QUEEN", "KING"];

export interface Card {
  suit: Suit;
  value: CardValue;
}

/** The unshuffled deck: suits in SUITS order, each ACE, 2..10, JACK, QUEEN, KING. */
export function orderedDeck(): Card[] {
  // Plain loops: flatMap's per-suit arrays cost more than the 52 cards on every shuffle.
  const deck: Card[] = [];
  for (const suit of SUITS) for (const value of CARD_VALUES) deck.push({ suit, value });
  return deck;
}

/**
 * Fisher–Yates on the stream: for i = 51 down to 1, swap card i with card j, j = int(i + 1).
 * Cards are then dealt from index 0 up.
 */
export function shuffleDeck(draws: Draws): Card[] {
  const deck = orderedDeck();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = draws.int(i + 1);
    const card = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = card;
  }
  return deck;
}

export function deckFromWord(word: string): Card[] {
  return shuffleDeck(new RandomStream(word));
}

/** Blackjack value of a card: ace 1 (made 11 by handScore when it fits), faces 10. */
export function rankValue(card: Card): number {
  if (card.value === "ACE") return 1;
  if (typeof card.value === "number") return card.value;
  return 10;
}

/** Best total: aces count 11 while that does not bust the hand. */
export function handScore(cards: readonly Card[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    total += rankValue(card);
    if (card.value === "ACE") aces++;
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

/** A total where an ace counts as 11. */
export function isSoft(cards: readonly Card[]): boolean {
  const hard = cards.reduce((sum, card) => sum + rankValue(card), 0);
  return cards.some((card) => card.value === "ACE") && hard + 10 <= 21;
}

/** 21 with the first two cards. */
export function isNatural(cards: readonly Card[]): boolean {
  return cards.length === 2 && handScore(cards) === 21;
}

/** Short code for logs and vectors: "AH", "10S", "QD". */
export function cardCode(card: Card): string {
  const value = typeof card.value === "number" ? String(card.value) : card.value[0];
  return value + card.suit[0];
}
