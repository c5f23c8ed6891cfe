import type { Fighter } from "@engine/kickboxing";
import { cn } from "@/lib/cn";
import type { FighterView } from "../match-machine";

function Column({ corner, view }: { corner: Fighter; view: FighterView }) {
  const isRed = corner === "RED";
  const rows: [string, number][] = [
    ["Blocks", view.blocks],
    ["Counters", view.counters],
    ["Combos", view.combos],
  ];
  return (
    <dl
      data-testid={`stats-${corner}`}
      className={cn(
        "grid min-w-0 flex-1 grid-cols-3 gap-1 rounded-xl border px-1.5 py-2 text-center sm:px-2",
        isRed ? "border-[#ff3d5a]/30 bg-[#ff3d5a]/10" : "border-[#3d8bff]/30 bg-[#3d8bff]/10",
      )}
    >
      {rows.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-col-reverse">
          <dt className="truncate text-[10px] font-semibold tracking-wider text-slate-400">{label}</dt>
          <dd className={cn("font-display text-lg font-black tabular-nums", isRed ? "text-[#ff7a8e]" : "text-[#7db1ff]")}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FightStats({ red, blue }: { red: FighterView; blue: FighterView }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:gap-3" aria-label="Fight stats">
      <Column corner="RED" view={red} />
      <Column corner="BLUE" view={blue} />
    </div>
  );
}
