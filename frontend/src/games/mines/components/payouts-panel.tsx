import type { Token } from "@/config/tokens";
import { cn } from "@/lib/cn";
import { formatMultiplier, formatSafeChance, minesMultiplierOf, safeTileCount } from "../mines-display";

/** What each number of safe tiles pays with the chosen mines and token, and the chance of reaching it from a fresh grid. */
export function PayoutsPanel({ token, mines, safe }: { token: Token; mines: number; safe: number }) {
  const counts = Array.from({ length: safeTileCount(mines) }, (_, i) => i + 1);
  return (
    <section className="glass-card p-5" aria-labelledby="mines-payouts">
      <h2 id="mines-payouts" className="font-display text-lg font-bold text-white">
        Payouts <span className="text-sm font-medium text-slate-400">({token})</span>
      </h2>
      <table className="mt-3 w-full text-sm tabular-nums" data-testid="mines-payouts">
        <thead>
          <tr className="text-left text-xs text-slate-400">
            <th className="py-1 font-medium">Safe tiles</th>
            <th className="py-1 font-medium">Chance</th>
            <th className="py-1 text-right font-medium">Pays</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((count) => (
            <tr
              key={count}
              className={cn("border-t border-white/5", count === safe ? "font-semibold text-cyan" : "text-slate-300")}
              data-testid="mines-payout-row"
              aria-current={count === safe || undefined}
            >
              <td className="py-1">{count}</td>
              <td className="py-1">{formatSafeChance(mines, count)}</td>
              <td className="py-1 text-right font-semibold">{formatMultiplier(minesMultiplierOf(token, mines, count))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
