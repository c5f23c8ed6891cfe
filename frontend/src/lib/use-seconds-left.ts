import { useEffect, useState } from "react";

/** Whole seconds from now until the epoch-ms `until` (0 once past), updated every second. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
