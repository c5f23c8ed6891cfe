import type { Note } from "@/features/sound/index";

/** One tick of the spinning reels; repeated while they spin so it can stop at once. */
export const REEL_TICK: readonly Note[] = [
  { frequency: 220, duration: 0.05, type: "square", gain: 0.05 },
  { frequency: 330, at: 0.12, duration: 0.05, type: "square", gain: 0.05 },
];
export const REEL_TICK_INTERVAL_MS = 250;

/** A reel locking into place. */
export const REEL_STOP: readonly Note[] = [{ frequency: 140, duration: 0.09, type: "triangle", gain: 0.25, slideTo: 90 }];

export const BIG_WIN: readonly Note[] = [523, 659, 784, 1047, 1319, 1568].map((frequency, index) => ({
  frequency,
  at: index * 0.1,
  duration: 0.22,
  type: "triangle" as const,
  gain: 0.25,
}));
