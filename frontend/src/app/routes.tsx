import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { AppLayout } from "@/components/layout/app-layout";
import { PageSpinner } from "@/components/ui/page-spinner";
import { GAMES } from "@/config/games";
import LobbyPage from "@/pages/lobby/lobby-page";
import NotFoundPage from "@/pages/not-found/not-found-page";

/** Loads a page module as its own chunk, the first time its route is visited. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: PageSpinner,
    children: [
      { path: "/", Component: LobbyPage },
      { path: "/lobby", Component: LobbyPage },
      ...GAMES.map((game): RouteObject => ({ path: game.path, lazy: lazyPage(game.page) })),
      { path: "/whitepaper", lazy: lazyPage(() => import("@/pages/whitepaper/whitepaper-page")) },
      { path: "/fairness", lazy: lazyPage(() => import("@/pages/fairness/fairness-page")) },
      { path: "/leaderboard", lazy: lazyPage(() => import("@/pages/leaderboard/leaderboard-page")) },
      { path: "/player/:address", lazy: lazyPage(() => import("@/pages/player/player-page")) },
      { path: "*", Component: NotFoundPage },
    ],
  },
];
