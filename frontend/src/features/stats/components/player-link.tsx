import { Link } from "react-router-dom";
import { cn } from "@/lib/cn";
import { playerName, playerPath } from "../player-name";

/** A player's name, linking to their page. */
export function PlayerLink({ player, className }: { player: { player: string; username: string | null }; className?: string }) {
  return (
    <Link
      to={playerPath(player.player)}
      title={player.player}
      className={cn("underline-offset-2 hover:text-white hover:underline", className)}
      data-testid="player-link"
    >
      {playerName(player)}
    </Link>
  );
}
