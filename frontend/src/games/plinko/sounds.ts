import type { Note } from "@/features/sound/index";
import { ROW_MS } from "./plinko-display";

/**
 * A tick as the ball meets each row's peg, its pitch following the ball across the board (higher
 * to the right), at the moment the board draws it there: one short note a row, 8 to 16 in all.
 */
export function pegNotes(bounces: readonly boolean[]): Note[] {
  let rights = 0;
  return bounces.map((right, row) => {
    const note: Note = {
      frequency: 520 + (rights - row / 2) * 40 + row * 12,
      at: ((row + 1) * ROW_MS) / 1000,
      duration: 0.03,
      type: "triangle",
      gain: 0.05,
    };
    if (right) rights++;
    return note;
  });
}
