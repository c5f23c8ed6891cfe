import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { GAMES } from "@/config/games";
import { JackpotAnnouncement } from "./components/jackpot-announcement";
import LiveBetsPanel from "./components/live-bets-panel";
import { startLiveBets } from "./live-bets-store";

/** The lobby places its own, above its footer. */
const GAME_PATHS = new Set<string>(GAMES.map((game) => game.path));

/**
 * The casino floor on every page (issue #22): the stream of live bets opens once per page load,
 * jackpot hits are announced on any page, and the live bets show below each game.
 * Loaded apart from the lobby's first chunk.
 */
export default function LiveFloor() {
  const { pathname } = useLocation();
  useEffect(startLiveBets, []);
  return (
    <>
      {GAME_PATHS.has(pathname) && (
        <div className="mx-auto w-full max-w-6xl px-4 pb-10 sm:px-6">
          <LiveBetsPanel />
        </div>
      )}
      <JackpotAnnouncement />
    </>
  );
}
