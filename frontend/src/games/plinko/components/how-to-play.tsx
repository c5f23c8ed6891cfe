export function HowToPlay() {
  return (
    <section className="glass-card p-5" aria-labelledby="plinko-how-to">
      <h2 id="plinko-how-to" className="font-display text-lg font-bold text-white">
        How to play
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-300">
        <li>Choose DEGEN (x1.02) or BNB (x0.98) and set your bet.</li>
        <li>Pick 8 to 16 rows and a risk, Low, Medium or High: more rows and more risk pay more at the edges and less in the middle.</li>
        <li>
          Drop. The ball&apos;s path is the first draw of the bet&apos;s random stream, one bit per row (the lowest bit for the top row): a set bit bounces it
          right, a clear one left.
        </li>
        <li>It lands in the slot counted by its right bounces, from 0 at the far left, so the middle slots are the likeliest.</li>
        <li>The slot pays your bet × the multiplier written on it, already in your token; a slot under 1x returns part of your bet.</li>
        <li>Every choice of rows and risk returns the same share of the stakes on average: 102% with DEGEN, 98% with BNB.</li>
      </ol>
    </section>
  );
}
