import { formatTokenAmount } from "@/config/tokens";
import { UsdValue } from "@/features/prices";
import type { SlotsWin } from "../hooks/use-slots-game";

/** Shown for 4 s on a big win (line prices of 20 bets or more). */
export function BigWinOverlay({ win }: { win: SlotsWin | null }) {
  if (!win) return null;
  return (
    <div role="status" data-testid="big-win" className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-night-950/70 backdrop-blur-sm">
      <div className="slots-pop rounded-3xl border-2 border-gold bg-night-900/90 px-10 py-8 text-center shadow-[0_0_80px_rgb(255_210_63/0.6)]">
        <p className="neon-text font-display text-5xl font-black tracking-tight sm:text-6xl">BIG WIN!</p>
        <p className="mt-3 font-display text-3xl font-bold text-gold tabular-nums">
          +{formatTokenAmount(win.token, win.amount)} {win.token}
        </p>
        <UsdValue token={win.token} amount={win.amount} className="mt-1 block text-lg text-slate-300" />
      </div>
    </div>
  );
}
