export { useChoicesStore, validWheelColours } from "./choices-store";
export { useGameStake } from "./use-game-stake";
