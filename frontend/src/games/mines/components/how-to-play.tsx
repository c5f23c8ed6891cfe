export function HowToPlay() {
  return (
    <section className="glass-card p-5" aria-labelledby="mines-how-to">
      <h2 id="mines-how-to" className="font-display text-lg font-bold text-white">
        How to play
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-300">
        <li>Choose DEGEN (x1.02) or BNB (x0.98), set your bet and pick 1 to 24 mines.</li>
        <li>
          Start. The mines are hidden among 25 tiles by the bet&apos;s random stream: a Fisher–Yates shuffle of the tiles, the first ones shuffled are the
          mines.
        </li>
        <li>Reveal tiles one at a time. A gem raises what a cash-out pays; a mine ends the round and the bet is lost.</li>
        <li>Cash out after any gem. Revealing every safe tile cashes out for you.</li>
        <li>
          A cash-out pays your bet × the token multiplier ÷ the chance of finding that many gems in a row, so every way of playing returns 102% with DEGEN and
          98% with BNB on average, up to the 1000x cap.
        </li>
        <li>On chain, if you stop acting the server cashes out your gems after its idle limit; a round with no gem is lost.</li>
      </ol>
    </section>
  );
}
