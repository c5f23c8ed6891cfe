import { RoundOutcome } from "@/components/ui/round-outcome";
import type { RollRecord } from "../hooks/use-dice-game";
import { formatRoll } from "../dice-display";

/** The last 10 rolls: the roll, the bet it met, won or lost, profit. */
export function RollHistory({ history }: { history: readonly RollRecord[] }) {
  return (
    <section className="glass-card p-5" aria-labelledby="dice-history">
      <h2 id="dice-history" className="font-display text-lg font-bold text-white">
        Recent rolls
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No rolls yet. Set your target and roll.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-1.5" data-testid="roll-history">
          {history.map((record) => (
            <li key={record.id} className="flex items-center gap-2 text-sm tabular-nums" data-testid="roll-history-entry">
              <span className="w-14 font-semibold text-white">{formatRoll(record.roll)}</span>
              <span className="min-w-0 flex-1 truncate whitespace-nowrap text-slate-400">
                {record.side === "UNDER" ? "under" : "over"} {formatRoll(record.target)}
              </span>
              <RoundOutcome won={record.won} profit={record.profit} token={record.token} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
