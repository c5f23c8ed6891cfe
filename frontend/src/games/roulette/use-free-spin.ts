import { useCallback, useEffect, useRef } from "react";

/** Two turns a second: brisk enough to read as spinning, slower than the landing's first moments. */
const FREE_SPIN_DEGREES_PER_SECOND = 720;

/**
 * Turns the wheel at a steady speed while a web3 round waits for the chain (two blocks or more),
 * so the click answers at once; the landing then starts from wherever the wheel got to. It writes
 * the rotor's transform directly, frame by frame, so the page does not re-render 60 times a second.
 * A round that resolves before the first frame (demo play) never moves it.
 */
export function useFreeSpin() {
  const rotor = useRef<SVGGElement | null>(null);
  const frame = useRef<number | undefined>(undefined);
  const angle = useRef<number | null>(null);

  const cancelFrame = () => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
  };

  const start = useCallback(() => {
    cancelFrame();
    angle.current = Number(rotor.current?.getAttribute("data-rotation") ?? 0);
    let last: number | undefined;
    const turn = (now: number) => {
      if (angle.current === null) return;
      if (last !== undefined) angle.current += ((now - last) / 1000) * FREE_SPIN_DEGREES_PER_SECOND;
      last = now;
      if (rotor.current) rotor.current.style.transform = `rotate(${angle.current}deg)`;
      frame.current = requestAnimationFrame(turn);
    };
    frame.current = requestAnimationFrame(turn);
  }, []);

  /** Stops the free spin; the angle it reached, or null if it was not running. */
  const stop = useCallback((): number | null => {
    cancelFrame();
    const reached = angle.current;
    angle.current = null;
    return reached;
  }, []);

  useEffect(() => cancelFrame, []);

  return { rotor, start, stop };
}
