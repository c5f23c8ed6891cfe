import { BPS } from "@engine/tokens";
import { KICKBOXING, type KickboxingBet } from "@engine/kickboxing";

/** The payout multiplier of a winning bet, from the engine's bps ("2.0"). */
export function betMultiplier(bet: KickboxingBet): string {
  const bps = bet === "TIE" ? KICKBOXING.TIE_PAYOUT_BPS : KICKBOXING.WINNER_PAYOUT_BPS;
  return (Number(bps) / Number(BPS)).toFixed(1);
}

export const BET_OPTIONS: readonly { bet: KickboxingBet; label: string }[] = [
  { bet: "RED", label: `Bet on Red x${betMultiplier("RED")}` },
  { bet: "BLUE", label: `Bet on Blue x${betMultiplier("BLUE")}` },
  { bet: "TIE", label: `Bet on Tie x${betMultiplier("TIE")}` },
];
