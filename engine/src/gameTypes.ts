/** Game types as the contract numbers them (uint8 on chain, notes/interop.md). */
export const GameType = {
  WHEEL: 0,
  SLOTS: 1,
  BLACKJACK: 2,
  KICKBOXING: 3,
  CRASH: 4,
} as const;
export type GameType = (typeof GameType)[keyof typeof GameType];

export type GameName = keyof typeof GameType;

export const GAME_TYPES: readonly GameType[] = [GameType.WHEEL, GameType.SLOTS, GameType.BLACKJACK, GameType.KICKBOXING, GameType.CRASH];

export function isGameType(value: unknown): value is GameType {
  return typeof value === "number" && (GAME_TYPES as readonly number[]).includes(value);
}

export function gameName(gameType: GameType): GameName {
  const names: Record<GameType, GameName> = {
    0: "WHEEL",
    1: "SLOTS",
    2: "BLACKJACK",
    3: "KICKBOXING",
    4: "CRASH",
  };
  return names[gameType];
}
