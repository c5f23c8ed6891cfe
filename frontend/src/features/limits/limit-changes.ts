// What a change of limits does, said before the player sends it (CasinoLimits: a stricter value
// applies at once, a looser one 24 hours after it was asked for).

/** One loss window: its limit and the net loss in its current window (base units, 0: none), and a looser limit waiting for its time. */
export interface WindowLimit {
  limit: bigint;
  used: bigint;
  pending: bigint | null;
}

export interface TokenLimits {
  /** 24 hours, 7 days, 30 days. */
  loss: WindowLimit[];
  betCap: { limit: bigint; pending: bigint | null };
  /** When the pending values apply (unix seconds, 0: none). */
  pendingAt: number;
}

export interface PlayerLimits {
  tokens: Record<"DEGEN" | "BNB", TokenLimits>;
  /** Unix seconds; 0: none. An earlier end waits until pendingAt. */
  coolOff: { until: number; pendingUntil: number | null; pendingAt: number };
}

export const WINDOW_NAMES = ["24-hour loss limit", "7-day loss limit", "30-day loss limit"] as const;
export const BET_CAP_NAME = "Largest bet";
export const dateTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString();

/** A limit of 0 is none: any limit is stricter than none, a lower one stricter than a higher one. */
export function isStricter(current: bigint, wanted: bigint): boolean {
  return wanted !== 0n && (current === 0n || wanted < current);
}

/** The settings that change, split as the contract applies them: at once, or after 24 h. */
export function splitChanges(current: TokenLimits, wanted: { loss: bigint[]; betCap: bigint }): { atOnce: string[]; later: string[] } {
  const atOnce: string[] = [];
  const later: string[] = [];
  const sort = (name: string, now: bigint, next: bigint) => {
    if (next === now) return;
    (isStricter(now, next) ? atOnce : later).push(name);
  };
  WINDOW_NAMES.forEach((name, window) => sort(name, current.loss[window]!.limit, wanted.loss[window]!));
  sort(BET_CAP_NAME, current.betCap.limit, wanted.betCap);
  return { atOnce, later };
}
