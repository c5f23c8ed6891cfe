import type { TxReport } from "@/features/wallet/onchain";
import type { ActiveBet } from "../bet-store";
import { ActionNotice, type NoticeAction } from "./action-notice";

const clock = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleTimeString();

/**
 * A settlement that has not come: say so, and open the claim when its time comes. A DEGEN bet's
 * jackpot draw reads its block's hash, which the chain shows for a limited number of blocks:
 * settled or claimed after that with the hash never locked, the draw is void (it wins nothing, and
 * the house's bankroll pays its fair value into the pool; docs/protocol.md §6). So the player may
 * lock it from the wallet, until the settler or they have (contracts/README.md "Trust assumptions").
 */
export function LateSettlement({ bet }: { bet: ActiveBet }) {
  const claimable = bet.claimableAt !== undefined && bet.chainTime !== undefined && bet.chainTime >= bet.claimableAt;
  const claim: NoticeAction = {
    label: "Claim",
    busyLabel: "Claiming…",
    testId: "claim-bet",
    run: async (report: TxReport) => (await import("../onchain")).claimBet(BigInt(bet.betId!), report),
  };
  const lock: NoticeAction = {
    label: "Lock my jackpot draw",
    busyLabel: "Locking…",
    testId: "lock-jackpot-draw",
    run: async (report: TxReport) => (await import("../onchain/jackpot-lock")).lockJackpotDraw(BigInt(bet.betId!), report),
  };
  const lockable = bet.jackpotDraw && !bet.jackpotLocked;
  return (
    <ActionNotice testId="late-settlement" actions={[...(claimable ? [claim] : []), ...(lockable ? [lock] : [])]}>
      The settlement is late: {bet.blocksWaited} blocks since your bet. Your stake is safe in the Casino contract.
      {bet.claimableAt !== undefined &&
        (claimable
          ? " Its settle window has passed: you can claim your bet back now, at its maximum payout."
          : ` If it is not settled by ${clock(bet.claimableAt)}, you can claim your bet back at its maximum payout.`)}
      {lockable &&
        " Your jackpot draw reads your bet block's hash, which the chain keeps only for a while. Lock it now to keep your draw: otherwise, settled or claimed after that hash is gone, the draw is void. It then wins nothing, and the house pays its fair value into the jackpot pool."}
      {bet.jackpotDraw &&
        bet.jackpotLocked &&
        " Your jackpot draw is locked: it is drawn from your bet block's hash however late the bet is settled or claimed."}
    </ActionNotice>
  );
}
