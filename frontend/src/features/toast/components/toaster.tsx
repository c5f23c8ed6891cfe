import { useEffect, useRef, useState, type PointerEvent } from "react";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, useToastStore, type Toast } from "../toast-store";
import { cn } from "@/lib/cn";
import { CheckIcon, CloseIcon, WarningIcon } from "@/components/ui/icons";

/** The notification area: shows the current toast; F8 moves focus here (docs/product.md §9). */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    function focusRegion(event: KeyboardEvent) {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    }
    window.addEventListener("keydown", focusRegion);
    return () => window.removeEventListener("keydown", focusRegion);
  }, []);

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      data-testid="toaster"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 outline-none sm:inset-x-auto sm:right-0 sm:items-end print:hidden"
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((state) => state.dismiss);
  const [swipeOffset, setSwipeOffset] = useState(0);
  const swipeStartX = useRef<number | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss, toast.id]);

  function handlePointerDown(event: PointerEvent<HTMLLIElement>) {
    swipeStartX.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function handlePointerMove(event: PointerEvent<HTMLLIElement>) {
    if (swipeStartX.current === null) return;
    // Only a rightward swipe dismisses, so the card never follows the pointer left.
    setSwipeOffset(Math.max(0, event.clientX - swipeStartX.current));
  }

  function handlePointerEnd(event: PointerEvent<HTMLLIElement>) {
    if (swipeStartX.current === null) return;
    const distance = event.clientX - swipeStartX.current;
    swipeStartX.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) dismiss(toast.id);
    else setSwipeOffset(0);
  }

  const isError = toast.variant === "error";
  return (
    // A list item, announced through the status inside it (a role on the item itself would take it out of the list).
    <li
      data-testid="toast"
      data-variant={toast.variant}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={() => {
        swipeStartX.current = null;
        setSwipeOffset(0);
      }}
      style={{
        transform: swipeOffset ? `translateX(${swipeOffset}px)` : undefined,
        opacity: swipeOffset ? Math.max(0.2, 1 - swipeOffset / 200) : undefined,
      }}
      className={cn(
        "pointer-events-auto relative flex touch-pan-y select-none items-start gap-3 rounded-2xl border p-4 pr-10",
        "animate-toast-in bg-night-900/95 shadow-[0_12px_40px_-8px_rgb(0_0_0/0.7)] backdrop-blur-md",
        isError ? "border-pink/60" : "border-cyan/50",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("mt-0.5 grid size-6 shrink-0 place-items-center rounded-full", isError ? "bg-pink/20 text-pink" : "bg-cyan/20 text-cyan")}
      >
        {isError ? <WarningIcon className="size-3.5" /> : <CheckIcon className="size-3.5" />}
      </span>
      <div role="status" aria-live={isError ? "assertive" : "polite"} aria-atomic="true" className="min-w-0">
        <p className="text-sm font-bold text-white">{toast.title}</p>
        {toast.description && <p className="mt-0.5 text-sm break-words text-slate-300">{toast.description}</p>}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismiss(toast.id)}
        className="absolute top-2 right-2 grid size-7 place-items-center rounded-lg text-slate-400 hover:bg-white/10 hover:text-white"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}
