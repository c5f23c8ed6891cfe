export function HowToPlay() {
  return (
    <section className="glass-card p-5" aria-labelledby="dice-how-to">
      <h2 id="dice-how-to" className="font-display text-lg font-bold text-white">
        How to play
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-300">
        <li>Choose DEGEN (x1.02) or BNB (x0.98) and set your bet.</li>
        <li>Pick Roll under or Roll over, then set the target with the slider, the win chance or the multiplier.</li>
        <li>Roll. The roll is a number from 0.00 to 99.99: under wins below the target, over wins above it.</li>
        <li>A win returns your bet × the token multiplier ÷ the win chance: at 50% DEGEN pays 2.04x, BNB 1.96x.</li>
        <li>Every target returns the same share of the stakes on average: 102% with DEGEN, 98% with BNB.</li>
      </ol>
    </section>
  );
}
