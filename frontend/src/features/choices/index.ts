export { useChoicesStore } from "./choices-store";
export { useGameStake } from "./use-game-stake";
