import { DepositShortcut } from "@/features/wallet";
import { cn } from "@/lib/cn";
import type { RoundNote } from "@/lib/round-notes";

/** A step in progress (the split's second stake) or why an action failed, under the buttons. */
export function HandNoteLine({ note }: { note: RoundNote }) {
  return (
    <div
      className={cn("flex flex-wrap items-center gap-2 text-sm", note.tone === "error" ? "text-pink" : "text-slate-300")}
      role={note.tone === "error" ? "alert" : "status"}
      data-testid="hand-note"
    >
      {note.tone === "info" && <span className="size-2 shrink-0 animate-pulse rounded-full bg-gold" aria-hidden="true" />}
      <span>{note.text}</span>
      {note.suggestDeposit && <DepositShortcut />}
    </div>
  );
}
