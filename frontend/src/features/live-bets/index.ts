// Both views load on their own, after the page that shows them: the floor beside every page, the
// panel in the lobby.
export const loadLiveFloor = () => import("./live-floor");
export const loadLiveBetsPanel = () => import("./components/live-bets-panel");
