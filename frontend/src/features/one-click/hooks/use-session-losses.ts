import { useEffect } from "react";

/** How often the session's losses are read while nothing else asks: the budget left stays near the chain's. */
const READ_EVERY_MS = 10_000;

/** Reads the open session's losses (CasinoSessions.sessionOf) now: the bets feature asks after each settled web3 bet. */
export const refreshSessionLosses = (): Promise<void> =>
  import("../session-key")
    .then(({ readSessionLosses }) => readSessionLosses())
    .catch((error: unknown) => console.warn("Reading the one-click budget failed", error));

/** Keeps the open session's losses read: at once, every 10 s, and after each settled bet (refreshSessionLosses). */
export function useSessionLosses(key: string | null): void {
  useEffect(() => {
    if (key === null) return;
    void refreshSessionLosses();
    const timer = setInterval(() => void refreshSessionLosses(), READ_EVERY_MS);
    return () => clearInterval(timer);
  }, [key]);
}
