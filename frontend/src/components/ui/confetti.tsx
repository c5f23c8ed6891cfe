import { useEffect, useMemo, useState, type CSSProperties } from "react";

/**
 * A burst of confetti over the whole screen, animated by CSS alone (one keyframe per piece, no
 * timer per frame). Pass a new `burst` value (e.g. a round counter) to fire; null removes it at once.
 * The pieces are removed once `durationMs` has passed.
 */
export interface ConfettiProps {
  burst: number | null;
  durationMs?: number;
  pieces?: number;
}

const COLOURS = ["#ffd23f", "#ff3da8", "#2de2ff", "#a855f7", "#ff8a3d", "#ffffff"];

const KEYFRAMES = `
@keyframes degen-confetti-fall {
  0% { transform: translate3d(0, -10vh, 0) rotate(0deg); opacity: 1; }
  85% { opacity: 1; }
  100% { transform: translate3d(var(--drift), 105vh, 0) rotate(var(--spin)); opacity: 0; }
}
@media (prefers-reduced-motion: reduce) { .degen-confetti { display: none; } }
`;

function makePieces(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    left: Math.random() * 100,
    delay: Math.random() * 0.6,
    fall: 1.6 + Math.random() * 1.2,
    drift: (Math.random() - 0.5) * 30,
    spin: (Math.random() < 0.5 ? -1 : 1) * (360 + Math.random() * 720),
    width: 6 + Math.random() * 6,
    colour: COLOURS[index % COLOURS.length],
    round: Math.random() < 0.3,
  }));
}

export function Confetti({ burst, durationMs = 3000, pieces = 80 }: ConfettiProps) {
  const [visibleBurst, setVisibleBurst] = useState<number | null>(null);

  useEffect(() => {
    setVisibleBurst(burst);
    if (burst === null) return;
    const timer = window.setTimeout(() => setVisibleBurst(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [burst, durationMs]);

  // New random pieces for every burst.
  const layout = useMemo(() => (visibleBurst === null ? [] : makePieces(pieces)), [visibleBurst, pieces]);
  if (visibleBurst === null) return null;

  return (
    <div aria-hidden="true" data-testid="confetti" className="degen-confetti pointer-events-none fixed inset-0 z-[60] overflow-hidden">
      <style>{KEYFRAMES}</style>
      {layout.map((piece, index) => (
        <span
          key={`${visibleBurst}-${index}`}
          style={
            {
              position: "absolute",
              top: 0,
              left: `${piece.left}%`,
              width: piece.width,
              height: piece.round ? piece.width : piece.width * 0.45,
              borderRadius: piece.round ? "9999px" : "2px",
              background: piece.colour,
              boxShadow: `0 0 6px ${piece.colour}`,
              animation: `degen-confetti-fall ${piece.fall}s cubic-bezier(0.25, 0.6, 0.45, 1) ${piece.delay}s both`,
              "--drift": `${piece.drift}vw`,
              "--spin": `${piece.spin}deg`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
