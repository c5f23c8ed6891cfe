import { playPlinkoDemo } from "@engine/demo";
import type { PlinkoBet } from "@engine/plinko";
import type { Token } from "@/config/tokens";

/**
 * Where a plinko drop comes from. Demo play settles it in the browser with the engine and a fresh
 * random word; web3 play places the bet on chain (from the wallet, or relayed with one-click play)
 * and reads the settlement, with the same screen.
 */
export interface PlinkoDropRequest {
  token: Token;
  stake: number;
  bet: PlinkoBet;
}

export interface PlinkoDropResult {
  /** One per row, top first: true for a bounce to the right. */
  bounces: boolean[];
  /** 0 (far left) to rows: the number of right bounces. */
  slot: number;
  /** Total returned in token units, stake included: every slot pays something. */
  payout: number;
}

export interface PlinkoRoundSource {
  drop(request: PlinkoDropRequest): Promise<PlinkoDropResult>;
}

export const demoPlinkoSource: PlinkoRoundSource = {
  async drop({ token, stake, bet }) {
    const round = playPlinkoDemo(stake, token, bet);
    return { bounces: round.outcome.bounces, slot: round.outcome.slot, payout: round.payout };
  },
};

export const web3PlinkoSource: PlinkoRoundSource = {
  async drop({ token, stake, bet }) {
    const [{ playOnChain, settledOutcome }, { encodePlinkoParams }, { GameType }, { fromBaseUnits }] = await Promise.all([
      import("@/features/bets/onchain"),
      import("@engine/plinko"),
      import("@engine/gameTypes"),
      import("@engine/tokens"),
    ]);
    const settled = await playOnChain({ game: "plinko", gameType: GameType.PLINKO, token, stake, params: encodePlinkoParams(bet) });
    const outcome = settledOutcome(settled);
    if (outcome.gameType !== GameType.PLINKO) throw new Error("The settled bet is not a plinko drop");
    return { bounces: outcome.plinko.bounces, slot: outcome.plinko.slot, payout: fromBaseUnits(settled.settlement.payout) };
  },
};
