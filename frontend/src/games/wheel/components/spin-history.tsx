import { RoundOutcome } from "@/components/ui/round-outcome";
import type { SpinRecord } from "../hooks/use-wheel-game";
import { WHEEL_COLOURS } from "../wheel-display";

/** The last 10 spins: colour, won or lost, profit. */
export function SpinHistory({ history }: { history: readonly SpinRecord[] }) {
  return (
    <section className="glass-card p-5" aria-labelledby="wheel-history">
      <h2 id="wheel-history" className="font-display text-lg font-bold text-white">
        Recent spins
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No spins yet. Pick your colours and spin.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-1.5" data-testid="spin-history">
          {history.map((record) => (
            <li key={record.id} className="flex items-center gap-2 text-sm tabular-nums" data-testid="spin-history-entry">
              <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ background: WHEEL_COLOURS[record.segment].hex }} />
              <span className="flex-1 text-slate-200">{record.label}</span>
              <RoundOutcome won={record.won} profit={record.profit} token={record.token} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
