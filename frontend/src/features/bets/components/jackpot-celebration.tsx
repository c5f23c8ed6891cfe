import { lazy, Suspense, useEffect, useState } from "react";
import { useWalletStore } from "@/features/wallet";
import { useBetStore } from "../bet-store";

/** The banner and its confetti load with the first jackpot hit: the lobby's first load stays small. */
const JackpotBanner = lazy(() => import("./jackpot-banner"));

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
    <Suspense fallback={null}>
      <JackpotBanner burst={shown.id} amount={shown.amount} durationMs={SHOW_MS} />
    </Suspense>
  );
}
