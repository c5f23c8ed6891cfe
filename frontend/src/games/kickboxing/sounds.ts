import type { Note } from "@/features/sound";

export const HIT_NOTES: readonly Note[] = [{ frequency: 140, duration: 0.09, type: "square", gain: 0.18, slideTo: 70 }];
export const BLOCK_NOTES: readonly Note[] = [{ frequency: 520, duration: 0.06, type: "triangle", gain: 0.14, slideTo: 380 }];
export const BELL_NOTES: readonly Note[] = [
  { frequency: 1568, duration: 0.5, type: "sine", gain: 0.22 },
  { frequency: 1568, at: 0.18, duration: 0.6, type: "sine", gain: 0.18 },
];
