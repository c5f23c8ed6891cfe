import type { Note } from "@/features/sound";

/** The 200 ms engine tick, rising in pitch as the multiplier climbs. */
export function tickNotes(multiplier: number): readonly Note[] {
  const frequency = Math.min(1600, 420 + 260 * Math.log2(multiplier));
  return [{ frequency, duration: 0.035, type: "square", gain: 0.05 }];
}

export const EXPLOSION_NOTES: readonly Note[] = [
  { frequency: 220, duration: 0.5, type: "sawtooth", gain: 0.2, slideTo: 40 },
  { frequency: 90, at: 0.05, duration: 0.6, type: "square", gain: 0.12, slideTo: 30 },
];
