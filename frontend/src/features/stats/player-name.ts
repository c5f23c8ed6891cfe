import { shortenAddress } from "@/features/wallet";

/** The player's username, or the address shortened as wallets show it. */
export function playerName(player: { player: string; username: string | null }): string {
  return player.username ?? shortenAddress(player.player);
}

/** A player's page (issue #22): every address has one, whether or not it registered a name. */
export const playerPath = (address: string) => `/player/${address}`;
