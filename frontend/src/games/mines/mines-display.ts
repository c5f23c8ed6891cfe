import { MINES, minesCashOutMultiplier, minesNextSafeChance, minesSafeChance } from "@engine/mines";
import { formatTokenAmount, type Token } from "@/config/tokens";

export { MINES };

export const DEFAULT_MINES = 3;
/** Every mine count a bet may take, 1 to 24 (engine/src/mines.ts decodeMinesParams). */
export const MINE_COUNTS: readonly number[] = Array.from({ length: MINES.MAX_MINES - MINES.MIN_MINES + 1 }, (_, i) => MINES.MIN_MINES + i);

export const safeTileCount = (mines: number) => MINES.TILES - mines;

/** What `safe` safe tiles pay per stake as the engine caps it (minesCashOutMultiplier); 0 with no safe tile. */
export function minesMultiplierOf(token: Token, mines: number, safe: number): number {
  const { num, den } = minesCashOutMultiplier(token, mines, safe);
  return Number(num) / Number(den);
}

/** '1.0625x', '1000x': four decimals at most, no trailing zeros (dice's and plinko's form); '—' for none. */
export function formatMultiplier(multiplier: number): string {
  return multiplier === 0 ? "—" : `${Number(multiplier.toFixed(4))}x`;
}

/** The chance that `safe` picks from a fresh grid are all safe, in percent to three significant digits: '88%', '0.0000198%'. */
export function formatSafeChance(mines: number, safe: number): string {
  const { num, den } = minesSafeChance(mines, safe);
  return `${Number(((Number(num) / Number(den)) * 100).toPrecision(3))}%`;
}

/** The chance that the next tile is safe after `safe` safe ones (engine minesNextSafeChance), as formatSafeChance writes it. */
export function formatNextSafeChance(mines: number, safe: number): string {
  const { num, den } = minesNextSafeChance(mines, safe);
  return `${Number(((Number(num) / Number(den)) * 100).toPrecision(3))}%`;
}

/** A tile as a screen reader names it: 'Tile 3, row 1 column 4, hidden' (tiles 0 to 24, row by row from the top left). */
export function tileLabel(tile: number, state: TileState): string {
  return `Tile ${tile}, row ${Math.floor(tile / MINES.COLUMNS) + 1} column ${(tile % MINES.COLUMNS) + 1}, ${state}`;
}

export type TileState = "hidden" | "safe" | "mine";

/** What a tile shows: the revealed tiles, and once the round is over every mine. */
export function tileState(tile: number, revealed: readonly number[], mineTiles: readonly number[] | null): TileState {
  if (mineTiles?.includes(tile)) return "mine";
  return revealed.includes(tile) ? "safe" : "hidden";
}

/** The bet and balance checks, with the wheel's texts (docs/product.md §5). */
export function validateStart(bet: number, playableBalance: number, token: Token) {
  if (!Number.isFinite(bet) || bet <= 0) return { title: "Invalid Bet", description: "Please enter a valid bet amount" };
  if (bet > playableBalance) {
    return { title: "Insufficient Balance", description: `You only have ${formatTokenAmount(token, playableBalance)} ${token}` };
  }
  return null;
}
