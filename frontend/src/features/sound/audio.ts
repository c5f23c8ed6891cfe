/**
 * The one audio module: short synthesized sounds through Web Audio, honouring the sound
 * settings. Games describe their sounds as notes; nothing here knows about any game.
 * Browsers start an AudioContext "suspended" until a user gesture: `isAudioBlocked()` tells the
 * UI when to offer its enable-sound button, and `unlockAudio()` is that button's action.
 * Every failure is logged, never thrown: a game must never break because sound did.
 */
import { useSyncExternalStore } from "react";
import { useSoundStore } from "./sound-store";

export interface Note {
  /** Hz. */
  frequency: number;
  /** Seconds after the sound starts. */
  at?: number;
  /** Seconds. */
  duration: number;
  type?: OscillatorType;
  /** 0..1 relative to the user's volume. */
  gain?: number;
  /** Hz to glide to over the note. */
  slideTo?: number;
}

let context: AudioContext | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
    context.onstatechange = notify;
    // Any first click or key press is a user gesture the browser accepts for resuming audio.
    for (const event of ["pointerdown", "keydown"]) {
      globalThis.addEventListener?.(event, () => void unlockAudio(), { once: true, capture: true });
    }
  } catch (error) {
    console.warn("Audio initialisation failed", error);
    context = null;
  }
  return context;
}

export function isAudioBlocked(): boolean {
  const ctx = audioContext();
  return ctx !== null && ctx.state === "suspended";
}

export async function unlockAudio(): Promise<void> {
  try {
    await audioContext()?.resume();
  } catch (error) {
    console.warn("Audio could not be resumed", error);
  }
  notify();
}

/** Re-renders when the browser blocks or unblocks audio. */
export function useAudioBlocked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAudioBlocked,
    () => false,
  );
}

export function playNotes(notes: readonly Note[]): void {
  const { enabled, volume } = useSoundStore.getState();
  if (!enabled || volume <= 0) return;
  const ctx = audioContext();
  if (!ctx || ctx.state !== "running") return;
  try {
    const start = ctx.currentTime;
    for (const note of notes) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + (note.at ?? 0);
      const t1 = t0 + note.duration;
      oscillator.type = note.type ?? "sine";
      oscillator.frequency.setValueAtTime(note.frequency, t0);
      if (note.slideTo) oscillator.frequency.exponentialRampToValueAtTime(note.slideTo, t1);
      const peak = Math.max(0.0001, volume * (note.gain ?? 0.3));
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + Math.min(0.01, note.duration / 4));
      gain.gain.exponentialRampToValueAtTime(0.0001, t1);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(t0);
      oscillator.stop(t1 + 0.02);
    }
  } catch (error) {
    console.warn("Sound playback failed", error);
  }
}

/** Sounds more than one game uses. */
export const SOUNDS = {
  click: [{ frequency: 660, duration: 0.05, type: "square", gain: 0.12 }],
  coin: [
    { frequency: 988, duration: 0.08, type: "square", gain: 0.15 },
    { frequency: 1319, at: 0.08, duration: 0.25, type: "square", gain: 0.15 },
  ],
  win: [
    { frequency: 523, duration: 0.12, type: "triangle" },
    { frequency: 659, at: 0.12, duration: 0.12, type: "triangle" },
    { frequency: 784, at: 0.24, duration: 0.12, type: "triangle" },
    { frequency: 1047, at: 0.36, duration: 0.3, type: "triangle" },
  ],
  lose: [
    { frequency: 392, duration: 0.18, type: "sawtooth", gain: 0.12 },
    { frequency: 262, at: 0.18, duration: 0.35, type: "sawtooth", gain: 0.12, slideTo: 196 },
  ],
} satisfies Record<string, readonly Note[]>;

export function playSound(name: keyof typeof SOUNDS): void {
  playNotes(SOUNDS[name]);
}
