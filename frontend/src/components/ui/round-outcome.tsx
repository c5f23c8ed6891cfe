import { formatTokenAmount, type Token } from "@/config/tokens";
import { cn } from "@/lib/cn";

/** A past round's last two cells in a game's history: 'Won' or 'Lost', then its profit ('+1.33 DEGEN', '-10.00 DEGEN'). */
export function RoundOutcome({ won, profit, token }: { won: boolean; profit: number; token: Token }) {
  return (
    <>
      <span className={cn("w-10 text-xs font-bold", won ? "text-cyan" : "text-pink")}>{won ? "Won" : "Lost"}</span>
      <span className={cn("w-28 shrink-0 text-right font-semibold sm:w-32", profit >= 0 ? "text-cyan" : "text-pink")}>
        {profit >= 0 ? "+" : "-"}
        {formatTokenAmount(token, Math.abs(profit))} {token}
      </span>
    </>
  );
}
