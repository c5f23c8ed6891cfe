import { playWheelDemo } from "@engine/demo";
import type { Token } from "@/config/tokens";

/**
 * Where a wheel round's outcome comes from. Demo play settles it in the browser with the engine
 * and a fresh random word; web3 play will place the bet on chain and read the settlement instead,
 * without the screen changing.
 */
export interface WheelSpinRequest {
  token: Token;
  stake: number;
  /** Chosen colour indices (WHEEL_COLOURS order), 1 to 9 of them. */
  colours: readonly number[];
}

export interface WheelSpinResult {
  /** The winning segment, 0..9: the wheel must land on it. */
  segment: number;
  won: boolean;
  /** Total returned in token units, stake included (0 on a loss). */
  payout: number;
}

export interface WheelRoundSource {
  spin(request: WheelSpinRequest): Promise<WheelSpinResult>;
}

export const demoWheelSource: WheelRoundSource = {
  async spin({ token, stake, colours }) {
    const round = playWheelDemo(stake, token, colours);
    return { segment: round.outcome.segment, won: round.outcome.won, payout: round.payout };
  },
};

/**
 * Web3 play: the bet is placed on chain, settled by the server in the next block and checked in
 * this browser; the wheel then lands on the segment the settled word gives.
 */
export const web3WheelSource: WheelRoundSource = {
  async spin({ token, stake, colours }) {
    const [{ playOnChain, settledOutcome }, { encodeWheelParams }, { GameType }, { fromBaseUnits }] = await Promise.all([
      import("@/features/bets/onchain"),
      import("@engine/wheel"),
      import("@engine/gameTypes"),
      import("@engine/tokens"),
    ]);
    const settled = await playOnChain({ game: "wheel", gameType: GameType.WHEEL, token, stake, params: encodeWheelParams(colours) });
    const outcome = settledOutcome(settled);
    if (outcome.gameType !== GameType.WHEEL) throw new Error("The settled bet is not a wheel spin");
    return { segment: outcome.wheel.segment, won: outcome.wheel.won, payout: fromBaseUnits(settled.settlement.payout) };
  },
};
