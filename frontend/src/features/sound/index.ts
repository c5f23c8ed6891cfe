export { playNotes, playSound, unlockAudio, useAudioBlocked } from "./audio";
export type { Note } from "./audio";
export { useSoundStore, SOUND_STORAGE_KEY } from "./sound-store";
