import type { Fighter as Corner } from "@engine/kickboxing";
import { cn } from "@/lib/cn";

export type FighterPose = "idle" | "punch" | "kick" | "block" | "hit" | "ko" | "win";

const palette: Record<Corner, { glove: string; shorts: string; trim: string; skin: string; band: string }> = {
  RED: { glove: "#ff3d5a", shorts: "#d4143a", trim: "#ffd23f", skin: "#e8b48a", band: "#ff3d5a" },
  BLUE: { glove: "#3d8bff", shorts: "#1c4fd6", trim: "#2de2ff", skin: "#c98c5f", band: "#3d8bff" },
};

export interface FighterFigureProps {
  corner: Corner;
  pose: FighterPose;
  /** Changes on every exchange so that one-shot animations restart. */
  beat: number;
}

/** A side-on boxer facing right; blue is mirrored to face red. */
export function FighterFigure({ corner, pose, beat }: FighterFigureProps) {
  const colours = palette[corner];
  const poseClass = {
    idle: "",
    punch: "kb-pose-punch kb-pose-lunge",
    kick: "kb-pose-kick",
    block: "kb-pose-block",
    hit: "kb-pose-hit",
    ko: "kb-pose-ko",
    win: "",
  }[pose];

  return (
    <svg
      viewBox="0 0 120 200"
      role="img"
      aria-label={`${corner === "RED" ? "Red" : "Blue"} fighter`}
      data-testid={`fighter-${corner}`}
      data-pose={pose}
      className={cn("h-full w-auto overflow-visible drop-shadow-[0_8px_18px_rgb(0_0_0/0.55)]", corner === "BLUE" && "-scale-x-100")}
    >
      <ellipse cx="60" cy="194" rx="36" ry="5" fill="rgb(0 0 0 / 0.45)" />
      <g key={beat} className={pose === "ko" ? "" : "kb-stance"}>
        <g className={poseClass}>
          {/* back leg */}
          <path d="M55 118 L44 150 L40 190" stroke={colours.skin} strokeWidth="11" strokeLinecap="round" strokeLinejoin="round" fill="none" />
          <rect x="30" y="186" width="18" height="7" rx="3" fill="#f4f4f8" />
          {/* front leg */}
          <g className="kb-front-leg">
            <path d="M62 118 L72 152 L78 190" stroke={colours.skin} strokeWidth="12" strokeLinecap="round" strokeLinejoin="round" fill="none" />
            <rect x="72" y="186" width="18" height="7" rx="3" fill="#f4f4f8" />
          </g>
          {/* shorts */}
          <path d="M44 104 H74 L78 132 H62 L59 122 L55 132 H40 Z" fill={colours.shorts} />
          <rect x="44" y="103" width="30" height="5" fill={colours.trim} />
          {/* rear arm, glove at the chin */}
          <g className="kb-rear-arm">
            <path d="M52 66 L60 84 L70 64" stroke={colours.skin} strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" fill="none" />
            <circle cx="72" cy="60" r="9" fill={colours.glove} />
          </g>
          {/* torso */}
          <path d="M46 60 Q60 54 72 62 L74 104 H44 Z" fill={colours.skin} />
          <path d="M56 76 Q62 80 68 76" stroke="rgb(0 0 0 / 0.18)" strokeWidth="2" fill="none" />
          {/* head */}
          <circle cx="60" cy="40" r="15" fill={colours.skin} />
          <path d="M45 34 Q60 24 75 34 L75 38 H45 Z" fill={colours.band} />
          <path d="M44 36 L34 44" stroke={colours.band} strokeWidth="3" strokeLinecap="round" />
          <circle cx="68" cy="41" r="2" fill="#1b1030" />
          {/* front arm, the punching one */}
          <g className="kb-front-arm">
            <path d="M60 66 L74 82 L86 70" stroke={colours.skin} strokeWidth="10" strokeLinecap="round" strokeLinejoin="round" fill="none" />
            <circle cx="89" cy="67" r="10" fill={colours.glove} />
            <path d="M84 61 Q90 58 95 63" stroke="rgb(255 255 255 / 0.5)" strokeWidth="2" fill="none" />
          </g>
        </g>
      </g>
    </svg>
  );
}
