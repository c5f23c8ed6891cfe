import { cn } from "@/lib/cn";
import { DICE, formatRoll, diceTargetRange, type DiceBet } from "../dice-display";

interface DiceTrackProps {
  bet: DiceBet;
  onTarget: (target: number) => void;
  /** The last roll, marked on the track (null before the first). */
  roll: number | null;
  won: boolean | null;
  rolling: boolean;
  disabled: boolean;
}

const percent = (hundredths: number) => `${(hundredths / DICE.ROLLS) * 100}%`;

/** The 0.00–99.99 track: the winning stretch lit, the target's slider, the roll marked where it fell. */
export function DiceTrack({ bet, onTarget, roll, won, rolling, disabled }: DiceTrackProps) {
  const { min, max } = diceTargetRange(bet.side);
  const winFrom = bet.side === "UNDER" ? 0 : bet.target + 1;
  const winTo = bet.side === "UNDER" ? bet.target : DICE.ROLLS;
  return (
    <div className="w-full px-1 pt-10 pb-2" data-testid="dice-track">
      <div className="relative h-3 rounded-full bg-pink/40">
        <div className="absolute inset-y-0 rounded-full bg-cyan/70" style={{ left: percent(winFrom), width: percent(winTo - winFrom) }} aria-hidden="true" />
        {roll !== null && (
          <div
            className={cn(
              "absolute -top-9 -translate-x-1/2 rounded-lg px-2 py-1 text-sm font-bold tabular-nums transition-[left] duration-500",
              won ? "bg-cyan text-night-950" : "bg-pink text-white",
              rolling && "opacity-50",
            )}
            style={{ left: percent(roll) }}
            data-testid="dice-roll-marker"
            data-roll={roll}
          >
            {formatRoll(roll)}
          </div>
        )}
      </div>
      <input
        type="range"
        className="dice-slider -mt-3 h-3 w-full cursor-pointer appearance-none bg-transparent disabled:cursor-not-allowed"
        // The range covers the whole track so the thumb sits at the target's place; targets outside the allowed chances are pulled back in.
        min={0}
        max={DICE.ROLLS - 1}
        step={1}
        value={bet.target}
        onChange={(event) => onTarget(Math.min(max, Math.max(min, Number(event.target.value))))}
        disabled={disabled}
        aria-label={`Target: roll ${bet.side === "UNDER" ? "under" : "over"}`}
        aria-valuetext={formatRoll(bet.target)}
        data-testid="dice-slider"
      />
      <div className="mt-1 flex justify-between text-xs text-slate-500 tabular-nums" aria-hidden="true">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
    </div>
  );
}
