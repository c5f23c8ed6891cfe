import { describe, expect, it } from "vitest";
import { SOUND_STORAGE_KEY, useSoundStore } from "@/features/sound";

const sound = () => useSoundStore.getState();

describe("sound settings", () => {
  it("defaults to on at volume 0.5", () => {
    expect(sound()).toMatchObject({ enabled: true, volume: 0.5 });
  });

  it("persists changes to localStorage", () => {
    sound().toggleEnabled();
    sound().setVolume(0.8);
    expect(JSON.parse(localStorage.getItem(SOUND_STORAGE_KEY)!).state).toEqual({ enabled: false, volume: 0.8 });
  });

  it("restores the stored settings", async () => {
    localStorage.setItem(SOUND_STORAGE_KEY, JSON.stringify({ state: { enabled: false, volume: 0.2 }, version: 1 }));
    await useSoundStore.persist.rehydrate();
    expect(sound()).toMatchObject({ enabled: false, volume: 0.2 });
  });

  it("keeps the volume between 0 and 1", () => {
    sound().setVolume(3);
    expect(sound().volume).toBe(1);
    sound().setVolume(-1);
    expect(sound().volume).toBe(0);
    sound().setVolume(Number.NaN);
    expect(sound().volume).toBe(0);
  });
});
