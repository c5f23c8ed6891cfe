import type { LiveBet } from "./live-bet";

export type LiveBetsTab = "all" | "big" | "mine";

export const LIVE_BETS_TABS: readonly { id: LiveBetsTab; label: string }[] = [
  { id: "all", label: "All bets" },
  { id: "big", label: "Big wins" },
  { id: "mine", label: "My bets" },
];

/** A big win pays at least this many times its stake. */
export const BIG_WIN_MULTIPLIER = 10n;

export const isBigWin = (bet: LiveBet) => BigInt(bet.payout) >= BIG_WIN_MULTIPLIER * BigInt(bet.stake);

/** The bets a tab shows, in the order given; "My bets" needs a connected wallet and shows none without one. */
export function betsOfTab(bets: readonly LiveBet[], tab: LiveBetsTab, account: string | null): LiveBet[] {
  if (tab === "big") return bets.filter(isBigWin);
  if (tab === "mine") return account ? bets.filter((bet) => bet.player.toLowerCase() === account.toLowerCase()) : [];
  return [...bets];
}
