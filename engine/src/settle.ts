import { betIdOf } from "./betId";
import { decodeBlackjackActions, settleBlackjack, settleSplitStakedBlackjack, type BlackjackAction, type BlackjackOutcome } from "./blackjack";
import { decodeCrashParams, settleCrash, type CrashOutcome } from "./crash";
import { decodeDiceParams, settleDice, type DiceBet, type DiceOutcome } from "./dice";
import { GameType, gameName, isGameType } from "./gameTypes";
import { isVoidEntropy, jackpotFairValue, jackpotRoll } from "./jackpot";
import { decodeKickboxingParams, settleKickboxing, type KickboxingBet, type KickboxingOutcome } from "./kickboxing";
import { decodeMinesParams, settleMines, type MinesOutcome } from "./mines";
import { decodePlinkoParams, settlePlinko, type PlinkoBet, type PlinkoOutcome } from "./plinko";
import { randomWord } from "./random";
import { settleSlots, type SlotsOutcome } from "./slots";
import { assertPositiveStake, isToken, type Token } from "./tokens";
import { decodeWheelParams, settleWheel, type WheelOutcome } from "./wheel";

export type GameOutcome =
  | { gameType: typeof GameType.WHEEL; wheel: WheelOutcome }
  | { gameType: typeof GameType.SLOTS; slots: SlotsOutcome }
  | { gameType: typeof GameType.BLACKJACK; blackjack: BlackjackOutcome }
  | { gameType: typeof GameType.KICKBOXING; kickboxing: KickboxingOutcome }
  | { gameType: typeof GameType.CRASH; crash: CrashOutcome }
  | { gameType: typeof GameType.DICE; dice: DiceOutcome }
  | { gameType: typeof GameType.PLINKO; plinko: PlinkoOutcome }
  | { gameType: typeof GameType.MINES; mines: MinesOutcome };

/**
 * What the player did during an interactive round: the blackjack action log (array, or its
 * compact string "PHS"), a mines round's log ("acC"), or a manual crash round's cash-out in
 * hundredths fixed by the server.
 */
export type SettlementActions = readonly BlackjackAction[] | string | number;

export interface SettleInput {
  gameType: GameType;
  token: Token;
  /** Base units; for blackjack the bet of one hand (a split adds a second, equal one). */
  stake: bigint;
  params: bigint;
  word: string;
  actions?: SettlementActions | null;
}

export interface Settlement {
  payout: bigint;
  outcome: GameOutcome;
}

export type DecodedParams =
  | { gameType: typeof GameType.WHEEL; colours: number[] }
  | { gameType: typeof GameType.SLOTS }
  | { gameType: typeof GameType.BLACKJACK }
  | { gameType: typeof GameType.KICKBOXING; bet: KickboxingBet }
  | { gameType: typeof GameType.CRASH; autoCashOut: number | null }
  | { gameType: typeof GameType.DICE; bet: DiceBet }
  | { gameType: typeof GameType.PLINKO; bet: PlinkoBet }
  | { gameType: typeof GameType.MINES; mines: number };

/** The bet params of any game, checked (throws RangeError when the contract should refuse them). */
export function decodeParams(gameType: GameType, params: bigint): DecodedParams {
  switch (gameType) {
    case GameType.WHEEL:
      return { gameType, colours: decodeWheelParams(params) };
    case GameType.SLOTS:
    case GameType.BLACKJACK:
      if (params !== 0n) throw new RangeError(`${gameName(gameType)} params must be 0, got ${params}`);
      return { gameType };
    case GameType.KICKBOXING:
      return { gameType, bet: decodeKickboxingParams(params) };
    case GameType.CRASH:
      return { gameType, autoCashOut: decodeCrashParams(params) };
    case GameType.DICE:
      return { gameType, bet: decodeDiceParams(params) };
    case GameType.PLINKO:
      return { gameType, bet: decodePlinkoParams(params) };
    case GameType.MINES:
      return { gameType, mines: decodeMinesParams(params) };
  }
}

function blackjackLog(actions: SettlementActions | null | undefined): readonly BlackjackAction[] {
  if (actions === undefined || actions === null) return [];
  if (typeof actions === "number") throw new RangeError("Blackjack actions must be an action log, not a number");
  return typeof actions === "string" ? decodeBlackjackActions(actions) : actions;
}

function minesLog(actions: SettlementActions | null | undefined): string {
  if (actions === undefined || actions === null) return "";
  if (typeof actions !== "string") throw new RangeError("A mines round's actions are its log, tiles a to y then C");
  return actions;
}

function crashCashOut(actions: SettlementActions | null | undefined): number | null {
  if (actions === undefined || actions === null || actions === 0) return null;
  if (typeof actions !== "number") throw new RangeError("A crash round's actions are its cash-out in hundredths");
  return actions;
}

/**
 * The one settlement entry point (server, verifier, demo): word + bet → payout and outcome.
 * Throws on an invalid bet (params, token, stake, actions) — a bet the contract refuses or a log
 * no honest server could produce.
 */
export function settleGame(input: SettleInput): Settlement {
  const { gameType, token, stake, params, word, actions } = input;
  if (!isGameType(gameType)) throw new RangeError(`Unknown game type ${String(gameType)}`);
  if (!isToken(token)) throw new RangeError(`Unknown token ${String(token)}`);
  assertPositiveStake(stake);
  const hasActions = actions !== undefined && actions !== null;
  if (hasActions && gameType !== GameType.BLACKJACK && gameType !== GameType.CRASH && gameType !== GameType.MINES) {
    throw new RangeError(`${gameName(gameType)} takes no actions`);
  }
  switch (gameType) {
    case GameType.WHEEL: {
      const { payout, outcome } = settleWheel(token, stake, params, word);
      return { payout, outcome: { gameType, wheel: outcome } };
    }
    case GameType.SLOTS: {
      const { payout, outcome } = settleSlots(token, stake, params, word);
      return { payout, outcome: { gameType, slots: outcome } };
    }
    case GameType.BLACKJACK: {
      const { payout, outcome } = settleBlackjack(token, stake, params, word, blackjackLog(actions));
      return { payout, outcome: { gameType, blackjack: outcome } };
    }
    case GameType.KICKBOXING: {
      const { payout, outcome } = settleKickboxing(stake, params, word);
      return { payout, outcome: { gameType, kickboxing: outcome } };
    }
    case GameType.CRASH: {
      const { payout, outcome } = settleCrash(token, stake, params, word, crashCashOut(actions));
      return { payout, outcome: { gameType, crash: outcome } };
    }
    case GameType.DICE: {
      const { payout, outcome } = settleDice(token, stake, params, word);
      return { payout, outcome: { gameType, dice: outcome } };
    }
    case GameType.PLINKO: {
      const { payout, outcome } = settlePlinko(token, stake, params, word);
      return { payout, outcome: { gameType, plinko: outcome } };
    }
    case GameType.MINES: {
      const { payout, outcome } = settleMines(token, stake, params, word, minesLog(actions));
      return { payout, outcome: { gameType, mines: outcome } };
    }
  }
}

/** A bet as the chain records it (BetPlaced plus the chain and casino). */
export interface BetRecord {
  gameType: GameType;
  token: Token;
  amount: bigint;
  params: bigint;
  player: string;
  nonce: bigint | number;
  clientSeed: string;
  chainId: bigint | number;
  casino: string;
  /** A blackjack hand whose second stake was added on chain (StakeAdded): settled as GameRules.splitStakedPayout does. */
  split?: boolean;
  /** BetPlaced's jackpot odds (P × 2^47; 0 for BNB) and prize (0 for BNB). */
  jackpotOdds?: bigint;
  jackpotPrize?: bigint;
}

/**
 * A DEGEN bet's jackpot draw as published: JackpotDrawn (a hit, or a void draw), JackpotWon on a
 * hit, and before a void draw the Casino's own JackpotFunded.
 */
export interface JackpotRecord {
  entropy: string;
  prize: bigint;
  hit: boolean;
  /** What JackpotWon paid (0 without a JackpotWon). */
  won: bigint;
  /** The hash of the bet's block read from the chain: the entropy must equal it unless void. */
  blockHash?: string;
  /**
   * What the Casino's bankroll put in the pool just before a void draw (its JackpotFunded, 0
   * without one): checked when given, at most the draw's fair value (less only when the free
   * bankroll was short, which the bet alone cannot tell).
   */
  fundedByHouse?: bigint;
}

/** A settlement as published (BetSettled's seed, GamePlayed's payout, the server's action log). */
export interface SettlementRecord {
  seed: string;
  payout: bigint;
  actions?: SettlementActions | null;
  /** BetSettled's random word: checked when given. */
  random?: string;
  /** The jackpot draw of a DEGEN bet: checked when given (needs the bet's jackpotOdds and jackpotPrize). */
  jackpot?: JackpotRecord;
}

export interface VerifyResult {
  ok: boolean;
  /** What the rules pay, or null when the bet or log cannot be settled at all. */
  expectedPayout: bigint | null;
  outcome: GameOutcome | null;
  word: string | null;
  /** Why ok is false, one line each. */
  problems: string[];
}

/** Recomputes a settled bet from public data. Never throws: every failure is a problem. */
export function verify(bet: BetRecord, settlement: SettlementRecord): VerifyResult {
  const problems: string[] = [];
  let word: string | null = null;
  let expected: Settlement | null = null;
  try {
    word = randomWord({ ...bet, seed: settlement.seed });
    if (settlement.random !== undefined && settlement.random.toLowerCase() !== word) {
      problems.push(`random word ${settlement.random} differs from the recomputed ${word}`);
    }
    expected =
      bet.split && bet.gameType === GameType.BLACKJACK
        ? splitStaked(bet, word, settlement.actions)
        : settleGame({ gameType: bet.gameType, token: bet.token, stake: bet.amount, params: bet.params, word, actions: settlement.actions });
    if (expected.payout !== settlement.payout) {
      problems.push(`payout ${settlement.payout} differs from the rules' ${expected.payout}`);
    }
    if (settlement.jackpot) problems.push(...jackpotProblems(bet, settlement.jackpot));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  return { ok: problems.length === 0, expectedPayout: expected?.payout ?? null, outcome: expected?.outcome ?? null, word, problems };
}

/** A hand whose split was staked on chain, settled as the Casino does (played only when the log starts with it). */
function splitStaked(bet: BetRecord, word: string, actions: SettlementActions | null | undefined): Settlement {
  const { payout, outcome } = settleSplitStakedBlackjack(bet.token, bet.amount, word, blackjackLog(actions));
  return { payout, outcome: { gameType: GameType.BLACKJACK, blackjack: outcome } };
}

/** What does not match in a published jackpot draw (odds and prize were fixed when the bet was placed). */
function jackpotProblems(bet: BetRecord, jackpot: JackpotRecord): string[] {
  const { jackpotOdds: odds, jackpotPrize: prize } = bet;
  if (odds === undefined || prize === undefined) return ["the bet's jackpot odds and prize are needed to check its draw"];
  if (isVoidEntropy(jackpot.entropy)) return voidDrawProblems(jackpotFairValue(prize, odds), jackpot);
  const problems: string[] = [];
  if (jackpot.blockHash !== undefined && jackpot.blockHash.toLowerCase() !== jackpot.entropy.toLowerCase()) {
    problems.push(`jackpot entropy ${jackpot.entropy} is not the hash of the bet's block ${jackpot.blockHash}`);
  }
  // The prize is the one fixed at placement, lower only when the pool could not pay it.
  if (jackpot.prize > prize) problems.push(`jackpot prize ${jackpot.prize} is above the ${prize} fixed when the bet was placed`);
  const betId = betIdOf(bet.player, bet.nonce);
  const roll = jackpotRoll(bet.casino, betId, jackpot.entropy);
  const hit = roll < odds;
  if (hit !== jackpot.hit) {
    problems.push(`jackpot published as ${jackpot.hit ? "a hit" : "a miss"}, but roll ${roll} against odds ${odds} is ${hit ? "a hit" : "a miss"}`);
  }
  const owed = hit ? jackpot.prize : 0n;
  // JackpotWon is emitted only for a prize above 0.
  if (jackpot.won !== owed) problems.push(`jackpot paid ${jackpot.won}, the draw owes ${owed}`);
  return problems;
}

/**
 * A void draw (its block's hash gone, never locked) is published as JackpotDrawn(betId, 0, 0,
 * false): no hit, no win. The house's bankroll funds the pool with the draw's fair value instead,
 * so that neither the player nor the house gains by letting a draw go void.
 */
function voidDrawProblems(fairValue: bigint, jackpot: JackpotRecord): string[] {
  const problems: string[] = [];
  if (jackpot.hit || jackpot.prize !== 0n || jackpot.won !== 0n) {
    problems.push(`the void jackpot draw was published as a hit of ${jackpot.prize} paying ${jackpot.won}: a void draw wins nothing`);
  }
  if (jackpot.fundedByHouse !== undefined && jackpot.fundedByHouse > fairValue) {
    problems.push(`the house funded the pool with ${jackpot.fundedByHouse} for the void draw, above its fair value ${fairValue}`);
  }
  return problems;
}
