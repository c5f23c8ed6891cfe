import { fightFromWord, simulateFight, type Fight, type FightWinner, type KickboxingBet, kickboxingPayoutBps } from "@engine/kickboxing";
import { applyBps, fromBaseUnits, toBaseUnits } from "@engine/tokens";
import type { KickboxingRoundSource } from "../round-source";

/** A fixed word whose fight ends as asked, found by scanning (draws are too rare to find this way). */
export function wordFor(winner: Exclude<FightWinner, "DRAW">, endReason?: Fight["endReason"]): string {
  for (let i = 1; i < 5000; i++) {
    const word = "0x" + i.toString(16).padStart(64, "0");
    const fight = fightFromWord(word);
    if (fight.winner === winner && (!endReason || fight.endReason === endReason)) return word;
  }
  throw new Error(`no word found for ${winner} ${endReason ?? ""}`);
}

/**
 * A drawn fight: a draw needs both fighters standing after 50 exchanges, which random words
 * practically never give, so these draws make every attack miss.
 */
export function drawnFight(): Fight {
  return simulateFight({ float: () => 0.99, int: () => 0 });
}

/** A source that replays a given fight, paying as the engine does, for the rare outcomes. */
export function scriptedSource(fight: Fight, applyPayout: (token: "DEGEN" | "BNB", amount: number) => void): KickboxingRoundSource {
  const paid = new WeakSet<object>();
  return {
    async start(request) {
      applyPayout(request.token, -request.stake);
      const bps = kickboxingPayoutBps(request.bet as KickboxingBet, fight.winner);
      return { ...request, fight, won: bps > 0n, payout: fromBaseUnits(applyBps(toBaseUnits(request.stake), bps)) };
    },
    settle(round) {
      if (paid.has(round)) return;
      paid.add(round);
      if (round.payout > 0) applyPayout(round.token, round.payout);
    },
  };
}
