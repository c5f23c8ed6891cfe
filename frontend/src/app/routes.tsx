import { lazy, type ComponentType } from "react";
import { useRoutes, type RouteObject } from "react-router-dom";
import { AppLayout } from "@/app/layout/app-layout";
import { GAMES, type GameId } from "@/config/games";
import LobbyPage from "@/pages/lobby/lobby-page";
import NotFoundPage from "@/pages/not-found/not-found-page";

/**
 * Loads a page module as its own chunk, the first time its route is visited (AppLayout shows a
 * spinner meanwhile). Declared routes, not a data router: createBrowserRouter's loaders, actions
 * and fetchers, which no page uses, cost the lobby's first load 17.6 kB gzip (bench/lobby-js.ts).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): RouteObject["element"] {
  const Page = lazy(load);
  return <Page />;
}

/** Each game's page (games/<id>/<id>-page.tsx): the app layer is the one that knows the games' folders. */
const GAME_PAGES: Record<GameId, () => Promise<{ default: ComponentType }>> = {
  wheel: () => import("@/games/wheel/wheel-page"),
  blackjack: () => import("@/games/blackjack/blackjack-page"),
  slots: () => import("@/games/slots/slots-page"),
  kickboxing: () => import("@/games/kickboxing/kickboxing-page"),
  crash: () => import("@/games/crash/crash-page"),
  dice: () => import("@/games/dice/dice-page"),
  plinko: () => import("@/games/plinko/plinko-page"),
  mines: () => import("@/games/mines/mines-page"),
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: "/", Component: LobbyPage },
      { path: "/lobby", Component: LobbyPage },
      ...GAMES.map((game): RouteObject => ({ path: game.path, element: lazyPage(GAME_PAGES[game.id]) })),
      { path: "/whitepaper", element: lazyPage(() => import("@/pages/whitepaper/whitepaper-page")) },
      { path: "/fairness", element: lazyPage(() => import("@/pages/fairness/fairness-page")) },
      { path: "/leaderboard", element: lazyPage(() => import("@/pages/leaderboard/leaderboard-page")) },
      { path: "/player/:address", element: lazyPage(() => import("@/pages/player/player-page")) },
      { path: "/bet/:betId", element: lazyPage(() => import("@/pages/bet/bet-page")) },
      { path: "/house", element: lazyPage(() => import("@/pages/house/house-page")) },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

/** The route table, rendered inside the app's router (BrowserRouter; a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
