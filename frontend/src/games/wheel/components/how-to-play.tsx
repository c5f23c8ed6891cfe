export function HowToPlay() {
  return (
    <section className="glass-card p-5" aria-labelledby="wheel-how-to">
      <h2 id="wheel-how-to" className="font-display text-lg font-bold text-white">
        How to play
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-300">
        <li>Choose DEGEN (x1.02) or BNB (x0.98) and set your bet.</li>
        <li>Pick one to nine of the ten colours. Each colour is one segment of the wheel.</li>
        <li>Spin. If the pointer stops on one of your colours you win.</li>
        <li>A win returns your bet × 10 ÷ colours chosen × the token multiplier: one DEGEN colour pays 10.2x, five pay 2.04x.</li>
        <li>All ten colours cannot be chosen: that bet could never lose.</li>
      </ol>
    </section>
  );
}
