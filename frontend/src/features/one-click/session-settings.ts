import { GAME_TYPES, type GameType } from "@engine/gameTypes";
import { MIN_BET } from "@engine/tokens";
import { TOKEN_DISPLAY_DECIMALS, TOKENS, type Token } from "@/config/tokens";
import { displayAmount, parseAmount } from "@/features/wallet";

/** What the player chooses when turning one-click play on (the Session the wallet signs). */
export interface SessionSettings {
  /** How long the key lives: CasinoSessions.MAX_SESSION is 24 hours. */
  hours: number;
  tokens: Token[];
  games: GameType[];
  /** Base units per token; 0 for a token not allowed. */
  maxBet: Record<Token, bigint>;
  /** What moves from the vault into the session's lane when it opens, per token (0 for a token not allowed). */
  budget: Record<Token, bigint>;
}

/** The dialog's fields as typed. */
export interface SessionForm {
  hours: number;
  tokens: Record<Token, boolean>;
  games: Record<GameType, boolean>;
  maxBet: Record<Token, string>;
  budget: Record<Token, string>;
}

export const EXPIRY_CHOICES = [1, 4, 12, 24] as const;

/** A few evenings' play at the default stakes (10 DEGEN, 0.01 BNB), with room to raise them. */
export const DEFAULT_FORM: SessionForm = {
  hours: 4,
  tokens: { DEGEN: true, BNB: true },
  // Every game the Casino numbers (GAME_TYPES), as CasinoSessions masks a grant with GAME_COUNT bits.
  games: Object.fromEntries(GAME_TYPES.map((game) => [game, true])) as Record<GameType, boolean>,
  maxBet: { DEGEN: "100", BNB: "0.1" },
  budget: { DEGEN: "1000", BNB: "1" },
};

/**
 * The dialog's first values: the defaults, each budget capped at what the vault holds (rounded
 * down to the field's decimals) and each largest bet at its budget; a token the vault holds less
 * than the minimum bet of is left unchecked.
 */
export function initialForm(vault: Record<Token, bigint>): SessionForm {
  const form: SessionForm = { ...DEFAULT_FORM, tokens: { ...DEFAULT_FORM.tokens }, maxBet: { ...DEFAULT_FORM.maxBet }, budget: { ...DEFAULT_FORM.budget } };
  for (const token of TOKENS) {
    const held = parseAmount(displayAmount(token, vault[token])) ?? 0n;
    if (held < MIN_BET[token]) {
      form.tokens[token] = false;
      continue;
    }
    const budget = parseAmount(DEFAULT_FORM.budget[token])!;
    if (held < budget) form.budget[token] = displayAmount(token, held);
    if (held < parseAmount(DEFAULT_FORM.maxBet[token])!) form.maxBet[token] = displayAmount(token, held);
  }
  return form;
}

/** Whether the vault holds at least the minimum bet of some token: else a session would have nothing to bet with. */
export function vaultCanFund(vault: Record<Token, bigint>): boolean {
  return TOKENS.some((token) => vault[token] >= MIN_BET[token]);
}

/** Why the budgets do not fit the vault, read now: each moves from it into the session's lane. Null when they fit. */
export function budgetRefusal(settings: Pick<SessionSettings, "tokens" | "budget">, vault: Record<Token, bigint>): string | null {
  const over = settings.tokens.find((token) => settings.budget[token] > vault[token]);
  if (over === undefined) return null;
  return `Your Casino vault holds ${displayAmount(over, vault[over])} ${over}: the ${over} budget moves from it into the session, so it can be at most that. Lower the budget, or deposit first.`;
}

/** Amounts a player can type for a token: no more decimals than the bet input's (DEGEN 2, BNB 4). */
function amountOf(token: Token, text: string): bigint | null {
  const [, fraction = ""] = text.trim().split(".");
  return fraction.length > TOKEN_DISPLAY_DECIMALS[token] ? null : parseAmount(text);
}

/** The settings the form describes, or the sentence that says what to fix. */
export function settingsOf(form: SessionForm): SessionSettings | string {
  const tokens = TOKENS.filter((token) => form.tokens[token]);
  const games = GAME_TYPES.filter((game) => form.games[game]);
  if (tokens.length === 0) return "Choose at least one token.";
  if (games.length === 0) return "Choose at least one game.";
  const maxBet: Record<Token, bigint> = { DEGEN: 0n, BNB: 0n };
  const budget: Record<Token, bigint> = { DEGEN: 0n, BNB: 0n };
  for (const token of tokens) {
    const largest = amountOf(token, form.maxBet[token]);
    const most = amountOf(token, form.budget[token]);
    if (largest === null) return `Enter the largest ${token} bet, above 0 with at most ${TOKEN_DISPLAY_DECIMALS[token]} decimals.`;
    if (most === null) return `Enter the ${token} budget, above 0 with at most ${TOKEN_DISPLAY_DECIMALS[token]} decimals.`;
    if (most < largest) return `The ${token} budget must be at least the largest ${token} bet.`;
    maxBet[token] = largest;
    budget[token] = most;
  }
  return { hours: form.hours, tokens, games, maxBet, budget };
}
