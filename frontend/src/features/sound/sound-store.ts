import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface SoundSettings {
  enabled: boolean;
  /** 0 to 1. */
  volume: number;
}

export interface SoundStore extends SoundSettings {
  toggleEnabled: () => void;
  setVolume: (volume: number) => void;
}

export const SOUND_STORAGE_KEY = "degen-casino:sound";
export const DEFAULT_SOUND_SETTINGS: Readonly<SoundSettings> = { enabled: true, volume: 0.5 };

export const useSoundStore = create<SoundStore>()(
  persist(
    (set) => ({
      ...DEFAULT_SOUND_SETTINGS,
      toggleEnabled: () => set((state) => ({ enabled: !state.enabled })),
      setVolume: (volume) => {
        if (!Number.isFinite(volume)) return;
        set({ volume: Math.min(1, Math.max(0, volume)) });
      },
    }),
    {
      name: SOUND_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ enabled, volume }) => ({ enabled, volume }),
      version: 1,
    },
  ),
);
