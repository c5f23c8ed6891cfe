export { playerName, playerPath } from "./player-name";
export { PlayerLink } from "./components/player-link";
