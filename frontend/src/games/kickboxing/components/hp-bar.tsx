import { KICKBOXING, type Fighter } from "@engine/kickboxing";
import { cn } from "@/lib/cn";

export function HpBar({ corner, hp }: { corner: Fighter; hp: number }) {
  const percent = (hp / KICKBOXING.START_HP) * 100;
  const isRed = corner === "RED";
  const name = isRed ? "Red" : "Blue";
  return (
    <div className={cn("flex min-w-0 flex-1 flex-col gap-1", !isRed && "items-end")}>
      <div className={cn("flex w-full items-baseline justify-between gap-2 text-sm font-bold", !isRed && "flex-row-reverse")}>
        <span className={isRed ? "text-[#ff5c75]" : "text-[#6aa5ff]"}>{name}</span>
        <span className="tabular-nums text-slate-200" data-testid={`hp-${corner}`}>
          {hp} HP
        </span>
      </div>
      <div
        role="meter"
        aria-label={`${name} health`}
        aria-valuemin={0}
        aria-valuemax={KICKBOXING.START_HP}
        aria-valuenow={hp}
        className="h-3 w-full overflow-hidden rounded-full bg-white/10 ring-1 ring-white/10"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-300 ease-out",
            isRed ? "bg-linear-to-r from-[#ff3d5a] to-[#ff8a3d]" : "ml-auto bg-linear-to-l from-[#3d8bff] to-cyan",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
