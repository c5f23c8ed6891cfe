import { useEffect, useState } from "react";
import { Confetti } from "@/components/ui/confetti";
import { useWalletStore } from "@/features/wallet";
import { useBetStore } from "../bet-store";

/** How long the jackpot banner stays up. */
const SHOW_MS = 6_000;

/**
 * A jackpot hit of the player's on-chain bet, celebrated over every page with its amount (issue
 * #14): read from the bet's JackpotWon event, never announced before the chain paid it.
 */
export function JackpotCelebration() {
  // Two plain values: a selector that builds an object returns a new one on every read, which
  // React's store subscription takes for a change, re-rendering without end (the page crashed).
  const winAmount = useBetStore((state) => (state.bet?.stage === "result" ? state.bet.jackpotWin : undefined));
  const winId = useBetStore((state) => (state.bet?.stage === "result" && state.bet.jackpotWin ? state.bet.id : undefined));
  const [shown, setShown] = useState<{ id: number; amount: string } | null>(null);

  useEffect(() => {
    if (winId === undefined || winAmount === undefined) return;
    setShown({ id: winId, amount: winAmount });
    // The prize is in the player's Casino balance from the settlement on: shown with the banner,
    // or, while the game still animates the bet's own outcome, as soon as it has shown it.
    void useWalletStore.getState().refreshBalances();
    const timer = window.setTimeout(() => setShown(null), SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [winId, winAmount]);

  if (!shown) return null;
  return (
    <>
      <Confetti burst={shown.id} durationMs={SHOW_MS} pieces={140} />
      <div
        role="status"
        data-testid="jackpot-celebration"
        className="pointer-events-none fixed inset-x-0 top-24 z-50 mx-auto w-fit rounded-2xl border border-gold/60 bg-night-950/90 px-6 py-4 text-center shadow-[0_0_40px_-6px_rgb(255_210_63/0.7)]"
      >
        <div className="font-display text-3xl font-black text-gold">JACKPOT!</div>
        <div className="mt-1 text-sm text-slate-100">
          You won <span className="font-semibold tabular-nums">{Number(shown.amount).toFixed(2)} DEGEN</span> from the jackpot
        </div>
      </div>
    </>
  );
}
