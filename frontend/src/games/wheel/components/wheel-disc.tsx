import type { RefObject } from "react";
import { cn } from "@/lib/cn";
import { SEGMENT_DEGREES, WHEEL_COLOURS } from "../wheel-display";

const SIZE = 240;
const CENTRE = SIZE / 2;
const RADIUS = 108;
const LIGHTS = 20;

function pointAt(angleDegrees: number, radius: number): [number, number] {
  const radians = (angleDegrees * Math.PI) / 180;
  return [CENTRE + radius * Math.sin(radians), CENTRE - radius * Math.cos(radians)];
}

function segmentPath(index: number): string {
  const [x0, y0] = pointAt(index * SEGMENT_DEGREES, RADIUS);
  const [x1, y1] = pointAt((index + 1) * SEGMENT_DEGREES, RADIUS);
  return `M${CENTRE},${CENTRE} L${x0},${y0} A${RADIUS},${RADIUS} 0 0 1 ${x1},${y1} Z`;
}

export interface WheelDiscProps {
  /** Where the wheel rests; a spin turns the rotor through rotorRef (hooks/use-wheel-spin.ts). */
  rotation: number;
  /** Where the spin under way stops, once its outcome is known. */
  landingAt: number | null;
  spinning: boolean;
  rotorRef: RefObject<HTMLDivElement | null>;
  selected: readonly number[];
  onSpin: () => void;
}

/** The wheel: ten segments in WHEEL_COLOURS order clockwise from the pointer. Tapping it spins too. */
export function WheelDisc({ rotation, landingAt, spinning, rotorRef, selected, onSpin }: WheelDiscProps) {
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[22rem]" data-testid="wheel">
      <div aria-hidden="true" className="absolute inset-4 rounded-full bg-gold/20 blur-2xl" />
      {/* Three layers: the rim and its glow, painted once; the rotor, its own compositor layer that
          a spin turns without painting it again; the pointer. One SVG with its drop shadow was
          painted again each frame: 1.5 cores for a spin without a GPU. */}
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="absolute inset-0 size-full drop-shadow-[0_0_24px_rgb(168_85_247/0.45)]">
        <circle cx={CENTRE} cy={CENTRE} r={RADIUS + 10} fill="#161142" stroke="#ffd23f" strokeWidth={3} />
      </svg>
      {/* Clipped to the disc: the square layer's corners, turned, would reach past the page's edge. */}
      <div className="absolute inset-0 overflow-hidden rounded-full">
        <div
          ref={rotorRef}
          data-testid="wheel-rotor"
          data-rotation={landingAt ?? rotation}
          className="absolute inset-0 will-change-transform"
          style={{ transform: `rotate(${rotation}deg)` }}
        >
          <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="size-full">
            {WHEEL_COLOURS.map((colour, index) => {
              const isSelected = selected.includes(index);
              const [labelX, labelY] = pointAt((index + 0.5) * SEGMENT_DEGREES, RADIUS * 0.68);
              return (
                <g key={colour.color}>
                  <path
                    d={segmentPath(index)}
                    fill={colour.hex}
                    fillOpacity={selected.length === 0 || isSelected ? 0.95 : 0.35}
                    stroke="#07051a"
                    strokeWidth={1.5}
                  />
                  <text
                    x={labelX}
                    y={labelY}
                    fill="#07051a"
                    fontSize={9}
                    fontWeight={800}
                    textAnchor="middle"
                    dominantBaseline="middle"
                    transform={`rotate(${(index + 0.5) * SEGMENT_DEGREES} ${labelX} ${labelY})`}
                  >
                    {colour.label.toUpperCase()}
                  </text>
                </g>
              );
            })}
            {Array.from({ length: LIGHTS }, (_, index) => {
              const [x, y] = pointAt((index * 360) / LIGHTS, RADIUS + 5);
              return <circle key={index} cx={x} cy={y} r={2.2} fill={index % 2 ? "#ff3da8" : "#fff7c2"} />;
            })}
          </svg>
        </div>
      </div>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="absolute inset-0 size-full">
        <path d="M120,12 l9,-1 -9,24 -9,-24 z" fill="#ffd23f" stroke="#07051a" strokeWidth={1.5} />
      </svg>
      <button
        type="button"
        onClick={onSpin}
        disabled={spinning}
        aria-label="Spin the wheel"
        data-testid="wheel-hub"
        className={cn(
          "absolute top-1/2 left-1/2 grid size-[24%] -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full",
          "border-2 border-gold bg-night-900 font-display text-sm font-black tracking-widest text-gold shadow-[0_0_24px_rgb(255_210_63/0.5)]",
          "transition hover:scale-105 disabled:opacity-80",
        )}
      >
        {spinning ? "…" : "SPIN"}
      </button>
    </div>
  );
}
