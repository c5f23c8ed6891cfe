import { formatTokenAmount } from "@/config/tokens";
import { UsdValue } from "@/features/prices";
import { cn } from "@/lib/cn";
import { betMultiplier } from "../bet-options";
import type { KickboxingRound } from "../round-source";

const HEADLINES = { RED: "RED WINS!", BLUE: "BLUE WINS!", DRAW: "MATCH ENDS IN A DRAW!" } as const;

export function ResultBanner({ round }: { round: KickboxingRound }) {
  const { fight, won } = round;
  return (
    <div
      role="status"
      data-testid="kickboxing-result"
      data-winner={fight.winner}
      data-end-reason={fight.endReason}
      data-won={won}
      className="absolute inset-0 z-10 grid place-items-center bg-night-950/70 p-4 backdrop-blur-[2px]"
    >
      <div className="flex flex-col items-center gap-1 text-center">
        <p
          className={cn(
            "font-display text-3xl font-black tracking-tight sm:text-5xl",
            fight.winner === "RED" && "text-[#ff5c75] [text-shadow:0_0_24px_rgb(255_61_90/0.7)]",
            fight.winner === "BLUE" && "text-[#6aa5ff] [text-shadow:0_0_24px_rgb(61_139_255/0.7)]",
            fight.winner === "DRAW" && "text-gold [text-shadow:0_0_24px_rgb(255_210_63/0.6)]",
          )}
        >
          {HEADLINES[fight.winner]}
        </p>
        <p className="text-base font-semibold tracking-wide text-slate-200">{fight.endReason === "KO" ? "Knockout Victory!" : "Time's Up!"}</p>
        <p className={cn("mt-3 font-display text-xl font-bold", won ? "text-emerald-300" : "text-pink")}>{won ? "You Won the Bet!" : "You Lost the Bet!"}</p>
        {won && (
          <p className="font-display text-2xl font-black text-gold tabular-nums" data-testid="kickboxing-payout">
            +{formatTokenAmount(round.token, round.payout)} {round.token} (x{betMultiplier(round.bet)})
          </p>
        )}
        {won && <UsdValue token={round.token} amount={round.payout} className="text-sm text-slate-300" />}
      </div>
    </div>
  );
}
