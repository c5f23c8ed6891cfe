import { BPS } from "@engine/tokens";
import { KICKBOXING_CHANCES, kickboxingPayoutBps, type KickboxingBet } from "@engine/kickboxing";
import { kickboxingRtp } from "@engine/rtp";

/** What a winning bet pays per stake in bps: x2.0 on a side's win, x4.0 on a draw. */
const winningBps = (bet: KickboxingBet) => Number(kickboxingPayoutBps(bet, bet === "TIE" ? "DRAW" : bet)) / Number(BPS);

/** The payout multiplier of a winning bet, from the engine's bps ("2.0"). */
export function betMultiplier(bet: KickboxingBet): string {
  return winningBps(bet).toFixed(1);
}

/** A share as a percent of at most two decimals: "49%", "2%". */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`;

/** A bet's chance and RTP (chance × payout), from the engine's KICKBOXING_CHANCES: "Chance 49% · RTP 98%". */
function chanceAndRtp(bet: KickboxingBet): string {
  return `Chance ${percent(KICKBOXING_CHANCES[bet])} · RTP ${percent(kickboxingRtp(bet))}`;
}

/** Each bet's button: the product's label, and its chance and RTP beside it. */
export const BET_OPTIONS: readonly { bet: KickboxingBet; label: string; chance: string }[] = [
  { bet: "RED", label: `Bet on Red x${betMultiplier("RED")}`, chance: chanceAndRtp("RED") },
  { bet: "BLUE", label: `Bet on Blue x${betMultiplier("BLUE")}`, chance: chanceAndRtp("BLUE") },
  { bet: "TIE", label: `Bet on Tie x${betMultiplier("TIE")}`, chance: chanceAndRtp("TIE") },
];
