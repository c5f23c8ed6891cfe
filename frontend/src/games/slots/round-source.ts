import type { SlotSymbol } from "@engine/slots";
import type { Token } from "@/config/tokens";
import { apiRequest } from "@/lib/api-client";
import { CALL_DELAY_MS } from "./slots-display";
import type { SpinResponse } from "./cross-check";

/**
 * Where a spin's outcome comes from. Demo play asks the server (docs/product.md §7 POST /api/slots/spin),
 * which runs the engine and touches no chain; web3 play places the bet on chain and reads the
 * settled outcome instead, without the screen changing.
 */
export interface SlotsSpinResult {
  /** 5 columns of 3 symbols: reels[reel][row]. */
  reels: SlotSymbol[][];
  /** Total returned in token units, stake included (0 on a loss). */
  payout: number;
  /** Per winning line, the row index on each matched reel. */
  winLines: number[][];
  isBigWin: boolean;
}

export interface SlotsRoundSource {
  /** How long the reels spin before the spin is asked for (docs/product.md §4: about 1.8 s in demo play). */
  callDelayMs: number;
  spin(request: { token: Token; stake: number }): Promise<SlotsSpinResult>;
}

export const demoSlotsSource: SlotsRoundSource = {
  callDelayMs: CALL_DELAY_MS,
  async spin({ token, stake }) {
    // The stake goes as decimal text so the server reads exactly what was shown (0.1, not 0.1000000000000000055).
    const answer = await apiRequest<SpinResponse>("POST", "/api/slots/spin", { token, betAmount: String(stake) });
    return { reels: answer.reels, payout: Number(answer.payout), winLines: answer.winLines, isBigWin: answer.isBigWin };
  },
};

/**
 * Web3 play: the bet is placed on chain at once (placement and settlement take longer than
 * the product's 1.8 s, so the reels spin meanwhile), then the product's spin call names the bet and the server
 * answers once it is settled. The reels stop on what the chain settled, checked with the engine
 * in this browser; the server's answer is compared with it, and a disagreement is a problem of
 * the bet's verdict.
 */
export const web3SlotsSource: SlotsRoundSource = {
  callDelayMs: 0,
  async spin({ token, stake }) {
    const [{ playOnChain, settledOutcome }, { GameType }, { fromBaseUnits }, { answerProblems }] = await Promise.all([
      import("@/features/bets/onchain"),
      import("@engine/gameTypes"),
      import("@engine/tokens"),
      import("./cross-check"),
    ]);
    let answer: SpinResponse | null = null;
    const settled = await playOnChain(
      { game: "slots", gameType: GameType.SLOTS, token, stake, params: 0n },
      async (bet) => {
        try {
          answer = await apiRequest<SpinResponse>("POST", "/api/slots/spin", { token, betId: bet.betId.toString() });
        } catch (error) {
          // The stake is on chain whatever the server answers: the chain's settlement decides.
          console.error("Slots spin call failed; waiting for the settlement on chain", error);
        }
      },
      (result) => answerProblems(answer, result),
    );
    const outcome = settledOutcome(settled);
    if (outcome.gameType !== GameType.SLOTS) throw new Error("The settled bet is not a slots spin");
    const { reels, winLines, isBigWin } = outcome.slots;
    return { reels, payout: fromBaseUnits(settled.settlement.payout), winLines, isBigWin };
  },
};
