import type { ReactNode, SVGProps } from "react";
import type { GameId } from "@/config/games";

// Inline line icons: emoji glyphs depend on the visitor's fonts and print as empty boxes on many systems.

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

function Icon({ children, className = "size-5", ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

export const TrophyIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
  </Icon>
);

export const ArrowLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Icon>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14M12 5l7 7-7 7" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
  </Icon>
);

export const DocumentIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6M16 13H8M16 17H8M10 9H8" />
  </Icon>
);

export const WarningIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
    <path d="M12 9v4M12 17h.01" />
  </Icon>
);

export const CheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

export const ShieldCheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const BoltIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13 2 3 14h9l-1 8 10-12h-9z" />
  </Icon>
);

export const VolumeOnIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 5 6 9H2v6h4l5 4z" />
    <path d="M15.54 8.46a5 5 0 0 1 0 7.07M19.07 4.93a10 10 0 0 1 0 14.14" />
  </Icon>
);

export const VolumeOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 5 6 9H2v6h4l5 4z" />
    <path d="m22 9-6 6M16 9l6 6" />
  </Icon>
);

const WheelIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M12 3v6.5M12 14.5V21M3 12h6.5M14.5 12H21M5.6 5.6l4.6 4.6M13.8 13.8l4.6 4.6M5.6 18.4l4.6-4.6M13.8 10.2l4.6-4.6" />
  </Icon>
);

const CardsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="8" y="3" width="12" height="16" rx="2" />
    <path d="M5 6.5 4.2 7a2 2 0 0 0-.7 2.6l5.2 10.2a2 2 0 0 0 2.7.9l1.6-.8" />
    <path d="M14 8.5c-1.2 1.3-2 2.2-2 3.1a1.5 1.5 0 0 0 2 1.4 1.5 1.5 0 0 0 2-1.4c0-.9-.8-1.8-2-3.1z" />
  </Icon>
);

const SlotsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="4" width="19" height="16" rx="2.5" />
    <path d="M8.8 4v16M15.2 4v16" />
    <path d="M4.5 10h2.5l-1.5 4M11 10h2.5L12 14M17.5 10H20l-1.5 4" />
  </Icon>
);

const GloveIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 10V7a4 4 0 0 1 4-4h4a5 5 0 0 1 5 5v5a5 5 0 0 1-5 5H9a3 3 0 0 1-3-3z" />
    <path d="M6 10a2.5 2.5 0 0 0-2.5 2.5v0A2.5 2.5 0 0 0 6 15M10 10h5M7 18v3h9v-3" />
  </Icon>
);

const RocketIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09z" />
    <path d="m12 15-3-3a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.35 22.35 0 0 1-4 2z" />
    <path d="M9 12H4s.55-3.03 2-4c1.62-1.08 5 0 5 0M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5" />
  </Icon>
);

const DiceIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="3.5" />
    <circle cx="8.5" cy="8.5" r="1.2" fill="currentColor" />
    <circle cx="15.5" cy="15.5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
  </Icon>
);

const PlinkoIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="4.5" r="2" />
    <circle cx="8.5" cy="10.5" r="1" fill="currentColor" />
    <circle cx="15.5" cy="10.5" r="1" fill="currentColor" />
    <circle cx="5" cy="15.5" r="1" fill="currentColor" />
    <circle cx="12" cy="15.5" r="1" fill="currentColor" />
    <circle cx="19" cy="15.5" r="1" fill="currentColor" />
    <path d="M3 20.5h18" />
  </Icon>
);

const MineIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="14" r="7" />
    <path d="m16 9 2.5-2.5M19 3v1.5M22.5 6.5H21" />
  </Icon>
);

const gameIcons: Record<GameId, (props: IconProps) => ReactNode> = {
  wheel: WheelIcon,
  blackjack: CardsIcon,
  slots: SlotsIcon,
  kickboxing: GloveIcon,
  crash: RocketIcon,
  dice: DiceIcon,
  plinko: PlinkoIcon,
  mines: MineIcon,
};

export function GameIcon({ gameId, ...props }: IconProps & { gameId: GameId }) {
  const GameGlyph = gameIcons[gameId];
  return <GameGlyph {...props} />;
}
