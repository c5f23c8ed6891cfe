import type { TxReport } from "@/features/wallet/onchain";
import type { ActiveBet } from "../bet-store";
import { ActionNotice } from "./action-notice";

const clock = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleTimeString();

/**
 * A settlement that has not come: say so, and open the claim when its time comes. A DEGEN bet's
 * jackpot draw needs nothing from the player: a draw too late to read the bet's block counts as a
 * hit unless the house recorded that block in time (contracts/README.md "Trust assumptions").
 */
export function LateSettlement({ bet }: { bet: ActiveBet }) {
  const claimable = bet.claimableAt !== undefined && bet.chainTime !== undefined && bet.chainTime >= bet.claimableAt;
  const claim = {
    label: "Claim",
    busyLabel: "Claiming…",
    testId: "claim-bet",
    run: async (report: TxReport) => (await import("../onchain")).claimBet(BigInt(bet.betId!), report),
  };
  return (
    <ActionNotice testId="late-settlement" action={claimable ? claim : undefined}>
      The settlement is late: {bet.blocksWaited} blocks since your bet. Your stake is safe in the Casino contract.
      {bet.claimableAt !== undefined &&
        (claimable
          ? " Its settle window has passed: you can claim your bet back now, at its maximum payout."
          : ` If it is not settled by ${clock(bet.claimableAt)}, you can claim your bet back at its maximum payout.`)}
      {bet.jackpotDraw && " Your jackpot draw is kept: if it comes too late to read your bet's block, it counts as a win."}
    </ActionNotice>
  );
}
