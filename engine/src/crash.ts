import { RandomStream } from "./random";
import { RTP_BPS, assertPositiveStake, type Token } from "./tokens";

/**
 * Crash (docs/decisions.md §5). Multipliers are integers in hundredths (250 = 2.50x) everywhere a payout
 * depends on them.
 *
 * Crash point: X = the first float of the stream, u its 52-bit integer (X = u / 2^52).
 *   X < 0.01          → 1.00x, an instant bust no cash-out survives;
 *   otherwise         → max(1.00, min(100, floor(100 × RTP / (1 − X)) / 100)),
 * computed exactly in integers: floor(RTP_BPS × 2^52 / (100 × (2^52 − u))) hundredths.
 * P(crash point ≥ m) = RTP / m for every m ≥ RTP / 0.99, so cashing out at such an m returns
 * exactly the token RTP; lower targets return less, and no target wins every round.
 *
 * A cash-out at m (hundredths) wins stake × m / 100 iff the round is not an instant bust and
 * m ≤ crash point (the curve reaches m no later than the crash point). Auto cash-out targets are
 * 101..10000 (params); a manual cash-out recorded by the server is 100..10000.
 */
export const CRASH = {
  INSTANT_BUST_HUNDREDTHS: 100,
  MAX_HUNDREDTHS: 10_000,
  MIN_AUTO_CASH_OUT: 101,
  MIN_MANUAL_CASH_OUT: 100,
  /** X below 1/100 is the instant bust. */
  INSTANT_BUST_DIVISOR: 100,
  BASE_RATE_PER_SEC: 0.05,
  WOBBLE_GROWTH_PER_SEC: 0.02,
  AMPLITUDE_RANGE: [0.12, 0.2],
  FREQUENCY_RANGE: [1.2, 2.0],
  TICK_MS: 50,
} as const;

const TWO_POW_52 = 1n << 52n;

/** The crash point in hundredths from the first draw's 52-bit integer u. */
export function crashPointFromDraw(u: number, token: Token): number {
  const draw = BigInt(u);
  if (draw * BigInt(CRASH.INSTANT_BUST_DIVISOR) < TWO_POW_52) return CRASH.INSTANT_BUST_HUNDREDTHS;
  const hundredths = (RTP_BPS[token] * TWO_POW_52) / (100n * (TWO_POW_52 - draw));
  return Number(hundredths < 100n ? 100n : hundredths > 10_000n ? 10_000n : hundredths);
}

/**
 * The flight curve (docs/product.md §9): m(t) = max(1, e^(0.05 t) + A × (1 + 0.02 t) × sin(f × t)), t in
 * seconds, A the wobble amplitude, f its angular frequency in rad/s. Animation only: no payout
 * reads it.
 */
export interface CrashCurve {
  amplitude: number;
  frequency: number;
}

export interface CrashRound {
  /** Hundredths, 100..10000. */
  crashPoint: number;
  curve: CrashCurve;
  /** When the curve first reaches the crash point (0 for an instant bust). */
  crashTimeSec: number;
}

/** Draw order: crash point, then wobble amplitude, then wobble frequency. */
export function crashRound(word: string, token: Token): CrashRound {
  const stream = new RandomStream(word);
  const crashPoint = crashPointFromDraw(stream.next52(), token);
  const [aMin, aMax] = CRASH.AMPLITUDE_RANGE;
  const [fMin, fMax] = CRASH.FREQUENCY_RANGE;
  const curve = {
    amplitude: aMin + (aMax - aMin) * stream.float(),
    frequency: fMin + (fMax - fMin) * stream.float(),
  };
  const crashTimeSec = crashPoint === CRASH.INSTANT_BUST_HUNDREDTHS ? 0 : crashTimeToReach(curve, crashPoint / 100);
  return { crashPoint, curve, crashTimeSec };
}

export function crashMultiplierAt(curve: CrashCurve, tSec: number): number {
  const growth = Math.exp(CRASH.BASE_RATE_PER_SEC * tSec);
  const wobble = curve.amplitude * (1 + CRASH.WOBBLE_GROWTH_PER_SEC * tSec) * Math.sin(curve.frequency * tSec);
  return Math.max(1, growth + wobble);
}

const SCAN_STEP_SEC = 0.01;
const BISECTION_STEPS = 40;

/** The first time (seconds) the curve reaches the multiplier: a 10 ms scan, then bisection. */
export function crashTimeToReach(curve: CrashCurve, multiplier: number): number {
  if (multiplier <= 1) return 0;
  let lo = 0;
  let hi = SCAN_STEP_SEC;
  while (crashMultiplierAt(curve, hi) < multiplier) {
    lo = hi;
    hi += SCAN_STEP_SEC;
  }
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (crashMultiplierAt(curve, mid) >= multiplier) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The multiplier shown at t, in hundredths rounded down, never above the crash point. */
export function crashHundredthsAt(round: CrashRound, tSec: number): number {
  if (tSec >= round.crashTimeSec) return round.crashPoint;
  return Math.min(Math.floor(100 * crashMultiplierAt(round.curve, tSec)), round.crashPoint);
}

/**
 * What a manual cash-out requested t seconds into the flight locks in, in hundredths; null when
 * the round has already crashed (the server uses this to fix the cash-out it publishes).
 */
export function crashCashOutAt(round: CrashRound, tSec: number): number | null {
  if (round.crashPoint === CRASH.INSTANT_BUST_HUNDREDTHS || tSec >= round.crashTimeSec) return null;
  return crashHundredthsAt(round, tSec);
}

/** Auto cash-out target from params: 0 = manual round, else 101..10000 hundredths. */
export function decodeCrashParams(params: bigint): number | null {
  if (params === 0n) return null;
  if (params < BigInt(CRASH.MIN_AUTO_CASH_OUT) || params > BigInt(CRASH.MAX_HUNDREDTHS)) {
    throw new RangeError(`Crash auto cash-out must be 0 (manual) or 101..10000 hundredths, got ${params}`);
  }
  return Number(params);
}

export function encodeCrashParams(autoCashOutHundredths: number | null): bigint {
  const params = autoCashOutHundredths === null ? 0n : BigInt(autoCashOutHundredths);
  decodeCrashParams(params); // validates the range
  return params;
}

/** Whether a cash-out at m (hundredths) is paid in a round crashing at crashPoint. */
export function crashCashOutWins(cashOut: number, crashPoint: number): boolean {
  return crashPoint > CRASH.INSTANT_BUST_HUNDREDTHS && cashOut <= crashPoint;
}

/** stake × m / 100 when the cash-out wins, else 0. */
export function crashPayout(stake: bigint, cashOut: number | null, crashPoint: number): bigint {
  assertPositiveStake(stake);
  if (cashOut === null || !crashCashOutWins(cashOut, crashPoint)) return 0n;
  return (stake * BigInt(cashOut)) / 100n;
}

export interface CrashOutcome extends CrashRound {
  autoCashOut: number | null;
  /** The cash-out that applied (the target, or the manual one), hundredths; null if none. */
  cashOut: number | null;
  won: boolean;
}

/**
 * A round: params give the auto cash-out target; with params 0 the manual cash-out fixed by the
 * server applies (none = the player rode it to the crash). A round cannot have both.
 */
export function settleCrash(
  token: Token,
  stake: bigint,
  params: bigint,
  word: string,
  manualCashOut: number | null,
): { payout: bigint; outcome: CrashOutcome } {
  const autoCashOut = decodeCrashParams(params);
  if (autoCashOut !== null && manualCashOut !== null) {
    throw new RangeError("A crash round with an auto cash-out target takes no manual cash-out");
  }
  if (manualCashOut !== null && (!Number.isInteger(manualCashOut) || manualCashOut < CRASH.MIN_MANUAL_CASH_OUT || manualCashOut > CRASH.MAX_HUNDREDTHS)) {
    throw new RangeError(`A manual cash-out must be 100..10000 hundredths, got ${manualCashOut}`);
  }
  const round = crashRound(word, token);
  const cashOut = autoCashOut ?? manualCashOut;
  const payout = crashPayout(stake, cashOut, round.crashPoint);
  return {
    payout,
    outcome: { ...round, autoCashOut, cashOut, won: cashOut !== null && crashCashOutWins(cashOut, round.crashPoint) },
  };
}

/**
 * Exact P(a cash-out at target wins) as a fraction over all 2^52 first draws: the count of u
 * that are not an instant bust and give a crash point ≥ target.
 */
export function crashWinProbability(token: Token, target: number): { numerator: bigint; denominator: bigint } {
  const firstNotBust = (TWO_POW_52 + BigInt(CRASH.INSTANT_BUST_DIVISOR) - 1n) / BigInt(CRASH.INSTANT_BUST_DIVISOR);
  // crash ≥ target  ⇔  2^52 − u ≤ floor(RTP_BPS × 2^52 / (100 × target))
  const reach = (RTP_BPS[token] * TWO_POW_52) / (100n * BigInt(target));
  const firstWinning = TWO_POW_52 - reach > firstNotBust ? TWO_POW_52 - reach : firstNotBust;
  const count = target > CRASH.MAX_HUNDREDTHS ? 0n : TWO_POW_52 - firstWinning;
  return { numerator: count, denominator: TWO_POW_52 };
}
