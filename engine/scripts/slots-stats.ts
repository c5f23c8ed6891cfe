/**
 * Exact figures of the slots reel weights, the ones engine/README.md quotes: RTP, hit rate,
 * spread and big-win frequency. Run it after changing SLOT_REEL_WEIGHTS:
 *   npx tsx engine/scripts/slots-stats.ts
 * The distribution of a spin's total line price is summed exactly over all 7^15 grids, reel by
 * reel. A state is, per line, the symbol its run from reel 1 still has (null once the run has
 * ended), plus the prices of the runs that already ended; its weight is a product of reel weights.
 */
import {
  SLOT_BIG_WIN_MULTIPLE,
  SLOT_LINES,
  SLOT_PAYTABLE,
  SLOT_REEL_WEIGHT_TOTAL,
  SLOT_REEL_WEIGHTS,
  SLOT_ROWS,
  SLOT_SYMBOLS,
  slotsExactRtp,
  type SlotSymbol,
} from "../src";

type Runs = (SlotSymbol | null)[];
const price = (symbol: SlotSymbol, count: number) => (count >= 3 ? SLOT_PAYTABLE[symbol][count - 3] : 0);

/** Every column of one reel with its weight. */
function columns(reel: number): { cells: SlotSymbol[]; weight: bigint }[] {
  let all: { cells: SlotSymbol[]; weight: bigint }[] = [{ cells: [], weight: 1n }];
  for (let row = 0; row < SLOT_ROWS; row++) {
    all = all.flatMap(({ cells, weight }) =>
      SLOT_SYMBOLS.map((symbol) => ({ cells: [...cells, symbol], weight: weight * BigInt(SLOT_REEL_WEIGHTS[reel][symbol]) })),
    );
  }
  return all;
}

/** Weight of every total line price (in bets), over all grids; the weights add up to 100^15. */
function distribution(): Map<number, bigint> {
  let states = new Map<string, { runs: Runs; paid: number; weight: bigint }>();
  states.set("start", { runs: SLOT_LINES.map(() => null), paid: 0, weight: 1n });
  SLOT_REEL_WEIGHTS.forEach((_, reel) => {
    const next = new Map<string, { runs: Runs; paid: number; weight: bigint }>();
    for (const state of states.values()) {
      for (const { cells, weight } of columns(reel)) {
        let paid = state.paid;
        const runs = SLOT_LINES.map((line, i): SlotSymbol | null => {
          const cell = cells[line.rows[reel]];
          if (reel === 0 || state.runs[i] === cell) return cell;
          if (state.runs[i] !== null) paid += price(state.runs[i]!, reel); // the run ended at length `reel`
          return null;
        });
        const key = `${runs.join()}|${paid}`;
        const found = next.get(key);
        if (found) found.weight += state.weight * weight;
        else next.set(key, { runs, paid, weight: state.weight * weight });
      }
    }
    states = next;
  });
  const totals = new Map<number, bigint>();
  for (const { runs, paid, weight } of states.values()) {
    const total = runs.reduce((sum, run) => sum + (run === null ? 0 : price(run, SLOT_REEL_WEIGHTS.length)), paid);
    totals.set(total, (totals.get(total) ?? 0n) + weight);
  }
  return totals;
}

const totals = distribution();
const all = BigInt(SLOT_REEL_WEIGHT_TOTAL) ** BigInt(SLOT_REEL_WEIGHTS.length * SLOT_ROWS);
const sum = (term: (total: number, weight: bigint) => bigint) => [...totals].reduce((acc, [total, weight]) => acc + term(total, weight), 0n);
const ratio = (weight: bigint) => Number((weight * 10n ** 15n) / all) / 1e15;
const chance = (test: (total: number) => boolean) => ratio(sum((total, weight) => (test(total) ? weight : 0n)));
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const reduced = (numerator: bigint, denominator: bigint) => `${numerator / gcd(numerator, denominator)}/${denominator / gcd(numerator, denominator)}`;
const oneIn = (p: number) => `1 spin in ${(1 / p).toFixed(1)}`;

console.log("weights, reels 1..5 (" + SLOT_SYMBOLS.join("/") + "):");
SLOT_REEL_WEIGHTS.forEach((weights, reel) => console.log(`  reel ${reel + 1}: ${SLOT_SYMBOLS.map((s) => weights[s]).join("/")}`));
const meanTimesAll = sum((total, weight) => BigInt(total) * weight);
console.log(`base RTP (mean line prices per spin, in bets): ${reduced(meanTimesAll, all)} = ${(ratio(meanTimesAll) * 100).toFixed(9)} %`);
for (const token of ["DEGEN", "BNB"] as const) {
  const { numerator, denominator } = slotsExactRtp(token);
  console.log(`RTP ${token} (slotsExactRtp): ${reduced(numerator, denominator)} = ${(ratio((numerator * all) / denominator) * 100).toFixed(9)} %`);
}
const mean = ratio(meanTimesAll);
const variance = ratio(sum((total, weight) => BigInt(total) ** 2n * weight)) - mean * mean;
console.log(`variance ${variance.toFixed(3)}, standard deviation ${Math.sqrt(variance).toFixed(3)} bets`);
const hit = chance((total) => total > 0);
const big = chance((total) => total >= SLOT_BIG_WIN_MULTIPLE);
const top = chance((total) => total >= 150);
console.log(`hit rate ${(hit * 100).toFixed(3)} % (${oneIn(hit)})`);
console.log(`big win (≥ ${SLOT_BIG_WIN_MULTIPLE}x) ${(big * 100).toFixed(4)} % (${oneIn(big)}); ≥ 150x ${oneIn(top)}`);
