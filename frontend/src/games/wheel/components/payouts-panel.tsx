import type { Token } from "@/config/tokens";
import { cn } from "@/lib/cn";
import { WHEEL_MAX_COLOURS, formatMultiplier, wheelMultiplier, wheelWinChance } from "../wheel-display";

/** Multiplier and win chance for every number of colours, the current choice highlighted. */
export function PayoutsPanel({ token, colourCount }: { token: Token; colourCount: number }) {
  return (
    <section className="glass-card p-5" aria-labelledby="wheel-payouts">
      <h2 id="wheel-payouts" className="font-display text-lg font-bold text-white">
        Payouts <span className="text-sm font-medium text-slate-400">({token})</span>
      </h2>
      <table className="mt-3 w-full text-sm tabular-nums">
        <thead>
          <tr className="text-left text-xs text-slate-400">
            <th className="py-1 font-medium">Colours</th>
            <th className="py-1 font-medium">Win chance</th>
            <th className="py-1 text-right font-medium">Pays</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: WHEEL_MAX_COLOURS }, (_, index) => index + 1).map((count) => (
            <tr key={count} className={cn("border-t border-white/5", count === colourCount ? "text-gold" : "text-slate-300")}>
              <td className="py-1">{count}</td>
              <td className="py-1">{Math.round(wheelWinChance(count) * 100)}%</td>
              <td className="py-1 text-right font-semibold">{formatMultiplier(wheelMultiplier(token, count))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
