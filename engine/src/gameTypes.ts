/**
 * Every game has one identity: its number on chain (`GameType`, uint8), its name (`GameName`, as the
 * server's API writes it) and that name in lower case (`GameId`: the app's store keys, its game
 * folders and the engine's rule files). Only URLs differ where the product fixes them (the wheel is at
 * /roulette).
 */
export const GameType = {
  WHEEL: 0,
  SLOTS: 1,
  BLACKJACK: 2,
  KICKBOXING: 3,
  CRASH: 4,
  DICE: 5,
  PLINKO: 6,
  MINES: 7,
} as const;
export type GameType = (typeof GameType)[keyof typeof GameType];

export type GameName = keyof typeof GameType;

export type GameId = Lowercase<GameName>;

export const GAME_TYPES: readonly GameType[] = [
  GameType.WHEEL,
  GameType.SLOTS,
  GameType.BLACKJACK,
  GameType.KICKBOXING,
  GameType.CRASH,
  GameType.DICE,
  GameType.PLINKO,
  GameType.MINES,
];

export function isGameType(value: unknown): value is GameType {
  return typeof value === "number" && (GAME_TYPES as readonly number[]).includes(value);
}

const GAME_NAMES = Object.fromEntries(Object.entries(GameType).map(([name, gameType]) => [gameType, name])) as Record<GameType, GameName>;

export function gameName(gameType: GameType): GameName {
  return GAME_NAMES[gameType];
}

export function gameId(gameType: GameType): GameId {
  return gameName(gameType).toLowerCase() as GameId;
}

/** The games whose every round stays open on the player's decisions (crash only without an auto cash-out). */
export const ALWAYS_INTERACTIVE: readonly GameType[] = [GameType.BLACKJACK, GameType.MINES];

/**
 * A round that stays open on the player's decisions: a blackjack hand, a mines round, and a crash
 * round without an auto cash-out (params 0). The contract's own test is Payouts.isInteractive.
 */
export function isInteractive(gameType: number, params: bigint): boolean {
  return (ALWAYS_INTERACTIVE as readonly number[]).includes(gameType) || (gameType === GameType.CRASH && params === 0n);
}
