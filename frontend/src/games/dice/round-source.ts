import { playDiceDemo } from "@engine/demo";
import type { DiceBet } from "@engine/dice";
import type { Token } from "@/config/tokens";

/**
 * Where a dice roll comes from. Demo play settles it in the browser with the engine and a fresh
 * random word; web3 play places the bet on chain (from the wallet, or relayed with one-click play)
 * and reads the settlement, with the same screen.
 */
export interface DiceRollRequest {
  token: Token;
  stake: number;
  bet: DiceBet;
}

export interface DiceRollResult {
  /** Hundredths, 0..9999. */
  roll: number;
  won: boolean;
  /** Total returned in token units, stake included (0 on a loss). */
  payout: number;
}

export interface DiceRoundSource {
  roll(request: DiceRollRequest): Promise<DiceRollResult>;
}

export const demoDiceSource: DiceRoundSource = {
  async roll({ token, stake, bet }) {
    const round = playDiceDemo(stake, token, bet);
    return { roll: round.outcome.roll, won: round.outcome.won, payout: round.payout };
  },
};

export const web3DiceSource: DiceRoundSource = {
  async roll({ token, stake, bet }) {
    const [{ playOnChain, settledOutcome }, { encodeDiceParams }, { GameType }, { fromBaseUnits }] = await Promise.all([
      import("@/features/bets/onchain"),
      import("@engine/dice"),
      import("@engine/gameTypes"),
      import("@engine/tokens"),
    ]);
    const settled = await playOnChain({ game: "dice", gameType: GameType.DICE, token, stake, params: encodeDiceParams(bet) });
    const outcome = settledOutcome(settled);
    if (outcome.gameType !== GameType.DICE) throw new Error("The settled bet is not a dice roll");
    return { roll: outcome.dice.roll, won: outcome.dice.won, payout: fromBaseUnits(settled.settlement.payout) };
  },
};
