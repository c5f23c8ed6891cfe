import { fightFromWord, type Fight, type FightWinner, type KickboxingBet, kickboxingPayoutBps } from "@engine/kickboxing";
import { applyBps, fromBaseUnits, toBaseUnits } from "@engine/tokens";
import type { KickboxingRoundSource } from "../round-source";

/** A fixed word whose fight ends as asked, found by scanning (a DRAW: an even match, 1 word in 50). */
export function wordFor(winner: FightWinner, endReason?: Fight["endReason"]): string {
  for (let i = 1; i < 5000; i++) {
    const word = "0x" + i.toString(16).padStart(64, "0");
    const fight = fightFromWord(word);
    if (fight.winner === winner && (!endReason || fight.endReason === endReason)) return word;
  }
  throw new Error(`no word found for ${winner} ${endReason ?? ""}`);
}

/** A drawn fight: an even match, both fighters standing at the bell. */
export function drawnFight(): Fight {
  return fightFromWord(wordFor("DRAW"));
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
