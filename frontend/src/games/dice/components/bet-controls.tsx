import { useState } from "react";
import { FIELD_FRAME } from "@/components/ui/field-frame";
import type { Token } from "@/config/tokens";
import { cn } from "@/lib/cn";
import {
  betForChance,
  betForMultiplier,
  diceMultiplierOf,
  formatRoll,
  diceTargetRange,
  winChancePercent,
  withSide,
  type DiceBet,
  type DiceSide,
} from "../dice-display";

interface BetControlsProps {
  token: Token;
  bet: DiceBet;
  onChange: (bet: DiceBet) => void;
  disabled: boolean;
}

const SIDES: readonly { side: DiceSide; label: string }[] = [
  { side: "UNDER", label: "Roll under" },
  { side: "OVER", label: "Roll over" },
];

/** A number the player types: applied on Enter or when the field is left; until then the bet's own figure is not shown over it. */
function LinkedField(props: { label: string; suffix: string; value: string; apply: (typed: number) => void; disabled: boolean; testId: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft.replace(",", "."));
    if (draft.trim() !== "" && Number.isFinite(typed)) props.apply(typed);
    // The bet's figure again, in the same render as the bet the typed number set.
    setDraft(null);
  };
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-400">
      {props.label}
      <span className={cn(FIELD_FRAME, "flex items-center border-white/15 px-3")}>
        <input
          className="w-full min-w-0 bg-transparent py-2 text-sm font-semibold text-white tabular-nums outline-none"
          inputMode="decimal"
          value={draft ?? props.value}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === "Enter" && commit()}
          disabled={props.disabled}
          data-testid={props.testId}
        />
        <span className="text-slate-500">{props.suffix}</span>
      </span>
    </label>
  );
}

/** Roll under / over, and the target, win chance and multiplier, each setting the other two. */
export function BetControls({ token, bet, onChange, disabled }: BetControlsProps) {
  const { min, max } = diceTargetRange(bet.side);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2" role="group" aria-label="Roll under or over">
        {SIDES.map(({ side, label }) => (
          <button
            key={side}
            type="button"
            className={cn(
              "rounded-xl border px-3 py-2 text-sm font-semibold transition",
              bet.side === side ? "border-cyan/80 bg-cyan/15 text-cyan" : "border-white/10 text-slate-300 hover:border-white/30",
            )}
            aria-pressed={bet.side === side}
            onClick={() => onChange(withSide(bet, side))}
            disabled={disabled}
            data-testid={`dice-side-${side}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2">
        <LinkedField
          label="Target"
          suffix=""
          value={formatRoll(bet.target)}
          apply={(typed) => onChange({ ...bet, target: Math.min(max, Math.max(min, Math.round(typed * 100))) })}
          disabled={disabled}
          testId="dice-target"
        />
        <LinkedField
          label="Win chance"
          suffix="%"
          value={String(winChancePercent(bet))}
          apply={(typed) => onChange(betForChance(bet, typed) ?? bet)}
          disabled={disabled}
          testId="dice-chance"
        />
        <LinkedField
          label="Multiplier"
          suffix="x"
          value={String(Number(diceMultiplierOf(token, bet).toFixed(4)))}
          apply={(typed) => onChange(betForMultiplier(token, bet, typed) ?? bet)}
          disabled={disabled}
          testId="dice-multiplier"
        />
      </div>
    </div>
  );
}
