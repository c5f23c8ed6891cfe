import { useId } from "react";
import { cn } from "@/lib/cn";

/** The DEGEN chip mark; inline so it renders without a request and prints crisply. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("shrink-0", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd23f" />
          <stop offset="0.55" stopColor="#ff3da8" />
          <stop offset="1" stopColor="#2de2ff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#0d0a2b" />
      <circle cx="32" cy="32" r="22" fill="none" stroke={`url(#${gradientId})`} strokeWidth="5" strokeDasharray="8 5.8" />
      <path d="M25 20h8.5c7 0 11.5 4.6 11.5 12s-4.5 12-11.5 12H25z" fill="none" stroke={`url(#${gradientId})`} strokeWidth="5" strokeLinejoin="round" />
    </svg>
  );
}
