import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The line under a round that reads its outcome: neutral before it (won null), cyan on a win, pink on a loss. Announced as it changes. */
export function ResultPill({ won, children, className, ...rest }: { won: boolean | null; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "flex min-h-10 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition",
        won === null && "border-white/10 text-slate-400",
        won === true && "border-cyan/60 bg-cyan/10 text-cyan",
        won === false && "border-pink/60 bg-pink/10 text-pink",
        className,
      )}
      aria-live="polite"
      {...rest}
    >
      {children}
    </div>
  );
}
