import { useId } from "react";
import { FIELD_FRAME } from "@/components/ui/field-frame";
import type { Token } from "@/config/tokens";
import { cn } from "@/lib/cn";

export interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  token: Token;
  /** What the amount is drawn from, e.g. "In your wallet: 12.00 DEGEN". */
  hint?: string;
  disabled?: boolean;
  /** "Amount" unless a dialog asks for several amounts. */
  label?: string;
  placeholder?: string;
  "data-testid"?: string;
}

/** docs/product.md §2: the dialogs' numeric amount input, step 0.01, min 0. Validation is the dialog's (docs/product.md §5's toasts). */
export function AmountField({
  value,
  onChange,
  token,
  hint,
  disabled = false,
  label = "Amount",
  placeholder = "0.00",
  "data-testid": testId = "amount-input",
}: AmountFieldProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-xs font-medium tracking-wider text-slate-400">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-xs text-slate-400 tabular-nums" data-testid="amount-hint">
            {hint}
          </span>
        )}
      </div>
      <div className={cn(FIELD_FRAME, "flex items-center gap-2 border-white/15 px-3")}>
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          placeholder={placeholder}
          autoComplete="off"
          data-testid={testId}
          aria-describedby={hint ? hintId : undefined}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-12 min-w-0 flex-1 bg-transparent text-lg font-semibold tabular-nums text-white outline-none disabled:cursor-not-allowed"
        />
        <span className="text-sm font-semibold text-slate-400">{token}</span>
      </div>
    </div>
  );
}
