import { RandomStream, type Draws } from "./random";
import { BPS, RTP_BPS, assertPositiveStake, formatAmount, isToken, type Token } from "./tokens";

/**
 * Mines (engine/README.md "Mines"). A 5 × 5 grid, tiles 0 to 24 row by row from the top left,
 * hides `mines` mines (1 to 24, the bet's params). The layout is a Fisher–Yates shuffle of the 25
 * tiles on the stream (for i = 24 down to 1, swap tile i with tile int(i + 1), as blackjack's deck);
 * the first `mines` tiles of the shuffled order are the mines.
 *
 * The player reveals tiles one at a time and may cash out after any safe tile. A mine ends the
 * round with nothing. After k safe tiles the round pays
 *
 *   stake × RTP × C(25, k) ÷ C(25 − mines, k), rounded down once, at most stake × MAX_MULTIPLIER,
 *
 * the fair price of k safe picks in a row times the token's RTP, so every strategy that stops
 * below the cap returns the token's RTP exactly. Revealing every safe tile ends the round paid.
 *
 * A round that ends without a cash-out (the player went idle) is cashed out at its safe tiles
 * (the idle rule): a signed reveal the server leaves unanswered still counts. A round with no
 * safe tile pays nothing, like a crash round nobody cashed out: a cash-out before any reveal would
 * pay DEGEN's 1.02x for no risk (docs/decisions.md, Mines).
 *
 * The action log is ASCII, one byte per action, what the player's key signs and the contract
 * replays: a tile as the letter 'a' + tile ('a' top left to 'y' bottom right), the cash-out 'C'.
 */
export const MINES = {
  TILES: 25,
  COLUMNS: 5,
  MIN_MINES: 1,
  MAX_MINES: 24,
  /** A round pays at most this many times its stake, so that its reservation stays bounded. */
  MAX_MULTIPLIER: 1_000n,
  FIRST_TILE_CODE: "a".charCodeAt(0),
  CASH_OUT: "C",
} as const;

export type MinesStatus = "PLAYING" | "CASHED_OUT" | "BUSTED";

export class MinesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MinesError";
  }
}

/** The bet's mine count; throws RangeError on params the contract refuses. */
export function decodeMinesParams(params: bigint): number {
  if (params < BigInt(MINES.MIN_MINES) || params > BigInt(MINES.MAX_MINES)) {
    throw new RangeError(`Mines params must be the number of mines, 1 to 24, got ${params}`);
  }
  return Number(params);
}

export function encodeMinesParams(mines: number): bigint {
  if (!Number.isInteger(mines)) throw new RangeError(`Not a mine count: ${mines}`);
  return BigInt(decodeMinesParams(BigInt(mines)));
}

/** The mines' tiles, ascending: the first `mines` tiles of the shuffled grid. */
export function minesLayout(draws: Draws, mines: number): number[] {
  const tiles = Array.from({ length: MINES.TILES }, (_, tile) => tile);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = draws.int(i + 1);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, mines).sort((a, b) => a - b);
}

/**
 * What k safe tiles pay per stake as num / den before the cap: RTP × C(25, k) ÷ C(25 − mines, k),
 * as the products 25 × 24 × … and (25 − mines) × … of k factors each (the k! cancels).
 */
export function minesMultiplier(token: Token, mines: number, safe: number): { num: bigint; den: bigint } {
  if (!Number.isInteger(safe) || safe < 0 || safe > MINES.TILES - mines) throw new RangeError(`${safe} safe tiles cannot be revealed beside ${mines} mines`);
  let num = RTP_BPS[token];
  let den = BPS;
  for (let i = 0; i < safe; i++) {
    num *= BigInt(MINES.TILES - i);
    den *= BigInt(MINES.TILES - mines - i);
  }
  return { num, den };
}

/** What `safe` safe tiles pay per stake as num / den, as a round pays it: capped at MAX_MULTIPLIER, 0 for none. */
export function minesCashOutMultiplier(token: Token, mines: number, safe: number): { num: bigint; den: bigint } {
  const { num, den } = minesMultiplier(token, mines, safe);
  if (safe === 0) return { num: 0n, den: 1n };
  return num <= MINES.MAX_MULTIPLIER * den ? { num, den } : { num: MINES.MAX_MULTIPLIER, den: 1n };
}

/**
 * What a round of `stake` pays after `safe` safe tiles, rounded down once. Capping the multiplier
 * before the stake is applied pays what the contract pays, min(stake × num ÷ den, stake × cap):
 * stake × cap is a whole number, so the rounding never crosses it.
 */
export function minesPayout(token: Token, stake: bigint, mines: number, safe: number): bigint {
  const { num, den } = minesCashOutMultiplier(token, mines, safe);
  return (stake * num) / den;
}

/** The largest payout per stake as num / den, what a round reserves: every safe tile revealed, capped. */
export function minesBestRatio(token: Token, mines: number): { num: bigint; den: bigint } {
  let ways = 1n; // C(25, mines), built up exactly: each partial product is a binomial coefficient
  for (let i = 1; i <= mines; i++) ways = (ways * BigInt(MINES.TILES - mines + i)) / BigInt(i);
  const num = RTP_BPS[token] * ways;
  const cap = MINES.MAX_MULTIPLIER * BPS;
  return { num: num < cap ? num : cap, den: BPS };
}

/** The chance that the next `safe` picks from a fresh grid are all safe: C(25 − mines, k) ÷ C(25, k), as num / den. */
export function minesSafeChance(mines: number, safe: number): { num: bigint; den: bigint } {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < safe; i++) {
    num *= BigInt(MINES.TILES - mines - i);
    den *= BigInt(MINES.TILES - i);
  }
  return { num, den };
}

/** The chance that the next tile is safe once `safe` safe tiles are revealed: the safe tiles left over the tiles left. */
export function minesNextSafeChance(mines: number, safe: number): { num: bigint; den: bigint } {
  return { num: BigInt(MINES.TILES - mines - safe), den: BigInt(MINES.TILES - safe) };
}

export interface MinesState {
  readonly token: Token;
  readonly stake: bigint;
  readonly mines: number;
  /** The mines' tiles, ascending (secret from the player until the round is over). */
  readonly mineTiles: readonly number[];
  /** Tiles revealed, in order; the last is the mine when BUSTED. */
  readonly revealed: readonly number[];
  readonly status: MinesStatus;
  /** The action log so far ("acC"). */
  readonly log: string;
  /** What the round pays: 0 until it is over. */
  readonly payout: bigint;
}

export function safeRevealed(state: MinesState): number {
  return state.status === "BUSTED" ? state.revealed.length - 1 : state.revealed.length;
}

/** A new round from the bet's random word. */
export function startMines(word: string, stake: bigint, token: Token, mines: number): MinesState {
  if (!isToken(token)) throw new RangeError(`Unknown token ${String(token)}`);
  assertPositiveStake(stake);
  decodeMinesParams(BigInt(mines));
  return { token, stake, mines, mineTiles: minesLayout(new RandomStream(word), mines), revealed: [], status: "PLAYING", log: "", payout: 0n };
}

export function minesTileCode(tile: number): string {
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES.TILES) throw new MinesError(`A tile is 0 to 24, got ${tile}`);
  return String.fromCharCode(MINES.FIRST_TILE_CODE + tile);
}

/** Reveals `tile`: a mine ends the round with nothing; the last safe tile ends it paid. */
export function revealTile(state: MinesState, tile: number): MinesState {
  const code = minesTileCode(tile);
  if (state.status !== "PLAYING") throw new MinesError(`The round is over (${state.status}): no tile can be revealed`);
  if (state.revealed.includes(tile)) throw new MinesError(`Tile ${tile} is revealed already`);
  const revealed = [...state.revealed, tile];
  const log = state.log + code;
  if (state.mineTiles.includes(tile)) return { ...state, revealed, log, status: "BUSTED", payout: 0n };
  const next = { ...state, revealed, log };
  return revealed.length === MINES.TILES - state.mines
    ? { ...next, status: "CASHED_OUT", payout: minesPayout(state.token, state.stake, state.mines, revealed.length) }
    : next;
}

/** Cashes out at the safe tiles revealed; refused before the first one. */
export function cashOutMines(state: MinesState): MinesState {
  if (state.status !== "PLAYING") throw new MinesError(`The round is over (${state.status}): it cannot be cashed out`);
  if (state.revealed.length === 0) throw new MinesError("Reveal a tile before cashing out");
  return { ...state, status: "CASHED_OUT", log: state.log + MINES.CASH_OUT, payout: minesPayout(state.token, state.stake, state.mines, state.revealed.length) };
}

/** The round after the log so far (it may still be in play); throws MinesError on a log the rules refuse. */
export function resumeMines(word: string, stake: bigint, token: Token, mines: number, log: string): MinesState {
  let state = startMines(word, stake, token, mines);
  for (const [index, code] of [...log].entries()) {
    if (code === MINES.CASH_OUT) {
      state = at(index, () => cashOutMines(state));
      continue;
    }
    const tile = code.charCodeAt(0) - MINES.FIRST_TILE_CODE;
    if (code.length !== 1 || tile < 0 || tile >= MINES.TILES) throw new MinesError(`Unknown action code "${code}" at ${index} of the log (a to y, C)`);
    state = at(index, () => revealTile(state, tile));
  }
  return state;
}

function at(index: number, action: () => MinesState): MinesState {
  try {
    return action();
  } catch (error) {
    if (error instanceof MinesError) throw new MinesError(`Action ${index} of the log: ${error.message}`);
    throw error;
  }
}

/** The idle rule: a round left in play is cashed out at its safe tiles, and pays nothing without one. */
export function finishIdleMines(state: MinesState): MinesState {
  if (state.status !== "PLAYING") return state;
  return state.revealed.length === 0 ? state : cashOutMines(state);
}

/** The settled round: the log replayed, then the idle rule. */
export type MinesOutcome = MinesState;

export function settleMines(token: Token, stake: bigint, params: bigint, word: string, log: string): { payout: bigint; outcome: MinesOutcome } {
  const outcome = finishIdleMines(resumeMines(word, stake, token, decodeMinesParams(params), log));
  return { payout: outcome.payout, outcome };
}

/** The action log as the contract reads it: its ASCII bytes. */
export function minesActionBytes(log: string): string {
  if (!/^[a-y]*C?$/.test(log)) throw new RangeError(`a mines log is tiles a to y, then C for a cash-out, got ${log}`);
  return "0x" + Array.from(log, (c) => c.charCodeAt(0).toString(16)).join("");
}

/** What the player may see of a round (docs/product.md, Mines): the mines only once it is over. */
export interface MinesView {
  mines: number;
  revealed: number[];
  status: MinesStatus;
  /** Safe tiles revealed so far. */
  safe: number;
  /** The mines' tiles once the round is over, else null. */
  mineTiles: number[] | null;
  /** What a cash-out now pays, and what the next safe tile would make it, in token units as exact decimal text. */
  cashOut: string;
  nextCashOut: string | null;
  /** Total payout in token units as exact decimal text ("0" until the round is over). */
  payout: string;
  /** The action log so far: the app signs it with its next action appended. */
  actions: string;
}

export function minesView(state: MinesState): MinesView {
  const safe = safeRevealed(state);
  const over = state.status !== "PLAYING";
  const playing = state.status === "PLAYING";
  return {
    mines: state.mines,
    revealed: [...state.revealed],
    status: state.status,
    safe,
    mineTiles: over ? [...state.mineTiles] : null,
    cashOut: formatAmount(playing ? minesPayout(state.token, state.stake, state.mines, safe) : state.payout),
    nextCashOut: playing && safe < MINES.TILES - state.mines ? formatAmount(minesPayout(state.token, state.stake, state.mines, safe + 1)) : null,
    payout: formatAmount(state.payout),
    actions: state.log,
  };
}
