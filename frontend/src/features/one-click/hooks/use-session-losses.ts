import { useEffect } from "react";
import { useBetStore } from "@/features/bets";

/** How often the session's losses are read while nothing else asks: the budget left stays near the chain's. */
const READ_EVERY_MS = 10_000;

const read = () =>
  import("../session-key")
    .then(({ readSessionLosses }) => readSessionLosses())
    .catch((error: unknown) => console.warn("Reading the one-click budget failed", error));

/** Keeps the open session's losses (CasinoSessions.sessionOf) read: at once, after each settled bet, and every 10 s. */
export function useSessionLosses(key: string | null): void {
  useEffect(() => {
    if (key === null) return;
    void read();
    const timer = setInterval(() => void read(), READ_EVERY_MS);
    const unsubscribe = useBetStore.subscribe((next, previous) => {
      if (next.bet?.stage === "result" && previous.bet?.stage !== "result") void read();
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [key]);
}
