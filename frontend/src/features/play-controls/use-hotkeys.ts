import { useEffect, useRef } from "react";

/** What each hotkey does on a game page (issue #20 item 7). */
export interface HotkeyActions {
  /** Space: bet, or cash out. */
  bet: () => void;
  halve: () => void;
  double: () => void;
  stopAutoBet: () => void;
}

/** The keys, as KeyboardEvent.code names them, and what the game's hotkey list says of each. */
export const HOTKEYS: readonly { code: string; key: string; action: keyof HotkeyActions }[] = [
  { code: "Space", key: "Space", action: "bet" },
  { code: "KeyH", key: "H", action: "halve" },
  { code: "KeyD", key: "D", action: "double" },
  { code: "KeyS", key: "S", action: "stopAutoBet" },
];

/** Typing in a field, or a dialog open: keys belong to it, not to the game. */
function keyBelongsElsewhere(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  return document.querySelector('[role="dialog"]') !== null;
}

/** The game page's hotkeys, off while the player types in a field or a dialog is open. */
export function useHotkeys(actions: HotkeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  }, [actions]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || keyBelongsElsewhere(event)) return;
      const hotkey = HOTKEYS.find((entry) => entry.code === event.code);
      if (!hotkey) return;
      // Space would also press the focused button and scroll the page.
      event.preventDefault();
      latest.current[hotkey.action]();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
