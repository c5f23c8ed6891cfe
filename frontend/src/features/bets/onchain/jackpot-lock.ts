// The jackpot draw of an open DEGEN wallet bet (docs/protocol.md §6) reads the hash of the bet's
// block, which the EVM shows for 256 blocks (8,191 with EIP-2935, as on BSC). Settled or claimed
// after that, with the hash never locked, the draw is void: it wins nothing, and the house's
// bankroll pays its fair value into the pool. The settler locks the hash of bets it leaves open;
// when the house is late, the player locks it from the wallet (Casino.lockJackpotEntropy, which
// anyone may call), as the app draws a late one-click bet's ticket (deferred-draw.ts).
import { ZeroHash } from "ethers";
import type { Casino } from "@typechain/contracts/Casino";
import { readyWallet, sendTransaction, type TxReport } from "@/features/wallet/onchain";
import { parseCasinoLog } from "@bindings/events";

/** Whether the bet's block hash is locked for its jackpot draw (lockedEntropy is cleared when the draw is made). */
export async function isJackpotDrawLocked(casino: Casino, betId: bigint): Promise<boolean> {
  return (await casino.lockedEntropy(betId).catch(() => ZeroHash)) !== ZeroHash;
}

/**
 * lockJackpotEntropy([betId]) from the player's wallet. The contract skips, without reverting, a
 * bet whose block hash is already gone (or that is already locked or resolved): the receipt says
 * which, and a hash gone is told to the player, since the draw will then be void.
 */
export async function lockJackpotDraw(betId: bigint, report: TxReport): Promise<void> {
  const wallet = await readyWallet();
  const { casino } = wallet.contracts;
  const receipt = await sendTransaction(wallet, await casino.lockJackpotEntropy.populateTransaction([betId]), report);
  if (receipt.logs.some((log) => parseCasinoLog(log)?.name === "JackpotEntropyLocked")) return;
  // Locked already (the settler's lock came first), or resolved meanwhile: nothing to tell.
  const stillOpen = (await casino.getBet(betId)).stake > 0n;
  if (stillOpen && !(await isJackpotDrawLocked(casino, betId))) {
    throw new Error("Too late to lock: your bet block's hash is gone, so its jackpot draw will be void.");
  }
}
