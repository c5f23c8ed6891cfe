import { useEffect, type RefObject } from "react";

/** While `open`, a click outside `area` or the Escape key calls `dismiss` (a menu or a popover). */
export function useDismiss(open: boolean, area: RefObject<HTMLElement | null>, dismiss: () => void): void {
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !area.current?.contains(event.target as Node)) dismiss();
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open, area, dismiss]);
}
