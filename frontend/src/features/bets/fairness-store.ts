import { create } from "zustand";

/** 32 random bytes as 0x-prefixed hex (no hashing library: this store is in every page's bundle). */
export function randomClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return "0x" + Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const CLIENT_SEED_PATTERN = /^0x[0-9a-fA-F]{64}$/;

interface FairnessStore {
  /** The client seed the next bet will carry: random per bet, shown and changeable in the fairness panel. */
  clientSeed: string;
  setClientSeed: (seed: string) => void;
  /** Hands the seed to a bet and draws a fresh one for the next. */
  takeClientSeed: () => string;
}

export const useFairnessStore = create<FairnessStore>()((set, get) => ({
  clientSeed: randomClientSeed(),
  setClientSeed: (seed) => {
    if (!CLIENT_SEED_PATTERN.test(seed)) throw new Error("A client seed is 32 bytes written as 0x and 64 hex digits");
    set({ clientSeed: seed.toLowerCase() });
  },
  takeClientSeed: () => {
    const seed = get().clientSeed;
    set({ clientSeed: randomClientSeed() });
    return seed;
  },
}));
