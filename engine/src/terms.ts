/**
 * The jackpot terms the Casino is deployed with (contracts/Casino.sol), in basis points. The
 * owner may change them within bounds for bets placed afterwards; a bet keeps its own. No imports:
 * the lobby reads these without loading the hashing code.
 */
export const JACKPOT_TERMS = {
  /** A DEGEN bet's expected jackpot win, in bps of its stake. */
  DEFAULT_EDGE_BPS: 50,
  /** The share of the pool a hit wins, in bps. */
  DEFAULT_SHARE_BPS: 500,
} as const;

/** The terms a bet is settled and claimed under (BetPlaced's `terms`). */
export interface BetTerms {
  /** Seconds after placement from which an unsettled bet can be claimed. */
  settleWindow: number;
  jackpotEdgeBps: number;
  jackpotShareBps: number;
}

/** BetPlaced's `terms`, packed by the Casino as settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48. */
export function unpackTerms(packed: bigint | string): BetTerms {
  const terms = BigInt(packed);
  return {
    settleWindow: Number(terms & 0xffffffffn),
    jackpotEdgeBps: Number((terms >> 32n) & 0xffffn),
    jackpotShareBps: Number((terms >> 48n) & 0xffffn),
  };
}
