export { playerName, playerPath } from "./player-name";
export { PlayerLink } from "./components/player-link";
export { BetHistory } from "./components/bet-history";
export { LeaderboardsView } from "./components/leaderboards-view";
export { PlayerSummary } from "./components/player-summary";
export { playerStatsUrl } from "./stats-api";
export type { PlayerStats } from "./stats-api";
// The chart (recharts) loads after the player's page.
export const loadProfitChart = () => import("./components/profit-chart");
