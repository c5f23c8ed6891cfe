import { useId } from "react";
import { TOKENS, type Token } from "@/config/tokens";
import { cn } from "@/lib/cn";

export interface TokenSwitchProps {
  value: Token;
  onChange: (token: Token) => void;
  /** Multiplier badge per token, e.g. { DEGEN: '10.2x', BNB: '9.8x' }; a token without one shows none. */
  badges?: Partial<Record<Token, string>>;
  disabled?: boolean;
  label?: string;
  className?: string;
}

const activeClasses: Record<Token, string> = {
  DEGEN: "border-gold/80 bg-gold/15 text-gold shadow-[0_0_20px_-6px_rgb(255_210_63/0.8)]",
  BNB: "border-cyan/80 bg-cyan/15 text-cyan shadow-[0_0_20px_-6px_rgb(45_226_255/0.8)]",
};

/** Picks the wagered token; arrow keys move between tokens as in a radio group. */
export function TokenSwitch({ value, onChange, badges, disabled = false, label = "Token", className }: TokenSwitchProps) {
  const labelId = useId();

  function moveSelection(group: HTMLElement, step: 1 | -1) {
    const next = TOKENS[(TOKENS.indexOf(value) + step + TOKENS.length) % TOKENS.length];
    onChange(next);
    group.querySelector<HTMLButtonElement>(`[data-token="${next}"]`)?.focus();
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <span id={labelId} className="text-xs font-medium tracking-wider text-slate-400">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-disabled={disabled || undefined}
        className="grid grid-cols-2 gap-2"
        onKeyDown={(event) => {
          if (disabled) return;
          if (event.key === "ArrowRight" || event.key === "ArrowDown") moveSelection(event.currentTarget, 1);
          else if (event.key === "ArrowLeft" || event.key === "ArrowUp") moveSelection(event.currentTarget, -1);
          else return;
          event.preventDefault();
        }}
      >
        {TOKENS.map((token) => {
          const selected = token === value;
          return (
            <button
              key={token}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              disabled={disabled}
              data-token={token}
              data-testid={`token-switch-${token}`}
              onClick={() => onChange(token)}
              className={cn(
                "flex h-11 items-center justify-between gap-2 rounded-xl border px-3 text-sm font-semibold transition",
                "disabled:cursor-not-allowed disabled:opacity-50",
                selected ? activeClasses[token] : "border-white/10 bg-white/5 text-slate-300 hover:border-white/30",
              )}
            >
              <span>{token}</span>
              {badges?.[token] && (
                <span
                  className={cn(
                    "shrink-0 rounded-md px-1.5 py-0.5 text-xs font-bold whitespace-nowrap tabular-nums",
                    selected ? "bg-night-950/60" : "bg-white/10 text-slate-300",
                  )}
                >
                  {badges[token]}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
