// The wheel's motion (issue #20 item 8): it starts at the click, before the outcome is known, and
// lands on the outcome within the product's 3.5 s spin, so the wait for the chain hides inside the spin
// instead of coming before it. Angles in degrees clockwise, times in ms from the click.
import { SEGMENT_DEGREES, SPIN_DURATION_MS } from "./wheel-display";

/** The speed at the click: a demo spin (outcome known at once) lands after 5.6–6.6 turns. */
export const LAUNCH_SPEED = 1250;
/** While the outcome is unknown the wheel slows gently, never below a brisk cruise. */
const WAITING_SLOWDOWN = 150;
const CRUISE_SPEED = 600;

/** Where the wheel is `ms` after the click while the outcome is not known, and how fast it turns there (degrees per second). */
export function waitingAt(startAngle: number, ms: number): { angle: number; speed: number } {
  const t = ms / 1000;
  const slowingFor = (LAUNCH_SPEED - CRUISE_SPEED) / WAITING_SLOWDOWN;
  if (t <= slowingFor) return { angle: startAngle + LAUNCH_SPEED * t - (WAITING_SLOWDOWN * t * t) / 2, speed: LAUNCH_SPEED - WAITING_SLOWDOWN * t };
  const slowed = LAUNCH_SPEED * slowingFor - (WAITING_SLOWDOWN * slowingFor * slowingFor) / 2;
  return { angle: startAngle + slowed + CRUISE_SPEED * (t - slowingFor), speed: CRUISE_SPEED };
}

/** The angle at which `segment` sits under the pointer, `offset` degrees from its centre. */
function restingAngle(segment: number, offset: number): number {
  return (((-(segment + 0.5) * SEGMENT_DEGREES - offset) % 360) + 360) % 360;
}

/** With reduced motion: the pause, wheel still on its segment, before the result shows (plinko's landing). */
export const STILL_LANDING_MS = 250;

export interface Landing {
  /** When the wheel stops, ms after the click. */
  endMs: number;
  finalAngle: number;
  at: (ms: number) => number;
}

/**
 * The rest of the spin once the outcome is known at `fromMs`, turning at `speed` from `fromAngle`:
 * a cubic whose speed falls steadily from `speed` to 0, ending at SPIN_DURATION_MS after the click
 * (later only when the outcome came too late to slow down in time without turning back), with
 * `segment` under the pointer. A speed of 0 (a wheel at rest) starts a fresh spin.
 */
export function landing(fromAngle: number, speed: number, fromMs: number, segment: number, offset: number): Landing {
  const v = speed > 0 ? speed : LAUNCH_SPEED;
  // Over D seconds from speed v to rest, a cubic neither turns back nor speeds up while it covers
  // between v·D/3 and 2·v·D/3; that span must hold a whole turn to reach any segment.
  const shortest = (3 * 360) / v;
  const durationS = Math.max((speed > 0 ? SPIN_DURATION_MS - fromMs : SPIN_DURATION_MS) / 1000, shortest);
  const reach = v * durationS;
  const target = restingAngle(segment, offset);
  const base = fromAngle + reach / 2;
  // The distance nearest reach/2 that ends on the target.
  const distance = base + ((((target - base) % 360) + 540) % 360) - 180 - fromAngle;
  const endMs = fromMs + durationS * 1000;
  const finalAngle = fromAngle + distance;
  const at = (ms: number) => {
    if (ms >= endMs) return finalAngle;
    const s = Math.max(0, (ms - fromMs) / (durationS * 1000));
    // Hermite basis: start speed v, end speed 0.
    return fromAngle + (s * s * s - 2 * s * s + s) * reach + (-2 * s * s * s + 3 * s * s) * distance;
  };
  return { endMs, finalAngle, at };
}

/**
 * With reduced motion (the wheel did not turn): `segment` goes under the pointer at once, by the
 * shortest turn forward, and the wheel rests there STILL_LANDING_MS before the result shows.
 */
export function stillLanding(fromAngle: number, fromMs: number, segment: number, offset: number): Landing {
  const finalAngle = fromAngle + ((((restingAngle(segment, offset) - fromAngle) % 360) + 360) % 360);
  return { endMs: fromMs + STILL_LANDING_MS, finalAngle, at: () => finalAngle };
}
