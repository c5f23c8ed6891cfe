import type { CSSProperties } from "react";
import { REELS, ROWS, SLOT_SYMBOLS, type SlotSymbol } from "../slots-display";
import { SymbolTile } from "./symbol-tile";

export interface ReelGridProps {
  reels: SlotSymbol[][];
  /** Reels from the left showing their symbols; the others spin. */
  stoppedReels: number;
  /** "reel-row" keys of winning cells. */
  highlighted: ReadonlySet<string>;
}

// Two copies of every symbol so the looping strip scrolls without a seam.
const STRIP = [...SLOT_SYMBOLS, ...SLOT_SYMBOLS];

export function ReelGrid({ reels, stoppedReels, highlighted }: ReelGridProps) {
  return (
    <div
      className="grid grid-cols-5 gap-1.5 rounded-2xl border-2 border-gold/40 bg-night-950/80 p-2 shadow-[inset_0_0_30px_rgb(0_0_0/0.7)] sm:gap-2.5 sm:p-3 [--tile:4.25rem] sm:[--tile:6rem]"
      data-testid="reel-grid"
      data-reels={stoppedReels === REELS ? reels.map((reel) => reel.join(",")).join("|") : undefined}
      aria-label="Reels"
    >
      {Array.from({ length: REELS }, (_, reel) => {
        const stopped = reel < stoppedReels;
        return (
          <div
            key={reel}
            className="relative overflow-hidden rounded-xl"
            style={{ height: `calc(var(--tile) * ${ROWS} + 0.5rem * ${ROWS - 1})` } as CSSProperties}
            data-testid={`reel-${reel}`}
            data-spinning={!stopped || undefined}
          >
            {stopped ? (
              <div key={`stopped-${reels[reel].join()}`} className="slots-land flex flex-col gap-2">
                {reels[reel].map((symbol, row) => (
                  <SymbolTile key={row} symbol={symbol} highlighted={highlighted.has(`${reel}-${row}`)} />
                ))}
              </div>
            ) : (
              <div className="slots-strip flex flex-col gap-2" style={{ animationDelay: `${-reel * 0.07}s` }}>
                {STRIP.map((symbol, index) => (
                  <SymbolTile key={index} symbol={symbol} />
                ))}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
