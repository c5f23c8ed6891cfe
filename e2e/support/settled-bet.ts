/**
 * A player's bet as the chain settled it, read the way a verifier does (events only): what a
 * browser test compares the screen and the vault with.
 */
import type { Casino } from "../../typechain-types/contracts/Casino";

export interface SettledOnChain {
  betId: bigint;
  amount: bigint;
  params: bigint;
  /** BetSettled's random word: the engine's input. */
  random: string;
  /** GamePlayed's payout, stake included. */
  payout: bigint;
  /** What JackpotWon paid the player since the bet (0 without a hit). */
  jackpotWon: bigint;
}

/** The player's single bet placed since `fromBlock`, once settled (throws when there is none or several). */
export async function settledBetSince(casino: Casino, player: string, fromBlock: number): Promise<SettledOnChain> {
  const placed = await casino.queryFilter(casino.filters.BetPlaced(undefined, player), fromBlock);
  if (placed.length !== 1) throw new Error(`expected one bet since block ${fromBlock}, found ${placed.length}`);
  const { betId, amount, params } = placed[0].args;
  const [settled] = await casino.queryFilter(casino.filters.BetSettled(betId), fromBlock);
  if (!settled) throw new Error(`bet ${betId} is not settled`);
  const receipt = await settled.getTransactionReceipt();
  const played = receipt.logs.map((log) => casino.interface.parseLog(log)).filter((parsed) => parsed?.name === "GamePlayed" && parsed.args.player === player);
  if (played.length !== 1) throw new Error(`expected one GamePlayed of the player in the settlement, found ${played.length}`);
  const won = await casino.queryFilter(casino.filters.JackpotWon(player), fromBlock);
  return {
    betId,
    amount,
    params,
    random: settled.args.random,
    payout: played[0]!.args.payout as bigint,
    jackpotWon: won.reduce((sum, log) => sum + log.args.amount, 0n),
  };
}
