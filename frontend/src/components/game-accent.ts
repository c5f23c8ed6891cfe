import type { GameInfo } from "@/config/games";

/** Complete class names per accent, so Tailwind's scanner finds every one of them. */
export const accentClasses: Record<GameInfo["accent"], { blob: string; icon: string; text: string; border: string }> = {
  gold: {
    blob: "bg-gold/25",
    icon: "bg-gold/15 ring-1 ring-gold/40",
    text: "text-gold",
    border: "hover:border-gold/60",
  },
  pink: {
    blob: "bg-pink/25",
    icon: "bg-pink/15 ring-1 ring-pink/40",
    text: "text-pink",
    border: "hover:border-pink/60",
  },
  cyan: {
    blob: "bg-cyan/25",
    icon: "bg-cyan/15 ring-1 ring-cyan/40",
    text: "text-cyan",
    border: "hover:border-cyan/60",
  },
  violet: {
    blob: "bg-violet/30",
    icon: "bg-violet/15 ring-1 ring-violet/40",
    text: "text-violet",
    border: "hover:border-violet/60",
  },
  orange: {
    blob: "bg-ember/25",
    icon: "bg-ember/15 ring-1 ring-ember/40",
    text: "text-ember",
    border: "hover:border-ember/60",
  },
};
