import { playKickboxingDemo } from "@engine/demo";
import type { Fight, KickboxingBet } from "@engine/kickboxing";
import { randomBytes32 } from "@engine/random";
import type { Token } from "@/config/tokens";

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
 * the engine; web3 play can place the bet on chain and return the settled fight instead.
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
