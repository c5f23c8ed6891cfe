import { cn } from "@/lib/cn";
import { WHEEL_COLOURS, WHEEL_MAX_COLOURS } from "../wheel-display";

export interface ColourPickerProps {
  selected: readonly number[];
  onToggle: (index: number) => void;
  limitReached: boolean;
  disabled: boolean;
}

/** Ten colour buttons in multi-select; a tenth choice is refused with its reason (docs/decisions.md §5). */
export function ColourPicker({ selected, onToggle, limitReached, disabled }: ColourPickerProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 flex w-full items-baseline justify-between text-xs font-medium tracking-wider text-slate-400">
        <span>Colours</span>
        <span className="tracking-normal tabular-nums" data-testid="colour-count">
          {selected.length} / {WHEEL_MAX_COLOURS} selected
        </span>
      </legend>
      <div className="grid grid-cols-5 gap-2">
        {WHEEL_COLOURS.map((colour, index) => {
          const isSelected = selected.includes(index);
          return (
            <button
              key={colour.color}
              type="button"
              aria-pressed={isSelected}
              data-testid={`colour-${colour.color}`}
              onClick={() => onToggle(index)}
              className={cn(
                "flex h-14 flex-col items-center justify-center gap-1 rounded-xl border text-[11px] font-bold transition",
                "disabled:cursor-not-allowed disabled:opacity-50",
                isSelected ? "scale-[1.04] border-white bg-white/15 text-white" : "border-white/10 bg-white/5 text-slate-300 hover:border-white/40",
              )}
              style={isSelected ? { boxShadow: `0 0 18px -2px ${colour.hex}` } : undefined}
            >
              <span aria-hidden="true" className="size-5 rounded-full ring-2 ring-night-950" style={{ background: colour.hex }} />
              {colour.label}
            </button>
          );
        })}
      </div>
      <p role="status" className={cn("min-h-4 text-xs", limitReached ? "text-pink" : "text-slate-500")} data-testid="colour-limit">
        {limitReached ? `At most ${WHEEL_MAX_COLOURS} colours: a bet on all ten could never lose.` : "Fewer colours, bigger multiplier."}
      </p>
    </fieldset>
  );
}
