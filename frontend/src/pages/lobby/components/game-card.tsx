import { Link } from "react-router-dom";
import { accentClasses } from "@/components/game-accent";
import { ArrowRightIcon, GameIcon } from "@/components/ui/icons";
import type { GameInfo } from "@/config/games";
import { cn } from "@/lib/cn";

export function GameCard({ game }: { game: GameInfo }) {
  const accent = accentClasses[game.accent];
  return (
    <Link
      to={game.path}
      data-testid={`game-card-${game.id}`}
      className={cn("glass-card group relative flex h-full flex-col gap-4 overflow-hidden p-5 transition duration-200 hover:-translate-y-1", accent.border)}
    >
      <div
        aria-hidden="true"
        className={cn("absolute -top-16 -right-16 size-40 rounded-full opacity-60 blur-3xl transition group-hover:opacity-100", accent.blob)}
      />
      <div className="relative flex items-start justify-between gap-3">
        <span aria-hidden="true" className={cn("grid size-14 place-items-center rounded-2xl", accent.icon, accent.text)}>
          <GameIcon gameId={game.id} className="size-7" />
        </span>
        <span className={cn("rounded-full bg-night-950/60 px-2.5 py-1 text-xs font-bold", accent.text)}>{game.highlight}</span>
      </div>
      <div className="relative flex flex-1 flex-col gap-1">
        <h3 className="font-display text-xl font-bold text-white">{game.title}</h3>
        <p className="text-sm text-slate-300">{game.tagline}</p>
      </div>
      <span className={cn("relative inline-flex items-center gap-1.5 text-sm font-semibold", accent.text)}>
        Play now <ArrowRightIcon className="inline-block size-4 transition group-hover:translate-x-1" />
      </span>
    </Link>
  );
}
