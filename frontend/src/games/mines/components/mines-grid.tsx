import type { KeyboardEvent } from "react";
import { cn } from "@/lib/cn";
import { MINES, tileLabel, tileState, type TileState } from "../mines-display";
import type { MinesRound } from "../round-source";

interface MinesGridProps {
  /** The round on the grid, in play or finished; null before the first. */
  round: MinesRound | null;
  /** Tiles may be revealed (a round is in play). */
  playing: boolean;
  onReveal: (tile: number) => void;
}

const STATE_CLASSES: Record<TileState, string> = {
  hidden: "border-violet/40 bg-night-700 hover:enabled:border-cyan/70 hover:enabled:bg-night-700/70",
  safe: "mines-flip border-cyan/70 bg-cyan/15 text-cyan shadow-[0_0_18px_-4px_rgb(45_226_255/0.7)]",
  mine: "mines-flip border-pink/70 bg-pink/15 text-pink",
};

function GemGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M7 3h10l4 6-9 12L3 9z" />
      <path d="M3 9h18M12 21 8.5 9 12 3l3.5 6z" fill="none" stroke="rgb(13 10 43 / 0.45)" strokeWidth={1.2} strokeLinejoin="round" />
    </svg>
  );
}

function MineGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <circle cx="11" cy="14" r="7" fill="currentColor" />
      <path d="M15.5 8.5 18 6m0 0 1.5-1.5M18 6l1.5 1.5M18 6l-1.5-1.5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
      <circle cx="8.5" cy="11.5" r="1.8" fill="rgb(255 255 255 / 0.6)" />
    </svg>
  );
}

/** Space on a tile reveals it (the button's own key), not the page's Space hotkey (start or cash out). */
const keepSpaceOnTile = (event: KeyboardEvent) => event.key === " " && event.stopPropagation();

/**
 * The 5 × 5 grid, tiles 0 to 24 row by row from the top left. A revealed tile shows a gem or the
 * mine; once the round is over every mine shows, and the safe tiles left unrevealed show faintly.
 */
export function MinesGrid({ round, playing, onReveal }: MinesGridProps) {
  const over = round !== null && round.status !== "PLAYING";
  const hit = round?.status === "BUSTED" ? round.revealed[round.revealed.length - 1] : undefined;
  return (
    <div className="mx-auto grid w-full max-w-md grid-cols-5 gap-2 sm:gap-3" role="group" aria-label="Minefield, 5 by 5 tiles" data-testid="mines-grid">
      {Array.from({ length: MINES.TILES }, (_, tile) => {
        const state = round ? tileState(tile, round.revealed, round.mineTiles) : "hidden";
        const revealed = round?.revealed.includes(tile) ?? false;
        return (
          <button
            key={tile}
            type="button"
            className={cn(
              "grid aspect-square min-w-0 place-items-center rounded-xl border-2 transition disabled:cursor-default",
              STATE_CLASSES[state],
              over && !revealed && "opacity-60",
              hit === tile && "ring-2 ring-pink ring-offset-2 ring-offset-night-950",
            )}
            onClick={() => onReveal(tile)}
            onKeyDown={keepSpaceOnTile}
            disabled={!playing}
            // A revealed tile keeps its focus (a disabled one would drop it) and takes no second click.
            aria-disabled={revealed || undefined}
            aria-label={tileLabel(tile, state)}
            data-testid={`mines-tile-${tile}`}
            data-state={state}
          >
            {state === "safe" && <GemGlyph className="size-3/5" />}
            {state === "mine" && <MineGlyph className="size-3/5" />}
            {state === "hidden" && over && <GemGlyph className="size-2/5 text-cyan/30" />}
          </button>
        );
      })}
    </div>
  );
}
