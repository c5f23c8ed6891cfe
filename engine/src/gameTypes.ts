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

export const GAME_TYPES: readonly GameType[] = [
  GameType.WHEEL,
  GameType.SLOTS,
  GameType.BLACKJACK,
  GameType.KICKBOXING,
  GameType.CRASH,
];

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

/**
 * Largest payout of one bet as a multiple of its stake, in basis points: what the contract
 * reserves out of the bankroll when the bet is placed (notes/interop.md).
 * WHEEL 10.2x (one colour, DEGEN); SLOTS 5 lines × 150 × 1.02 = 765x; BLACKJACK 2.5x of the
 * total stake, split included; KICKBOXING 4x (tie); CRASH 100x (the crash point cap).
 * notes/interop.md writes SLOTS as 765000 bps, which is 76.5x and contradicts its own
 * "5 lines x 150 x 1.02": a 15-DEGEN grid pays 765x, so the bound here is 7,650,000 bps.
 */
export const MAX_MULTIPLIER_BPS: Readonly<Record<GameType, bigint>> = {
  0: 102_000n,
  1: 7_650_000n,
  2: 25_000n,
  3: 40_000n,
  4: 1_000_000n,
};
