// The operator's commands, as Hardhat tasks: `npx hardhat casino:<command> --network localhost|bscTestnet`.
// `npx hardhat help casino:<command>` lists a command's options. The Casino comes from
// deployments/<chainId>.json unless --casino names one; transactions are sent from the network's
// first account (bscTestnet: PRIVATE_KEY) unless --from names another.
import { casinoTask, type CommonArgs, oneLine } from "./context";
import { fundTask, withdrawalTask } from "./house";
import { lockLpTask } from "./locks";
import {
  pauseTask,
  setJackpotTermsTask,
  setMaxBetTask,
  setRiskTask,
  setSettleWindowTask,
  settlerTask,
  setSwapCapsTask,
  setAnnouncementDelayTask,
  swapRateTask,
} from "./settings";
import { statusTask } from "./status";

casinoTask("casino:status", "Prints the house per token, limits, swap desk, announcements, the oldest open bet, the settler's lag and the token locks")
  .addOptionalParam("fromBlock", "scan bets from this block (default: the deployment block)")
  .addOptionalParam("chunk", "blocks per getLogs request (default 5000; public BSC RPCs refuse large ranges)")
  .addFlag("json", "print the status as JSON")
  .setAction(oneLine(statusTask));

casinoTask("casino:fund", "Funds a token's bankroll (or, with --jackpot, the DEGEN jackpot) from the sender's wallet; approves DEGEN when needed")
  .addOptionalParam("token", "DEGEN or BNB")
  .addOptionalParam("amount", "whole tokens, e.g. 1000 or 0.5")
  .addFlag("jackpot", "fund the jackpot pool instead of the bankroll (DEGEN only)")
  .setAction(oneLine(fundTask));

casinoTask("casino:pause", "Stops new bets (owner); settlement, claims, withdrawals and swaps go on").setAction(
  oneLine((args: CommonArgs, hre) => pauseTask(args, hre, true)),
);

casinoTask("casino:unpause", "Opens new bets again (owner)").setAction(oneLine((args: CommonArgs, hre) => pauseTask(args, hre, false)));

casinoTask("casino:settler", "Announces, cancels or executes a change of the settlement key (owner)")
  .addOptionalParam("action", "announce, cancel or execute")
  .addOptionalParam("address", "the next settler (announce only)")
  .setAction(oneLine(settlerTask));

casinoTask("casino:withdrawal", "Announces, cancels or executes a withdrawal from a token's bankroll to the owner (owner)")
  .addOptionalParam("action", "announce, cancel or execute")
  .addOptionalParam("token", "DEGEN or BNB")
  .addOptionalParam("amount", "whole tokens (announce only)")
  .setAction(oneLine(withdrawalTask));

casinoTask("casino:set-max-bet", "Sets a token's max-bet ceiling (owner), within [min bet, MAX_BET_UNITS × min bet]")
  .addOptionalParam("token", "DEGEN or BNB")
  .addOptionalParam("amount", "whole tokens")
  .setAction(oneLine(setMaxBetTask));

casinoTask("casino:set-risk", "Sets the risk shares (owner): one bet's reservation of the free bankroll, one player's open reservations of the bankroll")
  .addOptionalParam("perBet", "bps, within [1, MAX_RISK_BPS]")
  .addOptionalParam("perPlayer", "bps, within [1, MAX_PLAYER_RISK_BPS]")
  .setAction(oneLine(setRiskTask));

casinoTask("casino:set-settle-window", "Sets how long the settler has before a bet can be claimed (owner)")
  .addOptionalParam("window", "seconds, or e.g. 30m, 1h, within [MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW]")
  .setAction(oneLine(setSettleWindowTask));

casinoTask("casino:set-announcement-delay", "Sets the delay of bankroll withdrawals and swap rates (owner)")
  .addOptionalParam("delay", "seconds, or e.g. 12h, 2d, within [MIN_ANNOUNCEMENT_DELAY, MAX_ANNOUNCEMENT_DELAY]")
  .setAction(oneLine(setAnnouncementDelayTask));

casinoTask("casino:set-jackpot-terms", "Sets the jackpot terms of DEGEN bets placed afterwards (owner)")
  .addOptionalParam("edgeBps", "a bet's expected jackpot win in bps of its stake, within [0, MAX_JACKPOT_EDGE_BPS]")
  .addOptionalParam("shareBps", "the share of the pool a hit wins, within [1, MAX_JACKPOT_SHARE_BPS]")
  .setAction(oneLine(setJackpotTermsTask));

casinoTask("casino:set-swap-caps", "Sets the swap desk's caps, in bps of the free bankroll paid out (owner)")
  .addOptionalParam("perSwapBps", "one swap, within [1, MAX_SWAP_CAP_BPS]")
  .addOptionalParam("dailyBps", "any 24 hours, within [per-swap cap, MAX_DAILY_CAP_BPS]")
  .setAction(oneLine(setSwapCapsTask));

casinoTask("casino:swap-rate", "Announces, cancels or executes a new swap rate (owner)")
  .addOptionalParam("action", "announce, cancel or execute")
  .addOptionalParam("rate", "DEGEN per BNB, within [MIN_RATE, MAX_RATE] (announce only)")
  .setAction(oneLine(swapRateTask));

casinoTask("casino:lock-lp", "Sends the sender's LP tokens of the DEGEN pair to the deployment's 6-month LP lock")
  .addOptionalParam("pair", "the DEGEN/BNB pair (its LP token)")
  .addOptionalParam("amount", "LP tokens (default: all the sender holds)")
  .setAction(oneLine(lockLpTask));
