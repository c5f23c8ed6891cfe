/**
 * Whether the player asked the system for less motion (prefers-reduced-motion): a game then shows
 * its outcome in place instead of moving to it (docs/product.md §4).
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
