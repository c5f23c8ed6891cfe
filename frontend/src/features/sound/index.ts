export { playNotes, playSound, SOUNDS, isAudioBlocked, unlockAudio, useAudioBlocked } from "./audio";
export type { Note } from "./audio";
export { useSoundStore, SOUND_STORAGE_KEY, DEFAULT_SOUND_SETTINGS } from "./sound-store";
export type { SoundSettings, SoundStore } from "./sound-store";
