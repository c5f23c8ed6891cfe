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
