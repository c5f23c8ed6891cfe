/**
 * npm run bench:engine — engine throughput and RTP.
 *  1. Outcomes per second per game with the real keccak draw stream (what the server pays for).
 *  2. RTP per game and token: exact where the engine computes it (wheel, slots, crash, dice, plinko, mines), and
 *     simulated for every game. The long simulations (≥ 10^6 rounds) drive the engine's own rule
 *     functions with a fast non-cryptographic PRNG, because keccak runs at ~50k blocks/s here and
 *     10^6 fights need ~16M blocks; a 20,000-round run on the real stream is printed beside them.
 */
import { keccak256, toBeHex } from "ethers";
import {
  GameType,
  KICKBOXING_CHANCES,
  RTP_BPS,
  RandomStream,
  TOKENS,
  applyBlackjackAction,
  canSplit,
  crashPointFromDraw,
  crashWinProbability,
  dealBlackjack,
  diceMultiplier,
  diceRoll,
  diceWinningRolls,
  diceWins,
  MINES,
  PLINKO_RISKS,
  cashOutMines,
  minesLayout,
  minesPayout,
  minesSafeChance,
  revealTile,
  startMines,
  plinkoMultiplier,
  plinkoPath,
  plinkoSlotChance,
  evaluateReels,
  handScore,
  isFinalStatus,
  isSoft,
  rankValue,
  settleGame,
  shuffleDeck,
  simulateFight,
  slotsExactRtp,
  spinReels,
  startBlackjack,
  totalStake,
  wheelPayout,
  wheelSegment,
  type BlackjackAction,
  type BlackjackState,
  type Draws,
  type FightWinner,
  type Token,
} from "../engine/src";

/** xoshiro128** — fast, non-cryptographic, for the long simulations only. */
class FastDraws implements Draws {
  private s: Uint32Array;
  constructor(seed: number) {
    this.s = new Uint32Array(4);
    let x = seed >>> 0 || 1;
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) >>> 0; // splitmix32 seeding
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      this.s[i] = (z ^ (z >>> 16)) >>> 0;
    }
  }
  private next32(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
    const t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  }
  next52(): number {
    return (this.next32() >>> 6) * 2 ** 26 + (this.next32() >>> 6);
  }
  float(): number {
    return this.next52() / 2 ** 52;
  }
  int(n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const u = this.next32();
      if (u < limit) return u % n;
    }
  }
}
const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

const ONE = 10n ** 18n;
const words = Array.from({ length: 4096 }, (_, i) => keccak256(toBeHex(i + 1, 32)));
const pct = (x: number) => `${(100 * x).toFixed(3)} %`;
/** The 95 % confidence interval's half-width of a mean of n rounds, from their sums of x and x². */
const halfWidth95 = (sum: number, sumOfSquares: number, n: number) => 1.96 * Math.sqrt((sumOfSquares / n - (sum / n) ** 2) / n);
/** A simulated share p of n rounds paying `times` the stake: "98.012 % ± 0.027 %". */
const withInterval = (p: number, times: number, n: number) => `${pct(p * times)} ± ${(100 * times * 1.96 * Math.sqrt((p * (1 - p)) / n)).toFixed(3)} %`;
const fraction = (f: { numerator: bigint; denominator: bigint }) => Number((f.numerator * 10n ** 12n) / f.denominator) / 1e12;

/** Basic strategy for these rules: no double, no surrender, split once, dealer stands on all 17s. */
function basicStrategy(state: BlackjackState): BlackjackAction {
  const upValue = rankValue(state.dealerHand[0]);
  const dealer = upValue === 1 ? 11 : upValue;
  if (canSplit(state)) {
    const pair = rankValue(state.playerHand[0]);
    if (pair === 1 || pair === 8) return "SPLIT";
    if (pair === 9 && dealer !== 7 && dealer < 10) return "SPLIT";
    if ((pair === 2 || pair === 3 || pair === 7) && dealer <= 7) return "SPLIT";
    if (pair === 6 && dealer <= 6) return "SPLIT";
  }
  const hand = state.activeSplit === "second" ? state.splitHand! : state.playerHand;
  const total = handScore(hand);
  if (isSoft(hand)) return total >= 19 || (total === 18 && dealer <= 8) ? "STAND" : "HIT";
  if (total >= 17) return "STAND";
  if (total >= 13) return dealer <= 6 ? "STAND" : "HIT";
  if (total === 12) return dealer >= 4 && dealer <= 6 ? "STAND" : "HIT";
  return "HIT";
}

function playBasic(state: BlackjackState): BlackjackState {
  let current = state;
  while (!isFinalStatus(current.status)) current = applyBlackjackAction(current, basicStrategy(current));
  return current;
}

function throughput(run: (i: number) => void, seconds = 2): number {
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < seconds * 1000) run(n++);
  return n / ((performance.now() - start) / 1000);
}

function time<T>(label: string, fn: () => T): T {
  const start = performance.now();
  const result = fn();
  console.log(`  (${label}: ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  return result;
}

/** A mines round as the server plays it, one action at a time: tiles 0, 1 and 2 of 5 mines, then a cash-out. */
function playMines(word: string): void {
  let round = startMines(word, ONE, "DEGEN", 5);
  for (let tile = 0; tile < 3 && round.status === "PLAYING"; tile++) round = revealTile(round, tile);
  if (round.status === "PLAYING") cashOutMines(round);
}

// 1. Throughput -------------------------------------------------------------------------------
console.log("\nOutcomes per second (real keccak stream, settleGame / step-wise play, one core)");
const rates: [string, number][] = [
  ["wheel", throughput((i) => settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: ONE, params: 7n, word: words[i % words.length] }))],
  ["slots", throughput((i) => settleGame({ gameType: GameType.SLOTS, token: "DEGEN", stake: ONE, params: 0n, word: words[i % words.length] }))],
  ["blackjack (basic strategy hand)", throughput((i) => playBasic(startBlackjack(words[i % words.length], ONE, "DEGEN")))],
  [
    "kickboxing (whole fight)",
    throughput((i) => settleGame({ gameType: GameType.KICKBOXING, token: "DEGEN", stake: ONE, params: 0n, word: words[i % words.length] })),
  ],
  [
    "crash (point + curve + crash time)",
    throughput((i) => settleGame({ gameType: GameType.CRASH, token: "DEGEN", stake: ONE, params: 200n, word: words[i % words.length] })),
  ],
  [
    "dice (roll under 50.00)",
    throughput((i) => settleGame({ gameType: GameType.DICE, token: "DEGEN", stake: ONE, params: 5_000n, word: words[i % words.length] })),
  ],
  [
    "plinko (16 rows, high risk)",
    throughput((i) => settleGame({ gameType: GameType.PLINKO, token: "DEGEN", stake: ONE, params: 0x210n, word: words[i % words.length] })),
  ],
  ["mines (5 mines, 3 reveals, cash-out)", throughput((i) => playMines(words[i % words.length]))],
];
for (const [game, rate] of rates) console.log(`  ${game.padEnd(36)} ${Math.round(rate).toLocaleString("en-US").padStart(8)} /s`);

// 2. RTP -------------------------------------------------------------------------------------------
const N = 1_000_000;
const REAL_N = 20_000;
const rows: string[][] = [];
const row = (game: string, token: string, exact: string, simulated: string, real: string) => rows.push([game, token, exact, simulated, real]);

console.log(`\nSimulating (${N.toLocaleString("en-US")} rounds per line with the fast PRNG, ${REAL_N.toLocaleString("en-US")} on the keccak stream) …`);

const realWord = (series: number, i: number) => keccak256(toBeHex(series * 10_000_000 + i, 32));

for (const token of TOKENS) {
  // Three colours: exact is colours/10 × payout, with the payout's rounding on a 1-token stake.
  const exact = Number(wheelPayout(token, ONE, 3, true) * 3n) / 10 / 1e18;
  const simulate = (draws: () => Draws, n: number) => {
    let paid = 0n;
    for (let i = 0; i < n; i++) paid += wheelPayout(token, ONE, 3, wheelSegment(draws()) < 3);
    return Number((paid * 1_000_000n) / (BigInt(n) * ONE)) / 1e6;
  };
  const fast = new FastDraws(1);
  let i = 0;
  row("wheel (3 colours)", token, pct(exact), pct(simulate(() => fast, N)), pct(simulate(() => new RandomStream(realWord(1, i++)), REAL_N)));
}

for (const token of TOKENS) {
  const multiplier = Number(RTP_BPS[token]) / 10_000;
  const simulate = (draws: () => Draws, n: number) => {
    let units = 0;
    for (let i = 0; i < n; i++) units += evaluateReels(spinReels(draws())).totalMultiple;
    return (units / n) * multiplier;
  };
  const fast = new FastDraws(2);
  let i = 0;
  row("slots", token, pct(fraction(slotsExactRtp(token))), pct(simulate(() => fast, N)), pct(simulate(() => new RandomStream(realWord(2, i++)), REAL_N)));
}

for (const token of TOKENS) {
  for (const target of [101, 150, 200, 1000, 10_000]) {
    const simulate = (next52: () => number, n: number) => {
      let won = 0;
      for (let i = 0; i < n; i++) if (crashPointFromDraw(next52(), token) >= target) won++;
      return ((won / n) * target) / 100;
    };
    const fast = new FastDraws(3 + target);
    let i = 0;
    row(
      `crash (cash-out ${(target / 100).toFixed(2)}x)`,
      token,
      pct((fraction(crashWinProbability(token, target)) * target) / 100),
      pct(simulate(() => fast.next52(), N)),
      pct(simulate(() => new RandomStream(realWord(3, i++)).next52(), REAL_N)),
    );
  }
}

// Dice: exact over all 10,000 rolls (winning rolls × the rounded payout of a 1-token stake ÷ 10,000).
for (const token of TOKENS) {
  for (const bet of [
    { target: 1, side: "UNDER" },
    { target: 5_000, side: "UNDER" },
    { target: 9_800, side: "UNDER" },
    { target: 9_000, side: "OVER" },
  ] as const) {
    const { num, den } = diceMultiplier(token, bet);
    const paidOnWin = (ONE * num) / den;
    const exact = Number((BigInt(diceWinningRolls(bet)) * paidOnWin * 1_000_000n) / (10_000n * ONE)) / 1e6;
    const simulate = (draws: () => Draws, n: number) => {
      let won = 0;
      for (let i = 0; i < n; i++) if (diceWins(bet, diceRoll(draws()))) won++;
      return Number((BigInt(won) * paidOnWin * 1_000_000n) / (BigInt(n) * ONE)) / 1e6;
    };
    const fast = new FastDraws(5 + bet.target);
    let i = 0;
    row(
      `dice (${bet.side.toLowerCase()} ${(bet.target / 100).toFixed(2)})`,
      token,
      pct(exact),
      pct(simulate(() => fast, N)),
      pct(simulate(() => new RandomStream(realWord(5, i++)), REAL_N)),
    );
  }
}

// Plinko: exact over every slot of every table (Σ chance × the rounded payout of a 1-token stake).
for (const token of TOKENS) {
  for (const risk of PLINKO_RISKS) {
    for (const rows of [8, 12, 16]) {
      const bet = { rows, risk };
      const paid = (slot: number) => {
        const { num, den } = plinkoMultiplier(token, bet, slot);
        return (ONE * num) / den;
      };
      let exactScaled = 0n;
      for (let slot = 0; slot <= rows; slot++) exactScaled += plinkoSlotChance(rows, slot).num * paid(slot);
      const exact = Number((exactScaled * 1_000_000n) / ((1n << BigInt(rows)) * ONE)) / 1e6;
      const simulate = (draws: () => Draws, n: number) => {
        let total = 0n;
        for (let i = 0; i < n; i++) total += paid(plinkoPath(draws(), rows).slot);
        return Number((total * 1_000_000n) / (BigInt(n) * ONE)) / 1e6;
      };
      const fast = new FastDraws(6 + rows);
      let i = 0;
      row(
        `plinko (${rows} rows, ${risk.toLowerCase()})`,
        token,
        pct(exact),
        pct(simulate(() => fast, N)),
        pct(simulate(() => new RandomStream(realWord(6, i++)), REAL_N)),
      );
    }
  }
}

// Mines: "reveal k tiles, then cash out", exact as the chance of k safe tiles × the rounded payout
// of a 1-token stake; the cap binds at 20 mines and 4 tiles (the RTP falls below the token's).
for (const token of TOKENS) {
  for (const [mines, k] of [
    [1, 5],
    [3, 3],
    [10, 3],
    [24, 1],
    [20, 4],
  ] as const) {
    const paid = minesPayout(token, ONE, mines, k);
    const chance = minesSafeChance(mines, k);
    const exact = Number((chance.num * paid * 1_000_000n) / (chance.den * ONE)) / 1e6;
    // Tiles 0 to k − 1 revealed: all safe when none of them is among the mines.
    const simulate = (draws: () => Draws, n: number) => {
      let won = 0;
      for (let i = 0; i < n; i++) if (minesLayout(draws(), mines).every((tile) => tile >= k)) won++;
      return Number((BigInt(won) * paid * 1_000_000n) / (BigInt(n) * ONE)) / 1e6;
    };
    const fast = new FastDraws(7 + mines);
    let i = 0;
    row(
      `mines (${mines} of ${MINES.TILES}, ${k} tile${k > 1 ? "s" : ""} then cash out${mines === 20 ? ", capped" : ""})`,
      token,
      pct(exact),
      pct(simulate(() => fast, N)),
      pct(simulate(() => new RandomStream(realWord(7, i++)), REAL_N)),
    );
  }
}

/** 10^6 hands of basic strategy in `token`; the same seed deals the same hands in both tokens. */
const simulateBlackjack = (token: Token) => {
  const fast = new FastDraws(4);
  let staked = 0n;
  let paid = 0n;
  let splits = 0;
  // The house's net per hand in initial bets, for the edge's confidence interval.
  let net = 0;
  let netSquares = 0;
  for (let i = 0; i < N; i++) {
    const hand = playBasic(dealBlackjack(shuffleDeck(fast), ONE, token));
    staked += totalStake(hand);
    paid += hand.payout;
    if (hand.splitHand) splits++;
    const houseNet = Number(totalStake(hand) - hand.payout) / 1e18;
    net += houseNet;
    netSquares += houseNet * houseNet;
  }
  return {
    rtp: Number((paid * 1_000_000n) / staked) / 1e6,
    edgePerBet: Number(((staked - paid) * 1_000_000n) / (BigInt(N) * ONE)) / 1e6,
    edgeHalfWidth: halfWidth95(net, netSquares, N),
    stakePerHand: Number((staked * 1_000_000n) / (BigInt(N) * ONE)) / 1e6,
    splits,
  };
};
const blackjackReal = (token: Token) => {
  let staked = 0n;
  let paid = 0n;
  for (let i = 0; i < REAL_N; i++) {
    const hand = playBasic(startBlackjack(realWord(4, i), ONE, token));
    staked += totalStake(hand);
    paid += hand.payout;
  }
  return Number((paid * 1_000_000n) / staked) / 1e6;
};
const blackjack = Object.fromEntries(TOKENS.map((token) => [token, time(`blackjack 10^6 hands, ${token}`, () => simulateBlackjack(token))])) as Record<
  Token,
  ReturnType<typeof simulateBlackjack>
>;
for (const token of TOKENS) {
  const { rtp, edgeHalfWidth, stakePerHand } = blackjack[token];
  // RTP per stake = 1 − edge per bet ÷ stake per hand; the stake per hand (1 + split rate) barely varies.
  const simulated = `${pct(rtp)} ± ${(100 * (edgeHalfWidth / stakePerHand)).toFixed(3)} %`;
  row("blackjack (basic strategy, per stake incl. splits)", token, "-", simulated, pct(blackjackReal(token)));
}

const fights = time("kickboxing 10^6 fights", () => {
  const fast = new FastDraws(5);
  const count: Record<FightWinner, number> = { RED: 0, BLUE: 0, DRAW: 0 };
  let exchanges = 0;
  let drawsAtTime = 0;
  for (let i = 0; i < N; i++) {
    const fight = simulateFight(fast);
    count[fight.winner]++;
    exchanges += fight.timeline.length;
    if (fight.winner === "DRAW" && !fight.evenMatch) drawsAtTime++;
  }
  return { count, exchanges: exchanges / N, drawsAtTime };
});
const fightsReal = (() => {
  const count: Record<FightWinner, number> = { RED: 0, BLUE: 0, DRAW: 0 };
  for (let i = 0; i < REAL_N; i++) count[simulateFight(new RandomStream(realWord(5, i))).winner]++;
  return count;
})();
// Exact bounds: an even match (a draw) has the chance KICKBOXING_CHANCES.TIE; other fights add draws only at the bell.
for (const token of TOKENS) {
  for (const [bet, winner, times] of [
    ["RED", "RED", 2],
    ["BLUE", "BLUE", 2],
    ["TIE", "DRAW", 4],
  ] as const) {
    const exact = `${bet === "TIE" ? "≥" : "≤"} ${pct(KICKBOXING_CHANCES[bet] * times)}`;
    row(`kickboxing ${bet} x${times}`, token, exact, withInterval(fights.count[winner] / N, times, N), pct((times * fightsReal[winner]) / REAL_N));
  }
}

const header = ["game / bet", "token", "exact RTP", `simulated (${N.toLocaleString("en-US")})`, `keccak stream (${REAL_N.toLocaleString("en-US")})`];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
const line = (cells: string[]) => "  " + cells.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
console.log("\nRTP (total returned / total staked)");
console.log(line(header));
console.log("  " + widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
console.log(
  `\nBlackjack: house edge per initial bet ${TOKENS.map((token) => `${token} ${pct(blackjack[token].edgePerBet)} ± ${pct(blackjack[token].edgeHalfWidth)}`).join(", ")}, ` +
    `split in ${pct(blackjack.DEGEN.splits / N)} of hands. ` +
    `Kickboxing: RED ${pct(fights.count.RED / N)}, BLUE ${pct(fights.count.BLUE / N)}, DRAW ${pct(fights.count.DRAW / N)} ` +
    `(${fights.drawsAtTime} at the bell outside an even match), ` +
    `${fights.exchanges.toFixed(1)} exchanges per fight on average.`,
);
