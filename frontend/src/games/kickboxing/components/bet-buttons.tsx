import type { KickboxingBet } from "@engine/kickboxing";
import { cn } from "@/lib/cn";
import { BET_OPTIONS } from "../bet-options";

const tone: Record<KickboxingBet, { idle: string; chosen: string }> = {
  RED: {
    idle: "border-[#ff3d5a]/40 text-[#ff7a8e] hover:bg-[#ff3d5a]/15",
    chosen: "border-[#ff3d5a] bg-[#ff3d5a] text-white shadow-[0_0_24px_-4px_rgb(255_61_90/0.8)]",
  },
  BLUE: {
    idle: "border-[#3d8bff]/40 text-[#7db1ff] hover:bg-[#3d8bff]/15",
    chosen: "border-[#3d8bff] bg-[#3d8bff] text-white shadow-[0_0_24px_-4px_rgb(61_139_255/0.8)]",
  },
  TIE: {
    idle: "border-gold/40 text-gold hover:bg-gold/15",
    chosen: "border-gold bg-gold text-night-950 shadow-[0_0_24px_-4px_rgb(255_210_63/0.8)]",
  },
};

export interface BetButtonsProps {
  value: KickboxingBet | null;
  onChange: (bet: KickboxingBet) => void;
  disabled: boolean;
}

export function BetButtons({ value, onChange, disabled }: BetButtonsProps) {
  return (
    <div role="group" aria-label="Bet option" className="grid grid-cols-2 gap-2">
      {BET_OPTIONS.map(({ bet, label, chance }) => (
        // Named by the product's label alone (the button's visible text begins with it); the chance line describes it.
        <button
          key={bet}
          type="button"
          aria-pressed={value === bet}
          aria-describedby={`kickboxing-chance-${bet}`}
          disabled={disabled}
          onClick={() => onChange(bet)}
          data-testid={`kickboxing-bet-${bet}`}
          className={cn(
            "flex min-h-11 flex-col items-center justify-center rounded-xl border px-1.5 py-1 text-[13px] font-bold whitespace-nowrap transition sm:text-sm disabled:cursor-not-allowed disabled:opacity-50",
            bet === "TIE" && "col-span-2",
            value === bet ? tone[bet].chosen : tone[bet].idle,
          )}
        >
          <span>{label}</span>
          <span id={`kickboxing-chance-${bet}`} data-testid={`kickboxing-chance-${bet}`} aria-hidden="true" className="text-[10px] font-semibold opacity-80">
            {chance}
          </span>
        </button>
      ))}
    </div>
  );
}
