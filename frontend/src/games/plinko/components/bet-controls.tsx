import { useId } from "react";
import { cn } from "@/lib/cn";
import { PLINKO, PLINKO_RISKS, RISK_LABELS, type PlinkoBet } from "../plinko-display";

interface BetControlsProps {
  bet: PlinkoBet;
  onChange: (bet: PlinkoBet) => void;
  disabled: boolean;
}

/** The rows, 8 to 16 (a slider; the keyboard's arrows move it by one), and the risk, Low, Medium or High. */
export function BetControls({ bet, onChange, disabled }: BetControlsProps) {
  const rowsId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between text-xs">
          <label htmlFor={rowsId} className="font-medium tracking-wider text-slate-400">
            Rows
          </label>
          <output htmlFor={rowsId} className="text-sm font-semibold text-white tabular-nums" data-testid="plinko-rows-value">
            {bet.rows}
          </output>
        </div>
        <input
          id={rowsId}
          type="range"
          className="plinko-rows h-2 w-full cursor-pointer appearance-none rounded-full bg-white/15 disabled:cursor-not-allowed disabled:opacity-60"
          min={PLINKO.MIN_ROWS}
          max={PLINKO.MAX_ROWS}
          step={1}
          value={bet.rows}
          onChange={(event) => onChange({ ...bet, rows: Number(event.target.value) })}
          disabled={disabled}
          aria-valuetext={`${bet.rows} rows`}
          data-testid="plinko-rows"
        />
        <div className="flex justify-between text-xs text-slate-500 tabular-nums" aria-hidden="true">
          <span>{PLINKO.MIN_ROWS}</span>
          <span>{PLINKO.MAX_ROWS}</span>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <span className="text-xs font-medium tracking-wider text-slate-400" id={`${rowsId}-risk`}>
          Risk
        </span>
        <div className="grid grid-cols-3 gap-2" role="group" aria-labelledby={`${rowsId}-risk`}>
          {PLINKO_RISKS.map((risk) => (
            <button
              key={risk}
              type="button"
              className={cn(
                "rounded-xl border px-3 py-2 text-sm font-semibold transition disabled:opacity-60",
                bet.risk === risk ? "border-pink/80 bg-pink/15 text-pink" : "border-white/10 text-slate-300 hover:border-white/30",
              )}
              aria-pressed={bet.risk === risk}
              onClick={() => onChange({ ...bet, risk })}
              disabled={disabled}
              data-testid={`plinko-risk-${risk}`}
            >
              {RISK_LABELS[risk]}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
