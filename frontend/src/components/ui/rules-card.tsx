import { cn } from "@/lib/cn";

/** A game's "How to play": a glass card with one diamond-bulleted line per rule. */
export function RulesCard({ id, rules, bulletClassName }: { id: string; rules: readonly string[]; bulletClassName: string }) {
  return (
    <section className="glass-card p-5 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="font-display text-lg font-bold text-white">
        How to play
      </h2>
      <ul className="mt-3 grid gap-2 text-sm leading-relaxed text-slate-300 sm:grid-cols-2">
        {rules.map((rule) => (
          <li key={rule} className="flex gap-2">
            <span aria-hidden="true" className={cn("mt-1.5 size-2 shrink-0 rotate-45 rounded-[2px]", bulletClassName)} />
            {rule}
          </li>
        ))}
      </ul>
    </section>
  );
}
