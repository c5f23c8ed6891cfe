import { Button } from "@/components/ui/button";
import type { useBlackjackGame } from "../hooks/use-blackjack-game";

/** Deal, the hand's moves, the wait for its result, or New Round: whichever the phase allows. */
export function HandActions({ game }: { game: ReturnType<typeof useBlackjackGame> }) {
  const { table, phase, busy } = game;
  if (phase === "playing" && table) {
    return (
      <div className="grid grid-cols-3 gap-2">
        <Button variant="primary" size="lg" onClick={game.hit} disabled={busy} data-testid="hit-button">
          Hit
        </Button>
        <Button variant="secondary" size="lg" onClick={game.stand} disabled={busy} data-testid="stand-button">
          Stand
        </Button>
        <Button variant="secondary" size="lg" onClick={game.split} disabled={busy || !table.canSplit || table.splitHand !== null} data-testid="split-button">
          Split
        </Button>
      </div>
    );
  }
  if (phase === "settling") {
    return (
      <Button variant="primary" size="lg" disabled data-testid="settling-button">
        Settling…
      </Button>
    );
  }
  if (phase === "finished") {
    return (
      <Button variant="primary" size="lg" onClick={game.newRound} data-testid="new-round-button">
        New Round
      </Button>
    );
  }
  return (
    <Button variant="primary" size="lg" onClick={game.deal} disabled={busy} data-testid="deal-button">
      {busy ? "Dealing…" : "Deal"}
    </Button>
  );
}
