import type { Note } from "@/features/sound/index";
import { ROLL_DURATION_MS } from "./dice-display";

/** A rattle of rising ticks over the roll, like a die tumbling across the felt. */
export const ROLL_NOTES: readonly Note[] = Array.from({ length: 10 }, (_, index) => ({
  frequency: 600 + index * 60,
  at: (index / 10) * (ROLL_DURATION_MS / 1000),
  duration: 0.025,
  type: "square" as const,
  gain: 0.05,
}));
