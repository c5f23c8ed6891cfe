import { useRef, useState } from "react";

/**
 * Runs a round's server or chain calls one at a time (a second click while one is on its way does
 * nothing), with `busy` for the buttons. A failure goes to `failed` and answers null; a refusal
 * in the wallet (`quiet`) answers null without it.
 */
export function useOneCallAtATime(quiet: (error: unknown) => boolean) {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  async function run<T>(call: () => Promise<T>, failed: (error: unknown) => void): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    try {
      return await call();
    } catch (error) {
      if (!quiet(error)) failed(error);
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { busy, run };
}
