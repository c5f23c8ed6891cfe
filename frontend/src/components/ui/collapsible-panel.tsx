import { useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { ChevronDownIcon } from "./icons";

export interface CollapsiblePanelProps {
  title: string;
  children: ReactNode;
  "data-testid"?: string;
}

export function CollapsiblePanel({ title, children, ...rest }: CollapsiblePanelProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <div className="glass-card overflow-hidden" {...rest}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left font-display text-base font-semibold text-white transition hover:bg-white/5"
        >
          {title}
          <ChevronDownIcon className={cn("size-5 shrink-0 text-cyan transition-transform duration-200", open && "rotate-180")} />
        </button>
      </h3>
      <div id={contentId} hidden={!open} className="border-t border-white/10 px-5 py-4 text-sm leading-relaxed text-slate-300">
        {children}
      </div>
    </div>
  );
}
