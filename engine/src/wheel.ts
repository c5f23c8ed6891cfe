import { RandomStream, type Draws } from "./random";
import { BPS, RTP_BPS, assertPositiveStake, type Token } from "./tokens";

/** The ten colours in product order; colour i is bit i of the bet params. */
export const WHEEL_COLOURS = [
  { color: "gold", label: "Gold", hex: "#FFD700" },
  { color: "pink", label: "Pink", hex: "#FF69B4" },
  { color: "cyan", label: "Cyan", hex: "#00FFFF" },
  { color: "violet", label: "Violet", hex: "#8A2BE2" },
  { color: "red", label: "Red", hex: "#FF3B3B" },
  { color: "blue", label: "Blue", hex: "#3B82F6" },
  { color: "green", label: "Green", hex: "#22C55E" },
  { color: "orange", label: "Orange", hex: "#F97316" },
  { color: "silver", label: "Silver", hex: "#C0C0C0" },
  { color: "white", label: "White", hex: "#FFFFFF" },
] as const;

export type WheelColour = (typeof WHEEL_COLOURS)[number];
export const WHEEL_SEGMENTS = WHEEL_COLOURS.length;
/** Choosing all ten colours would be a bet that cannot lose: refused. */
export const WHEEL_MAX_COLOURS = WHEEL_SEGMENTS - 1;

/**
 * Params for the chosen colour indices: a bitmask, bit i = colour i. Refuses 0 or 10 colours, and
 * a colour listed twice: the bitmask would merge it, so [3, 3] would quietly become a one-colour
 * bet, with another win chance and payout than the two colours the caller asked for.
 */
export function encodeWheelParams(colours: readonly number[]): bigint {
  let mask = 0n;
  for (const colour of colours) {
    if (!Number.isInteger(colour) || colour < 0 || colour >= WHEEL_SEGMENTS) {
      throw new RangeError(`Wheel colour index must be 0..9, got ${colour}`);
    }
    const bit = 1n << BigInt(colour);
    if (mask & bit) throw new RangeError(`Wheel colour ${colour} is chosen twice; choose each colour at most once`);
    mask |= bit;
  }
  decodeWheelParams(mask); // validates the count
  return mask;
}

/** The chosen colour indices of a params bitmask, ascending. Throws unless 1 to 9 colours. */
export function decodeWheelParams(params: bigint): number[] {
  if (params < 0n || params >= 1n << BigInt(WHEEL_SEGMENTS)) {
    throw new RangeError(`Wheel params must be a bitmask of the 10 colours, got ${params}`);
  }
  const colours: number[] = [];
  for (let i = 0; i < WHEEL_SEGMENTS; i++) if ((params >> BigInt(i)) & 1n) colours.push(i);
  if (colours.length < 1 || colours.length > WHEEL_MAX_COLOURS) {
    throw new RangeError(`Choose 1 to ${WHEEL_MAX_COLOURS} colours, got ${colours.length}`);
  }
  return colours;
}

/** Total payout per stake on a win, in bps: 10 / colours × token multiplier (10.2x for one DEGEN colour). */
export function wheelMultiplierBps(token: Token, colourCount: number): bigint {
  return (BigInt(WHEEL_SEGMENTS) * RTP_BPS[token]) / BigInt(colourCount);
}

/** Win chance in bps: colours / 10. */
export function wheelWinChanceBps(colourCount: number): number {
  return (colourCount * Number(BPS)) / WHEEL_SEGMENTS;
}

/** The winning segment: the first draw, an integer in [0, 10). */
export function wheelSegment(draws: Draws): number {
  return draws.int(WHEEL_SEGMENTS);
}

export interface WheelOutcome {
  segment: number;
  colour: WheelColour;
  selected: number[];
  won: boolean;
}

/**
 * A winning spin pays stake × 10 × RTP / (colours × 10000) rounded down, in one step so a
 * 7-colour bet loses at most one base unit to rounding. A losing spin pays 0.
 */
export function wheelPayout(token: Token, stake: bigint, colourCount: number, won: boolean): bigint {
  assertPositiveStake(stake);
  if (!won) return 0n;
  return (stake * BigInt(WHEEL_SEGMENTS) * RTP_BPS[token]) / (BigInt(colourCount) * BPS);
}

export function settleWheel(token: Token, stake: bigint, params: bigint, word: string): { payout: bigint; outcome: WheelOutcome } {
  const selected = decodeWheelParams(params);
  const segment = wheelSegment(new RandomStream(word));
  const won = selected.includes(segment);
  return {
    payout: wheelPayout(token, stake, selected.length, won),
    outcome: { segment, colour: WHEEL_COLOURS[segment], selected, won },
  };
}
