import { formatTokenAmount, type Token } from "@/config/tokens";
import { formatMultiplier, formatNextSafeChance, minesMultiplierOf, safeTileCount } from "../mines-display";

interface MultiplierPanelProps {
  token: Token;
  mines: number;
  /** Safe tiles revealed in the round on the grid (0 before one). */
  safe: number;
  /** What the next safe tile would make a cash-out pay (the server's figure in a round), null when no safe tile is left. */
  nextPayout: number | null;
}

/** Where the round stands: what a cash-out pays now, and what the next tile would make it, with its chance. */
export function MultiplierPanel({ token, mines, safe, nextPayout }: MultiplierPanelProps) {
  const current = minesMultiplierOf(token, mines, safe);
  const next = safe < safeTileCount(mines) ? minesMultiplierOf(token, mines, safe + 1) : 0;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      <div className="rounded-xl border border-white/10 bg-night-950/50 px-3 py-2">
        <dt className="text-xs text-slate-400">Multiplier</dt>
        <dd className="font-display text-lg font-bold text-white tabular-nums" data-testid="mines-multiplier">
          {formatMultiplier(current)}
        </dd>
      </div>
      <div className="rounded-xl border border-white/10 bg-night-950/50 px-3 py-2">
        <dt className="text-xs text-slate-400">Next tile</dt>
        <dd className="font-display text-lg font-bold text-gold tabular-nums" data-testid="mines-next-multiplier">
          {formatMultiplier(next)}
        </dd>
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-white/10 bg-night-950/50 px-3 py-2">
        <dt className="text-slate-400">Next tile pays</dt>
        <dd className="font-semibold text-gold tabular-nums" data-testid="mines-next-payout">
          {nextPayout === null ? "—" : `${formatTokenAmount(token, nextPayout)} ${token} · ${formatNextSafeChance(mines, safe)} safe`}
        </dd>
      </div>
    </dl>
  );
}
