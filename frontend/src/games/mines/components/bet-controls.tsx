import { useId } from "react";
import { MINE_COUNTS, safeTileCount } from "../mines-display";

/** The mine count, 1 to 24: more mines pay more per safe tile and leave fewer of them. */
export function BetControls({ mines, onChange, disabled }: { mines: number; onChange: (mines: number) => void; disabled: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-xs">
        <label htmlFor={id} className="font-medium tracking-wider text-slate-400">
          Mines
        </label>
        <span className="text-slate-400" data-testid="mines-safe-count">
          {safeTileCount(mines)} safe tiles
        </span>
      </div>
      <select
        id={id}
        value={mines}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-11 rounded-xl border border-white/15 bg-night-950/60 px-3 text-white focus:border-cyan/70 disabled:opacity-60"
        data-testid="mines-count"
      >
        {MINE_COUNTS.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </div>
  );
}
