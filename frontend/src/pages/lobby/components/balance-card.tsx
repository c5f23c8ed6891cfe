import { formatTokenAmount, type Token } from "@/config/tokens";
import { PLAYER_WIN_CHANCE_PERCENT } from "@/config/economics";
import { multiplierGamesText, otherGamesParts } from "@/config/game-returns";
import { UsdValue } from "@/features/prices";
import { cn } from "@/lib/cn";

const tokenStyle: Record<Token, { text: string; ring: string; blurb: string }> = {
  DEGEN: { text: "text-gold", ring: "ring-gold/30", blurb: "Player-friendly · jackpot eligible" },
  BNB: { text: "text-cyan", ring: "ring-cyan/30", blurb: "Standard odds" },
};

/** A token's balance card; `amount` null while the balance is not known yet (a wallet being brought back). */
export function BalanceCard({ token, amount }: { token: Token; amount: number | null }) {
  const style = tokenStyle[token];
  return (
    <div className={cn("glass-card flex min-w-0 flex-col gap-1 p-4 ring-1 sm:p-5", style.ring)}>
      <span className="text-xs font-medium tracking-wider text-slate-400">{token} balance</span>
      <span className="flex min-w-0 items-baseline gap-2">
        <span data-testid={`balance-${token}`} className={cn("truncate font-display text-2xl font-black tabular-nums sm:text-3xl", style.text)}>
          {amount === null ? "…" : formatTokenAmount(token, amount)}
        </span>
        <span className="text-sm font-semibold text-slate-400">{token}</span>
      </span>
      {/* A line of its own: beside the amount it would truncate the balance on a narrow card. */}
      {amount !== null && <UsdValue token={token} amount={amount} className="-mt-1 text-sm" />}
      {/* The token's multiplier holds only where the rules apply it (issue #39 item 1); the other games' returns beside it. */}
      <span className="text-xs text-slate-400" data-testid={`token-terms-${token}`}>
        <span className="block">{style.blurb}</span>
        <span className="block">{multiplierGamesText(token, PLAYER_WIN_CHANCE_PERCENT[token])}</span>
        {/* Two unbreakable parts: a narrow card wraps between the games, not inside one's figures. */}
        <span className="block">
          <span className="whitespace-nowrap">{otherGamesParts(token)[0]}</span> · <span className="whitespace-nowrap">{otherGamesParts(token)[1]}</span>
        </span>
      </span>
    </div>
  );
}
