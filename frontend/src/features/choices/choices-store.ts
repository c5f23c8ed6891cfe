import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { GameId } from "@/config/games";
import { TOKENS, type Token } from "@/config/tokens";
import { MIN_BET } from "@/lib/bet-rules";
import { WHEEL_MAX_COLOURS, WHEEL_SEGMENTS } from "@engine/wheel";

/** What a player last chose in a game: its token, and a stake for each token (a DEGEN stake never becomes a BNB one). */
export interface GameChoice {
  token: Token;
  stakes: Partial<Record<Token, number>>;
}

interface Choices {
  games: Partial<Record<GameId, GameChoice>>;
  /** The wheel's colours, by segment index. */
  wheelColours: number[];
}

export interface ChoicesStore extends Choices {
  chooseToken: (game: GameId, token: Token) => void;
  chooseStake: (game: GameId, token: Token, stake: number) => void;
  chooseWheelColours: (colours: number[]) => void;
}

export const CHOICES_STORAGE_KEY = "degen-casino:choices";

const isToken = (value: unknown): value is Token => TOKENS.includes(value as Token);
const isStake = (token: Token, value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= MIN_BET[token];

/** The wheel's rules for a set of colours: distinct segments, one to WHEEL_MAX_COLOURS of them. */
export function validWheelColours(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length <= WHEEL_MAX_COLOURS &&
    value.every((colour) => Number.isInteger(colour) && colour >= 0 && colour < WHEEL_SEGMENTS) &&
    new Set(value).size === value.length
  );
}

/**
 * The choices stored on this device, each checked against today's rules: what no longer passes
 * (a stake under the minimum, an unknown token, a colour set the wheel refuses, anything that is
 * not what was written) is left out, and the game starts from its default instead.
 */
export function storedChoices(stored: unknown): Choices {
  const choices: Choices = { games: {}, wheelColours: [] };
  if (typeof stored !== "object" || stored === null) return choices;
  const { games, wheelColours } = stored as Partial<Record<keyof Choices, unknown>>;
  if (typeof games === "object" && games !== null) {
    for (const [game, choice] of Object.entries(games as Record<string, unknown>)) {
      const { token, stakes } = (choice ?? {}) as Partial<Record<keyof GameChoice, unknown>>;
      if (!isToken(token)) continue;
      const kept: GameChoice = { token, stakes: {} };
      for (const each of TOKENS) {
        const stake = (stakes as Record<string, unknown> | undefined)?.[each];
        if (isStake(each, stake)) kept.stakes[each] = stake;
      }
      choices.games[game as GameId] = kept;
    }
  }
  if (validWheelColours(wheelColours)) choices.wheelColours = [...wheelColours].sort((a, b) => a - b);
  return choices;
}

function withWheelRenamed(persisted: unknown): unknown {
  const { games, ...rest } = (persisted ?? {}) as { games?: Record<string, unknown> };
  if (typeof games !== "object" || games === null || !("roulette" in games)) return persisted;
  const { roulette, ...others } = games;
  return { ...rest, games: { ...others, wheel: roulette } };
}

/** A player's choices, remembered on this device (issue #22 item 6) beside the sound settings. */
export const useChoicesStore = create<ChoicesStore>()(
  persist(
    (set) => ({
      games: {},
      wheelColours: [],
      chooseToken: (game, token) => set((state) => ({ games: { ...state.games, [game]: { token, stakes: state.games[game]?.stakes ?? {} } } })),
      // A stake being typed may be under the minimum for a moment: the game refuses it at the spin,
      // and a reload starts from the default instead (storedChoices).
      chooseStake: (game, token, stake) =>
        set((state) => {
          if (!Number.isFinite(stake) || stake <= 0) return state;
          const choice = state.games[game];
          return { games: { ...state.games, [game]: { token: choice?.token ?? token, stakes: { ...choice?.stakes, [token]: stake } } } };
        }),
      chooseWheelColours: (colours) => set(validWheelColours(colours) ? { wheelColours: colours } : {}),
    }),
    {
      name: CHOICES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Version 2: the wheel's choices are kept under its one name, "wheel" (version 1 wrote "roulette", its URL).
      version: 2,
      migrate: (persisted, version) => (version < 2 ? withWheelRenamed(persisted) : persisted),
      partialize: ({ games, wheelColours }) => ({ games, wheelColours }),
      merge: (persisted, current) => ({ ...current, ...storedChoices(persisted) }),
    },
  ),
);
