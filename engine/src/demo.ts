import { encodeCrashParams, settleCrash, type CrashOutcome } from "./crash";
import { encodeDiceParams, settleDice, type DiceBet, type DiceOutcome } from "./dice";
import { encodeKickboxingParams, settleKickboxing, type KickboxingBet, type KickboxingOutcome } from "./kickboxing";
import { encodePlinkoParams, settlePlinko, type PlinkoBet, type PlinkoOutcome } from "./plinko";
import { randomBytes32 } from "./random";
import { fromBaseUnits, toBaseUnits, type Token } from "./tokens";
import { encodeWheelParams, settleWheel, type WheelOutcome } from "./wheel";

/**
 * Demo play in the browser with decimal stakes (10, 0.005), for the games the browser settles
 * itself: wheel, kickboxing, crash, dice and plinko (the server deals slots and blackjack). Every helper parses
 * the stake to base units (18 decimals), settles with the same bigint rules as the chain, and converts the
 * payout back, so a demo round pays exactly what the same word would pay on chain.
 */
export interface DemoRound<Outcome> {
  word: string;
  /** Total payout in token units, stake included (0 on a loss). */
  payout: number;
  outcome: Outcome;
}

function round<Outcome>(word: string, settled: { payout: bigint; outcome: Outcome }): DemoRound<Outcome> {
  return { word, payout: fromBaseUnits(settled.payout), outcome: settled.outcome };
}

export function playWheelDemo(stake: number, token: Token, colours: readonly number[], word: string = randomBytes32()): DemoRound<WheelOutcome> {
  return round(word, settleWheel(token, toBaseUnits(stake), encodeWheelParams(colours), word));
}

export function playDiceDemo(stake: number, token: Token, bet: DiceBet, word: string = randomBytes32()): DemoRound<DiceOutcome> {
  return round(word, settleDice(token, toBaseUnits(stake), encodeDiceParams(bet), word));
}

export function playPlinkoDemo(stake: number, token: Token, bet: PlinkoBet, word: string = randomBytes32()): DemoRound<PlinkoOutcome> {
  return round(word, settlePlinko(token, toBaseUnits(stake), encodePlinkoParams(bet), word));
}

export function playKickboxingDemo(stake: number, bet: KickboxingBet, word: string = randomBytes32()): DemoRound<KickboxingOutcome> {
  return round(word, settleKickboxing(toBaseUnits(stake), encodeKickboxingParams(bet), word));
}

/**
 * A crash round's payout once it is over: either an auto cash-out target, or the manual
 * cash-out the player made (crashCashOutAt), both in hundredths; neither = rode to the crash.
 * Animate first with crashRound(word, token), which gives the same crash point.
 */
export function playCrashDemo(
  stake: number,
  token: Token,
  word: string,
  cashOut: { autoCashOut?: number | null; manualCashOut?: number | null },
): DemoRound<CrashOutcome> {
  const params = encodeCrashParams(cashOut.autoCashOut ?? null);
  return round(word, settleCrash(token, toBaseUnits(stake), params, word, cashOut.manualCashOut ?? null));
}
