import { RoundOutcome } from "@/components/ui/round-outcome";
import type { DropRecord } from "../hooks/use-plinko-game";
import { RISK_LABELS, formatMultiplier } from "../plinko-display";

/** The last 10 drops: the slot's multiplier, the bet it was, won or lost, profit. */
export function DropHistory({ history }: { history: readonly DropRecord[] }) {
  return (
    <section className="glass-card p-5" aria-labelledby="plinko-history">
      <h2 id="plinko-history" className="font-display text-lg font-bold text-white">
        Recent drops
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No drops yet. Pick your rows and risk, and drop.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-1.5" data-testid="drop-history">
          {history.map((record) => (
            <li key={record.id} className="flex items-center gap-2 text-sm tabular-nums" data-testid="drop-history-entry">
              <span className="w-20 shrink-0 font-semibold text-white">{formatMultiplier(record.multiplier)}</span>
              <span className="min-w-0 flex-1 truncate whitespace-nowrap text-slate-400">
                {record.rows} rows · {RISK_LABELS[record.risk]}
              </span>
              <RoundOutcome won={record.won} profit={record.profit} token={record.token} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
