import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { Card, TableCard } from "../round-source";

const SUIT_PATHS: Record<Card["suit"], ReactNode> = {
  HEARTS: <path d="M12 21s-8-5.3-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.7-8 11-8 11z" />,
  DIAMONDS: <path d="M12 2 20 12 12 22 4 12z" />,
  SPADES: <path d="M12 2s8 6 8 11a4 4 0 0 1-6.5 3.1L14.5 21h-5l1-4.9A4 4 0 0 1 4 13c0-5 8-11 8-11z" />,
  CLUBS: <path d="M12 2a4 4 0 0 1 3.6 5.7A4 4 0 1 1 13.8 15l.9 6h-5.4l.9-6a4 4 0 1 1-1.8-7.3A4 4 0 0 1 12 2z" />,
};

const RANKS: Record<string, string> = { ACE: "A", JACK: "J", QUEEN: "Q", KING: "K" };
const rankOf = (card: Card) => (typeof card.value === "number" ? String(card.value) : RANKS[card.value]);
const isHidden = (card: TableCard): card is { hidden: true } => "hidden" in card;

function SuitIcon({ suit, className }: { suit: Card["suit"]; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      {SUIT_PATHS[suit]}
    </svg>
  );
}

export function PlayingCard({ card, index }: { card: TableCard; index: number }) {
  const base = "bj-deal relative h-24 w-16 shrink-0 rounded-lg border shadow-[0_6px_16px_rgb(0_0_0/0.5)] sm:h-32 sm:w-22";
  const style = { animationDelay: `${index * 0.08}s` };
  if (isHidden(card)) {
    return (
      <div className={cn(base, "border-gold/60 bg-night-700 p-1.5")} style={style} data-testid="card-hidden" aria-label="Face-down card">
        <div className="size-full rounded-md border border-gold/40 bg-[repeating-linear-gradient(45deg,rgb(255_61_168/0.35)_0_4px,rgb(168_85_247/0.25)_4px_8px)]" />
      </div>
    );
  }
  const red = card.suit === "HEARTS" || card.suit === "DIAMONDS";
  const rank = rankOf(card);
  return (
    <div
      className={cn(base, "flex flex-col justify-between border-slate-300 bg-white p-1.5", red ? "text-rose-600" : "text-slate-900")}
      style={style}
      data-testid="card"
      aria-label={`${rank} of ${card.suit.toLowerCase()}`}
    >
      <div className="flex flex-col items-start leading-none">
        <span className="text-base font-black sm:text-lg">{rank}</span>
        <SuitIcon suit={card.suit} className="size-3.5 sm:size-4" />
      </div>
      <SuitIcon suit={card.suit} className="mx-auto size-7 sm:size-9" />
      <span className="rotate-180 self-end text-base leading-none font-black sm:text-lg">{rank}</span>
    </div>
  );
}
