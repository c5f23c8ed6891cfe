import type { SlotSymbol } from "@engine/slots";
import type { Token } from "@/config/tokens";
import { apiRequest } from "@/lib/api-client";

/**
 * Where a spin's outcome comes from. Demo play asks the server (SPEC §7 POST /api/slots/spin),
 * which runs the engine and touches no chain; web3 play will place the bet on chain and read
 * the settled outcome instead, without the screen changing.
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
  spin(request: { token: Token; stake: number }): Promise<SlotsSpinResult>;
}

interface SpinResponse {
  reels: SlotSymbol[][];
  payout: string;
  winLines: number[][];
  isBigWin: boolean;
}

export const demoSlotsSource: SlotsRoundSource = {
  async spin({ token, stake }) {
    // The stake goes as decimal text so the server reads exactly what was shown (0.1, not 0.1000000000000000055).
    const answer = await apiRequest<SpinResponse>("POST", "/api/slots/spin", { token, betAmount: String(stake) });
    return { reels: answer.reels, payout: Number(answer.payout), winLines: answer.winLines, isBigWin: answer.isBigWin };
  },
};
