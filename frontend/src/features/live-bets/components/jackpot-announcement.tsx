import { useEffect } from "react";
import { displayAmount } from "@/features/wallet";
import { useLiveBetsStore } from "../live-bets-store";
import { playerName } from "@/features/stats";

/** How long a jackpot announcement stays up. */
const SHOW_MS = 8_000;

/** A jackpot hit by anyone, announced on every open page of the app. */
export function JackpotAnnouncement() {
  const jackpot = useLiveBetsStore((state) => state.jackpot);
  const dismiss = useLiveBetsStore((state) => state.dismissJackpot);
  useEffect(() => {
    if (!jackpot) return;
    const timer = window.setTimeout(dismiss, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [jackpot, dismiss]);
  if (!jackpot) return null;
  return (
    <div
      role="status"
      data-testid="jackpot-announcement"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-3 rounded-2xl border border-gold/60 bg-night-950/95 px-4 py-3 text-sm text-slate-100 shadow-[0_0_30px_-6px_rgb(255_210_63/0.6)]"
    >
      <span className="font-display font-black text-gold">JACKPOT!</span>
      <span>
        {playerName(jackpot)} won <span className="font-semibold tabular-nums">{displayAmount("DEGEN", BigInt(jackpot.amount))} DEGEN</span>
      </span>
      <button
        type="button"
        onClick={dismiss}
        className="text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-cyan"
        aria-label="Dismiss"
      >
        ×
      </button>
    </div>
  );
}
