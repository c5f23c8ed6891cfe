/**
 * BetPlaced's `terms`, packed by the Casino (`_termsOf`) as
 * settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48: the terms the bet is settled under.
 */
export interface BetTerms {
  settleWindow: number;
  jackpotEdgeBps: number;
  jackpotShareBps: number;
}

export function unpackTerms(packed: bigint): BetTerms {
  return {
    settleWindow: Number(packed & 0xffffffffn),
    jackpotEdgeBps: Number((packed >> 32n) & 0xffffn),
    jackpotShareBps: Number((packed >> 48n) & 0xffffn),
  };
}
