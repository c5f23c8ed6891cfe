import { idleLimitText } from "@/lib/round-notes";
import { useSecondsLeft } from "@/lib/use-seconds-left";
import type { IdleLimit } from "@/features/bets";

/** The countdown shows in the last minute only: earlier it would only hurry the player. */
const COUNTDOWN_FROM_MS = 60_000;

/** A web3 round's idle rule, explained while it is played: the server never waits on the player past a limit, so the bet can always settle. */
export function IdleNotice({ idle, safe }: { idle: IdleLimit; safe: number }) {
  const left = useSecondsLeft(idle.endsAt);
  return (
    <p className="rounded-xl border border-white/10 bg-night-950/50 px-3 py-2 text-xs text-slate-300" data-testid="mines-idle-notice">
      If you don&apos;t act within {idleLimitText(idle.limitMs)}, the server cashes out your safe tiles so your bet can settle
      {safe === 0 && " (with none revealed, the bet is lost)"}.
      {left * 1000 <= COUNTDOWN_FROM_MS && <span className="font-semibold text-gold"> The round ends in {left} s.</span>}
    </p>
  );
}
