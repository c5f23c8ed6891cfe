import { cn } from "@/lib/cn";
import type { TableCard } from "../round-source";
import { PlayingCard } from "./playing-card";

export interface HandViewProps {
  title: string;
  cards: TableCard[];
  score: number | "?";
  active?: boolean;
  testId: string;
}

export function HandView({ title, cards, score, active = false, testId }: HandViewProps) {
  return (
    <div
      className={cn(
        "flex min-w-0 flex-col items-center gap-2 rounded-2xl border px-3 py-2 transition",
        active ? "border-gold bg-gold/10 shadow-[0_0_24px_-4px_rgb(255_210_63/0.6)]" : "border-transparent",
      )}
      data-testid={testId}
      data-active={active || undefined}
    >
      <div className="flex items-center gap-2 text-xs font-semibold tracking-wider text-slate-300">
        {title}
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-sm font-black tabular-nums",
            typeof score === "number" && score > 21 ? "bg-pink/80 text-white" : "bg-white/15 text-white",
          )}
          data-testid={`${testId}-score`}
        >
          {score}
        </span>
        {active && <span className="rounded-full bg-gold px-2 py-0.5 text-[10px] font-black text-night-950">PLAYING</span>}
      </div>
      <div className="flex -space-x-8 sm:-space-x-10">
        {cards.map((card, index) => (
          <PlayingCard key={index} card={card} index={index} />
        ))}
      </div>
    </div>
  );
}
