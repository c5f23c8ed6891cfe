import { useId } from "react";
import { FIELD_FRAME } from "@/components/ui/field-frame";
import { cn } from "@/lib/cn";

export interface AutoCashOutInputProps {
  text: string;
  onChange: (text: string) => void;
  invalid: boolean;
  disabled: boolean;
  /** The target's chance and RTP, when one is set. */
  chance: string | null;
}

export function AutoCashOutInput({ text, onChange, invalid, disabled, chance }: AutoCashOutInputProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-xs font-medium tracking-wider text-slate-400">
        Auto cash-out (optional)
      </label>
      <div className={cn(FIELD_FRAME, "flex items-center px-3", invalid ? "border-pink/80" : "border-white/15", disabled && "opacity-50")}>
        <input
          id={inputId}
          data-testid="auto-cash-out"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Off"
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 min-w-0 flex-1 bg-transparent text-lg font-semibold text-white tabular-nums outline-none placeholder:text-slate-500 disabled:cursor-not-allowed"
        />
        <span className="text-sm font-semibold text-slate-400">x</span>
      </div>
      <p id={hintId} className={cn("text-xs", invalid ? "text-pink" : "text-slate-500")}>
        {invalid ? "Enter a target from 1.01x to 100x, or leave it empty." : "Cash out automatically at this multiplier."}
      </p>
      {chance && (
        <p className="text-xs font-semibold text-slate-300" data-testid="auto-cash-out-chance">
          {chance}
        </p>
      )}
    </div>
  );
}
