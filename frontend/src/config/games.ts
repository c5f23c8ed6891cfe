import { CRASH } from "@engine/crash";
import { GameType, type GameId } from "@engine/gameTypes";
import { slotsPaytableFor } from "@engine/slots";
import { RTP_BPS } from "@engine/tokens";
import { wheelMultiplierBps } from "@engine/wheel";

export type { GameId };

/** PLINKO_TABLES.HIGH[16 − 8][0] (engine/src/plinko.ts), checked against the engine in games/plinko/__tests__. */
export const PLINKO_BEST_HUNDREDTHS = 103_804;
/** MINES.MAX_MULTIPLIER (engine/src/mines.ts), checked against the engine in games/mines/__tests__. */
export const MINES_MAX_MULTIPLIER = 1_000;

export interface GameInfo {
  id: GameId;
  /** The product's URL for the game (docs/product.md §2): the wheel's is /roulette. */
  path: "/roulette" | `/${Exclude<GameId, "wheel">}`;
  title: string;
  /** The game's number on chain. */
  gameType: GameType;
  tagline: string;
  /** The card's best figure, what the rules pay with DEGEN (the better token): issue #39 asks every number to be true. */
  highlight: string;
  /** Accent used for the card glow and icon; Tailwind class fragments are listed in full for the scanner. */
  accent: "gold" | "pink" | "cyan" | "violet" | "orange";
}

export const GAMES: readonly GameInfo[] = [
  {
    id: "wheel",
    path: "/roulette",
    title: "Wheel of Fortune",
    gameType: GameType.WHEEL,
    tagline: "Pick up to nine of ten neon colours and spin the wheel.",
    highlight: `Up to ${Number(wheelMultiplierBps("DEGEN", 1)) / 10_000}x`,
    accent: "gold",
  },
  {
    id: "blackjack",
    path: "/blackjack",
    title: "Blackjack",
    gameType: GameType.BLACKJACK,
    tagline: "Beat the dealer to 21. Split pairs, dealer stands on 17.",
    highlight: "BJ pays 2.5x (BNB 2.47x)",
    accent: "cyan",
  },
  {
    id: "slots",
    path: "/slots",
    title: "Slots",
    gameType: GameType.SLOTS,
    tagline: "Five reels, three rows and meme symbols on every line.",
    highlight: `Best line ${slotsPaytableFor("DEGEN").DEGEN[2]}x`,
    accent: "pink",
  },
  {
    id: "kickboxing",
    path: "/kickboxing",
    title: "Kickboxing",
    gameType: GameType.KICKBOXING,
    tagline: "Back Red, Blue or a draw in a 30-second bout.",
    highlight: "Tie pays x4.0",
    accent: "orange",
  },
  {
    id: "crash",
    path: "/crash",
    title: "Crash",
    gameType: GameType.CRASH,
    tagline: "Ride the rocket and cash out before it explodes.",
    highlight: `Up to ${CRASH.MAX_HUNDREDTHS / 100}x`,
    accent: "violet",
  },
  {
    id: "dice",
    path: "/dice",
    title: "Dice",
    gameType: GameType.DICE,
    tagline: "Set a target and roll over or under it: 0.01% to 98% to win.",
    // A 0.01 % bet (one winning roll of 10,000) pays RTP_BPS ÷ 1: engine/src/dice.ts, not imported here, where it would join the lobby's first load.
    highlight: `Up to ${Number(RTP_BPS.DEGEN)}x`,
    accent: "cyan",
  },
  {
    id: "plinko",
    path: "/plinko",
    title: "Plinko",
    gameType: GameType.PLINKO,
    tagline: "Drop a ball through 8 to 16 rows of pegs, at low, medium or high risk.",
    // An edge slot of 16 rows at high risk, 103,804 hundredths of the stake (engine/src/plinko.ts PLINKO_TABLES, the largest entry),
    // pays that × RTP_BPS ÷ 1,000,000: 1058.8008x. The table is not imported here, where it would join the lobby's first load.
    highlight: `Up to ${(PLINKO_BEST_HUNDREDTHS * Number(RTP_BPS.DEGEN)) / 1_000_000}x`,
    accent: "pink",
  },
  {
    id: "mines",
    path: "/mines",
    title: "Mines",
    gameType: GameType.MINES,
    tagline: "Reveal gems on a 5 × 5 grid with 1 to 24 mines, and cash out before you hit one.",
    // A round pays at most MAX_MULTIPLIER × its stake, in both tokens; engine/src/mines.ts is not imported here, where it would join the lobby's first load.
    highlight: `Up to ${MINES_MAX_MULTIPLIER}x`,
    accent: "gold",
  },
];

/**
 * A bet's game as the lobby names it. A game this app does not know (a newer contract's) is named
 * as the server names it, or by its number.
 */
export function gameTitle(bet: { gameType: number; game?: string }): string {
  return GAMES.find((game) => game.gameType === bet.gameType)?.title ?? bet.game ?? `Game ${bet.gameType}`;
}
