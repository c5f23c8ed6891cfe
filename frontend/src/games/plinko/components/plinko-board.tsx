import { useEffect, useRef } from "react";
import type { Token } from "@/config/tokens";
import { cn } from "@/lib/cn";
import type { FallingBall } from "../hooks/use-plinko-game";
import { ROW_MS, ballPoints, formatMultiplier, slotMultipliers, slotTier, type PlinkoBet, type SlotTier } from "../plinko-display";

interface PlinkoBoardProps {
  token: Token;
  bet: PlinkoBet;
  /** The drop under way or last shown, once its path is known (null before, or while the chain settles it). */
  ball: FallingBall | null;
  /** The ball is in its slot: the slot lights up and the path it took is drawn. */
  landed: boolean;
  /** A drop is placed and its outcome not known yet. */
  waiting: boolean;
}

/** Peg spacing and row height in the SVG's units; the board scales to its column's width. */
const SPACING = 40;
const ROW_HEIGHT = 34;
const PEG_RADIUS = 4;
const BALL_RADIUS = 9;
const TOP = 22;

const TIER_CLASSES: Record<SlotTier, string> = {
  under: "bg-night-700 text-slate-200",
  even: "bg-cyan text-night-950",
  good: "bg-gold text-night-950",
  big: "bg-ember text-night-950",
  huge: "bg-pink text-night-950",
};

/** A point of ballPoints (peg spacings, rows) in the SVG's units; a peg's point is where the ball touches it, just above. */
function toSvg(rows: number, point: { x: number; y: number }) {
  const onPeg = point.y >= 0 && point.y < rows;
  return {
    x: ((rows + 2) * SPACING) / 2 + point.x * SPACING,
    y: TOP + (point.y + 1) * ROW_HEIGHT - (onPeg ? PEG_RADIUS + BALL_RADIUS - 2 : 0),
  };
}

/**
 * The triangle of pegs, `rows` rows (row r has r + 3 pegs) over rows + 1 slots, each slot with what
 * it pays with the chosen token. The ball follows the outcome's path and nothing else: from each
 * peg it meets to the next row's, one row every ROW_MS, into its slot (ballPoints). With reduced
 * motion it is shown in its slot at once.
 */
export function PlinkoBoard({ token, bet, ball, landed, waiting }: PlinkoBoardProps) {
  const { rows } = bet;
  const width = (rows + 2) * SPACING;
  const height = TOP + (rows + 1) * ROW_HEIGHT + BALL_RADIUS + 4;
  const multipliers = slotMultipliers(token, bet);
  const shownBall = ball && ball.bounces.length === rows ? ball : null;
  const points = shownBall ? ballPoints(shownBall.bounces).map((point) => toSvg(rows, point)) : null;
  const start = toSvg(rows, { x: 0, y: -1 });
  const circle = useRef<SVGCircleElement | null>(null);

  useEffect(() => {
    const node = circle.current;
    if (!node || !shownBall) return;
    const path = ballPoints(shownBall.bounces).map((point) => toSvg(rows, point));
    const place = ({ x, y }: { x: number; y: number }) => {
      node.setAttribute("cx", String(x));
      node.setAttribute("cy", String(y));
    };
    const last = path[path.length - 1]!;
    if (shownBall.reducedMotion || landed) {
      place(last);
      return;
    }
    // A new ball (a new drop): it falls from the top along its path, written straight to the SVG, not re-rendered each frame.
    const began = performance.now();
    let frame = 0;
    const step = () => {
      const elapsed = performance.now() - began;
      const segment = Math.floor(elapsed / ROW_MS);
      if (segment >= path.length - 1) {
        place(last);
        return;
      }
      const from = path[segment]!;
      const to = path[segment + 1]!;
      const f = (elapsed - segment * ROW_MS) / ROW_MS;
      // Across at an even pace, down as if falling: it leaves each peg slowly and meets the next one fast.
      place({ x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f * f });
      frame = requestAnimationFrame(step);
    };
    place(path[0]!);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [shownBall, rows, landed]);

  const landedSlot = landed && shownBall ? shownBall.slot : null;
  const rest = points ? (landed || shownBall?.reducedMotion ? points[points.length - 1]! : points[0]!) : start;

  return (
    <div className="w-full" data-testid="plinko-board" data-rows={rows} data-risk={bet.risk}>
      <svg viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, peg) => {
            const { x, y } = toSvg(rows, { x: peg - (row + 2) / 2, y: row });
            return <circle key={`${row}-${peg}`} cx={x} cy={y + PEG_RADIUS + BALL_RADIUS - 2} r={PEG_RADIUS} className="fill-slate-300/80" />;
          }),
        )}
        {landed && points && (
          <polyline
            points={points.map(({ x, y }) => `${x},${y}`).join(" ")}
            className="fill-none stroke-gold/50"
            strokeWidth={2}
            strokeDasharray="4 5"
            data-testid="plinko-path"
          />
        )}
        <circle
          ref={circle}
          cx={rest.x}
          cy={rest.y}
          r={BALL_RADIUS}
          className={cn("fill-gold drop-shadow-[0_0_6px_rgb(255_210_63/0.8)]", waiting && "animate-pulse motion-reduce:animate-none")}
          data-testid="plinko-ball"
          data-slot={landedSlot ?? undefined}
        />
      </svg>
      <ol
        className="grid gap-0.5"
        style={{ gridTemplateColumns: `repeat(${rows + 1}, minmax(0, 1fr))`, paddingInline: `${50 / (rows + 2)}%` }}
        aria-label={`Slots, left to right, with what each pays in ${token}`}
        data-testid="plinko-slots"
      >
        {multipliers.map((multiplier, slot) => (
          <li
            key={slot}
            className={cn(
              "flex min-w-0 justify-center rounded-md px-px py-1.5 text-[10px] font-bold tabular-nums transition sm:text-xs",
              TIER_CLASSES[slotTier(multiplier)],
              landedSlot === slot && "plinko-landed ring-2 ring-white",
            )}
            data-testid={`plinko-slot-${slot}`}
            data-landed={landedSlot === slot || undefined}
          >
            <span className="plinko-slot-label">{formatMultiplier(multiplier)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
