import type { GameInfo } from "@/config/games";

/** Complete class names per accent, so Tailwind's scanner finds every one of them. */
export const accentClasses: Record<GameInfo["accent"], { glow: string; blob: string; icon: string; text: string; border: string; dot: string }> = {
  gold: {
    glow: "shadow-[0_0_60px_-20px_rgb(255_210_63/0.55)]",
    blob: "bg-gold/25",
    icon: "bg-gold/15 ring-1 ring-gold/40",
    text: "text-gold",
    border: "hover:border-gold/60",
    dot: "bg-gold",
  },
  pink: {
    glow: "shadow-[0_0_60px_-20px_rgb(255_61_168/0.55)]",
    blob: "bg-pink/25",
    icon: "bg-pink/15 ring-1 ring-pink/40",
    text: "text-pink",
    border: "hover:border-pink/60",
    dot: "bg-pink",
  },
  cyan: {
    glow: "shadow-[0_0_60px_-20px_rgb(45_226_255/0.55)]",
    blob: "bg-cyan/25",
    icon: "bg-cyan/15 ring-1 ring-cyan/40",
    text: "text-cyan",
    border: "hover:border-cyan/60",
    dot: "bg-cyan",
  },
  violet: {
    glow: "shadow-[0_0_60px_-20px_rgb(168_85_247/0.6)]",
    blob: "bg-violet/30",
    icon: "bg-violet/15 ring-1 ring-violet/40",
    text: "text-violet",
    border: "hover:border-violet/60",
    dot: "bg-violet",
  },
  orange: {
    glow: "shadow-[0_0_60px_-20px_rgb(255_138_61/0.55)]",
    blob: "bg-ember/25",
    icon: "bg-ember/15 ring-1 ring-ember/40",
    text: "text-ember",
    border: "hover:border-ember/60",
    dot: "bg-ember",
  },
};
