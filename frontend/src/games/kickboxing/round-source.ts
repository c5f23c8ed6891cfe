import { playKickboxingDemo } from "@engine/demo";
import type { Fight, KickboxingBet } from "@engine/kickboxing";
import { randomBytes32 } from "@engine/random";
import type { Token } from "@/config/tokens";
import { useWalletStore } from "@/features/wallet";

export interface KickboxingBetRequest {
  token: Token;
  stake: number;
  bet: KickboxingBet;
}

/** A placed bet whose fight is already fixed; the screen only replays it. */
export interface KickboxingRound extends KickboxingBetRequest {
  fight: Fight;
  won: boolean;
  /** Total payout in token units, stake included (0 on a loss). */
  payout: number;
}

/**
 * The one place a kickboxing outcome comes from. Demo play fixes the fight in the browser with
 * the engine; web3 play places the bet on chain and returns the settled fight instead.
 */
export interface KickboxingRoundSource {
  /** Takes the stake and fixes the fight. */
  start(request: KickboxingBetRequest): Promise<KickboxingRound>;
  /** Credits the payout once the fight has been shown; a round is paid at most once. */
  settle(round: KickboxingRound): void;
}

export interface DemoSourceOptions {
  applyPayout: (token: Token, signedAmount: number) => void;
  /** The round's random word; the engine's CSPRNG word unless a test fixes it. */
  nextWord?: () => string;
}

export function createDemoKickboxingSource({ applyPayout, nextWord = randomBytes32 }: DemoSourceOptions): KickboxingRoundSource {
  const settled = new WeakSet<KickboxingRound>();
  return {
    async start(request) {
      const { outcome, payout } = playKickboxingDemo(request.stake, request.bet, nextWord());
      applyPayout(request.token, -request.stake);
      return { ...request, fight: outcome.fight, won: outcome.won, payout };
    },
    settle(round) {
      if (settled.has(round)) return;
      settled.add(round);
      if (round.payout > 0) applyPayout(round.token, round.payout);
    },
  };
}

/**
 * Web3 play: the bet is placed on chain, settled by the server and checked in this browser; the
 * fight then replays the settled word through the engine (fightFromWord), so it ends exactly on
 * the settled outcome. The payout is the chain's.
 */
export const web3KickboxingSource: KickboxingRoundSource = {
  async start(request) {
    const [{ playOnChain, settledOutcome }, { encodeKickboxingParams }, { GameType }, { fromBaseUnits }] = await Promise.all([
      import("@/features/bets/onchain"),
      import("@engine/kickboxing"),
      import("@engine/gameTypes"),
      import("@engine/tokens"),
    ]);
    const params = encodeKickboxingParams(request.bet);
    const settled = await playOnChain({ game: "kickboxing", gameType: GameType.KICKBOXING, token: request.token, stake: request.stake, params });
    const outcome = settledOutcome(settled);
    if (outcome.gameType !== GameType.KICKBOXING) throw new Error("The settled bet is not a kickboxing match");
    return { ...request, fight: outcome.kickboxing.fight, won: outcome.kickboxing.won, payout: fromBaseUnits(settled.settlement.payout) };
  },
  // The chain paid at settlement; the balance shown changes once the fight has been shown.
  settle() {
    useWalletStore.getState().outcomeShown();
  },
};
