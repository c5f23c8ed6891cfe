import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type BadgeTone = "gold" | "pink" | "cyan" | "violet" | "neutral";

const toneClasses: Record<BadgeTone, string> = {
  gold: "border-gold/50 bg-gold/10 text-gold",
  pink: "border-pink/50 bg-pink/10 text-pink",
  cyan: "border-cyan/50 bg-cyan/10 text-cyan",
  violet: "border-violet/50 bg-violet/10 text-violet",
  neutral: "border-white/15 bg-white/5 text-slate-300",
};

export function Badge({
  tone = "neutral",
  className,
  children,
  ...rest
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
  "aria-hidden"?: boolean;
}) {
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-bold tracking-wide", toneClasses[tone], className)}
      {...rest}
    >
      {children}
    </span>
  );
}
