import { useCallback, useEffect, useMemo, useRef } from "react";
import { prefersReducedMotion } from "@/lib/motion";
import { landing, stillLanding, waitingAt, type Landing } from "../spin-motion";

interface Motion {
  clickAt: number;
  startAngle: number;
  /** Set once the outcome is known. */
  landing: Landing | null;
  /** The angle a late round came to rest at (the panel says why), until its outcome comes. */
  rest: number | null;
  /** The player asked for less motion: the wheel stays still, then shows the outcome in place. */
  still: boolean;
}

/**
 * Turns the wheel from the click (spin-motion.ts): it spins before the outcome is known and lands
 * on it within the spin. It writes the rotor's transform directly, frame by frame, so the page does
 * not re-render 60 times a second; the landing ends on a timer, at the very ms it was planned for.
 */
export function useWheelSpin() {
  const rotor = useRef<HTMLDivElement | null>(null);
  const frame = useRef<number | undefined>(undefined);
  const finish = useRef<number | undefined>(undefined);
  const motion = useRef<Motion | null>(null);
  /** Where the wheel stood after its last spin: the next one starts there. */
  const stoodAt = useRef(0);

  const draw = (angle: number) => {
    if (rotor.current) rotor.current.style.transform = `rotate(${angle}deg)`;
  };
  const angleNow = (m: Motion) => {
    const ms = performance.now() - m.clickAt;
    if (m.landing) return m.landing.at(ms);
    return m.rest ?? waitingAt(m.startAngle, ms).angle;
  };
  const cancel = () => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
  };
  const animate = useCallback(() => {
    cancel();
    const step = () => {
      const m = motion.current;
      if (!m || (m.rest !== null && !m.landing)) return;
      draw(angleNow(m));
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
  }, []);

  /** The click: the wheel turns at once from where it stands (with reduced motion it stays there). */
  const start = useCallback(() => {
    window.clearTimeout(finish.current);
    const still = prefersReducedMotion();
    motion.current = { clickAt: performance.now(), startAngle: stoodAt.current, landing: null, rest: still ? stoodAt.current : null, still };
    animate();
  }, [animate]);

  /** The outcome: the landing is planned at once (its final angle returned), and `done` resolves when the wheel stops. */
  const land = useCallback(
    (segment: number, offset: number): { finalAngle: number; done: Promise<void> } => {
      const m = motion.current ?? { clickAt: performance.now(), startAngle: 0, landing: null, rest: 0, still: prefersReducedMotion() };
      const ms = performance.now() - m.clickAt;
      const from = m.rest !== null ? { angle: m.rest, speed: 0 } : waitingAt(m.startAngle, ms);
      const planned = m.still ? stillLanding(from.angle, ms, segment, offset) : landing(from.angle, from.speed, ms, segment, offset);
      motion.current = { ...m, landing: planned, rest: null };
      animate();
      const done = new Promise<void>((resolve) => {
        finish.current = window.setTimeout(() => {
          cancel();
          draw(planned.finalAngle);
          stoodAt.current = planned.finalAngle;
          motion.current = null;
          resolve();
        }, planned.endMs - ms);
      });
      return { finalAngle: planned.finalAngle, done };
    },
    [animate],
  );

  /** Comes to rest where it is (a late round, or a failed one); the angle reached, or null if it was not turning. */
  const rest = useCallback((): number | null => {
    const m = motion.current;
    if (!m || m.landing) return null;
    cancel();
    const angle = angleNow(m);
    stoodAt.current = angle;
    motion.current = { ...m, rest: angle };
    draw(angle);
    return angle;
  }, []);

  useEffect(
    () => () => {
      cancel();
      window.clearTimeout(finish.current);
    },
    [],
  );

  return useMemo(() => ({ rotor, start, land, rest }), [start, land, rest]);
}
