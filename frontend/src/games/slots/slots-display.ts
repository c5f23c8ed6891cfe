import { SLOT_LINES, SLOT_MATCH_LABELS, SLOT_MAX_SHOWN_MULTIPLE, SLOT_PAYTABLE, SLOT_SYMBOLS, SLOT_SYMBOL_NAMES, type SlotSymbol } from "@engine/slots";

export { SLOT_MAX_SHOWN_MULTIPLE, SLOT_PAYTABLE, SLOT_SYMBOLS, SLOT_SYMBOL_NAMES, type SlotSymbol };

/** docs/product.md §4 'Slots' timing. */
export const CALL_DELAY_MS = 1800;
export const REEL_STOP_BASE_MS = 1000;
export const REEL_STOP_STEP_MS = 200;
export const SETTLE_DELAY_MS = 500;
export const CONFETTI_MS = 3000;
export const BIG_WIN_MS = 4000;
export const REELS = 5;
export const ROWS = 3;

/** When reel `index` stops, counted from the server's answer. */
export const reelStopDelay = (index: number) => REEL_STOP_BASE_MS + REEL_STOP_STEP_MS * index;

export interface WinLineView {
  /** 'Top Row', 'Diagonal up', … (docs/product.md §9). */
  line: string;
  /** '3-Match', '4-Match' or '5-Match'. */
  match: string;
  /** [reel, row] of each winning cell. */
  cells: [number, number][];
}

/**
 * Names the response's winLines (row index per matched reel) after the engine's lines: the
 * first three rows of every line differ, so they identify it.
 */
export function describeWinLines(winLines: number[][]): WinLineView[] {
  return winLines.flatMap((rows) => {
    const line = SLOT_LINES.find((candidate) => rows.every((row, reel) => candidate.rows[reel] === row));
    const count = rows.length as 3 | 4 | 5;
    if (!line || !SLOT_MATCH_LABELS[count]) return [];
    return [{ line: line.name, match: SLOT_MATCH_LABELS[count], cells: rows.map((row, reel) => [reel, row] as [number, number]) }];
  });
}

/** The grid shown before the first spin: every symbol in view, no line complete. */
export const OPENING_REELS: SlotSymbol[][] = Array.from({ length: REELS }, (_, reel) =>
  Array.from({ length: ROWS }, (_, row) => SLOT_SYMBOLS[(reel * 2 + row * 3) % SLOT_SYMBOLS.length]),
);
