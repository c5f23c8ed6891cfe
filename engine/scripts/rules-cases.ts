/**
 * Bets with the engine's answer to each, for the Solidity rules (contracts/rules/GameRules.sol) to
 * be checked against: test/rules/GameRules.engine.test.ts (differential test) and
 * bench/rules-gas.ts (gas) run them through the contract. Hardhat's tests run under CommonJS and
 * cannot import the ESM engine, so they run this script with tsx and read its JSON.
 *
 *   npx tsx engine/scripts/rules-cases.ts --seed 33 --count 10000            # differential cases
 *   npx tsx engine/scripts/rules-cases.ts --seed 33 --count 1000 --bench     # gas bench cases
 *
 * Prints JSON lines, one per game ({ seed, game, cases }), then for --bench one with `worst`.
 *
 * Differential cases: per game `count` bets on random words with random params, tokens and stakes
 * (some params, stakes and action logs invalid), plus one bet per named scenario (a word searched
 * for each branch of the rules, whatever the seed: split aces, a dealer natural, a bust round…).
 * Blackjack and mines logs are random legal plays, some cut short (the timeout and idle rules
 * complete them), some made illegal; manual crash cash-outs fall around the crash point. `payout`
 * is settleGame's, or null when the engine refuses the bet; `error` then names the error the
 * contract must revert with.
 *
 * Bench cases (--bench): per game `count` valid bets as the Casino sees them (blackjack played by
 * a simple strategy), and `worst`: the bets that drew the most from the stream in a search.
 */
import {
  BlackjackError,
  CRASH,
  DICE,
  GAME_TYPES,
  GameType,
  MINES,
  MinesError,
  PLINKO_RISKS,
  RandomStream,
  applyBlackjackAction,
  crashPointFromDraw,
  diceRoll,
  diceTargetRange,
  encodeDiceParams,
  encodePlinkoParams,
  cashOutMines,
  minesLayout,
  revealTile,
  startMines,
  plinkoPath,
  decodeBlackjackActions,
  encodeBlackjackActions,
  fightFromWord,
  handScore,
  isFinalStatus,
  isNatural,
  isSoft,
  legalActions,
  rankValue,
  settleGame,
  simulateFight,
  startBlackjack,
  type BlackjackAction,
  type BlackjackState,
  type Draws,
  type Token,
} from "../src";

/** One bet as GameRules.payout takes it, with the engine's answer. */
export interface RuleCase {
  game: number;
  /** What the case exercises (a scenario's name, or the kind of random case). */
  label: string;
  params: string;
  isNative: boolean;
  stake: string;
  word: string;
  /** The actions argument as 0x hex: blackjack's and mines' ASCII logs, a manual crash cash-out's 2 bytes. */
  actions: string;
  /** settleGame's payout in base units, or null when the engine refuses the bet. */
  payout: string | null;
  /** When refused: the contract's error and, for blackjack and mines logs, the index of the byte it names. */
  error?: { name: string; index?: number };
}

export interface RuleCases {
  seed: string;
  cases: RuleCase[];
  /** --bench only: the costliest bets found per game. */
  worst?: RuleCase[];
}

/** GameRules.MAX_STAKE: the contract refuses larger stakes (the engine does not; tested apart). */
const MAX_STAKE = (1n << 128n) - 1n;
const TOKENS: readonly Token[] = ["DEGEN", "BNB"];

/** sfc32: a small, fast, seedable PRNG (not for anything but choosing test cases). */
class Rng {
  private s: Uint32Array;
  constructor(seed: bigint) {
    this.s = new Uint32Array([Number(seed & 0xffffffffn), Number((seed >> 32n) & 0xffffffffn), 0x9e3779b9, 0x21]);
    for (let i = 0; i < 16; i++) this.u32();
  }
  u32(): number {
    const s = this.s;
    const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
    s[3] = (s[3] + 1) >>> 0;
    s[0] = s[1] ^ (s[1] >>> 9);
    s[1] = (s[2] + (s[2] << 3)) >>> 0;
    s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
    s[2] = (s[2] + t) >>> 0;
    return t;
  }
  /** An integer in [0, n), n ≤ 2^32 (modulo bias is irrelevant here). */
  int(n: number): number {
    return this.u32() % n;
  }
  chance(p: number): boolean {
    return this.u32() / 2 ** 32 < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** A uniform integer of `bits` bits. */
  bits(bits: number): bigint {
    let value = 0n;
    for (let i = 0; i < bits; i += 32) value = (value << 32n) | BigInt(this.u32());
    return value & ((1n << BigInt(bits)) - 1n);
  }
  word(): string {
    return "0x" + this.bits(256).toString(16).padStart(64, "0");
  }
  /** Stakes from 1 base unit to MAX_STAKE, dense where bets are (0.001 to 10^6 tokens). */
  stake(): bigint {
    const kind = this.int(10);
    if (kind < 5) return BigInt(1 + this.int(1_000_000)) * 10n ** BigInt(12 + this.int(12)) + (this.chance(0.5) ? BigInt(this.int(1000)) : 0n);
    if (kind < 7) return 1n + this.bits(1 + this.int(88));
    if (kind < 9) return BigInt(1 + this.int(10_000));
    return 1n + (this.bits(128) % MAX_STAKE);
  }
}

const tokenOf = (c: RuleCase): Token => (c.isNative ? "BNB" : "DEGEN");
const hex = (text: string) => "0x" + Buffer.from(text, "latin1").toString("hex");

function baseCase(game: number, label: string, rng: Rng, word = rng.word()): RuleCase {
  return { game, label, params: "0", isNative: rng.chance(0.5), stake: rng.stake().toString(), word, actions: "0x", payout: null };
}

/**
 * The engine's answer: settleGame's payout, or null when it throws. `error` names the contract's
 * error for a case meant to be refused (undefined for a valid one; a function for a blackjack log,
 * computed only when the engine refuses it).
 */
function settle(c: RuleCase, actions: string | number | null, expected: RuleCase["error"] | (() => RuleCase["error"])): RuleCase {
  try {
    const { payout } = settleGame({
      gameType: c.game as GameType,
      token: tokenOf(c),
      stake: BigInt(c.stake),
      params: BigInt(c.params),
      word: c.word,
      actions,
    });
    if (expected !== undefined && typeof expected !== "function") {
      throw new Error(`the engine accepted a case meant to be refused (${expected.name}): ${JSON.stringify(c)}`);
    }
    return { ...c, payout: payout.toString() };
  } catch (thrown) {
    if (!(thrown instanceof RangeError || thrown instanceof BlackjackError || thrown instanceof MinesError)) throw thrown;
    const error = typeof expected === "function" ? expected() : expected;
    if (error === undefined) throw new Error(`the engine refused a case meant to be valid: ${JSON.stringify(c)}: ${String(thrown)}`);
    return { ...c, payout: null, error };
  }
}

const invalidParams = { name: "InvalidParams" };

/** A bet of a game that takes no actions, given some (settleGame refuses any, even empty text). */
function withActions(c: RuleCase, rng: Rng): RuleCase {
  const log = rng.pick(["H", "S", "\0", "PHS"]);
  return settle({ ...c, label: "actions given", actions: hex(log) }, log, { name: "UnexpectedActions" });
}

// ---------------------------------------------------------------- wheel, slots, kickboxing, crash

function wheelCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.WHEEL, label, rng, word);
  if (rng.chance(0.01)) return withActions({ ...c, params: "1" }, rng);
  if (rng.chance(0.04)) return settle({ ...c, label: "invalid params", params: String(rng.pick([0n, 1023n, 1024n, 1025n, 2n ** 255n])) }, null, invalidParams);
  return settle({ ...c, params: String(1 + rng.int(1022)) }, null, undefined);
}

function slotsCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.SLOTS, label, rng, word);
  if (rng.chance(0.01)) return withActions(c, rng);
  if (rng.chance(0.02)) return settle({ ...c, label: "invalid params", params: String(rng.pick([1n, 2n, 2n ** 256n - 1n])) }, null, invalidParams);
  return settle(c, null, undefined);
}

function kickboxingCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.KICKBOXING, label, rng, word);
  if (rng.chance(0.01)) return withActions(c, rng);
  if (rng.chance(0.02)) return settle({ ...c, label: "invalid params", params: String(rng.pick([3n, 4n, 2n ** 200n])) }, null, invalidParams);
  return settle({ ...c, params: String(rng.int(3)) }, null, undefined);
}

/** The round's crash point (crashRound's, without the animation curve it also computes). */
const crashPointOf = (word: string, isNative: boolean) => crashPointFromDraw(new RandomStream(word).next52(), isNative ? "BNB" : "DEGEN");

/** A cash-out target near the round's crash point (the boundary of m ≤ crash point), or anywhere. */
function cashOutNear(rng: Rng, crashPoint: number, low: number): number {
  const m = rng.chance(0.7) ? crashPoint + rng.int(5) - 2 : low + rng.int(CRASH.MAX_HUNDREDTHS - low + 1);
  return Math.min(CRASH.MAX_HUNDREDTHS, Math.max(low, m));
}

const cashOutBytes = (m: number) => "0x" + m.toString(16).padStart(4, "0");

function crashCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.CRASH, label, rng, word);
  const crashPoint = crashPointOf(c.word, c.isNative);
  const kind = rng.int(100);
  if (kind < 45) return settle({ ...c, params: String(cashOutNear(rng, crashPoint, CRASH.MIN_AUTO_CASH_OUT)) }, null, undefined);
  if (kind < 55) return settle({ ...c, label: "manual, no cash-out" }, null, undefined);
  if (kind < 92) {
    const m = cashOutNear(rng, crashPoint, CRASH.MIN_MANUAL_CASH_OUT);
    return settle({ ...c, label: "manual cash-out", actions: cashOutBytes(m) }, m, undefined);
  }
  if (kind < 95) return settle({ ...c, label: "invalid params", params: String(rng.pick([1n, 100n, 10_001n, 2n ** 64n])) }, null, invalidParams);
  if (kind < 98) {
    const m = rng.pick([1, 99, 10_001, 65_535]);
    return settle({ ...c, label: "manual cash-out out of range", actions: cashOutBytes(m) }, m, { name: "InvalidCashOut" });
  }
  const m = 101 + rng.int(900);
  return settle({ ...c, label: "auto target with a cash-out", params: "200", actions: cashOutBytes(m) }, m, { name: "InvalidCashOut" });
}

// ---------------------------------------------------------------- dice

const OVER = 1n << BigInt(DICE.OVER_BIT);

/** Targets around the word's roll (the boundary of roll < t and roll > t) or anywhere, both sides. */
function diceCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.DICE, label, rng, word);
  if (rng.chance(0.01)) return withActions({ ...c, params: "5000" }, rng);
  if (rng.chance(0.04)) {
    const params = rng.pick([0n, 9_801n, 9_999n, 10_000n, OVER | 198n, OVER | 9_999n, OVER | 10_000n, OVER << 1n, 2n ** 255n]);
    return settle({ ...c, label: "invalid params", params: String(params) }, null, invalidParams);
  }
  const roll = diceRoll(new RandomStream(c.word));
  const side = rng.chance(0.5) ? "UNDER" : "OVER";
  const { min: low, max: high } = diceTargetRange(side);
  const wanted = rng.chance(0.5) ? roll + rng.int(3) - 1 : low + rng.int(high - low + 1);
  const target = Math.min(high, Math.max(low, wanted));
  return settle({ ...c, params: String(encodeDiceParams({ target, side })) }, null, undefined);
}

// ---------------------------------------------------------------- plinko

/** Any rows and risk, sometimes params the contract refuses. */
function plinkoCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.PLINKO, label, rng, word);
  if (rng.chance(0.01)) return withActions({ ...c, params: "8" }, rng);
  if (rng.chance(0.04)) {
    const params = rng.pick([0n, 7n, 17n, 0x107n, 0x111n, 0x308n, 0x1_0008n, 2n ** 255n + 8n]);
    return settle({ ...c, label: "invalid params", params: String(params) }, null, invalidParams);
  }
  const bet = { rows: 8 + rng.int(9), risk: rng.pick(PLINKO_RISKS) };
  return settle({ ...c, params: String(encodePlinkoParams(bet)) }, null, undefined);
}

// ---------------------------------------------------------------- mines

const tileCode = (tile: number) => String.fromCharCode(MINES.FIRST_TILE_CODE + tile);

/** Which contract error a refused mines log raises: the first byte that is no code, or the first action the round refuses. */
function minesError(word: string, stake: bigint, token: Token, mines: number, log: string): RuleCase["error"] {
  let state = startMines(word, stake, token, mines);
  for (let i = 0; i < log.length; i++) {
    const tile = log.charCodeAt(i) - MINES.FIRST_TILE_CODE;
    if (log[i] !== MINES.CASH_OUT && (tile < 0 || tile >= MINES.TILES)) return { name: "UnknownMinesAction", index: i };
    try {
      state = log[i] === MINES.CASH_OUT ? cashOutMines(state) : revealTile(state, tile);
    } catch {
      return { name: "IllegalMinesAction", index: i };
    }
  }
  return undefined;
}

function minesWithLog(c: RuleCase, log: string): RuleCase {
  return settle({ ...c, actions: hex(log) }, log, () => minesError(c.word, BigInt(c.stake), tokenOf(c), Number(c.params), log));
}

/** Random picks of hidden tiles until a mine, the last safe tile, or a stop (then a cash-out, or idle). */
function randomMinesLog(rng: Rng, word: string, mines: number): { log: string; over: boolean } {
  const layout = minesLayout(new RandomStream(word), mines);
  const hidden = Array.from({ length: MINES.TILES }, (_, tile) => tile);
  const stopChance = rng.pick([0.05, 0.2, 0.5]);
  let log = "";
  let safe = 0;
  while (safe < MINES.TILES - mines) {
    if (safe > 0 && rng.chance(stopChance)) return rng.chance(0.8) ? { log: log + MINES.CASH_OUT, over: true } : { log, over: false };
    const [tile] = hidden.splice(rng.int(hidden.length), 1);
    log += tileCode(tile!);
    if (layout.includes(tile!)) return { log, over: true };
    safe++;
  }
  return { log, over: true };
}

/** Any mine count, a random legal log (some left idle), or params and logs the rules refuse. */
function minesCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.MINES, label, rng, word);
  const mines = 1 + rng.int(MINES.MAX_MINES);
  const { log, over } = randomMinesLog(rng, c.word, mines);
  const kind = rng.int(100);
  if (kind < 75) return minesWithLog({ ...c, label: over ? label : "left idle", params: String(mines) }, log);
  if (kind < 79) return settle({ ...c, label: "invalid params", params: String(rng.pick([0n, 25n, 26n, 2n ** 255n + 1n])) }, log, invalidParams);
  // Illegal logs: an action after the end, a tile twice, a cash-out first, an unknown code.
  const at = rng.int(log.length + 1);
  const illegal = rng.pick([
    () => (over ? log : log + MINES.CASH_OUT) + rng.pick([MINES.CASH_OUT, tileCode(rng.int(MINES.TILES))]),
    () => (log.length > 0 && log[0] !== MINES.CASH_OUT ? log.slice(0, at) + log[0] + log.slice(at) : log + "aa"),
    () => MINES.CASH_OUT + log,
    () => log.slice(0, at) + rng.pick(["z", "`", "A", "B", "D", "\0", " ", "\u00ff"]) + log.slice(at),
  ])();
  return minesWithLog({ ...c, label: "illegal log", params: String(mines) }, illegal);
}

// ---------------------------------------------------------------- blackjack

/** Random legal play: each step a legal action, SPLIT often when it is allowed. */
function randomPlay(rng: Rng, start: BlackjackState): BlackjackState {
  let state = start;
  while (!isFinalStatus(state.status)) {
    const options = legalActions(state);
    const action = options.includes("SPLIT") && rng.chance(0.5) ? "SPLIT" : rng.pick(options.filter((a) => a !== "SPLIT"));
    state = applyBlackjackAction(state, action);
  }
  return state;
}

/** A simple strategy for typical logs: split 8s and aces, hit below 17 (12 against a weak dealer card). */
function typicalPlay(start: BlackjackState): BlackjackState {
  let state = start;
  while (!isFinalStatus(state.status)) {
    const hand = state.activeSplit === "second" ? state.splitHand! : state.playerHand;
    const up = rankValue(state.dealerHand[0]);
    const pair = legalActions(state).includes("SPLIT") ? rankValue(state.playerHand[0]) : 0;
    const total = handScore(hand);
    let action: BlackjackAction = total < 17 && (total < 12 || up === 1 || up >= 7) ? "HIT" : "STAND";
    if (pair === 1 || pair === 8) action = "SPLIT";
    state = applyBlackjackAction(state, action);
  }
  return state;
}

/** Which contract error a refused log raises: unknown codes first (the engine decodes the whole log first), then the first illegal action. */
function blackjackError(word: string, stake: bigint, token: Token, log: string): RuleCase["error"] {
  for (let i = 0; i < log.length; i++) if (!"HSP".includes(log[i])) return { name: "UnknownBlackjackAction", index: i };
  let state = startBlackjack(word, stake, token);
  const actions = decodeBlackjackActions(log);
  for (let i = 0; i < actions.length; i++) {
    try {
      state = applyBlackjackAction(state, actions[i]);
    } catch {
      return { name: "IllegalBlackjackAction", index: i };
    }
  }
  return undefined;
}

function blackjackWithLog(c: RuleCase, log: string): RuleCase {
  return settle({ ...c, actions: hex(log) }, log, () => blackjackError(c.word, BigInt(c.stake), tokenOf(c), log));
}

function blackjackCase(rng: Rng, label = "random", word?: string): RuleCase {
  const c = baseCase(GameType.BLACKJACK, label, rng, word);
  const start = startBlackjack(c.word, BigInt(c.stake), tokenOf(c));
  const full = encodeBlackjackActions(randomPlay(rng, start).actions);
  const kind = rng.int(100);
  if (kind < 70) return blackjackWithLog(c, full);
  if (kind < 82) return blackjackWithLog({ ...c, label: "cut short" }, full.slice(0, rng.int(full.length + 1)));
  if (kind < 86) return settle({ ...c, label: "invalid params", params: String(rng.pick([1n, 2n, 2n ** 100n])) }, full, invalidParams);
  // Illegal logs: an action after the end, a split where none is allowed, an unknown code.
  const at = rng.int(full.length + 1);
  const illegal = rng.pick([
    () => full + rng.pick(["H", "S", "P"]),
    () => full.slice(0, at) + "P" + full.slice(at),
    () => full.slice(0, at) + rng.pick(["X", "h", "s", "\0", " ", "D", "\u00ff"]) + full.slice(at),
    () => "PP" + full,
  ])();
  return blackjackWithLog({ ...c, label: "illegal log" }, illegal);
}

// ---------------------------------------------------------------- scenarios

type Maker = (rng: Rng, label: string, word?: string) => RuleCase;
const MAKERS: Readonly<Record<number, Maker>> = {
  [GameType.WHEEL]: wheelCase,
  [GameType.SLOTS]: slotsCase,
  [GameType.BLACKJACK]: blackjackCase,
  [GameType.KICKBOXING]: kickboxingCase,
  [GameType.CRASH]: crashCase,
  [GameType.DICE]: diceCase,
  [GameType.PLINKO]: plinkoCase,
  [GameType.MINES]: minesCase,
};

interface Scenario {
  label: string;
  /** Builds a candidate from a fresh word, or null when the word does not fit. */
  make: (rng: Rng, word: string) => RuleCase | null;
}

/** A blackjack scenario: the word's hand after `play` (or none, for the naturals) must pass `fits`. */
function hand(label: string, play: (rng: Rng, s: BlackjackState) => BlackjackState, fits: (s: BlackjackState, start: BlackjackState) => boolean): Scenario {
  return {
    label,
    make: (rng, word) => {
      const c = baseCase(GameType.BLACKJACK, label, rng, word);
      const start = startBlackjack(word, BigInt(c.stake), tokenOf(c));
      const end = play(rng, start);
      return fits(end, start) ? blackjackWithLog(c, encodeBlackjackActions(end.actions)) : null;
    },
  };
}

const splitThen = (rest: (rng: Rng, s: BlackjackState) => BlackjackState) => (rng: Rng, s: BlackjackState) =>
  legalActions(s).includes("SPLIT") ? rest(rng, applyBlackjackAction(s, "SPLIT")) : s;
const hitAll = (_rng: Rng, s: BlackjackState) => {
  let state = s;
  while (!isFinalStatus(state.status)) state = applyBlackjackAction(state, "HIT");
  return state;
};

const SCENARIOS: Readonly<Record<number, readonly Scenario[]>> = {
  // An edge slot pays the table's largest entry, which the Casino reserves (1 word in 128 at 8 rows).
  [GameType.PLINKO]: (["LOW", "HIGH"] as const).map((risk) => ({
    label: `an edge slot, 8 rows, ${risk.toLowerCase()} risk`,
    make: (rng: Rng, word: string) => {
      const { slot } = plinkoPath(new RandomStream(word), 8);
      if (slot !== 0 && slot !== 8) return null;
      return settle({ ...baseCase(GameType.PLINKO, "", rng, word), params: String(encodePlinkoParams({ rows: 8, risk })) }, null, undefined);
    },
  })),
  [GameType.MINES]: [
    minesScenario("1 mine, every safe tile (the round ends paid, the largest product)", 1, (safe) => safe.join(""), MAX_STAKE),
    minesScenario("24 mines, the one safe tile", 24, (safe) => safe.join("")),
    minesScenario("10 mines, every safe tile (capped at 1,000x)", 10, (safe) => safe.join("")),
    minesScenario("20 mines, capped at the 4th safe tile, then a cash-out", 20, (safe) => safe.slice(0, 4).join("") + MINES.CASH_OUT),
    minesScenario("3 mines, a bust on the first tile", 3, (_safe, mine) => mine),
    minesScenario("3 mines, no action (pays nothing)", 3, () => ""),
    minesScenario("3 mines, left idle after 5 safe tiles", 3, (safe) => safe.slice(0, 5).join("")),
    minesScenario("3 mines, a cash-out before any tile", 3, (safe) => MINES.CASH_OUT + safe[0]),
    minesScenario("3 mines, a tile after a bust", 3, (safe, mine) => safe[0] + mine + safe[1]),
    minesScenario("24 mines, a cash-out after the last safe tile", 24, (safe) => safe[0] + MINES.CASH_OUT),
    minesScenario("5 mines, a tile revealed twice", 5, (safe) => safe[0] + safe[1] + safe[0]),
  ],
  [GameType.BLACKJACK]: [
    hand(
      "player natural",
      (_r, s) => s,
      (s) => s.status === "BLACKJACK",
    ),
    hand(
      "dealer natural",
      (_r, s) => s,
      (s) => s.status === "DEALER_WIN" && s.actions.length === 0,
    ),
    hand(
      "both naturals",
      (_r, s) => s,
      (s) => s.status === "PUSH" && s.actions.length === 0,
    ),
    hand(
      "split, both hands 21 at once",
      splitThen((_r, s) => s),
      (s) => s.splitHand !== null && isFinalStatus(s.status) && s.actions.length === 1,
    ),
    hand(
      "split, first hand 21 at once",
      splitThen((r, s) => randomPlay(r, s)),
      (s) => s.splitHand !== null && handScore(s.playerHand) === 21 && s.playerHand.length === 2 && s.actions.length > 1,
    ),
    hand(
      "split, second hand 21 when reached",
      splitThen((_r, s) => (s.activeSplit === "first" ? applyBlackjackAction(s, "STAND") : s)),
      (s) => s.splitHand !== null && s.splitHand.length === 2 && handScore(s.splitHand) === 21 && s.actions.length === 2,
    ),
    hand(
      "split aces",
      splitThen((r, s) => randomPlay(r, s)),
      (s, start) => s.splitHand !== null && start.playerHand[0].value === "ACE",
    ),
    hand(
      "split, both bust (the dealer draws nothing)",
      splitThen(hitAll),
      (s) => s.splitHand !== null && s.dealerHand.length === 2 && s.results?.every((r) => r === "LOSE") === true,
    ),
    hand(
      "split, one win and one loss (a push overall)",
      splitThen((r, s) => randomPlay(r, s)),
      (s) => s.splitHand !== null && s.status === "PUSH" && s.results?.[0] !== "PUSH",
    ),
    hand(
      "BNB natural (2.47x)",
      (_r, s) => s,
      (s) => s.token === "BNB" && s.status === "BLACKJACK",
    ),
    hand(
      "BNB win (1.98x)",
      (r, s) => randomPlay(r, s),
      (s) => s.token === "BNB" && s.status === "PLAYER_WIN" && s.splitHand === null,
    ),
    hand(
      "BNB split, one win and one loss (1.98 of 2 stakes back)",
      splitThen((r, s) => randomPlay(r, s)),
      (s) => s.token === "BNB" && s.splitHand !== null && s.results?.includes("WIN") === true && s.results.includes("LOSE"),
    ),
    hand(
      "hit to exactly 21",
      (_r, s) => (isFinalStatus(s.status) ? s : applyBlackjackAction(s, "HIT")),
      (s) => s.actions.length === 1 && handScore(s.playerHand) === 21,
    ),
    hand(
      "dealer bust",
      (r, s) => randomPlay(r, s),
      (s) => handScore(s.dealerHand) > 21,
    ),
    hand(
      "dealer stands on soft 17",
      (r, s) => randomPlay(r, s),
      (s) => handScore(s.dealerHand) === 17 && isSoft(s.dealerHand),
    ),
    hand(
      "push",
      (r, s) => randomPlay(r, s),
      (s) => s.status === "PUSH" && s.splitHand === null && !isNatural(s.playerHand),
    ),
    hand(
      "timeout on a split (empty tail)",
      (_r, s) => s,
      (s, start) => legalActions(start).includes("SPLIT") && s === start,
    ),
  ],
  [GameType.KICKBOXING]: [
    { label: "RED wins by a counter", make: (rng, word) => fightScenario(rng, word, "RED", true) },
    { label: "BLUE wins by a counter", make: (rng, word) => fightScenario(rng, word, "BLUE", true) },
    { label: "RED wins by a blocked blow", make: (rng, word) => fightScenario(rng, word, "RED", false) },
    { label: "long fight", make: (rng, word) => (fightFromWord(word).timeline.length >= 30 ? kickboxingCase(rng, "long fight", word) : null) },
    { label: "even match (a draw)", make: (rng, word) => (fightFromWord(word).evenMatch ? kickboxingCase(rng, "even match (a draw)", word) : null) },
  ],
  [GameType.CRASH]: [
    { label: "instant bust", make: (rng, word) => crashScenario(rng, word, (p, u) => p === 100 && u * 100 < 2 ** 52) },
    { label: "BNB round held at 1.00x", make: (rng, word) => crashScenario(rng, word, (p, u) => p === 100 && u * 100 >= 2 ** 52, true) },
    { label: "capped at 100x", make: (rng, word) => crashScenario(rng, word, (p) => p === CRASH.MAX_HUNDREDTHS) },
  ],
  [GameType.SLOTS]: [
    { label: "five in a row", make: (rng, word) => slotsScenario(rng, word, 5) },
    { label: "four in a row", make: (rng, word) => slotsScenario(rng, word, 4) },
  ],
};

/**
 * A mines round on any word: `log` is built from the word's safe tiles and first mine (as codes),
 * on either token (`stake` fixed when given).
 */
function minesScenario(label: string, mines: number, log: (safe: string[], mine: string) => string, stake?: bigint): Scenario {
  return {
    label,
    make: (rng, word) => {
      const layout = minesLayout(new RandomStream(word), mines);
      const safe = Array.from({ length: MINES.TILES }, (_, tile) => tile).filter((tile) => !layout.includes(tile));
      const c = { ...baseCase(GameType.MINES, label, rng, word), params: String(mines), ...(stake === undefined ? {} : { stake: stake.toString() }) };
      return minesWithLog(c, log(safe.map(tileCode), tileCode(layout[0]!)));
    },
  };
}

function fightScenario(rng: Rng, word: string, winner: "RED" | "BLUE", byCounter: boolean): RuleCase | null {
  const fight = fightFromWord(word);
  const last = fight.timeline[fight.timeline.length - 1];
  if (fight.winner !== winner || last.counter !== byCounter || !last.blocked) return null;
  const c = kickboxingCase(rng, `${winner} wins by ${byCounter ? "a counter" : "a blocked blow"}`, word);
  return c.payout === null ? null : c;
}

function crashScenario(rng: Rng, word: string, fits: (crashPoint: number, u: number) => boolean, bnb = false): RuleCase | null {
  const token: Token = bnb ? "BNB" : rng.pick(TOKENS);
  const u = new RandomStream(word).next52();
  if (!fits(crashPointOf(word, token === "BNB"), u)) return null;
  const c = { ...baseCase(GameType.CRASH, "", rng, word), isNative: token === "BNB" };
  // 1.00x is the one cash-out a round held at 1.00x (not a bust) could pay, and does not.
  const m = rng.pick([CRASH.MIN_MANUAL_CASH_OUT, CRASH.MAX_HUNDREDTHS, crashPointOf(word, token === "BNB")]);
  return settle({ ...c, label: "crash scenario", actions: cashOutBytes(m) }, m, undefined);
}

function slotsScenario(rng: Rng, word: string, length: number): RuleCase | null {
  const c = slotsCase(rng, "slots scenario", word);
  return c.payout !== null && c.params === "0" && hasRun(word, length) ? c : null;
}

/** Whether a line of the spin of `word` pays for `length` cells in a row. */
function hasRun(word: string, length: number): boolean {
  const settled = settleGame({ gameType: GameType.SLOTS, token: "DEGEN", stake: 1n, params: 0n, word });
  return settled.outcome.gameType === GameType.SLOTS && settled.outcome.slots.lines.some((line) => line.count === length);
}

const SEARCH_LIMIT = 2_000_000;

function scenarioCases(rng: Rng, game: number): RuleCase[] {
  return (SCENARIOS[game] ?? []).map((scenario) => {
    for (let i = 0; i < SEARCH_LIMIT; i++) {
      const found = scenario.make(rng, rng.word());
      if (found) return { ...found, label: scenario.label };
    }
    throw new Error(`no word found for the scenario "${scenario.label}"`);
  });
}

// ---------------------------------------------------------------- bench

/** Counts the lanes a game reads, to find the costliest words. */
class CountingDraws implements Draws {
  lanes = 0;
  private readonly stream: RandomStream;
  constructor(word: string) {
    this.stream = new RandomStream(word);
  }
  float(): number {
    this.lanes++;
    return this.stream.float();
  }
  int(n: number): number {
    this.lanes++;
    return this.stream.int(n);
  }
}

function benchCase(rng: Rng, game: number): RuleCase {
  if (game !== GameType.BLACKJACK) {
    for (;;) {
      const c = MAKERS[game](rng, "bench");
      if (c.payout !== null && c.label !== "invalid params") return c;
    }
  }
  const c = baseCase(GameType.BLACKJACK, "typical", rng);
  const end = typicalPlay(startBlackjack(c.word, BigInt(c.stake), tokenOf(c)));
  return blackjackWithLog(c, encodeBlackjackActions(end.actions));
}

function worstCases(rng: Rng, searched: number): RuleCase[] {
  const worst: RuleCase[] = [];
  // Wheel and slots read a fixed number of draws; their costliest bets win (the payout is computed).
  for (;;) {
    const c = settle({ ...baseCase(GameType.WHEEL, "9 colours, a win", rng), params: String(0x3fe) }, null, undefined);
    if (BigInt(c.payout!) > 0n) {
      worst.push(c);
      break;
    }
  }
  for (let i = 0; ; i++) {
    const c = slotsCase(rng, "most lines");
    if (c.payout !== null && c.params === "0" && BigInt(c.payout) > 0n && hasRun(c.word, 5)) {
      worst.push(c);
      break;
    }
    if (i > SEARCH_LIMIT) throw new Error("no slots win found");
  }
  // Kickboxing: the fight that reads the most draws; not an even match, which the contract settles from one.
  let longest = { word: "", lanes: 0 };
  for (let i = 0; i < searched; i++) {
    const word = rng.word();
    const draws = new CountingDraws(word);
    if (simulateFight(draws).evenMatch) continue;
    if (draws.lanes > longest.lanes) longest = { word, lanes: draws.lanes };
  }
  worst.push(settle({ ...baseCase(GameType.KICKBOXING, `longest of ${searched} fights (${longest.lanes} draws)`, rng, longest.word) }, null, undefined));
  // Blackjack: a split with the most cards dealt, each hand hit until it is done.
  let most = { c: null as RuleCase | null, cards: 0 };
  for (let i = 0; i < searched; i++) {
    const c = baseCase(GameType.BLACKJACK, "", rng);
    const start = startBlackjack(c.word, BigInt(c.stake), tokenOf(c));
    if (!legalActions(start).includes("SPLIT")) continue;
    const end = splitThen((_r, s) => {
      let state = s;
      while (!isFinalStatus(state.status))
        state = applyBlackjackAction(state, handScore(state.activeSplit === "second" ? state.splitHand! : state.playerHand) < 21 ? "HIT" : "STAND");
      return state;
    })(rng, start);
    if (end.dealt > most.cards)
      most = {
        c: { ...c, label: `split, most cards of ${searched} hands (${end.dealt} dealt)`, actions: hex(encodeBlackjackActions(end.actions)) },
        cards: end.dealt,
      };
  }
  worst.push(settle(most.c!, Buffer.from(most.c!.actions.slice(2), "hex").toString("latin1"), undefined));
  // Mines: the logs the bench reports by length, each revealing the word's safe tiles in order (24
  // reveals with one mine: the longest log there is).
  for (const [label, mines, reveals] of [
    ["3 mines, a reveal and a cash-out", 3, 1],
    ["3 mines, 5 reveals and a cash-out", 3, 5],
    ["1 mine, every safe tile (24 reveals)", 1, 24],
  ] as const) {
    const c = { ...baseCase(GameType.MINES, label, rng), params: String(mines) };
    const safe = Array.from({ length: MINES.TILES }, (_, tile) => tile).filter((tile) => !minesLayout(new RandomStream(c.word), mines).includes(tile));
    const tiles = safe.slice(0, reveals).map(tileCode).join("");
    worst.push(minesWithLog(c, reveals < safe.length ? tiles + MINES.CASH_OUT : tiles));
  }
  // Crash: a manual cash-out that wins (the longest path).
  for (;;) {
    const c = crashCase(rng, "manual cash-out that wins");
    if (c.payout !== null && BigInt(c.payout) > 0n && c.actions !== "0x") {
      worst.push(c);
      break;
    }
  }
  return worst;
}

// ---------------------------------------------------------------- main

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
}

function main(): void {
  const seed = BigInt(option("seed") ?? "33");
  const count = Number(option("count") ?? "10000");
  const bench = process.argv.includes("--bench");
  for (const game of GAME_TYPES) {
    const rng = new Rng(seed * 8n + BigInt(game));
    const cases: RuleCase[] = [];
    if (bench) {
      for (let i = 0; i < count; i++) cases.push(benchCase(rng, game));
    } else {
      cases.push(...scenarioCases(rng, game));
      for (let i = 0; i < count; i++) cases.push(MAKERS[game](rng, "random"));
    }
    print({ seed: seed.toString(), game, cases });
  }
  // The worst cases' stream differs from every game's (seed × 8 + game) in bit 63.
  if (bench) print({ seed: seed.toString(), cases: [], worst: worstCases(new Rng(seed * 8n + 7n + (1n << 63n)), Number(option("search") ?? "100000")) });
}

/** One line of output: the reader can run a game's bets while this works on the next. */
function print(chunk: RuleCases & { game?: number }): void {
  process.stdout.write(JSON.stringify(chunk) + "\n");
}

main();
