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
