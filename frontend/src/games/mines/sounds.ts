import type { Note } from "@/features/sound/index";

/** A safe tile: a bright two-note chime, a gem found. */
export const SAFE_NOTES: readonly Note[] = [
  { frequency: 880, duration: 0.07, type: "triangle", gain: 0.1 },
  { frequency: 1320, at: 0.06, duration: 0.1, type: "triangle", gain: 0.08 },
];

/** A mine: a low thud sliding down. */
export const MINE_NOTES: readonly Note[] = [{ frequency: 160, duration: 0.35, type: "sawtooth", gain: 0.14, slideTo: 40 }];
