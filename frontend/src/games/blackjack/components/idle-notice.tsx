import type { IdleLimit } from "@/features/bets";
import { idleLimitText } from "@/lib/round-notes";
import { useSecondsLeft } from "@/lib/use-seconds-left";

/** The countdown shows in the last minute only: earlier it would only hurry the player. */
const COUNTDOWN_FROM_MS = 60_000;

/**
 * A web3 hand's idle rule, explained while it is played (docs/decisions.md §3: the server never waits on
 * the player past a limit, so the bet can always settle in time).
 */
export function IdleNotice({ idle }: { idle: IdleLimit }) {
  const left = useSecondsLeft(idle.endsAt);
  return (
    <p className="rounded-xl border border-white/10 bg-night-950/50 px-3 py-2 text-xs text-slate-300" data-testid="idle-notice">
      If you don't act within {idleLimitText(idle.limitMs)}, the server stands for you so your bet can settle.
      {left * 1000 <= COUNTDOWN_FROM_MS && <span className="font-semibold text-gold"> The server stands for you in {left} s.</span>}
    </p>
  );
}
