import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { SLOT_SYMBOL_NAMES, type SlotSymbol } from "../slots-display";

// Inline SVG glyphs: emoji do not render everywhere (headless Linux chromium shows boxes).
const GLYPHS: Record<SlotSymbol, ReactNode> = {
  DEGEN: (
    <>
      <circle cx="20" cy="20" r="15" fill="#ffd23f" stroke="#b8860b" strokeWidth="2.5" />
      <circle cx="20" cy="20" r="10.5" fill="none" stroke="#fff3b0" strokeWidth="1.2" />
      <text x="20" y="25.5" textAnchor="middle" fontSize="15" fontWeight="900" fill="#7a4e00">
        D
      </text>
    </>
  ),
  CHERRY: (
    <>
      <path d="M14 25 C16 14 22 8 28 6 M26 25 C25 16 26 11 28 6" stroke="#22c55e" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <circle cx="13" cy="27" r="7" fill="#ff3b3b" />
      <circle cx="26" cy="28" r="7" fill="#e11d48" />
      <circle cx="11" cy="25" r="1.8" fill="#ffd0d0" />
    </>
  ),
  LEMON: (
    <>
      <ellipse cx="20" cy="21" rx="14" ry="10" fill="#fde047" stroke="#ca8a04" strokeWidth="2" transform="rotate(-20 20 21)" />
      <path d="M31 12 l3 -3" stroke="#ca8a04" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  STAR: (
    <path
      d="M20 4 l4.7 10 10.8 1.3 -8 7.5 2.1 10.7 -9.6 -5.4 -9.6 5.4 2.1 -10.7 -8 -7.5 10.8 -1.3z"
      fill="#4ade80"
      stroke="#15803d"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
  BELL: (
    <>
      <path d="M20 6 c-7 0 -10 6 -10 13 v6 l-3 4 h26 l-3 -4 v-6 c0 -7 -3 -13 -10 -13z" fill="#fb923c" stroke="#c2410c" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="20" cy="32" r="3" fill="#c2410c" />
    </>
  ),
  DIAMOND: (
    <>
      <path d="M10 14 l5 -7 h10 l5 7 -10 20z" fill="#2de2ff" stroke="#0e7490" strokeWidth="2" strokeLinejoin="round" />
      <path d="M10 14 h20 M15 7 l5 7 5 -7 M20 14 v20" stroke="#0e7490" strokeWidth="1.2" fill="none" />
    </>
  ),
  GRAPES: (
    <>
      {[
        [14, 14],
        [22, 14],
        [30, 14],
        [18, 21],
        [26, 21],
        [22, 28],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx - 2} cy={cy} r="4.6" fill="#a855f7" stroke="#6b21a8" strokeWidth="1.4" />
      ))}
      <path d="M20 9 l3 -5" stroke="#22c55e" strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
};

export function SymbolTile({ symbol, highlighted = false, className }: { symbol: SlotSymbol; highlighted?: boolean; className?: string }) {
  return (
    <div
      data-symbol={symbol}
      data-highlighted={highlighted || undefined}
      className={cn(
        "flex h-[var(--tile)] flex-col items-center justify-center gap-0.5 rounded-lg border transition duration-300",
        highlighted ? "slots-win-cell border-gold bg-gold/20" : "border-white/10 bg-night-900/80",
        className,
      )}
    >
      <svg viewBox="0 0 40 40" aria-hidden="true" className="size-[60%] max-h-11">
        {GLYPHS[symbol]}
      </svg>
      <span className="text-[10px] leading-none font-bold text-slate-200 sm:text-xs">{SLOT_SYMBOL_NAMES[symbol]}</span>
    </div>
  );
}
