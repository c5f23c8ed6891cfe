import { BPS } from "@engine/tokens";
import { KICKBOXING, KICKBOXING_CHANCES, type KickboxingBet } from "@engine/kickboxing";

/** The payout multiplier of a winning bet, from the engine's bps ("2.0"). */
export function betMultiplier(bet: KickboxingBet): string {
  const bps = bet === "TIE" ? KICKBOXING.TIE_PAYOUT_BPS : KICKBOXING.WINNER_PAYOUT_BPS;
  return (Number(bps) / Number(BPS)).toFixed(1);
}

const tieOneIn = KICKBOXING_CHANCES.TIE_CHANCE_BELOW_ONE_IN;
/** The Tie's RTP bound: x4.0 on a chance below 1 in 10,000 ("0.04%"). */
const tieRtpBelow = `${((Number(KICKBOXING.TIE_PAYOUT_BPS) / Number(BPS) / tieOneIn) * 100).toFixed(2)}%`;

/** A chance below 1 in 10,000: its button says so, and a web3 bet on it asks for a confirmation first. */
export const LONG_SHOTS: ReadonlySet<KickboxingBet> = new Set(["TIE"]);

/** Each bet's button: the product's label, and its chance and RTP beside it (KICKBOXING_CHANCES). */
export const BET_OPTIONS: readonly { bet: KickboxingBet; label: string; chance: string }[] = [
  { bet: "RED", label: `Bet on Red x${betMultiplier("RED")}`, chance: "Chance 50% · RTP 100%" },
  { bet: "BLUE", label: `Bet on Blue x${betMultiplier("BLUE")}`, chance: "Chance 50% · RTP 100%" },
  {
    bet: "TIE",
    label: `Bet on Tie x${betMultiplier("TIE")}`,
    chance: `Chance below 1 in ${tieOneIn.toLocaleString("en-US")} · RTP below ${tieRtpBelow}`,
  },
];

/** What the confirmation of a web3 long-shot bet says. */
export const LONG_SHOT_WARNING = `A fight almost never ends in a draw: no draw came in 1,000,000 simulated fights, so a Tie's chance is below 1 in ${tieOneIn.toLocaleString("en-US")} and this bet almost surely loses its stake.`;
