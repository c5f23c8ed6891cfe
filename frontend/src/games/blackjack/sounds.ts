import type { Note } from "@/features/sound/index";

/** A card sliding onto the felt. */
export const CARD_DEALT: readonly Note[] = [
  { frequency: 900, duration: 0.06, type: "triangle", gain: 0.12, slideTo: 400 },
  { frequency: 900, at: 0.1, duration: 0.06, type: "triangle", gain: 0.1, slideTo: 400 },
];
