import { SEGMENT_DEGREES, WHEEL_SEGMENTS } from "../wheel-display";

/** The segment under the pointer (at the top) for a wheel turned `rotation` degrees clockwise. */
export function segmentAtPointer(rotation: number): number {
  const underPointer = (((-rotation % 360) + 360) % 360) / SEGMENT_DEGREES;
  return Math.floor(underPointer) % WHEEL_SEGMENTS;
}
