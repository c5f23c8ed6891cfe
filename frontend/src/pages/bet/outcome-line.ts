// A settled bet's outcome in words, as its game draws it on screen (the bet page).
import { cardCode, handScore } from "@engine/cards";
import { GameType } from "@engine/gameTypes";
import { WHEEL_COLOURS } from "@engine/wheel";
import type { GameOutcome } from "@engine/settle";

const hundredths = (value: number) => (value / 100).toFixed(2);

export function outcomeLine(outcome: GameOutcome): string {
  switch (outcome.gameType) {
    case GameType.WHEEL: {
      const { wheel } = outcome;
      const chosen = wheel.selected.map((colour) => WHEEL_COLOURS[colour]!.label).join(", ");
      return `The wheel stopped on segment ${wheel.segment + 1}: ${wheel.colour.label}; the bet was on ${chosen}.`;
    }
    case GameType.SLOTS: {
      const rows = outcome.slots.reels[0]!.map((_, row) => outcome.slots.reels.map((reel) => reel[row]).join(" · "));
      const lines = outcome.slots.lines.length;
      return `Reels: ${rows.join(" / ")}. ${lines === 0 ? "No winning line." : `${lines} winning line${lines === 1 ? "" : "s"}.`}`;
    }
    case GameType.BLACKJACK: {
      const { playerHand, splitHand, dealerHand } = outcome.blackjack;
      const hand = (cards: readonly Parameters<typeof cardCode>[0][]) => `${cards.map(cardCode).join(" ")} (${handScore(cards)})`;
      return `Your hand ${hand(playerHand)}${splitHand ? `, split hand ${hand(splitHand)}` : ""}; the dealer's ${hand(dealerHand)}.`;
    }
    case GameType.KICKBOXING: {
      const { fight, bet } = outcome.kickboxing;
      const winner = fight.winner === "DRAW" ? "a draw" : `${fight.winner} won`;
      return `The fight ended in ${fight.endReason === "KO" ? "a knock-out" : "time"}: ${winner} (the bet was on ${bet}).`;
    }
    case GameType.CRASH: {
      const { crashPoint, cashOut } = outcome.crash;
      return `Crashed at ${hundredths(crashPoint)}x; ${cashOut === null ? "no cash-out" : `cash-out at ${hundredths(cashOut)}x`}.`;
    }
    case GameType.DICE: {
      const { roll, side, target } = outcome.dice;
      return `Rolled ${hundredths(roll)}, the bet was ${side.toLowerCase()} ${hundredths(target)}.`;
    }
    case GameType.PLINKO: {
      const { slot, rows, risk, hundredths: multiple } = outcome.plinko;
      return `The ball fell ${rows} rows (${risk.toLowerCase()} risk) into slot ${slot + 1} of ${rows + 1}: ${hundredths(multiple)}x.`;
    }
    case GameType.MINES: {
      const { mines, mineTiles, revealed, status } = outcome.mines;
      const at = `${mines} mine${mines === 1 ? "" : "s"} at tiles ${mineTiles.map((tile) => tile + 1).join(", ")}`;
      const safe = status === "BUSTED" ? revealed.length - 1 : revealed.length;
      const opened = `${safe} safe tile${safe === 1 ? "" : "s"} opened`;
      if (status === "BUSTED") return `${at}; ${opened}, then a mine.`;
      return status === "CASHED_OUT" ? `${at}; ${opened}, then cashed out.` : `${at}; no tile opened.`;
    }
  }
}
