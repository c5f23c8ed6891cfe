import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { AppLayout } from "@/app/layout/app-layout";
import { PageSpinner } from "@/components/ui/page-spinner";
import { GAMES, type GameId } from "@/config/games";
import LobbyPage from "@/pages/lobby/lobby-page";
import NotFoundPage from "@/pages/not-found/not-found-page";

/** Loads a page module as its own chunk, the first time its route is visited. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

/** Each game's page (games/<id>/<id>-page.tsx): the app layer is the one that knows the games' folders. */
const GAME_PAGES: Record<GameId, () => Promise<{ default: ComponentType }>> = {
  wheel: () => import("@/games/wheel/wheel-page"),
  blackjack: () => import("@/games/blackjack/blackjack-page"),
  slots: () => import("@/games/slots/slots-page"),
  kickboxing: () => import("@/games/kickboxing/kickboxing-page"),
  crash: () => import("@/games/crash/crash-page"),
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: PageSpinner,
    children: [
      { path: "/", Component: LobbyPage },
      { path: "/lobby", Component: LobbyPage },
      ...GAMES.map((game): RouteObject => ({ path: game.path, lazy: lazyPage(GAME_PAGES[game.id]) })),
      { path: "/whitepaper", lazy: lazyPage(() => import("@/pages/whitepaper/whitepaper-page")) },
      { path: "/fairness", lazy: lazyPage(() => import("@/pages/fairness/fairness-page")) },
      { path: "/leaderboard", lazy: lazyPage(() => import("@/pages/leaderboard/leaderboard-page")) },
      { path: "/player/:address", lazy: lazyPage(() => import("@/pages/player/player-page")) },
      { path: "*", Component: NotFoundPage },
    ],
  },
];
