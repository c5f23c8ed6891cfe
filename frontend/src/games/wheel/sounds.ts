import type { Note } from "@/features/sound/index";
import { SPIN_DURATION_MS } from "./wheel-display";

/** Clicks that slow down like a wheel passing its pegs, over the length of the spin. */
export const SPIN_NOTES: readonly Note[] = Array.from({ length: 28 }, (_, index) => {
  const progress = index / 28;
  // Ease-out: ticks bunch up at the start and spread out as the wheel slows.
  const at = (1 - Math.sqrt(1 - progress)) * (SPIN_DURATION_MS / 1000) * 0.95;
  return { frequency: 1400 - progress * 500, at, duration: 0.03, type: "square", gain: 0.06 };
});
