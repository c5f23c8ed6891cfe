import type { Token } from "@/config/tokens";
import { formatMultiplier, formatSlotChance, plinkoMultiplierOf, type PlinkoBet } from "../plinko-display";

/** Each slot's chance and multiplier for the chosen rows and risk, from an edge to the centre (the board is symmetric). */
export function PayoutsPanel({ token, bet }: { token: Token; bet: PlinkoBet }) {
  const half = Array.from({ length: Math.floor(bet.rows / 2) + 1 }, (_, slot) => slot);
  return (
    <section className="glass-card p-5" aria-labelledby="plinko-payouts">
      <h2 id="plinko-payouts" className="font-display text-lg font-bold text-white">
        Payouts <span className="text-sm font-medium text-slate-400">({token})</span>
      </h2>
      <table className="mt-3 w-full text-sm tabular-nums" data-testid="plinko-payouts">
        <thead>
          <tr className="text-left text-xs text-slate-400">
            <th className="py-1 font-medium">Slot</th>
            <th className="py-1 font-medium">Chance</th>
            <th className="py-1 text-right font-medium">Pays</th>
          </tr>
        </thead>
        <tbody>
          {half.map((slot) => {
            const mirror = bet.rows - slot;
            return (
              <tr key={slot} className="border-t border-white/5 text-slate-300" data-testid="plinko-payout-row" data-slot={slot}>
                <td className="py-1">{slot === mirror ? slot : `${slot} or ${mirror}`}</td>
                <td className="py-1">{slot === mirror ? formatSlotChance(bet.rows, slot) : `${formatSlotChance(bet.rows, slot)} each`}</td>
                <td className="py-1 text-right font-semibold">{formatMultiplier(plinkoMultiplierOf(token, bet, slot))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
